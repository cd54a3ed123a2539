/*
 * Parser of filter expressions: one function per precedence level, from
 * `||` (lowest) to the unary operators, then references and literals.
 * Binary levels, lowest first:
 *
 *   ||   &&   == !=   < <= > >=   |   ^   &   << >>   + -   * / %
 *
 * All binary operators are left-associative; unary ones are right to left.
 * The tree depth is bounded (FILTER_DEPTH_MAX) so that later recursive
 * passes cannot overflow the stack.
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/error.h"
#include "filter/lexer.h"
#include "filter/parser.h"

struct parser {
	struct filter_lexer lx;
	struct filter_token tok; /* the lookahead token */
	struct filter_error *err;
	unsigned int nesting; /* open parentheses and unary operators */
};

/* The binary operators of one precedence level. */
struct level {
	enum filter_token_type tokens[4];
	enum filter_op ops[4];
	unsigned int count;
};

static const struct level levels[] = {
	{{FILTER_TOK_OR}, {FILTER_OP_OR}, 1},
	{{FILTER_TOK_AND}, {FILTER_OP_AND}, 1},
	{{FILTER_TOK_EQ, FILTER_TOK_NE}, {FILTER_OP_EQ, FILTER_OP_NE}, 2},
	{{FILTER_TOK_LT, FILTER_TOK_LE, FILTER_TOK_GT, FILTER_TOK_GE},
	 {FILTER_OP_LT, FILTER_OP_LE, FILTER_OP_GT, FILTER_OP_GE},
	 4},
	{{FILTER_TOK_PIPE}, {FILTER_OP_BOR}, 1},
	{{FILTER_TOK_CARET}, {FILTER_OP_BXOR}, 1},
	{{FILTER_TOK_AMP}, {FILTER_OP_BAND}, 1},
	{{FILTER_TOK_SHL, FILTER_TOK_SHR}, {FILTER_OP_SHL, FILTER_OP_SHR}, 2},
	{{FILTER_TOK_PLUS, FILTER_TOK_MINUS},
	 {FILTER_OP_ADD, FILTER_OP_SUB},
	 2},
	{{FILTER_TOK_STAR, FILTER_TOK_SLASH, FILTER_TOK_PERCENT},
	 {FILTER_OP_MUL, FILTER_OP_DIV, FILTER_OP_MOD},
	 3},
};

#define NR_LEVELS (sizeof(levels) / sizeof(levels[0]))

static void drop_token(struct parser *p)
{
	free(p->tok.text);
	p->tok.text = NULL;
}

static int advance(struct parser *p)
{
	drop_token(p);
	return filter_lex(&p->lx, &p->tok, p->err);
}

/* "unexpected token 'x'" or "unexpected end of expression", and why. */
static int unexpected(struct parser *p, const char *context)
{
	char quoted[48];

	if (p->tok.type == FILTER_TOK_END)
		return filter_error_set(p->err, FILTER_ERR_SYNTAX, p->lx.expr,
					p->tok.offset, FILTER_LTTNG_PARSE_ERROR,
					"unexpected end of expression%s",
					context);
	filter_error_quote(quoted, sizeof(quoted), p->lx.expr + p->tok.offset,
			   p->tok.len);
	return filter_error_set(p->err, FILTER_ERR_SYNTAX, p->lx.expr,
				p->tok.offset, FILTER_LTTNG_PARSE_ERROR,
				"unexpected token '%s'%s", quoted, context);
}

static int too_deep(struct parser *p, size_t offset)
{
	return filter_error_set(
		p->err, FILTER_ERR_LIMIT, p->lx.expr, offset, NULL,
		"expression nested too deeply (more than %d levels)",
		FILTER_DEPTH_MAX);
}

/* Enters a parenthesis or unary operator: bounds the parser's recursion. */
static int nest(struct parser *p)
{
	if (++p->nesting <= FILTER_NESTING_MAX)
		return 0;
	return filter_error_set(
		p->err, FILTER_ERR_LIMIT, p->lx.expr, p->tok.offset, NULL,
		"more than %d nested parentheses or unary operators",
		FILTER_NESTING_MAX);
}

static int nomem(struct parser *p)
{
	return filter_error_set(p->err, FILTER_ERR_NOMEM, p->lx.expr,
				p->tok.offset, NULL, "out of memory");
}

static int parse_level(struct parser *p, unsigned int level,
		       struct filter_node **out, unsigned int *depth);

/* The 1-based column of byte `offset` within its line. */
static unsigned int column_of(const char *expr, size_t offset)
{
	size_t start = offset;

	while (start > 0 && expr[start - 1] != '\n')
		start--;
	return (unsigned int)(offset - start + 1);
}

