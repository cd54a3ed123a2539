/*
 * Constant folding: replaces every operation whose operands are literals
 * by its value, with the interpreter's semantics (ops.h). Operations that
 * would make the filter false (division by zero, shift out of range) stay
 * in place so that short-circuits keep their meaning. Used by the compiler
 * and the tracefs translation, after filter_check().
 */
#ifndef FILTER_FOLD_H
#define FILTER_FOLD_H

#include "filter/ast.h"

/* Folds `node` in place; never fails (it only frees). */
void filter_fold(struct filter_node *node);

#endif /* FILTER_FOLD_H */
