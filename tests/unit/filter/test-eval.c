/*
 * Evaluation tests: every row of the hand-written table (eval-table.h)
 * compiled, serialized, linked to the fixture event and evaluated; plus
 * the fast-path promises: contexts are fetched only when an evaluation
 * reaches them, and a program is reusable across events.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval-table.h"
#include "filter/filter.h"
#include "filter/interpreter.h"
#include "filter/linker.h"
#include "fixture.h"

static void test_every_table_row_evaluates_as_written_by_hand(void **state)
{
	unsigned int i, wrong = 0;

	(void)state;
	for (i = 0; i < EVAL_TABLE_LEN; i++) {
		bool got = fixture_eval(eval_table[i].expr);

		if (got != eval_table[i].expected) {
			print_error("row %u: '%s' gave %d, expected %d\n", i,
				    eval_table[i].expr, got,
				    eval_table[i].expected);
			wrong++;
		}
	}
	assert_true(EVAL_TABLE_LEN >= 100);
	assert_int_equal(wrong, 0);
}

static void test_contexts_are_fetched_only_when_reached(void **state)
{
	(void)state;
	fixture_fetches = 0;
	assert_false(fixture_eval("i == 0 && $ctx.vpid == 1234"));
	assert_int_equal(fixture_fetches, 0);
	assert_true(fixture_eval("i == 42 || $ctx.vpid == 1234"));
	assert_int_equal(fixture_fetches, 0);
	assert_true(fixture_eval("i == 42 && $ctx.vpid == 1234"));
	assert_int_equal(fixture_fetches, 1);
	assert_true(
		fixture_eval("$ctx.vpid == 1234 && $app.myprov:ival == 17"));
	assert_int_equal(fixture_fetches, 3);
}

static void test_a_missing_context_fetch_makes_the_filter_false(void **state)
{
	struct filter_bytecode *bc;
	struct filter_program *prog;

	(void)state;
	assert_int_equal(filter_compile("$ctx.vpid == 1234", &bc, NULL), 0);
	assert_int_equal(
		filter_link(bc->data, bc->len, &fixture_layout, &prog, NULL, 0),
		0);
	assert_true(filter_eval(prog, fixture_values, fixture_fetch, NULL));
	assert_false(filter_eval(prog, fixture_values, NULL, NULL));
	filter_program_free(prog);
	free(bc);
}

static void test_one_program_filters_successive_events(void **state)
{
	static const struct filter_field fields[] = {
		{"intfield", FILTER_FIELD_INTEGER},
		{"intfield2", FILTER_FIELD_INTEGER},
	};
	const struct filter_event_layout layout = {fields, 2};
	struct filter_value values[2];
	struct filter_bytecode *bc;
	struct filter_program *prog;
	int64_t a, passed = 0;

	(void)state;
	assert_int_equal(
		filter_compile("intfield > 10 && intfield2 < 100", &bc, NULL),
		0);
	assert_int_equal(
		filter_link(bc->data, bc->len, &layout, &prog, NULL, 0), 0);
	assert_false(filter_program_always_false(prog));
	for (a = 0; a < 200; a++) {
		values[0].u.s64 = a;
		values[1].u.s64 = 200 - a;
		passed += filter_eval(prog, values, NULL, NULL);
	}
	/* a in [11, 199] and 200 - a < 100, i.e. a in [101, 199]. */
	assert_int_equal(passed, 99);
	filter_program_free(prog);
	free(bc);
}

static void test_unknown_field_links_to_always_false_with_reason(void **state)
{
	struct filter_bytecode *bc;
	struct filter_program *prog;
	char msg[128];

	(void)state;
	assert_int_equal(filter_compile("nosuch == 1 || 1", &bc, NULL), 0);
	assert_int_equal(filter_link(bc->data, bc->len, &fixture_layout, &prog,
				     msg, sizeof(msg)),
			 0);
	assert_true(filter_program_always_false(prog));
	assert_string_equal(msg, "the event has no field 'nosuch'");
	filter_program_free(prog);
	free(bc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_every_table_row_evaluates_as_written_by_hand),
		cmocka_unit_test(test_contexts_are_fetched_only_when_reached),
		cmocka_unit_test(
			test_a_missing_context_fetch_makes_the_filter_false),
		cmocka_unit_test(test_one_program_filters_successive_events),
		cmocka_unit_test(
			test_unknown_field_links_to_always_false_with_reason),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
