/*
 * Tracefs translation tests: what the kernel's event filter language can
 * express comes out in its syntax (field on the left, globs as ~, bit
 * tests as FIELD & MASK); everything else is refused with the reason.
 * For an event with a field tracefs does not hold as recorded (a system
 * call's user string), the filter tracefs may apply first is implied by
 * the expression: checked on random expressions and values.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "filter/filter.h"
#include "filter/interpreter.h"
#include "filter/linker.h"
#include "filter/strbuf.h"
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

/* The event of the split tests: `path` is a user string tracefs lacks. */
static bool same_but_path(void *priv, const char *name)
{
	(void)priv;
	return strcmp(name, "path") != 0;
}

static const struct filter_tracefs_fields syscall_like = {same_but_path, NULL};

static const struct {
	const char *expr, *implied;
} split[] = {
	{"path == \"/tmp/*\"", NULL},
	{"path == \"/tmp/*\" && size == 77", "(size == 77)"},
	{"size == 77 && path != \"/x\" && count > 3",
	 "(size == 77) && (count > 3)"},
	{"(size == 1 || count == 2) && path == \"a\"",
	 "(size == 1 || count == 2)"},
	{"size == 77 || path == \"/x\"", NULL},
	{"!(size == 77 && path == \"/x\")", NULL},
	{"path == \"/x\" && $ctx.tid == 3 && flags & 4", "(flags & 4)"},
	{"name == \"a*\" && path == \"b\"", "(name ~ \"a*\")"},
};

static void test_split_keeps_the_expressible_conjuncts(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(split) / sizeof(split[0]); i++) {
		char why[128] = "", *out = NULL, *implied = NULL;
		int ret = filter_tracefs_translate_event(
			split[i].expr, &syscall_like, &out, &implied, why,
			sizeof(why), NULL);

		if (ret != -ENOTSUP)
			fail_msg("'%s': %d", split[i].expr, ret);
		assert_null(out);
		if (!split[i].implied != !implied ||
		    (implied && strcmp(implied, split[i].implied)))
			fail_msg("'%s' implied '%s'", split[i].expr,
				 implied ? implied : "(none)");
		free(implied);
	}
	/* Without such a field: the whole, and nothing implied. */
	{
		char *out = NULL, *implied = NULL;

		assert_int_equal(filter_tracefs_translate_event(
					 "path == \"/t*\" && size == 1", NULL,
					 &out, &implied, NULL, 0, NULL),
				 0);
		assert_string_equal(out, "path ~ \"/t*\" && size == 1");
		assert_null(implied);
		free(out);
	}
	{
		char why[128] = "", *out = NULL;

		assert_int_equal(filter_tracefs_translate_event(
					 "path == \"/x\"", &syscall_like, &out,
					 NULL, why, sizeof(why), NULL),
				 -ENOTSUP);
		assert_string_equal(why, "tracefs does not hold field 'path' "
					 "as it is recorded");
	}
}

/* A random expression over num1, num2 (integers) and path (a string). */
static void random_expr(struct filter_strbuf *sb, unsigned int *seed, int depth)
{
	static const char *const leaves[] = {
		"num1 == %u",	  "num2 < %u",	     "num1 & %u",
		"num2 != %u",	  "path == \"/x*\"", "path != \"/y\"",
		"path == \"*y\"", "num1 >= %u",
	};
	unsigned int r = (unsigned int)rand_r(seed);

	if (depth <= 0 || r % 3 == 0) {
		filter_strbuf_printf(sb, leaves[r / 3 % 8], r / 24 % 8);
		return;
	}
	if (r % 3 == 1) {
		filter_strbuf_printf(sb, "!(");
		random_expr(sb, seed, depth - 1);
		filter_strbuf_printf(sb, ")");
		return;
	}
	filter_strbuf_printf(sb, "(");
	random_expr(sb, seed, depth - 1);
	filter_strbuf_printf(sb, r / 3 % 3 ? " && " : " || ");
	random_expr(sb, seed, depth - 1);
	filter_strbuf_printf(sb, ")");
}

