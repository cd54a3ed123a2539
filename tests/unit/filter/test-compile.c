/*
 * Compiler tests: type errors known from literals (with LTTng's wording
 * where LTTng has one), the length, nesting, stack and bytecode limits,
 * and the shape of the bytecode (folding, string table sharing, header).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "filter/ast.h"
#include "filter/bytecode.h"
#include "filter/filter.h"
#include "filter/validator.h"

static const struct {
	const char *expr, *message, *lttng;
} type_errors[] = {
	{"\"abc\" == 1",
	 "filter:1:7: binary operation '==' operand type mismatch: a string "
	 "compares only with a string",
	 "[error] binary operation '==' operand type mismatch\nGenerate IR "
	 "error\n"},
	{"1.5 != \"x\"",
	 "filter:1:5: binary operation '!=' operand type mismatch: a string "
	 "compares only with a string",
	 "[error] binary operation '!=' operand type mismatch\nGenerate IR "
	 "error\n"},
	{"\"a\" < 1",
	 "filter:1:5: binary operation '<' operand type mismatch: a string "
	 "compares only with a string",
	 "[error] binary operation '<' operand type mismatch\nGenerate IR "
	 "error\n"},
	{"2.5 >= \"b\"",
	 "filter:1:5: binary operation '>=' operand type mismatch: a string "
	 "compares only with a string",
	 "[error] binary operation '>=' operand type mismatch\nGenerate IR "
	 "error\n"},
	{"!\"x\"",
	 "filter:1:1: unary operation '!' not allowed on string literal: its "
	 "operand must be a number",
	 "[error] unary operation '!' not allowed on string literal\nGenerate "
	 "IR error\n"},
	{"-\"x\" == 1",
	 "filter:1:1: unary operation '-' not allowed on string literal: its "
	 "operand must be a number",
	 "[error] unary operation '-' not allowed on string literal\nGenerate "
	 "IR error\n"},
	{"\"x\"",
	 "filter:1:1: a string cannot be the whole filter (compare it with == "
	 "or !=)",
	 "[error] String cannot be root data type\nGenerate IR error\n"},
	{"1.5",
	 "filter:1:1: a floating point value cannot be the whole filter "
	 "(compare it with something)",
	 "[error] Unknown root child data type\nGenerate IR error\n"},
	{"1.5 << 2",
	 "filter:1:5: bitwise binary operation '<<' cannot have floating point "
	 "operand: its operands must be integers",
	 "[error] bitwise binary operation '<<' cannot have floating point "
	 "operand\nGenerate IR error\n"},
	{"a & \"x\"",
	 "filter:1:3: bitwise binary operation '&' cannot have string operand: "
	 "its operands must be integers",
	 "[error] bitwise binary operation '&' cannot have string "
	 "operand\nGenerate IR error\n"},
	{"~1.5 == 1",
	 "filter:1:1: bitwise unary operation '~' cannot have floating point "
	 "operand: its operand must be an integer",
	 "[error] bitwise unary operation '~' cannot have floating point "
	 "operand\nGenerate IR error\n"},
	{"a + \"x\" == 1",
	 "filter:1:3: arithmetic operation '+' cannot have string operand: its "
	 "operands must be numbers",
	 "[error] arithmetic operation '+' cannot have string "
	 "operand\nGenerate IR error\n"},
	{"a % 1.5 == 1",
	 "filter:1:3: arithmetic operation '%' cannot have floating point "
	 "operand: its operands must be integers",
	 "[error] arithmetic operation '%' cannot have floating point "
	 "operand\nGenerate IR error\n"},
	{"a == \"x\" && \"y\"",
	 "filter:1:10: logical binary operation '&&' cannot have string "
	 "operand: "
	 "compare the string with == or != first",
	 "[error] logical binary operation '&&' cannot have string "
	 "operand\nGenerate "
	 "IR error\n"},
};

/*
 * LTTng 2.13's pattern rules, measured with its lttng CLI (each refusal
 * exits 106 with this line, then "Error: ... Invalid filter bytecode"):
 * a full pattern (a '*' before the end) compares with == and != only, and
 * never with another pattern; a pattern whose only '*' ends it is none
 * of that. Only literal operands count, wherever they are in the tree.
 */
