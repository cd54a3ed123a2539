/*
 * A reference evaluator of filter syntax trees over the fixture event,
 * written from the language rules independently of the compiler, linker
 * and interpreter, so that the round trip test can compare the two.
 */
#ifndef TEST_FILTER_REF_EVAL_H
#define TEST_FILTER_REF_EVAL_H

#include <stdbool.h>

#include "filter/ast.h"

/* Whether the fixture event passes the (parsed, unfolded) tree `root`. */
bool ref_eval(const struct filter_node *root);

#endif /* TEST_FILTER_REF_EVAL_H */
