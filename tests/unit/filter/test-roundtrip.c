/*
 * Round trip: for the hand-written table and for thousands of generated
 * expressions, compile -> serialize -> validate -> link -> evaluate gives
 * the same answer as the reference evaluator (ref-eval.c) run directly on
 * the syntax tree. This checks folding, code generation, linking and the
 * interpreter against a model written from the rules alone.
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
#include "filter/parser.h"
#include "fixture.h"
#include "ref-eval.h"

static bool reference(const char *expr)
{
	struct filter_error err = {0};
	struct filter_node *root;
	bool result;

	if (filter_parse(expr, &root, &err))
		fail_msg("'%s' does not parse: %s", expr, err.message);
	result = ref_eval(root);
	filter_ast_free(root);
	return result;
}

static void test_reference_model_agrees_with_the_table(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < EVAL_TABLE_LEN; i++) {
		if (reference(eval_table[i].expr) != eval_table[i].expected)
			fail_msg("reference model disagrees on '%s'",
				 eval_table[i].expr);
	}
}

static uint64_t rng_state = 0x2545f4914f6cdd1dull;

static uint32_t rng(uint32_t n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 20) % n;
}

static const char *const int_operands[] = {
	"i",
	"j",
	"u",
	"big",
	"small",
	"zero",
	"sh",
	"e",
	"st.x",
	"arr[0]",
	"arr[1]",
	"arr[3]",
	"bytes[0]",
	"comm[1]",
	"$ctx.vpid",
	"$app.myprov:ival",
	"0",
	"1",
	"-1",
	"2",
	"7",
	"42",
	"63",
	"64",
	"0x7fffffffffffffff",
	"017",
	"nosuch",
};
static const char *const float_operands[] = {
	"d", "$app.myprov:dval", "0.5", "2.5", "1e3", "-0.0",
};
static const char *const string_operands[] = {
	"name",
	"comm",
	"star",
	"st.s",
	"empty",
	"$ctx.procname",
	"$app.myprov:sval",
	"\"hello*\"",
	"\"*\"",
	"\"a\\*b\"",
	"\"bash\"",
	"\"x\"",
	"\"*o*\"",
	"\"\"",
};
static const char *const binary_ops[] = {
	"*", "/", "%",	"+", "-",  "<<", ">>", "&",  "^",
	"|", "<", "<=", ">", ">=", "==", "!=", "&&", "||",
};
static const char *const unary_ops[] = {"!", "~", "-", "+"};

#define PICK(a) (a)[rng(sizeof(a) / sizeof((a)[0]))]

/* Appends a random expression of at most `depth` levels. */
static void generate(char *buf, size_t size, unsigned int depth)
{
	size_t len = strlen(buf);
	uint32_t choice = depth ? rng(10) : rng(4);

	if (choice < 2)
		snprintf(buf + len, size - len, "%s", PICK(int_operands));
	else if (choice == 2)
		snprintf(buf + len, size - len, "%s", PICK(float_operands));
	else if (choice == 3)
		snprintf(buf + len, size - len, "%s", PICK(string_operands));
	else if (choice == 4) {
		snprintf(buf + len, size - len, "%s(", PICK(unary_ops));
		generate(buf, size, depth - 1);
		strncat(buf, ")", size - strlen(buf) - 1);
	} else {
		strncat(buf, "(", size - strlen(buf) - 1);
		generate(buf, size, depth - 1);
		len = strlen(buf);
		snprintf(buf + len, size - len, ") %s (", PICK(binary_ops));
		generate(buf, size, depth - 1);
		strncat(buf, ")", size - strlen(buf) - 1);
	}
}

static bool pipeline(const char *expr, bool *result)
{
	struct filter_bytecode *bc = NULL;
	struct filter_program *prog;
	struct filter_error err = {0};

	if (filter_compile(expr, &bc, &err)) {
		assert_int_equal(err.kind, FILTER_ERR_TYPE);
		return false;
	}
	assert_int_equal(
		filter_link(bc->data, bc->len, &fixture_layout, &prog, NULL, 0),
		0);
	*result = filter_eval(prog, fixture_values, fixture_fetch, NULL);
	filter_program_free(prog);
	free(bc);
	return true;
}

static void test_generated_expressions_match_the_reference(void **state)
{
	unsigned int n, compiled = 0, passed = 0;
	char expr[2048];
	bool result;

	(void)state;
	for (n = 0; n < 3000; n++) {
		expr[0] = '\0';
		generate(expr, sizeof(expr), 1 + rng(4));
		if (!pipeline(expr, &result))
			continue;
		compiled++;
		passed += result;
		if (result != reference(expr))
			fail_msg("'%s': pipeline says %d, reference %d", expr,
				 result, !result);
	}
	print_message("round trip: %u of 3000 compiled, %u passed\n", compiled,
		      passed);
	assert_true(compiled > 1000);
	assert_true(passed > 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reference_model_agrees_with_the_table),
		cmocka_unit_test(
			test_generated_expressions_match_the_reference),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
