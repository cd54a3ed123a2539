/*
 * The compile-time type checker. Types are known only for literals and
 * what derives from them; references are FILTER_TYPE_UNKNOWN here and are
 * typed by the linker, which turns the same mistakes into a false filter.
 * Messages that LTTng 2.13 also prints reuse its wording in lttng_message.
 */
#include <assert.h>
#include <stdio.h>

#include "filter/check.h"
#include "filter/error.h"
#include "filter/ops.h"

struct checker {
	const char *expr;
	unsigned int flags; /* FILTER_COMPILE_* */
	struct filter_error *err;
};

/*
 * Reports a type error at `node`'s operator. `lttng_fmt` is the text of
 * LTTng's "[error] ..." line and may hold one %s for the operator.
 */
static int type_error(struct checker *c, const struct filter_node *node,
		      enum filter_op op, const char *lttng_fmt,
		      const char *what)
{
	char text[96], lttng[128];

	snprintf(text, sizeof(text), lttng_fmt, filter_op_text(op));
	snprintf(lttng, sizeof(lttng), FILTER_LTTNG_IR_ERROR("%s"), text);
	return filter_error_set(c->err, FILTER_ERR_TYPE, c->expr, node->offset,
				lttng, "%s: %s", text, what);
}

static int check_node(struct checker *c, struct filter_node *node);

static int check_unary(struct checker *c, struct filter_node *node)
{
	enum filter_op op = node->u.unary.op;
	enum filter_type t;
	int ret = check_node(c, node->u.unary.arg);

	if (ret)
		return ret;
	t = node->u.unary.arg->vtype;
	if (t == FILTER_TYPE_STRING)
		return type_error(
			c, node, op,
			"unary operation '%s' not allowed on string literal",
			"its operand must be a number");
	if (op == FILTER_OP_BNOT && t == FILTER_TYPE_FLOAT)
		return type_error(c, node, op,
				  "bitwise unary operation '%s' cannot have "
				  "floating point operand",
				  "its operand must be an integer");
	if (op == FILTER_OP_NOT || op == FILTER_OP_BNOT)
		node->vtype = FILTER_TYPE_INT;
	else
		node->vtype = t;
	return 0;
}

static bool is_arithmetic(enum filter_op op)
{
	return op == FILTER_OP_MUL || op == FILTER_OP_DIV ||
	       op == FILTER_OP_MOD || op == FILTER_OP_ADD ||
	       op == FILTER_OP_SUB;
}

static bool is_bitwise(enum filter_op op)
{
	return op == FILTER_OP_SHL || op == FILTER_OP_SHR ||
	       op == FILTER_OP_BAND || op == FILTER_OP_BXOR ||
	       op == FILTER_OP_BOR;
}

static bool is_ordering(enum filter_op op)
{
	return op == FILTER_OP_LT || op == FILTER_OP_LE || op == FILTER_OP_GT ||
	       op == FILTER_OP_GE;
}

/* The type of a binary operation whose operand types are acceptable. */
static enum filter_type result_type(enum filter_op op, enum filter_type l,
				    enum filter_type r)
{
	if (!is_arithmetic(op) || op == FILTER_OP_MOD)
		return FILTER_TYPE_INT;
	if (l == FILTER_TYPE_FLOAT || r == FILTER_TYPE_FLOAT)
		return FILTER_TYPE_FLOAT;
	if (l == FILTER_TYPE_INT && r == FILTER_TYPE_INT)
		return FILTER_TYPE_INT;
	return FILTER_TYPE_UNKNOWN;
}

static int check_binary(struct checker *c, struct filter_node *node)
{
	enum filter_op op = node->u.binary.op;
	enum filter_type l, r;
	bool str, num, flt;
	int ret;

	ret = check_node(c, node->u.binary.left);
	if (!ret)
		ret = check_node(c, node->u.binary.right);
	if (ret)
		return ret;
	if ((c->flags & FILTER_COMPILE_NO_ARITHMETIC) && is_arithmetic(op))
		return type_error(
			c, node, op,
			"make_op: binary operation '%s' not supported",
			"arithmetic operators are not supported");
	l = node->u.binary.left->vtype;
	r = node->u.binary.right->vtype;
	str = l == FILTER_TYPE_STRING || r == FILTER_TYPE_STRING;
	num = l == FILTER_TYPE_INT || l == FILTER_TYPE_FLOAT ||
	      r == FILTER_TYPE_INT || r == FILTER_TYPE_FLOAT;
	flt = l == FILTER_TYPE_FLOAT || r == FILTER_TYPE_FLOAT;
	if (str &&
	    (op == FILTER_OP_EQ || op == FILTER_OP_NE || is_ordering(op)) &&
	    num)
		return type_error(c, node, op,
				  "binary operation '%s' operand type mismatch",
				  "a string compares only with a string");
	if (str && (op == FILTER_OP_AND || op == FILTER_OP_OR))
		return type_error(c, node, op,
				  "logical binary operation '%s' cannot have "
				  "string operand",
				  "compare the string with == or != first");
	if (str && is_bitwise(op))
		return type_error(c, node, op,
				  "bitwise binary operation '%s' cannot have "
				  "string operand",
				  "its operands must be integers");
	if (str && is_arithmetic(op))
		return type_error(
			c, node, op,
			"arithmetic operation '%s' cannot have string operand",
			"its operands must be numbers");
	if (flt && is_bitwise(op))
		return type_error(c, node, op,
				  "bitwise binary operation '%s' cannot have "
				  "floating point operand",
				  "its operands must be integers");
	if (flt && op == FILTER_OP_MOD)
		return type_error(c, node, op,
				  "arithmetic operation '%s' cannot have "
				  "floating point operand",
				  "its operands must be integers");
	node->vtype = result_type(op, l, r);
	return 0;
}

