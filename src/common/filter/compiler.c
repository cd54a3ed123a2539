/*
 * The filter compiler: code generation for the stack machine of
 * bytecode.h, with short-circuit jumps for && and ||, references kept
 * symbolic (names in the string table, which is deduplicated), and
 * filter_compile(), the entry point of the CLI.
 */
#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "filter/bytecode.h"
#include "filter/check.h"
#include "filter/compiler.h"
#include "filter/error.h"
#include "filter/fold.h"
#include "filter/lexer.h"
#include "filter/parser.h"

struct buf {
	uint8_t *data;
	size_t len, cap;
};

/* A string already in the string table. */
struct interned {
	uint32_t offset, len;
};

struct emitter {
	const char *expr;
	struct filter_error *err;
	struct buf code, strtab;
	struct interned *strings;
	size_t nr_strings;
	unsigned int depth, max_depth;
	int ret; /* the first error; emission stops recording after it */
};

/* Reserves `len` bytes at the end of `b`; NULL when out of memory. */
static uint8_t *buf_grow(struct emitter *e, struct buf *b, size_t len)
{
	uint8_t *p;

	if (e->ret)
		return NULL;
	if (b->len + len > b->cap) {
		size_t cap = b->cap ? b->cap : 256;

		while (cap < b->len + len)
			cap *= 2;
		p = realloc(b->data, cap);
		if (!p) {
			e->ret = filter_error_set(e->err, FILTER_ERR_NOMEM,
						  e->expr, 0, NULL,
						  "out of memory");
			return NULL;
		}
		b->data = p;
		b->cap = cap;
	}
	p = b->data + b->len;
	b->len += len;
	return p;
}

static void emit8(struct emitter *e, uint8_t v)
{
	uint8_t *p = buf_grow(e, &e->code, 1);

	if (p)
		*p = v;
}

static void emit32(struct emitter *e, uint32_t v)
{
	uint8_t *p = buf_grow(e, &e->code, 4);

	if (p)
		filter_put32(p, v);
}

static void emit64(struct emitter *e, uint64_t v)
{
	uint8_t *p = buf_grow(e, &e->code, 8);

	if (p)
		filter_put64(p, v);
}

/* Accounts for one value pushed by the code of `node`. */
static void stack_push(struct emitter *e, const struct filter_node *node)
{
	if (++e->depth > e->max_depth)
		e->max_depth = e->depth;
	if (e->depth > FILTER_STACK_MAX && !e->ret)
		e->ret = filter_error_set(e->err, FILTER_ERR_LIMIT, e->expr,
					  node->offset, NULL,
					  "expression too complex: it needs "
					  "more than %d stack slots",
					  FILTER_STACK_MAX);
}

static void stack_pop(struct emitter *e)
{
	assert(e->depth > 0);
	e->depth--;
}

/* The strtab offset of `len` bytes + NUL, adding them if new. */
static uint32_t intern(struct emitter *e, const char *s, size_t len)
{
	struct interned *grown;
	uint8_t *p;
	size_t i;

	for (i = 0; i < e->nr_strings; i++) {
		if (e->strings[i].len == len &&
		    !memcmp(e->strtab.data + e->strings[i].offset, s, len))
			return e->strings[i].offset;
	}
	grown = realloc(e->strings, (e->nr_strings + 1) * sizeof(*grown));
	if (!grown) {
		if (!e->ret)
			e->ret = filter_error_set(e->err, FILTER_ERR_NOMEM,
						  e->expr, 0, NULL,
						  "out of memory");
		return 0;
	}
	e->strings = grown;
	p = buf_grow(e, &e->strtab, len + 1);
	if (!p)
		return 0;
	memcpy(p, s, len);
	p[len] = '\0';
	e->strings[e->nr_strings].offset = (uint32_t)(p - e->strtab.data);
	e->strings[e->nr_strings].len = (uint32_t)len;
	return e->strings[e->nr_strings++].offset;
}

static void gen_ref(struct emitter *e, const struct filter_node *node)
{
	uint32_t i;

	emit8(e, FILTER_BC_LOAD_REF);
	emit8(e, node->u.ref.scope);
	emit8(e, node->u.ref.nr_segs);
	for (i = 0; i < node->u.ref.nr_segs; i++) {
		const struct filter_seg *seg = &node->u.ref.segs[i];

		if (seg->is_index) {
			emit8(e, FILTER_SEG_INDEX);
			emit32(e, seg->index);
		} else {
			emit8(e, FILTER_SEG_NAME);
			emit32(e, intern(e, seg->name, strlen(seg->name)));
		}
	}
	stack_push(e, node);
}

static void gen(struct emitter *e, const struct filter_node *node);

/* left; JUMP end; right; TO_BOOL; end: (the jump keeps left's slot). */
static void gen_logical(struct emitter *e, const struct filter_node *node)
{
	size_t operand;

	gen(e, node->u.binary.left);
	emit8(e, node->u.binary.op == FILTER_OP_AND ? FILTER_BC_AND_JUMP
						    : FILTER_BC_OR_JUMP);
	operand = e->code.len;
	emit32(e, 0);
	stack_pop(e);
	gen(e, node->u.binary.right);
	emit8(e, FILTER_BC_TO_BOOL);
	if (!e->ret)
		filter_put32(e->code.data + operand, (uint32_t)e->code.len);
}

