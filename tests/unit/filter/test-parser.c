/*
 * Parser tests: precedence and associativity (each expression against its
 * fully parenthesized rendering), every literal form and reference form,
 * and malformed expressions refused with the exact message and position.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "filter/ast.h"
#include "filter/filter.h"
#include "filter/parser.h"

static char *parse_render(const char *expr)
{
	struct filter_error err = {0};
	struct filter_node *root;
	char *text;

	if (filter_parse(expr, &root, &err))
		fail_msg("'%s' does not parse: %s", expr, err.message);
	text = filter_ast_render(root);
	filter_ast_free(root);
	return text;
}

static const struct {
	const char *expr, *rendered;
} precedence[] = {
	{"a & 1 == 1", "((a & 1) == 1)"},
	{"a | b & c", "(a | (b & c))"},
	{"a ^ b | c", "((a ^ b) | c)"},
	{"a | b ^ c", "(a | (b ^ c))"},
	{"a & b ^ c", "((a & b) ^ c)"},
	{"a & b | c ^ d", "((a & b) | (c ^ d))"},
	{"a << 1 & b", "((a << 1) & b)"},
	{"a & b << 1", "(a & (b << 1))"},
	{"a >> b & c", "((a >> b) & c)"},
	{"a << b << c", "((a << b) << c)"},
	{"a + b << c", "((a + b) << c)"},
	{"a << b + c", "(a << (b + c))"},
	{"a * b + c", "((a * b) + c)"},
	{"a + b * c", "(a + (b * c))"},
	{"a - b - c", "((a - b) - c)"},
	{"a / b / c", "((a / b) / c)"},
	{"a % b * c", "((a % b) * c)"},
	{"a * (b + c)", "(a * (b + c))"},
	{"a | b < c", "((a | b) < c)"},
	{"a < b | c", "(a < (b | c))"},
	{"a < b == c < d", "((a < b) == (c < d))"},
	{"a == b != c", "((a == b) != c)"},
	{"a < b < c", "((a < b) < c)"},
	{"a >= b <= c", "((a >= b) <= c)"},
	{"a == 1 ^ 2", "(a == (1 ^ 2))"},
	{"a && b || c", "((a && b) || c)"},
	{"a || b && c", "(a || (b && c))"},
	{"a || b || c", "((a || b) || c)"},
	{"a && b && c", "((a && b) && c)"},
	{"(a || b) && c", "((a || b) && c)"},
	{"a == b && c != d", "((a == b) && (c != d))"},
	{"a > b && c <= d || !e", "(((a > b) && (c <= d)) || (!e))"},
	{"!a && b", "((!a) && b)"},
	{"!a == b", "((!a) == b)"},
	{"-a * b", "((-a) * b)"},
	{"!!a", "(!(!a))"},
	{"-~a", "(-(~a))"},
	{"!-+~a", "(!(-(+(~a))))"},
	{"- -1", "(-(-1))"},
	{"~a & b", "((~a) & b)"},
	{"a.b.c == 1", "(a.b.c == 1)"},
	{"f[3] > 2", "(f[3] > 2)"},
	{"a.b[1] & 0x10", "(a.b[1] & 16)"},
	{"x[0][1]", "x[0][1]"},
	{"$ctx.vpid == 1 || $app.p:t == 2",
	 "(($ctx.vpid == 1) || ($app.p:t == 2))"},
	{"$ctx.perf:thread:cpu-cycles > 0",
	 "($ctx.perf:thread:cpu-cycles > 0)"},
	{"$ctx.perf:cpu:stalled-cycles-frontend - 1",
	 "($ctx.perf:cpu:stalled-cycles-frontend - 1)"},
	{"$ctx.vpid-1", "($ctx.vpid - 1)"},
	{"  a\n==\t1 ", "(a == 1)"},
	{"(((a)))", "a"},
};

static void test_precedence_and_associativity_table(void **state)
{
	size_t i;

	(void)state;
	assert_true(sizeof(precedence) / sizeof(precedence[0]) >= 40);
	for (i = 0; i < sizeof(precedence) / sizeof(precedence[0]); i++) {
		char *text = parse_render(precedence[i].expr);

		assert_non_null(text);
		if (strcmp(text, precedence[i].rendered))
			fail_msg("'%s' rendered as '%s', expected '%s'",
				 precedence[i].expr, text,
				 precedence[i].rendered);
		free(text);
	}
}

static void test_rendering_parses_back_to_the_same_tree(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(precedence) / sizeof(precedence[0]); i++) {
		char *once = parse_render(precedence[i].expr);
		char *twice = parse_render(once);

		assert_string_equal(once, twice);
		free(once);
		free(twice);
	}
}

static struct filter_node *parse_ok(const char *expr)
{
	struct filter_error err = {0};
	struct filter_node *root;

	if (filter_parse(expr, &root, &err))
		fail_msg("'%s' does not parse: %s", expr, err.message);
	return root;
}

static void assert_int_literal(const char *expr, int64_t value)
{
	struct filter_node *root = parse_ok(expr);

	assert_int_equal(root->type, FILTER_NODE_INT);
	if (root->u.i != value)
		fail_msg("'%s' is %lld, expected %lld", expr,
			 (long long)root->u.i, (long long)value);
	filter_ast_free(root);
}

static void assert_float_literal(const char *expr, double value)
{
	struct filter_node *root = parse_ok(expr);

	assert_int_equal(root->type, FILTER_NODE_FLOAT);
	if (root->u.f != value)
		fail_msg("'%s' is %g, expected %g", expr, root->u.f, value);
	filter_ast_free(root);
}

static void assert_string_literal(const char *expr, const char *text,
				  size_t len, bool glob)
{
	struct filter_node *root = parse_ok(expr);

	assert_int_equal(root->type, FILTER_NODE_STRING);
	assert_int_equal(root->u.str.len, len);
	assert_memory_equal(root->u.str.text, text, len);
	assert_int_equal(root->u.str.text[len], '\0');
	assert_int_equal(root->u.str.glob, glob);
	filter_ast_free(root);
}

static void test_integer_literals_decimal_hex_octal(void **state)
{
	(void)state;
	assert_int_literal("17", 17);
	assert_int_literal("0", 0);
	assert_int_literal("0x1F", 31);
	assert_int_literal("0X1f", 31);
	assert_int_literal("017", 15);
	assert_int_literal("00", 0);
	assert_int_literal("10UL", 10);
	assert_int_literal("7u", 7);
	assert_int_literal("9223372036854775807", INT64_MAX);
	assert_int_literal("9223372036854775808", INT64_MIN);
	assert_int_literal("0xffffffffffffffff", -1);
	assert_int_literal("18446744073709551615", -1);
	assert_int_literal("01777777777777777777777", -1);
}

static void test_floating_point_literals(void **state)
{
	(void)state;
	assert_float_literal("17.34e9", 17.34e9);
	assert_float_literal(".5", 0.5);
	assert_float_literal("5.", 5.0);
	assert_float_literal("1e3", 1000.0);
	assert_float_literal("2.5E-1", 0.25);
	assert_float_literal("3e+2", 300.0);
	assert_float_literal("08.5", 8.5);
	assert_float_literal("1e400", INFINITY);
}

static void test_string_literals_escapes_and_globs(void **state)
{
	(void)state;
	assert_string_literal("\"user34\"", "user34", 6, false);
	assert_string_literal("\"a\\\"b\"", "a\"b", 3, false);
	assert_string_literal("\"\\\\\"", "\\", 1, false);
	assert_string_literal("\"\\n\\t\\r\"", "\n\t\r", 3, false);
	assert_string_literal("\"\\'\\?\\a\\b\\f\\v\"", "'?\a\b\f\v", 6, false);
	assert_string_literal("\"\\*\"", "*", 1, false);
	assert_string_literal("\"\"", "", 0, false);
	assert_string_literal("'c'", "c", 1, false);
	/* Patterns keep '\' escapes for the matcher. */
	assert_string_literal("\"192.168.*\"", "192.168.*", 9, true);
	assert_string_literal("\"*.log\"", "*.log", 5, true);
	assert_string_literal("\"x\\*y*\"", "x\\*y*", 5, true);
	assert_string_literal("\"a\\\\*\"", "a\\\\*", 4, true);
}