static int check_node(struct checker *c, struct filter_node *node)
{
	switch (node->type) {
	case FILTER_NODE_INT:
		node->vtype = FILTER_TYPE_INT;
		return 0;
	case FILTER_NODE_FLOAT:
		node->vtype = FILTER_TYPE_FLOAT;
		return 0;
	case FILTER_NODE_STRING:
		node->vtype = FILTER_TYPE_STRING;
		return 0;
	case FILTER_NODE_REF:
		node->vtype = FILTER_TYPE_UNKNOWN;
		return 0;
	case FILTER_NODE_UNARY:
		return check_unary(c, node);
	case FILTER_NODE_BINARY:
		return check_binary(c, node);
	}
	assert(!"unknown node type");
	return 0;
}

/* A string literal's enum filter_glob_kind, or -1 for anything else. */
static int literal_glob_kind(const struct filter_node *node)
{
	if (node->type != FILTER_NODE_STRING)
		return -1;
	if (!node->u.str.glob)
		return FILTER_GLOB_NONE;
	return filter_glob_kind(node->u.str.text, node->u.str.len);
}

/*
 * LTTng's checks of patterns, made once the whole tree is typed, parent
 * before children: a full pattern ("a*b", not just "ab*") compares only
 * with == and !=, and not with another pattern (two star-at-the-end
 * patterns may be compared). Only direct string literal operands count.
 */
static int check_globbing(struct checker *c, const struct filter_node *node)
{
	int l, r, ret;

	if (node->type == FILTER_NODE_UNARY)
		return check_globbing(c, node->u.unary.arg);
	if (node->type != FILTER_NODE_BINARY)
		return 0;
	l = literal_glob_kind(node->u.binary.left);
	r = literal_glob_kind(node->u.binary.right);
	if (l >= 0 && r >= 0 &&
	    ((l == FILTER_GLOB_FULL && r != FILTER_GLOB_NONE) ||
	     (r == FILTER_GLOB_FULL && l != FILTER_GLOB_NONE)))
		return filter_error_set(
			c->err, FILTER_ERR_TYPE, c->expr, node->offset,
			"[error] Cannot compare two globbing patterns\n",
			"cannot compare two glob patterns (only one side of "
			"'%s' may have a '*' before its end)",
			filter_op_text(node->u.binary.op));
	if ((l == FILTER_GLOB_FULL || r == FILTER_GLOB_FULL) &&
	    node->u.binary.op != FILTER_OP_EQ &&
	    node->u.binary.op != FILTER_OP_NE)
		return filter_error_set(
			c->err, FILTER_ERR_TYPE, c->expr, node->offset,
			"[error] Only the `==` and `!=` operators are allowed "
			"with a globbing pattern\n",
			"'%s' applied to a glob pattern: only == and != are",
			filter_op_text(node->u.binary.op));
	ret = check_globbing(c, node->u.binary.left);
	return ret ? ret : check_globbing(c, node->u.binary.right);
}

int filter_check(const char *expr, unsigned int flags, struct filter_node *root,
		 struct filter_error *err)
{
	struct checker c = {.expr = expr, .flags = flags, .err = err};
	int ret = check_node(&c, root);

	if (ret)
		return ret;
	if (root->vtype == FILTER_TYPE_STRING)
		return filter_error_set(
			err, FILTER_ERR_TYPE, expr, root->offset,
			FILTER_LTTNG_IR_ERROR(
				"String cannot be root data type"),
			"a string cannot be the whole filter (compare it with "
			"== or !=)");
	if (root->vtype == FILTER_TYPE_FLOAT)
		return filter_error_set(
			err, FILTER_ERR_TYPE, expr, root->offset,
			FILTER_LTTNG_IR_ERROR("Unknown root child data type"),
			"a floating point value cannot be the whole filter "
			"(compare it with something)");
	return check_globbing(&c, root);
}