static struct filter_program *link_expr(const char *expr)
{
	static const struct filter_field fields[] = {
		{.name = "num1", .kind = FILTER_FIELD_INTEGER},
		{.name = "num2", .kind = FILTER_FIELD_INTEGER},
		{.name = "path", .kind = FILTER_FIELD_STRING},
	};
	const struct filter_event_layout layout = {.fields = fields,
						   .nr_fields = 3};
	struct filter_bytecode *bc = NULL;
	struct filter_program *prog = NULL;
	struct filter_error err;
	char msg[128];

	if (filter_compile(expr, &bc, &err))
		fail_msg("'%s': %s", expr, err.message);
	if (filter_link(bc->data, bc->len, &layout, &prog, msg, sizeof(msg)))
		fail_msg("'%s': %s", expr, msg);
	free(bc);
	return prog;
}

/* tracefs text back in the filter language (`~` is `==` with a glob). */
static char *from_tracefs(const char *text)
{
	char *copy = strdup(text), *p;
	size_t len = strlen(text) + 64;
	char *out = malloc(len);

	assert_non_null(copy);
	assert_non_null(out);
	out[0] = '\0';
	for (p = copy; *p; p++) {
		if (p[0] == '~') {
			strcat(out, "==");
			continue;
		}
		strncat(out, p, 1);
	}
	free(copy);
	return out;
}

/*
 * A filter must never be split so that it changes the result: every
 * record the expression accepts passes the implied tracefs filter,
 * which never names the field tracefs lacks.
 */
static void test_implied_filter_keeps_every_accepted_record(void **state)
{
	static const char *const paths[] = {"/x1", "/y", "/xy", "", "/x"};
	unsigned int seed = (unsigned int)time(NULL), n, splits = 0;

	(void)state;
	printf("seed %u\n", seed);
	for (n = 0; n < 3000; n++) {
		struct filter_strbuf sb = {0};
		struct filter_program *whole, *part;
		char *expr, *out = NULL, *implied = NULL, *ours;
		unsigned int v;
		int ret;

		random_expr(&sb, &seed, 4);
		expr = filter_strbuf_finish(&sb);
		assert_non_null(expr);
		ret = filter_tracefs_translate_event(expr, &syscall_like, &out,
						     &implied, NULL, 0, NULL);
		if (ret == 0) { /* no path in it */
			assert_null(strstr(expr, "path"));
			free(out);
			free(expr);
			continue;
		}
		assert_int_equal(ret, -ENOTSUP);
		if (!implied) {
			free(expr);
			continue;
		}
		splits++;
		if (strstr(implied, "path"))
			fail_msg("'%s' implied '%s' (seed %u)", expr, implied,
				 seed);
		ours = from_tracefs(implied);
		whole = link_expr(expr);
		part = link_expr(ours);
		for (v = 0; v < 8 * 8 * 5; v++) {
			struct filter_value values[3] = {
				{.type = FILTER_VALUE_S64, .u.s64 = v % 8},
				{.type = FILTER_VALUE_S64, .u.s64 = v / 8 % 8},
				{.type = FILTER_VALUE_STRING},
			};

			values[2].u.str.ptr = paths[v / 64];
			values[2].u.str.len = strlen(paths[v / 64]);
			if (filter_eval(whole, values, NULL, NULL) &&
			    !filter_eval(part, values, NULL, NULL))
				fail_msg("'%s' accepts what '%s' refuses "
					 "(seed %u)",
					 expr, implied, seed);
		}
		filter_program_free(whole);
		filter_program_free(part);
		free(ours);
		free(implied);
		free(expr);
	}
	assert_true(splits > 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_expressible_filters_translate_exactly),
		cmocka_unit_test(
			test_inexpressible_filters_are_refused_with_reason),
		cmocka_unit_test(
			test_invalid_expressions_report_the_compile_error),
		cmocka_unit_test(test_split_keeps_the_expressible_conjuncts),
		cmocka_unit_test(
			test_implied_filter_keeps_every_accepted_record),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
