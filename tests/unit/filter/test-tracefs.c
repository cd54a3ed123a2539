/*
 * Tracefs translation tests: what the kernel's event filter language can
 * express comes out in its syntax (field on the left, globs as ~, bit
 * tests as FIELD & MASK); everything else is refused with the reason.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "filter/filter.h"
#include "filter/tracefs-filter.h"

static const struct {
	const char *expr, *tracefs;
} expressible[] = {
	{"pid == 42", "pid == 42"},
	{"42 == pid", "pid == 42"},
	{"3 < prio", "prio > 3"},
	{"3 >= prio", "prio <= 3"},
	{"prio >= -5", "prio >= -5"},
	{"pid == 40 + 2", "pid == 42"},
	{"pid != -(3)", "pid != -3"},
	{"a == 1 && b != 2", "a == 1 && b != 2"},
	{"a == 1 && b != 2 && c < 3", "a == 1 && b != 2 && c < 3"},
	{"a == 1 || b == 2 && c == 3", "a == 1 || (b == 2 && c == 3)"},
	{"(a == 1 || b == 2) && c == 3", "(a == 1 || b == 2) && c == 3"},
	{"!(a == 1)", "!(a == 1)"},
	{"!(a == 1 || b == 2)", "!(a == 1 || b == 2)"},
	{"flags & 4", "flags & 4"},
	{"4 & flags", "flags & 4"},
	{"flags & 4 != 0", "flags & 4"},
	{"flags & 4 == 0", "!(flags & 4)"},
	{"0 != flags & 0x10", "flags & 16"},
	{"a", "a != 0"},
	{"!a", "!(a != 0)"},
	{"comm == \"bash\"", "comm == \"bash\""},
	{"comm != \"bash\"", "comm != \"bash\""},
	{"comm == \"ba*\"", "comm ~ \"ba*\""},
	{"\"*sh\" == comm", "comm ~ \"*sh\""},
	{"comm != \"*sh*\"", "!(comm ~ \"*sh*\")"},
	{"comm == \"a\\*b\"", "comm == \"a*b\""},
	{"comm == \"ls\" && pid > 100", "comm == \"ls\" && pid > 100"},
};

static void test_expressible_filters_translate_exactly(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(expressible) / sizeof(expressible[0]); i++) {
		struct filter_error err = {0};
		char why[128] = "", *out = NULL;
		int ret = filter_tracefs_translate(expressible[i].expr, &out,
						   why, sizeof(why), &err);

		if (ret)
			fail_msg("'%s' refused: %d %s %s", expressible[i].expr,
				 ret, why, err.message);
		if (strcmp(out, expressible[i].tracefs))
			fail_msg("'%s' gave '%s'", expressible[i].expr, out);
		free(out);
	}
}

static const struct {
	const char *expr, *why;
} inexpressible[] = {
	{"pid + 1 == 2", "operator '+' has no tracefs equivalent"},
	{"a << 2 == 8", "operator '<<' has no tracefs equivalent"},
	{"a | 1", "operator '|' has no tracefs equivalent"},
	{"~a == 1", "operator '~' has no tracefs equivalent"},
	{"-a", "operator '-' has no tracefs equivalent"},
	{"pid == 1 / 0", "operator '/' has no tracefs equivalent"},
	{"a & b", "tracefs supports '&' only as FIELD & CONSTANT"},
	{"(a & 3) == 3", "operator '&' has no tracefs equivalent"},
	{"$ctx.vpid == 1", "tracefs has no context fields ($ctx./$app.)"},
	{"$app.p:t == 1", "tracefs has no context fields ($ctx./$app.)"},
	{"a.b == 1", "tracefs has no nested or array element fields"},
	{"arr[1] == 1", "tracefs has no nested or array element fields"},
	{"a == b", "tracefs compares fields with constants only"},
	{"a == 1.5", "tracefs has no floating point values"},
	{"1", "a constant filter has no tracefs form"},
	{"comm == \"a\\*b*\"", "tracefs cannot express the string \"a\\*b*\""},
	{"comm == \"a?b*\"", "tracefs cannot express the string \"a?b*\""},
	/* LTTng orders by a star-at-the-end pattern's prefix; tracefs can't. */
	{"comm <= \"ba*\"", "tracefs compares strings with ==, != and ~ only"},
	{"comm == \"say \\\"hi\\\"\"",
	 "tracefs cannot express the string \"say \"hi\"\""},
	{"pid == 1 || $ctx.vpid == 2",
	 "tracefs has no context fields ($ctx./$app.)"},
};

static void test_inexpressible_filters_are_refused_with_reason(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(inexpressible) / sizeof(inexpressible[0]); i++) {
		char why[128] = "", *out = NULL;
		int ret = filter_tracefs_translate(inexpressible[i].expr, &out,
						   why, sizeof(why), NULL);

		if (ret != -ENOTSUP || strcmp(why, inexpressible[i].why))
			fail_msg("'%s': %d \"%s\"", inexpressible[i].expr, ret,
				 why);
		assert_null(out);
	}
}

static void test_invalid_expressions_report_the_compile_error(void **state)
{
	struct filter_error err = {0};
	char why[64], *out = NULL;

	(void)state;
	assert_int_equal(filter_tracefs_translate("\"x\" < 1", &out, why,
						  sizeof(why), &err),
			 -EINVAL);
	assert_int_equal(err.kind, FILTER_ERR_TYPE);
	assert_int_equal(filter_tracefs_translate("pid ==", &out, why,
						  sizeof(why), &err),
			 -EINVAL);
	assert_string_equal(err.message,
			    "filter:1:7: unexpected end of expression");
	assert_null(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_expressible_filters_translate_exactly),
		cmocka_unit_test(
			test_inexpressible_filters_are_refused_with_reason),
		cmocka_unit_test(
			test_invalid_expressions_report_the_compile_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
