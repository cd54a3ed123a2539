/*
 * Life cycle of filter syntax trees and their canonical, fully
 * parenthesized rendering (used by tests, debug logs and error reports).
 */
#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/ast.h"
#include "filter/strbuf.h"

struct filter_node *filter_node_new(enum filter_node_type type, size_t offset)
{
	struct filter_node *node = calloc(1, sizeof(*node));

	if (!node)
		return NULL;
	node->type = type;
	node->offset = offset;
	return node;
}

void filter_ast_free(struct filter_node *node)
{
	uint32_t i;

	if (!node)
		return;
	switch (node->type) {
	case FILTER_NODE_STRING:
		free(node->u.str.text);
		break;
	case FILTER_NODE_REF:
		for (i = 0; i < node->u.ref.nr_segs; i++)
			free(node->u.ref.segs[i].name);
		free(node->u.ref.segs);
		break;
	case FILTER_NODE_UNARY:
		filter_ast_free(node->u.unary.arg);
		break;
	case FILTER_NODE_BINARY:
		filter_ast_free(node->u.binary.left);
		filter_ast_free(node->u.binary.right);
		break;
	default:
		break;
	}
	free(node);
}

const char *filter_op_text(enum filter_op op)
{
	static const char *const text[] = {
		[FILTER_OP_NOT] = "!",	[FILTER_OP_BNOT] = "~",
		[FILTER_OP_NEG] = "-",	[FILTER_OP_PLUS] = "+",
		[FILTER_OP_MUL] = "*",	[FILTER_OP_DIV] = "/",
		[FILTER_OP_MOD] = "%",	[FILTER_OP_ADD] = "+",
		[FILTER_OP_SUB] = "-",	[FILTER_OP_SHL] = "<<",
		[FILTER_OP_SHR] = ">>", [FILTER_OP_BAND] = "&",
		[FILTER_OP_BXOR] = "^", [FILTER_OP_BOR] = "|",
		[FILTER_OP_LT] = "<",	[FILTER_OP_LE] = "<=",
		[FILTER_OP_GT] = ">",	[FILTER_OP_GE] = ">=",
		[FILTER_OP_EQ] = "==",	[FILTER_OP_NE] = "!=",
		[FILTER_OP_AND] = "&&", [FILTER_OP_OR] = "||",
	};

	assert((size_t)op < sizeof(text) / sizeof(text[0]));
	return text[op];
}

/* Re-escapes a string literal so that the lexer reads it back the same. */
static void render_string(struct filter_strbuf *o,
			  const struct filter_node *node)
{
	size_t i;

	filter_strbuf_printf(o, "\"");
	for (i = 0; i < node->u.str.len; i++) {
		char c = node->u.str.text[i];

		if (node->u.str.glob && c == '\\' && i + 1 < node->u.str.len) {
			filter_strbuf_printf(o, "\\%c", node->u.str.text[++i]);
		} else if (c == '"' || c == '\\') {
			filter_strbuf_printf(o, "\\%c", c);
		} else if (c == '*') {
			filter_strbuf_printf(o, "%s",
					     node->u.str.glob ? "*" : "\\*");
		} else if (c == '\n') {
			filter_strbuf_printf(o, "\\n");
		} else if (c == '\t') {
			filter_strbuf_printf(o, "\\t");
		} else if (c == '\r') {
			filter_strbuf_printf(o, "\\r");
		} else {
			filter_strbuf_printf(o, "%c", c);
		}
	}
	filter_strbuf_printf(o, "\"");
}

/*
 * The shortest decimal that reads back as the same double, always with a
 * '.' or an exponent so that it lexes as a float; infinities and NaN,
 * which have no literal, as expressions that fold to them.
 */
static void render_float(struct filter_strbuf *o, double f)
{
	char text[40];
	int precision;

	if (isnan(f)) {
		filter_strbuf_printf(o, "(1e999 - 1e999)");
		return;
	}
	if (isinf(f)) {
		filter_strbuf_printf(o, f > 0 ? "1e999" : "(-1e999)");
		return;
	}
	for (precision = 15; precision < 17; precision++) {
		snprintf(text, sizeof(text), "%.*g", precision, f);
		if (strtod(text, NULL) == f)
			break;
	}
	if (precision == 17)
		snprintf(text, sizeof(text), "%.17g", f);
	filter_strbuf_printf(o, "%s%s", text, strpbrk(text, ".e") ? "" : ".0");
}

static void render_ref(struct filter_strbuf *o, const struct filter_node *node)
{
	uint32_t i;

	if (node->u.ref.scope == FILTER_SCOPE_CONTEXT)
		filter_strbuf_printf(o, "$ctx.");
	else if (node->u.ref.scope == FILTER_SCOPE_APP)
		filter_strbuf_printf(o, "$app.");
	for (i = 0; i < node->u.ref.nr_segs; i++) {
		const struct filter_seg *seg = &node->u.ref.segs[i];

		if (seg->is_index)
			filter_strbuf_printf(o, "[%" PRIu32 "]", seg->index);
		else
			filter_strbuf_printf(o, "%s%s", i ? "." : "",
					     seg->name);
	}
}

static void render(struct filter_strbuf *o, const struct filter_node *node)
{
	switch (node->type) {
	case FILTER_NODE_INT:
		filter_strbuf_printf(o, "%" PRId64, node->u.i);
		break;
	case FILTER_NODE_FLOAT:
		render_float(o, node->u.f);
		break;
	case FILTER_NODE_STRING:
		render_string(o, node);
		break;
	case FILTER_NODE_REF:
		render_ref(o, node);
		break;
	case FILTER_NODE_UNARY:
		filter_strbuf_printf(o, "(%s",
				     filter_op_text(node->u.unary.op));
		render(o, node->u.unary.arg);
		filter_strbuf_printf(o, ")");
		break;
	case FILTER_NODE_BINARY:
		filter_strbuf_printf(o, "(");
		render(o, node->u.binary.left);
		filter_strbuf_printf(o, " %s ",
				     filter_op_text(node->u.binary.op));
		render(o, node->u.binary.right);
		filter_strbuf_printf(o, ")");
		break;
	}
}

char *filter_ast_render(const struct filter_node *node)
{
	struct filter_strbuf sb = {0};

	render(&sb, node);
	return filter_strbuf_finish(&sb);
}
