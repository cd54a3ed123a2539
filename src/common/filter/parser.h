/*
 * Recursive descent parser of filter expressions with LTTng's precedence
 * (bitwise operators bind tighter than comparisons) extended with the
 * arithmetic operators above the shifts. Used by filter_compile() and by
 * the tracefs translation.
 */
#ifndef FILTER_PARSER_H
#define FILTER_PARSER_H

#include "filter/ast.h"
#include "filter/filter.h"

/*
 * Parses `expr` (at most FILTER_EXPR_MAX_LEN bytes) into a tree stored in
 * *root (free it with filter_ast_free()). Returns 0, or a negative errno
 * with *err saying what is wrong and where.
 */
int filter_parse(const char *expr, struct filter_node **root,
		 struct filter_error *err);

#endif /* FILTER_PARSER_H */
