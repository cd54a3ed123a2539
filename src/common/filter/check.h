/*
 * Static type rules of filter expressions: what the compiler can reject
 * because the operand types are known from literals (a string compared
 * with a number, a string as the whole filter, a float in a bitwise
 * operation). Used by filter_compile() and the tracefs translation.
 */
#ifndef FILTER_CHECK_H
#define FILTER_CHECK_H

#include "filter/ast.h"
#include "filter/filter.h"

/*
 * Sets `vtype` on every node of `root`, parsed from `expr`. Returns 0, or
 * -EINVAL with *err naming the operator whose operands do not fit (or,
 * with FILTER_COMPILE_NO_ARITHMETIC in `flags`, the first arithmetic
 * operator met bottom-up).
 */
int filter_check(const char *expr, unsigned int flags, struct filter_node *root,
		 struct filter_error *err);

#endif /* FILTER_CHECK_H */