#define TWO_PATTERNS "[error] Cannot compare two globbing patterns\n"
#define ONLY_EQ_NE                                                             \
	"[error] Only the `==` and `!=` operators are allowed with a "         \
	"globbing pattern\n"
static const struct {
	const char *expr, *lttng; /* NULL: LTTng accepts it */
} glob_rules[] = {
	{"\"hello*world\" == \"yes*man\"", TWO_PATTERNS},
	{"\"a*b\" != \"*\"", TWO_PATTERNS},
	{"\"a*\" == \"*b\"", TWO_PATTERNS},
	{"\"a**\" == \"b*\"", TWO_PATTERNS},
	{"\"*a\" == \"*a\"", TWO_PATTERNS},
	{"\"a*b\" == \"c*d\" || x == 1", TWO_PATTERNS},
	{"x == 1 && !(\"a*b\" == \"c*\")", TWO_PATTERNS},
	{"\"a*b\" < \"c\"", ONLY_EQ_NE},
	{"x < \"a*b\"", ONLY_EQ_NE},
	{"\"*b\" >= x", ONLY_EQ_NE},
	{"x <= \"*\\*\"", ONLY_EQ_NE},
	{"(x < \"a*b\") == 1", ONLY_EQ_NE},
	{"\"a*b\" > \"c*\"", TWO_PATTERNS},
	{"\"a*\" == \"b*\"", NULL},
	{"\"a*\" < \"c\"", NULL},
	{"x >= \"*\"", NULL},
	{"\"a*b\" == x", NULL},
	{"\"a*b\" == \"ab\"", NULL},
	{"\"a\\*b\" < x", NULL},
	{"\"a\\*b\" == \"c*\"", NULL},
	{"x == \"a\\**\"", NULL},
	{"\"*\" <= \"*\"", NULL},
};

static void test_glob_rules_are_lttngs(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(glob_rules) / sizeof(glob_rules[0]); i++) {
		struct filter_bytecode *bc = NULL;
		struct filter_error err = {0};
		int ret = filter_compile_flags(glob_rules[i].expr,
					       FILTER_COMPILE_LTTNG_CLI, &bc,
					       &err);

		if (!glob_rules[i].lttng) {
			if (ret)
				fail_msg("'%s' refused: %s", glob_rules[i].expr,
					 err.message);
			free(bc);
			continue;
		}
		if (ret != -EINVAL)
			fail_msg("'%s' accepted", glob_rules[i].expr);
		assert_null(bc);
		assert_int_equal(err.kind, FILTER_ERR_TYPE);
		assert_string_equal(err.lttng_message, glob_rules[i].lttng);
	}
}

static void test_type_errors_known_from_literals(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(type_errors) / sizeof(type_errors[0]); i++) {
		struct filter_bytecode *bc = NULL;
		struct filter_error err = {0};

		assert_int_equal(filter_compile(type_errors[i].expr, &bc, &err),
				 -EINVAL);
		assert_null(bc);
		assert_int_equal(err.kind, FILTER_ERR_TYPE);
		if (strcmp(err.message, type_errors[i].message))
			fail_msg("'%s': got \"%s\"", type_errors[i].expr,
				 err.message);
		assert_string_equal(err.lttng_message, type_errors[i].lttng);
	}
}

/* `prefix` followed by spaces up to `len` bytes. */
static char *padded(const char *prefix, size_t len)
{
	char *s = malloc(len + 1);

	assert_non_null(s);
	memset(s, ' ', len);
	memcpy(s, prefix, strlen(prefix));
	s[len] = '\0';
	return s;
}