static void assert_rendered(const char *expr, const char *rendered)
{
	char *text = parse_render(expr);

	assert_string_equal(text, rendered);
	free(text);
}

static void test_every_operator_and_reference_form(void **state)
{
	(void)state;
	assert_rendered(
		"a * b / c % d + e - f << g >> h & i ^ j | k < l <= m"
		" > n >= o == p != q && r || s",
		"((((((((((((((((((a * b) / c) % d) + e) - f) << g) >> h)"
		" & i) ^ j) | k) < l) <= m) > n) >= o) == p) != q) && r)"
		" || s)");
	assert_rendered("!a || ~b || -c || +d",
			"((((!a) || (~b)) || (-c)) || (+d))");
	assert_rendered("$ctx.prio", "$ctx.prio");
	assert_rendered("$ctx.perf:cpu:stalled-cycles-frontend",
			"$ctx.perf:cpu:stalled-cycles-frontend");
	assert_rendered("$app.server:cur_user", "$app.server:cur_user");
	assert_rendered("msg.user[1].data[2][17]", "msg.user[1].data[2][17]");
	assert_rendered("seq[7]", "seq[7]");
	assert_rendered("seq[0x1]", "seq[1]");
	assert_rendered("my_field == \"192.168.*\"",
			"(my_field == \"192.168.*\")");
	assert_rendered("f == \"a\\*b\"", "(f == \"a\\*b\")");
	assert_rendered("f == 1.5", "(f == 1.5)");
	assert_rendered("f == 17.34e9", "(f == 17340000000.0)");
}

