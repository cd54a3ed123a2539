/*
 * The abstract syntax tree of a filter expression, with the byte offset of
 * each node's token for error messages. Built by the parser, annotated by
 * the type checker, simplified by the folder, consumed by the compiler and
 * by the tracefs translation.
 */
#ifndef FILTER_AST_H
#define FILTER_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum filter_node_type {
	FILTER_NODE_INT,
	FILTER_NODE_FLOAT,
	FILTER_NODE_STRING,
	FILTER_NODE_REF,
	FILTER_NODE_UNARY,
	FILTER_NODE_BINARY,
};

/* Operators; the order of the binary ones is the bytecode's. */
enum filter_op {
	FILTER_OP_NOT,
	FILTER_OP_BNOT,
	FILTER_OP_NEG,
	FILTER_OP_PLUS,
	FILTER_OP_MUL,
	FILTER_OP_DIV,
	FILTER_OP_MOD,
	FILTER_OP_ADD,
	FILTER_OP_SUB,
	FILTER_OP_SHL,
	FILTER_OP_SHR,
	FILTER_OP_BAND,
	FILTER_OP_BXOR,
	FILTER_OP_BOR,
	FILTER_OP_LT,
	FILTER_OP_LE,
	FILTER_OP_GT,
	FILTER_OP_GE,
	FILTER_OP_EQ,
	FILTER_OP_NE,
	FILTER_OP_AND,
	FILTER_OP_OR,
};

enum filter_scope {
	FILTER_SCOPE_PAYLOAD, /* name, a.b, f[3] */
	FILTER_SCOPE_CONTEXT, /* $ctx.NAME */
	FILTER_SCOPE_APP,     /* $app.PROVIDER:TYPE */
};

/* Static value type, as far as the compiler can know it. */
enum filter_type {
	FILTER_TYPE_UNKNOWN, /* a field or context: known at link time */
	FILTER_TYPE_INT,
	FILTER_TYPE_FLOAT,
	FILTER_TYPE_STRING,
};

/* One step of a reference path: a member name or a constant index. */
struct filter_seg {
	bool is_index;
	uint32_t index;
	char *name;
};

struct filter_node {
	enum filter_node_type type;
	enum filter_type vtype; /* set by filter_check() */
	size_t offset;		/* byte offset of the node's token */
	union {
		int64_t i;
		double f;
		/*
		 * A string literal. Without `glob`, `text` holds the bytes
		 * themselves; with `glob`, `text` is a pattern where '*'
		 * matches any run of bytes and '\' makes the next byte
		 * literal ("\*" is a star, "\\" a backslash).
		 */
		struct {
			char *text;
			size_t len;
			bool glob;
		} str;
		/* segs[0] is the root name (field, context or app name). */
		struct {
			enum filter_scope scope;
			uint32_t nr_segs;
			struct filter_seg *segs;
		} ref;
		struct {
			enum filter_op op;
			struct filter_node *arg;
		} unary;
		struct {
			enum filter_op op;
			struct filter_node *left, *right;
		} binary;
	} u;
};

/* Longest reference path (a.b.c[1] has 4 segments). */
#define FILTER_PATH_MAX 16

struct filter_node *filter_node_new(enum filter_node_type type, size_t offset);
void filter_ast_free(struct filter_node *node);

/* The operator's spelling in the language ("<<", "&&", "!"). */
const char *filter_op_text(enum filter_op op);

/*
 * Renders `node` with every operation parenthesized, e.g. "((a & 1) == 1)",
 * into a malloc'ed string (NULL when out of memory). Parsing the result
 * gives the same tree.
 */
char *filter_ast_render(const struct filter_node *node);

#endif /* FILTER_AST_H */