static void test_expression_length_limit_is_lttngs(void **state)
{
	struct filter_bytecode *bc = NULL;
	struct filter_error err = {0};
	char *expr;

	(void)state;
	expr = padded("a == 1", FILTER_EXPR_MAX_LEN);
	assert_int_equal(filter_compile(expr, &bc, &err), 0);
	free(bc);
	free(expr);

	expr = padded("a == 1", FILTER_EXPR_MAX_LEN + 1);
	assert_int_equal(filter_compile(expr, &bc, &err), -E2BIG);
	assert_int_equal(err.kind, FILTER_ERR_LIMIT);
	assert_string_equal(
		err.message,
		"filter:1:1: filter expression longer than 65535 bytes");
	assert_string_equal(err.lttng_message, "");
	free(expr);
}

/* `n` times `open`, then `middle`, then `n` times `close`. */
static char *nested(unsigned int n, const char *open, const char *middle,
		    const char *close)
{
	size_t len = n * (strlen(open) + strlen(close)) + strlen(middle);
	char *s = malloc(len + 1), *p = s;
	unsigned int i;

	assert_non_null(s);
	for (i = 0; i < n; i++)
		p = stpcpy(p, open);
	p = stpcpy(p, middle);
	for (i = 0; i < n; i++)
		p = stpcpy(p, close);
	return s;
}

static void test_nesting_depth_and_stack_limits(void **state)
{
	struct filter_bytecode *bc = NULL;
	struct filter_error err = {0};
	char *expr;

	(void)state;
	expr = nested(FILTER_NESTING_MAX, "(", "a", ")");
	assert_int_equal(filter_compile(expr, &bc, &err), 0);
	free(bc);
	free(expr);

	expr = nested(FILTER_NESTING_MAX + 1, "(", "a", ")");
	assert_int_equal(filter_compile(expr, &bc, &err), -E2BIG);
	assert_string_equal(err.message, "filter:1:257: more than 256 nested "
					 "parentheses or unary operators");
	free(expr);

	/* A right-nested chain needs one stack slot per level. */
	expr = nested(FILTER_STACK_MAX - 1, "a == (", "1", ")");
	assert_int_equal(filter_compile(expr, &bc, &err), 0);
	assert_int_equal(filter_get16(bc->data + 6), FILTER_STACK_MAX);
	free(bc);
	free(expr);
	expr = nested(FILTER_STACK_MAX, "a == (", "1", ")");
	assert_int_equal(filter_compile(expr, &bc, &err), -E2BIG);
	assert_string_equal(
		err.message + strcspn(err.message, " "),
		" expression too complex: it needs more than 64 stack slots");
	free(expr);

	/* A left-leaning chain keeps the stack shallow but the tree deep. */
	expr = nested(FILTER_DEPTH_MAX, "", "a", " || a");
	assert_int_equal(filter_compile(expr, &bc, &err), -E2BIG);
	assert_string_equal(
		err.message + strcspn(err.message, " "),
		" expression nested too deeply (more than 4096 levels)");
	free(expr);
	expr = nested(FILTER_DEPTH_MAX - 1, "", "a", " || a");
	assert_int_equal(filter_compile(expr, &bc, &err), 0);
	assert_int_equal(filter_get16(bc->data + 6), 1);
	assert_int_equal(filter_validate(bc->data, bc->len, NULL, 0), 0);
	free(bc);
	free(expr);
}

