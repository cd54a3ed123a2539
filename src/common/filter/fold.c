/*
 * Constant folding of type-checked trees, bottom up. A folded operation
 * becomes an INT or FLOAT literal in place (string operations only ever
 * produce ints) and keeps its source offset.
 */
#include <assert.h>
#include <stdlib.h>

#include "filter/fold.h"
#include "filter/ops.h"

static bool is_literal(const struct filter_node *node)
{
	return node->type == FILTER_NODE_INT ||
	       node->type == FILTER_NODE_FLOAT ||
	       node->type == FILTER_NODE_STRING;
}

static enum filter_tag literal_value(const struct filter_node *node,
				     union filter_slot *v)
{
	switch (node->type) {
	case FILTER_NODE_INT:
		v->i = node->u.i;
		return FILTER_TAG_INT;
	case FILTER_NODE_FLOAT:
		v->d = node->u.f;
		return FILTER_TAG_DBL;
	default:
		assert(node->type == FILTER_NODE_STRING);
		v->s.p = node->u.str.text;
		v->s.n = node->u.str.len;
		return node->u.str.glob ? FILTER_TAG_GLOB : FILTER_TAG_STR;
	}
}

/* Turns an operation node into the literal `v`, freeing its operands. */
static void become_literal(struct filter_node *node, enum filter_tag t,
			   union filter_slot v)
{
	if (node->type == FILTER_NODE_UNARY) {
		filter_ast_free(node->u.unary.arg);
	} else {
		filter_ast_free(node->u.binary.left);
		filter_ast_free(node->u.binary.right);
	}
	if (t == FILTER_TAG_INT) {
		node->type = FILTER_NODE_INT;
		node->vtype = FILTER_TYPE_INT;
		node->u.i = v.i;
	} else {
		assert(t == FILTER_TAG_DBL);
		node->type = FILTER_NODE_FLOAT;
		node->vtype = FILTER_TYPE_FLOAT;
		node->u.f = v.d;
	}
}

static void fold_unary(struct filter_node *node)
{
	union filter_slot v, out;
	enum filter_tag t, ot;

	filter_fold(node->u.unary.arg);
	if (!is_literal(node->u.unary.arg))
		return;
	t = literal_value(node->u.unary.arg, &v);
	if (filter_unary(node->u.unary.op, t, v, &ot, &out))
		become_literal(node, ot, out);
}

static void fold_binary(struct filter_node *node)
{
	enum filter_op op = node->u.binary.op;
	union filter_slot l, r, out;
	enum filter_tag lt, rt, ot;
	bool lv, rv;

	filter_fold(node->u.binary.left);
	filter_fold(node->u.binary.right);
	if (!is_literal(node->u.binary.left) ||
	    !is_literal(node->u.binary.right))
		return;
	lt = literal_value(node->u.binary.left, &l);
	rt = literal_value(node->u.binary.right, &r);
	if (op == FILTER_OP_AND || op == FILTER_OP_OR) {
		if (!filter_truth(lt, l, &lv) || !filter_truth(rt, r, &rv))
			return;
		out.i = op == FILTER_OP_AND ? lv && rv : lv || rv;
		become_literal(node, FILTER_TAG_INT, out);
		return;
	}
	if (filter_binary(op, lt, l, rt, r, &ot, &out))
		become_literal(node, ot, out);
}

void filter_fold(struct filter_node *node)
{
	if (node->type == FILTER_NODE_UNARY)
		fold_unary(node);
	else if (node->type == FILTER_NODE_BINARY)
		fold_binary(node);
}