static void test_reference_paths_are_split_into_segments(void **state)
{
	struct filter_node *root = parse_ok("msg.user[1].data");

	(void)state;
	assert_int_equal(root->type, FILTER_NODE_REF);
	assert_int_equal(root->u.ref.scope, FILTER_SCOPE_PAYLOAD);
	assert_int_equal(root->u.ref.nr_segs, 4);
	assert_string_equal(root->u.ref.segs[0].name, "msg");
	assert_string_equal(root->u.ref.segs[1].name, "user");
	assert_true(root->u.ref.segs[2].is_index);
	assert_int_equal(root->u.ref.segs[2].index, 1);
	assert_string_equal(root->u.ref.segs[3].name, "data");
	filter_ast_free(root);

	root = parse_ok("$app.server:cur_user");
	assert_int_equal(root->u.ref.scope, FILTER_SCOPE_APP);
	assert_string_equal(root->u.ref.segs[0].name, "server:cur_user");
	filter_ast_free(root);
}

static const struct {
	const char *expr, *message, *lttng;
	enum filter_error_kind kind;
	size_t offset;
} errors[] = {
	{"a == ", "filter:1:6: unexpected end of expression",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 5},
	{"(a == 1",
	 "filter:1:8: unexpected end of expression, expected ')' to match the "
	 "'(' at column 1",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 7},
	{"a == 1)",
	 "filter:1:7: unexpected token ')' after a complete expression",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 6},
	{"a @ 1", "filter:1:3: unexpected character '@'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 2},
	{"a = 1", "filter:1:3: unexpected character '=' (did you mean '=='?)",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 2},
	{"a == 1 1",
	 "filter:1:8: unexpected token '1' after a complete expression",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 7},
	{"a ==== 1", "filter:1:5: unexpected token '=='",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 4},
	{"$ctx.", "filter:1:1: expected a name after '$ctx.'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 0},
	{"$ctx == 1", "filter:1:1: expected '.' and a name after '$ctx'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 0},
	{"$foo.x == 1",
	 "filter:1:1: unknown reference '$foo' (expected $ctx. or $app.)",
	 "[error] Unexpected identifier '$foo'\nGenerate IR error\n",
	 FILTER_ERR_SYNTAX, 0},
	{"a[",
	 "filter:1:3: unexpected end of expression, expected an array index",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 2},
	{"a[b] == 1",
	 "filter:1:3: array index must be a constant non-negative integer",
	 "[error] Expecting constant index in array expression\nGenerate IR "
	 "error\n",
	 FILTER_ERR_TYPE, 2},
	{"a[1 == 1", "filter:1:5: unexpected token '==', expected ']'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 4},
	{"a. == 1",
	 "filter:1:4: unexpected token '==', expected a field name after '.'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 3},
	{"a == 0x", "filter:1:6: malformed hexadecimal literal '0x'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 5},
	{"a == 08", "filter:1:6: invalid digit in octal literal '08'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 5},
	{"a == 1abc", "filter:1:6: invalid integer literal '1abc'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 5},
	{"a == 1.5e", "filter:1:6: malformed exponent in '1.5e'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 5},
	{"a == 1.5.2", "filter:1:6: invalid floating point literal '1.5.2'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 5},
	{"99999999999999999999 == a",
	 "filter:1:1: integer literal out of the 64-bit range: "
	 "'99999999999999999999'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 0},
	{"\"abc", "filter:1:1: unterminated string literal starting at '\"'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 0},
	{"a == \"\\",
	 "filter:1:6: unterminated string literal starting at '\"'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 5},
	{"a == \"ab\\",
	 "filter:1:6: unterminated string literal starting at '\"'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 5},
	{"a == \"\\q\"",
	 "filter:1:7: unsupported escape sequence '\\q' in string literal",
	 "Unsupported escape character detected.\n", FILTER_ERR_ESCAPE, 6},
	{"", "filter:1:1: unexpected end of expression",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 0},
	{"   ", "filter:1:4: unexpected end of expression",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 3},
	{"a\n&& (b ==)", "filter:2:9: unexpected token ')'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 10},
	{"a[4294967296] == 1",
	 "filter:1:3: array index 4294967296 is out of range", "",
	 FILTER_ERR_LIMIT, 2},
	{"a == \x01", "filter:1:6: unexpected character '\\x01'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 5},
	{"()", "filter:1:2: unexpected token ')'",
	 "error syntax error\nParse error\n", FILTER_ERR_SYNTAX, 1},
};

static void test_malformed_expressions_name_what_and_where(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(errors) / sizeof(errors[0]); i++) {
		struct filter_error err = {0};
		struct filter_node *root = NULL;
		int ret = filter_parse(errors[i].expr, &root, &err);

		if (ret != -EINVAL && ret != -E2BIG)
			fail_msg("'%s' returned %d", errors[i].expr, ret);
		assert_null(root);
		if (strcmp(err.message, errors[i].message))
			fail_msg("'%s': got \"%s\", expected \"%s\"",
				 errors[i].expr, err.message,
				 errors[i].message);
		assert_string_equal(err.lttng_message, errors[i].lttng);
		assert_int_equal(err.kind, errors[i].kind);
		assert_int_equal(err.offset, errors[i].offset);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_precedence_and_associativity_table),
		cmocka_unit_test(test_rendering_parses_back_to_the_same_tree),
		cmocka_unit_test(test_integer_literals_decimal_hex_octal),
		cmocka_unit_test(test_floating_point_literals),
		cmocka_unit_test(test_string_literals_escapes_and_globs),
		cmocka_unit_test(test_every_operator_and_reference_form),
		cmocka_unit_test(test_reference_paths_are_split_into_segments),
		cmocka_unit_test(
			test_malformed_expressions_name_what_and_where),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