static void gen(struct emitter *e, const struct filter_node *node)
{
	uint64_t bits;

	switch (node->type) {
	case FILTER_NODE_INT:
		emit8(e, FILTER_BC_PUSH_INT);
		emit64(e, (uint64_t)node->u.i);
		stack_push(e, node);
		break;
	case FILTER_NODE_FLOAT:
		memcpy(&bits, &node->u.f, sizeof(bits));
		emit8(e, FILTER_BC_PUSH_DBL);
		emit64(e, bits);
		stack_push(e, node);
		break;
	case FILTER_NODE_STRING:
		emit8(e, node->u.str.glob ? FILTER_BC_PUSH_GLOB
					  : FILTER_BC_PUSH_STR);
		emit32(e, intern(e, node->u.str.text, node->u.str.len));
		emit32(e, (uint32_t)node->u.str.len);
		stack_push(e, node);
		break;
	case FILTER_NODE_REF:
		gen_ref(e, node);
		break;
	case FILTER_NODE_UNARY:
		gen(e, node->u.unary.arg);
		/* Unary + only matters as a run-time check of a field. */
		if (node->u.unary.op == FILTER_OP_PLUS &&
		    node->u.unary.arg->vtype != FILTER_TYPE_UNKNOWN)
			break;
		emit8(e, FILTER_BC_UNARY);
		emit8(e, node->u.unary.op);
		break;
	case FILTER_NODE_BINARY:
		if (node->u.binary.op == FILTER_OP_AND ||
		    node->u.binary.op == FILTER_OP_OR) {
			gen_logical(e, node);
			break;
		}
		gen(e, node->u.binary.left);
		gen(e, node->u.binary.right);
		emit8(e, FILTER_BC_BINARY);
		emit8(e, node->u.binary.op);
		stack_pop(e);
		break;
	}
}

/* Header + code + string table in one malloc'ed struct filter_bytecode. */
static int assemble(struct emitter *e, struct filter_bytecode **out)
{
	size_t len = FILTER_BC_HEADER_LEN + e->code.len + e->strtab.len;
	struct filter_bytecode *bc;

	if (len > FILTER_BYTECODE_MAX_LEN)
		return filter_error_set(
			e->err, FILTER_ERR_LIMIT, e->expr, 0, NULL,
			"filter bytecode would be %zu bytes, the limit is %d",
			len, FILTER_BYTECODE_MAX_LEN);
	bc = malloc(sizeof(*bc) + len);
	if (!bc)
		return filter_error_set(e->err, FILTER_ERR_NOMEM, e->expr, 0,
					NULL, "out of memory");
	bc->len = len;
	memcpy(bc->data, FILTER_BC_MAGIC, 4);
	filter_put16(bc->data + 4, FILTER_BC_VERSION);
	filter_put16(bc->data + 6, (uint16_t)e->max_depth);
	filter_put32(bc->data + 8, (uint32_t)e->code.len);
	filter_put32(bc->data + 12, (uint32_t)e->strtab.len);
	memcpy(bc->data + FILTER_BC_HEADER_LEN, e->code.data, e->code.len);
	if (e->strtab.len)
		memcpy(bc->data + FILTER_BC_HEADER_LEN + e->code.len,
		       e->strtab.data, e->strtab.len);
	*out = bc;
	return 0;
}

int filter_generate(const char *expr, const struct filter_node *root,
		    struct filter_bytecode **out, struct filter_error *err)
{
	struct emitter e = {.expr = expr, .err = err};
	int ret;

	gen(&e, root);
	emit8(&e, FILTER_BC_RETURN);
	assert(e.ret || e.depth == 1);
	ret = e.ret ? e.ret : assemble(&e, out);
	free(e.code.data);
	free(e.strtab.data);
	free(e.strings);
	return ret;
}

/* LTTng's lexer cannot read "0X1F"; it says so as a parse error. */
static int refuse_upper_hex(const char *expr, struct filter_error *err)
{
	long offset = filter_lex_find_upper_hex(expr);

	if (offset < 0)
		return 0;
	return filter_error_set(err, FILTER_ERR_SYNTAX, expr, (size_t)offset,
				"error parse error: cannot scanf hexadecimal "
				"constant\n\nParse error\n",
				"hexadecimal prefix must be \"0x\"");
}

int filter_compile(const char *expr, struct filter_bytecode **out,
		   struct filter_error *err)
{
	return filter_compile_flags(expr, 0, out, err);
}

int filter_compile_flags(const char *expr, unsigned int flags,
			 struct filter_bytecode **out, struct filter_error *err)
{
	struct filter_node *root;
	int ret;

	ret = filter_parse(expr, &root, err);
	if (ret)
		return ret;
	if (flags & FILTER_COMPILE_NO_UPPER_HEX)
		ret = refuse_upper_hex(expr, err);
	if (!ret)
		ret = filter_check(expr, flags, root, err);
	if (!ret) {
		filter_fold(root);
		ret = filter_generate(expr, root, out, err);
	}
	filter_ast_free(root);
	return ret;
}