static void test_bytecode_size_limit(void **state)
{
	struct filter_bytecode *bc = NULL;
	struct filter_error err = {0};
	char *expr = malloc(70000);

	(void)state;
	assert_non_null(expr);
	/* header 16 + code 20 + strtab "a" 2 + literal n + 1 */
	strcpy(expr, "a == \"");
	memset(expr + 6, 'x', 65497);
	strcpy(expr + 6 + 65497, "\"");
	assert_int_equal(filter_compile(expr, &bc, &err), 0);
	assert_int_equal(bc->len, FILTER_BYTECODE_MAX_LEN);
	assert_int_equal(filter_validate(bc->data, bc->len, NULL, 0), 0);
	free(bc);

	memset(expr + 6, 'x', 65498);
	strcpy(expr + 6 + 65498, "\"");
	assert_int_equal(filter_compile(expr, &bc, &err), -E2BIG);
	assert_string_equal(err.message, "filter:1:1: filter bytecode would be "
					 "65537 bytes, the limit is 65536");
	free(expr);
}

static struct filter_bytecode *compile(const char *expr)
{
	struct filter_bytecode *bc = NULL;
	struct filter_error err = {0};

	if (filter_compile(expr, &bc, &err))
		fail_msg("'%s' does not compile: %s", expr, err.message);
	return bc;
}

static void test_literal_subexpressions_are_folded(void **state)
{
	struct filter_bytecode *a = compile("i == 2 + 3 * 4");
	struct filter_bytecode *b = compile("i == 14");
	struct filter_bytecode *c = compile("i == (1 << 4) - ~1 + -4");

	(void)state;
	assert_int_equal(a->len, b->len);
	assert_memory_equal(a->data, b->data, a->len);
	assert_memory_equal(c->data, b->data, b->len);
	free(a);
	free(b);
	free(c);

	/* Failing operations stay for the run time. */
	a = compile("i == 1 / 0");
	b = compile("i == 1");
	assert_true(a->len > b->len);
	free(a);
	free(b);
}

static void test_bytecode_layout_of_a_simple_filter(void **state)
{
	struct filter_bytecode *bc = compile("a == 1 || a == 2");
	const uint8_t *code = bc->data + FILTER_BC_HEADER_LEN;
	static const uint8_t expected_code[] = {
		FILTER_BC_LOAD_REF,
		FILTER_SCOPE_PAYLOAD,
		1,
		FILTER_SEG_NAME,
		0,
		0,
		0,
		0,
		FILTER_BC_PUSH_INT,
		1,
		0,
		0,
		0,
		0,
		0,
		0,
		0,
		FILTER_BC_BINARY,
		FILTER_OP_EQ,
		FILTER_BC_OR_JUMP,
		44,
		0,
		0,
		0,
		FILTER_BC_LOAD_REF,
		FILTER_SCOPE_PAYLOAD,
		1,
		FILTER_SEG_NAME,
		0,
		0,
		0,
		0,
		FILTER_BC_PUSH_INT,
		2,
		0,
		0,
		0,
		0,
		0,
		0,
		0,
		FILTER_BC_BINARY,
		FILTER_OP_EQ,
		FILTER_BC_TO_BOOL,
		FILTER_BC_RETURN,
	};

	(void)state;
	assert_memory_equal(bc->data, "LTFB", 4);
	assert_int_equal(filter_get16(bc->data + 4), FILTER_BC_VERSION);
	assert_int_equal(filter_get16(bc->data + 6), 2);
	assert_int_equal(filter_get32(bc->data + 8), sizeof(expected_code));
	/* The shared name "a" is stored once. */
	assert_int_equal(filter_get32(bc->data + 12), 2);
	assert_memory_equal(code, expected_code, sizeof(expected_code));
	assert_memory_equal(code + sizeof(expected_code), "a", 2);
	assert_int_equal(bc->len,
			 FILTER_BC_HEADER_LEN + sizeof(expected_code) + 2);
	free(bc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_type_errors_known_from_literals),
		cmocka_unit_test(test_expression_length_limit_is_lttngs),
		cmocka_unit_test(test_glob_rules_are_lttngs),
		cmocka_unit_test(test_nesting_depth_and_stack_limits),
		cmocka_unit_test(test_bytecode_size_limit),
		cmocka_unit_test(test_literal_subexpressions_are_folded),
		cmocka_unit_test(test_bytecode_layout_of_a_simple_filter),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