/* Appends one path segment to a reference node. */
static int add_seg(struct parser *p, struct filter_node *ref,
		   struct filter_seg seg)
{
	struct filter_seg *segs;

	if (ref->u.ref.nr_segs == FILTER_PATH_MAX) {
		free(seg.name);
		return filter_error_set(
			p->err, FILTER_ERR_LIMIT, p->lx.expr, p->tok.offset,
			NULL, "reference path longer than %d elements",
			FILTER_PATH_MAX);
	}
	segs = realloc(ref->u.ref.segs,
		       (ref->u.ref.nr_segs + 1) * sizeof(*segs));
	if (!segs) {
		free(seg.name);
		return nomem(p);
	}
	segs[ref->u.ref.nr_segs++] = seg;
	ref->u.ref.segs = segs;
	return 0;
}

/* "[" INT "]": the index must be a constant integer literal. */
static int parse_index(struct parser *p, struct filter_node *ref)
{
	struct filter_seg seg = {.is_index = true};
	int ret = advance(p);

	if (ret)
		return ret;
	if (p->tok.type == FILTER_TOK_END)
		return unexpected(p, ", expected an array index");
	if (p->tok.type != FILTER_TOK_INT)
		return filter_error_set(
			p->err, FILTER_ERR_TYPE, p->lx.expr, p->tok.offset,
			FILTER_LTTNG_IR_ERROR(
				"Expecting constant index in array expression"),
			"array index must be a constant non-negative integer");
	if (p->tok.i < 0 || p->tok.i > UINT32_MAX)
		return filter_error_set(p->err, FILTER_ERR_LIMIT, p->lx.expr,
					p->tok.offset, NULL,
					"array index %llu is out of range",
					(unsigned long long)p->tok.i);
	seg.index = (uint32_t)p->tok.i;
	ret = advance(p);
	if (ret)
		return ret;
	if (p->tok.type != FILTER_TOK_RBRACKET)
		return unexpected(p, ", expected ']'");
	ret = add_seg(p, ref, seg);
	return ret ? ret : advance(p);
}

/* A reference and its ".member" and "[index]" suffixes. */
static int parse_ref(struct parser *p, struct filter_node *ref)
{
	int ret;

	ref->u.ref.scope = p->tok.type == FILTER_TOK_CTX ? FILTER_SCOPE_CONTEXT
			   : p->tok.type == FILTER_TOK_APP
				   ? FILTER_SCOPE_APP
				   : FILTER_SCOPE_PAYLOAD;
	ret = add_seg(p, ref, (struct filter_seg){.name = p->tok.text});
	p->tok.text = NULL;
	if (!ret)
		ret = advance(p);
	while (!ret) {
		if (p->tok.type == FILTER_TOK_LBRACKET) {
			ret = parse_index(p, ref);
		} else if (p->tok.type == FILTER_TOK_DOT) {
			ret = advance(p);
			if (ret)
				break;
			if (p->tok.type != FILTER_TOK_IDENT)
				return unexpected(
					p, ", expected a field name after '.'");
			ret = add_seg(p, ref,
				      (struct filter_seg){.name = p->tok.text});
			p->tok.text = NULL;
			if (!ret)
				ret = advance(p);
		} else {
			break;
		}
	}
	return ret;
}

/* A literal, a reference or a parenthesized expression. */
static int parse_primary(struct parser *p, struct filter_node **out,
			 unsigned int *depth)
{
	struct filter_node *node;
	size_t open = p->tok.offset;
	int ret;

	switch (p->tok.type) {
	case FILTER_TOK_LPAREN:
		ret = nest(p);
		if (!ret)
			ret = advance(p);
		if (!ret)
			ret = parse_level(p, 0, out, depth);
		if (ret)
			return ret;
		p->nesting--;
		if (p->tok.type != FILTER_TOK_RPAREN) {
			char context[64];

			snprintf(context, sizeof(context),
				 ", expected ')' to match the '(' at column %u",
				 column_of(p->lx.expr, open));
			return unexpected(p, context);
		}
		return advance(p);
	case FILTER_TOK_INT:
	case FILTER_TOK_FLOAT:
	case FILTER_TOK_STRING:
	case FILTER_TOK_IDENT:
	case FILTER_TOK_CTX:
	case FILTER_TOK_APP:
		break;
	default:
		return unexpected(p, "");
	}
	node = filter_node_new(
		p->tok.type == FILTER_TOK_INT	   ? FILTER_NODE_INT
		: p->tok.type == FILTER_TOK_FLOAT  ? FILTER_NODE_FLOAT
		: p->tok.type == FILTER_TOK_STRING ? FILTER_NODE_STRING
						   : FILTER_NODE_REF,
		p->tok.offset);
	if (!node)
		return nomem(p);
	*out = node;
	*depth = 1;
	switch (node->type) {
	case FILTER_NODE_INT:
		node->u.i = p->tok.i;
		return advance(p);
	case FILTER_NODE_FLOAT:
		node->u.f = p->tok.f;
		return advance(p);
	case FILTER_NODE_STRING:
		node->u.str.text = p->tok.text;
		node->u.str.len = p->tok.text_len;
		node->u.str.glob = p->tok.glob;
		p->tok.text = NULL;
		return advance(p);
	default:
		return parse_ref(p, node);
	}
}

