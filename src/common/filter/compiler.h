/*
 * Code generation from a checked, folded tree to bytecode (bytecode.h).
 * filter_compile() (filter.h) chains parser, checker, folder and this.
 */
#ifndef FILTER_COMPILER_H
#define FILTER_COMPILER_H

#include "filter/ast.h"
#include "filter/filter.h"

/*
 * Generates the bytecode of `root` (already through filter_check() and
 * filter_fold()) into a malloc'ed *out. `expr` is the source, for error
 * positions. Returns 0, -E2BIG (stack or size limit) or -ENOMEM.
 */
int filter_generate(const char *expr, const struct filter_node *root,
		    struct filter_bytecode **out, struct filter_error *err);

#endif /* FILTER_COMPILER_H */
