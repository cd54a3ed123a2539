/*
 * The event the filter tests evaluate against: a payload with every field
 * kind (integers, enum, float, strings, char array, integer arrays, a
 * structure) and a context source ($ctx. and $app. names) that counts its
 * fetches. Shared by the evaluation, round trip and fuzz tests.
 */
#ifndef TEST_FILTER_FIXTURE_H
#define TEST_FILTER_FIXTURE_H

#include <stdbool.h>

#include "filter/interpreter.h"
#include "filter/linker.h"

extern const struct filter_event_layout fixture_layout;
extern const struct filter_value fixture_values[];
extern unsigned int fixture_fetches;

bool fixture_fetch(void *priv, uint32_t index, struct filter_value *value);

/*
 * Compiles, links and evaluates `expr` against the fixture event. Fails
 * the test (cmocka) if the expression does not compile or link.
 */
bool fixture_eval(const char *expr);

#endif /* TEST_FILTER_FIXTURE_H */