static enum filter_op unary_op(enum filter_token_type type)
{
	switch (type) {
	case FILTER_TOK_NOT:
		return FILTER_OP_NOT;
	case FILTER_TOK_TILDE:
		return FILTER_OP_BNOT;
	case FILTER_TOK_MINUS:
		return FILTER_OP_NEG;
	default:
		assert(type == FILTER_TOK_PLUS);
		return FILTER_OP_PLUS;
	}
}

static int parse_unary(struct parser *p, struct filter_node **out,
		       unsigned int *depth)
{
	struct filter_node *node;
	enum filter_token_type type = p->tok.type;
	int ret;

	if (type != FILTER_TOK_NOT && type != FILTER_TOK_TILDE &&
	    type != FILTER_TOK_MINUS && type != FILTER_TOK_PLUS)
		return parse_primary(p, out, depth);
	node = filter_node_new(FILTER_NODE_UNARY, p->tok.offset);
	if (!node)
		return nomem(p);
	node->u.unary.op = unary_op(type);
	*out = node;
	ret = nest(p);
	if (!ret)
		ret = advance(p);
	if (!ret)
		ret = parse_level(p, NR_LEVELS, &node->u.unary.arg, depth);
	if (ret)
		return ret;
	p->nesting--;
	return ++*depth > FILTER_DEPTH_MAX ? too_deep(p, node->offset) : 0;
}

static bool level_op(unsigned int level, enum filter_token_type type,
		     enum filter_op *op)
{
	unsigned int i;

	for (i = 0; i < levels[level].count; i++) {
		if (levels[level].tokens[i] == type) {
			*op = levels[level].ops[i];
			return true;
		}
	}
	return false;
}

/*
 * Parses the operators of `level` and above (NR_LEVELS is the unary
 * level) and stores the depth of the tree it built in *depth. On error
 * *out may hold a partial tree the caller frees. Operator chains loop;
 * only parentheses and unary operators recurse (bounded by nest()).
 */
static int parse_level(struct parser *p, unsigned int level,
		       struct filter_node **out, unsigned int *depth)
{
	unsigned int right_depth = 0;
	struct filter_node *node;
	enum filter_op op;
	int ret;

	if (level == NR_LEVELS)
		return parse_unary(p, out, depth);
	ret = parse_level(p, level + 1, out, depth);
	while (!ret && level_op(level, p->tok.type, &op)) {
		node = filter_node_new(FILTER_NODE_BINARY, p->tok.offset);
		if (!node)
			return nomem(p);
		node->u.binary.op = op;
		node->u.binary.left = *out;
		*out = node;
		ret = advance(p);
		if (!ret)
			ret = parse_level(p, level + 1, &node->u.binary.right,
					  &right_depth);
		if (right_depth > *depth)
			*depth = right_depth;
		if (!ret && ++*depth > FILTER_DEPTH_MAX)
			ret = too_deep(p, node->offset);
	}
	return ret;
}

int filter_parse(const char *expr, struct filter_node **root,
		 struct filter_error *err)
{
	struct parser p = {.lx = {.expr = expr}, .err = err};
	struct filter_node *tree = NULL;
	unsigned int depth = 0;
	size_t len = strnlen(expr, FILTER_EXPR_MAX_LEN + 1);
	int ret;

	if (len > FILTER_EXPR_MAX_LEN)
		return filter_error_set(
			err, FILTER_ERR_LIMIT, expr, 0, NULL,
			"filter expression longer than %d bytes",
			FILTER_EXPR_MAX_LEN);
	ret = filter_lex(&p.lx, &p.tok, err);
	if (!ret)
		ret = parse_level(&p, 0, &tree, &depth);
	if (!ret && p.tok.type != FILTER_TOK_END)
		ret = unexpected(&p, " after a complete expression");
	drop_token(&p);
	if (ret) {
		filter_ast_free(tree);
		return ret;
	}
	*root = tree;
	return 0;
}
