/*
 * Filter expressions to tracefs filters. tracefs predicates are
 * "FIELD OP CONSTANT" with OP one of == != < <= > >= & (numbers) and
 * == != ~ (strings, ~ being a glob), combined with && || ! and
 * parentheses. This file maps the subset of our language that means the
 * same thing there and names the first construct that does not.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/check.h"
#include "filter/fold.h"
#include "filter/parser.h"
#include "filter/strbuf.h"
#include "filter/tracefs-filter.h"

struct translator {
	struct filter_strbuf sb;
	const struct filter_tracefs_fields *fields; /* NULL: all tracefs's */
	char *why;
	size_t why_len;
	int ret;
};

static void cannot(struct translator *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void cannot(struct translator *t, const char *fmt, ...)
{
	va_list ap;

	if (t->ret)
		return;
	t->ret = -ENOTSUP;
	if (t->why && t->why_len) {
		va_start(ap, fmt);
		vsnprintf(t->why, t->why_len, fmt, ap);
		va_end(ap);
	}
}

/* A payload field tracefs can name: one plain segment. */
static bool is_plain_field(const struct filter_node *node)
{
	return node->type == FILTER_NODE_REF &&
	       node->u.ref.scope == FILTER_SCOPE_PAYLOAD &&
	       node->u.ref.nr_segs == 1;
}

static bool is_comparison(enum filter_op op)
{
	return op >= FILTER_OP_LT && op <= FILTER_OP_NE;
}

/* `a OP b` is `b MIRROR a`. */
static enum filter_op mirror(enum filter_op op)
{
	switch (op) {
	case FILTER_OP_LT:
		return FILTER_OP_GT;
	case FILTER_OP_LE:
		return FILTER_OP_GE;
	case FILTER_OP_GT:
		return FILTER_OP_LT;
	case FILTER_OP_GE:
		return FILTER_OP_LE;
	default:
		return op;
	}
}

/*
 * Whether tracefs holds plain field `node` as the recorded event does;
 * says why not otherwise.
 */
static bool same_in_tracefs(struct translator *t,
			    const struct filter_node *node)
{
	const char *name = node->u.ref.segs[0].name;

	if (!t->fields || t->fields->same(t->fields->priv, name))
		return true;
	cannot(t, "tracefs does not hold field '%s' as it is recorded", name);
	return false;
}

/* Says why a reference or operand is not a tracefs field. */
static void not_a_field(struct translator *t, const struct filter_node *node)
{
	if (node->type != FILTER_NODE_REF)
		cannot(t, "tracefs compares fields with constants only");
	else if (node->u.ref.scope != FILTER_SCOPE_PAYLOAD)
		cannot(t, "tracefs has no context fields ($ctx./$app.)");
	else
		cannot(t, "tracefs has no nested or array element fields");
}

/* A string literal in tracefs syntax; patterns become ~ globs. */
static void render_string(struct translator *t, const char *field,
			  enum filter_op op, const struct filter_node *lit)
{
	const char *text = lit->u.str.text;
	const char *bad = lit->u.str.glob ? "\"\\?[" : "\"";
	size_t i;

	if (op != FILTER_OP_EQ && op != FILTER_OP_NE) {
		cannot(t, "tracefs compares strings with ==, != and ~ only");
		return;
	}
	if (lit->u.str.len >= FILTER_TRACEFS_STR_MAX) {
		cannot(t, "string literal longer than tracefs's %d bytes",
		       FILTER_TRACEFS_STR_MAX - 1);
		return;
	}
	for (i = 0; i < lit->u.str.len; i++) {
		if (strchr(bad, text[i]) || (unsigned char)text[i] < 0x20) {
			cannot(t, "tracefs cannot express the string \"%s\"",
			       text);
			return;
		}
	}
	if (!lit->u.str.glob)
		filter_strbuf_printf(&t->sb, "%s %s \"%s\"", field,
				     filter_op_text(op), text);
	else if (op == FILTER_OP_EQ)
		filter_strbuf_printf(&t->sb, "%s ~ \"%s\"", field, text);
	else
		filter_strbuf_printf(&t->sb, "!(%s ~ \"%s\")", field, text);
}

/* "FIELD & MASK" in a comparison with 0: true when any bit is set. */
static bool render_mask_test(struct translator *t, enum filter_op op,
			     const struct filter_node *masked,
			     const struct filter_node *zero)
{
	const struct filter_node *field, *mask;

	if (masked->type != FILTER_NODE_BINARY ||
	    masked->u.binary.op != FILTER_OP_BAND ||
	    zero->type != FILTER_NODE_INT || zero->u.i != 0 ||
	    (op != FILTER_OP_EQ && op != FILTER_OP_NE))
		return false;
	field = masked->u.binary.left;
	mask = masked->u.binary.right;
	if (field->type == FILTER_NODE_INT) {
		mask = field;
		field = masked->u.binary.right;
	}
	if (!is_plain_field(field) || mask->type != FILTER_NODE_INT)
		return false;
	if (!same_in_tracefs(t, field))
		return true;
	filter_strbuf_printf(&t->sb, "%s%s & %" PRId64 "%s",
			     op == FILTER_OP_EQ ? "!(" : "",
			     field->u.ref.segs[0].name, mask->u.i,
			     op == FILTER_OP_EQ ? ")" : "");
	return true;
}

/* Says which operator tracefs lacks, if `node` is an operation. */
static bool is_operation(struct translator *t, const struct filter_node *node)
{
	if (node->type == FILTER_NODE_UNARY)
		cannot(t, "operator '%s' has no tracefs equivalent",
		       filter_op_text(node->u.unary.op));
	else if (node->type == FILTER_NODE_BINARY)
		cannot(t, "operator '%s' has no tracefs equivalent",
		       filter_op_text(node->u.binary.op));
	else
		return false;
	return true;
}

static void render_comparison(struct translator *t, enum filter_op op,
			      const struct filter_node *l,
			      const struct filter_node *r)
{
	if (render_mask_test(t, op, l, r) || render_mask_test(t, op, r, l))
		return;
	if (is_operation(t, l) || is_operation(t, r))
		return;
	if (!is_plain_field(l)) {
		const struct filter_node *swap = l;

		l = r;
		r = swap;
		op = mirror(op);
	}
	if (!is_plain_field(l)) {
		not_a_field(t, l->type == FILTER_NODE_REF ? l : r);
		return;
	}
	if (!same_in_tracefs(t, l))
		return;
	switch (r->type) {
	case FILTER_NODE_INT:
		filter_strbuf_printf(&t->sb, "%s %s %" PRId64,
				     l->u.ref.segs[0].name, filter_op_text(op),
				     r->u.i);
		break;
	case FILTER_NODE_STRING:
		render_string(t, l->u.ref.segs[0].name, op, r);
		break;
	case FILTER_NODE_FLOAT:
		cannot(t, "tracefs has no floating point values");
		break;
	default:
		cannot(t, "tracefs compares fields with constants only");
		break;
	}
}

static void render_bool(struct translator *t, const struct filter_node *node);

/* An operand of && or ||, parenthesized unless it is a predicate. */
static void render_operand(struct translator *t, const struct filter_node *node,
			   enum filter_op parent)
{
	bool wrap = node->type == FILTER_NODE_BINARY &&
		    (node->u.binary.op == FILTER_OP_AND ||
		     node->u.binary.op == FILTER_OP_OR) &&
		    node->u.binary.op != parent;

	filter_strbuf_printf(&t->sb, "%s", wrap ? "(" : "");
	render_bool(t, node);
	filter_strbuf_printf(&t->sb, "%s", wrap ? ")" : "");
}

/* `node` where a truth value is expected. */
static void render_bool(struct translator *t, const struct filter_node *node)
{
	enum filter_op op;

	if (t->ret)
		return;
	if (node->type == FILTER_NODE_REF) {
		if (is_plain_field(node) && same_in_tracefs(t, node))
			filter_strbuf_printf(&t->sb, "%s != 0",
					     node->u.ref.segs[0].name);
		else if (!t->ret)
			not_a_field(t, node);
		return;
	}
	if (node->type == FILTER_NODE_UNARY &&
	    node->u.unary.op == FILTER_OP_NOT) {
		filter_strbuf_printf(&t->sb, "!(");
		render_bool(t, node->u.unary.arg);
		filter_strbuf_printf(&t->sb, ")");
		return;
	}
	if (node->type != FILTER_NODE_BINARY) {
		if (!is_operation(t, node))
			cannot(t, "a constant filter has no tracefs form");
		return;
	}
	op = node->u.binary.op;
	if (op == FILTER_OP_AND || op == FILTER_OP_OR) {
		render_operand(t, node->u.binary.left, op);
		filter_strbuf_printf(&t->sb, " %s ", filter_op_text(op));
		render_operand(t, node->u.binary.right, op);
	} else if (is_comparison(op)) {
		render_comparison(t, op, node->u.binary.left,
				  node->u.binary.right);
	} else if (op == FILTER_OP_BAND) {
		struct filter_node zero = {.type = FILTER_NODE_INT};

		if (!render_mask_test(t, FILTER_OP_NE, node, &zero))
			cannot(t,
			       "tracefs supports '&' only as FIELD & CONSTANT");
	} else {
		cannot(t, "operator '%s' has no tracefs equivalent",
		       filter_op_text(op));
	}
}

/* Renders root for an event whose fields are described by `fields`. */
static int render_for(const struct filter_node *root,
		      const struct filter_tracefs_fields *fields, char **out,
		      char *why, size_t why_len)
{
	struct translator t = {
		.fields = fields, .why = why, .why_len = why_len};
	char *text;

	render_bool(&t, root);
	text = filter_strbuf_finish(&t.sb);
	if (t.ret || !text) {
		free(text);
		return t.ret ? t.ret : -ENOMEM;
	}
	*out = text;
	return 0;
}

int filter_tracefs_render(const struct filter_node *root, char **out, char *why,
			  size_t why_len)
{
	return render_for(root, NULL, out, why, why_len);
}

/*
 * Appends to sb, joined by &&, the tracefs form of each operand of the
 * top-level && chain of node that tracefs can express on its own.
 * Returns -ENOMEM or 0.
 */
static int render_implied(const struct filter_node *node,
			  const struct filter_tracefs_fields *fields,
			  struct filter_strbuf *sb, size_t *count)
{
	char *text = NULL;
	int ret;

	if (node->type == FILTER_NODE_BINARY &&
	    node->u.binary.op == FILTER_OP_AND) {
		ret = render_implied(node->u.binary.left, fields, sb, count);
		return ret ? ret
			   : render_implied(node->u.binary.right, fields, sb,
					    count);
	}
	ret = render_for(node, fields, &text, NULL, 0);
	if (ret == -ENOTSUP)
		return 0;
	if (ret)
		return ret;
	filter_strbuf_printf(sb, "%s(%s)", (*count)++ ? " && " : "", text);
	free(text);
	return 0;
}

int filter_tracefs_translate_event(const char *expr,
				   const struct filter_tracefs_fields *fields,
				   char **out, char **implied, char *why,
				   size_t why_len, struct filter_error *err)
{
	struct filter_strbuf sb = {0};
	struct filter_node *root;
	size_t count = 0;
	char *text;
	int ret;

	if (implied)
		*implied = NULL;
	ret = filter_parse(expr, &root, err);
	if (ret)
		return ret;
	ret = filter_check(expr, 0, root, err);
	if (!ret) {
		filter_fold(root);
		ret = render_for(root, fields, out, why, why_len);
	}
	if (ret == -ENOTSUP && implied) {
		int implied_ret = render_implied(root, fields, &sb, &count);

		text = filter_strbuf_finish(&sb);
		if (implied_ret || !text) {
			free(text);
			ret = -ENOMEM;
		} else if (count) {
			*implied = text;
		} else {
			free(text);
		}
	}
	filter_ast_free(root);
	return ret;
}

int filter_tracefs_translate(const char *expr, char **out, char *why,
			     size_t why_len, struct filter_error *err)
{
	return filter_tracefs_translate_event(expr, NULL, out, NULL, why,
					      why_len, err);
}
