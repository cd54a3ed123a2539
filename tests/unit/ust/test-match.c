/*
 * The matching rules of recording event rules, by table: event name
 * globs (with `*` anywhere and `\` escapes) and the --loglevel (as severe
 * or more) and --loglevel-only (exactly) conditions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>
#include <lttng/tracepoint.h>

#include "event-match.h"

struct name_case {
	const char *pattern;
	const char *name;
	int match;
};

static const struct name_case name_cases[] = {
	{"hello_world:my_first_tracepoint", "hello_world:my_first_tracepoint",
	 1},
	{"hello_world:*", "hello_world:my_first_tracepoint", 1},
	{"hello_world:*", "hello_world:", 1},
	{"hello_world:*", "hello_worlds:x", 0},
	{"hello*", "hello_world:x", 1},
	{"*", "a:b", 1},
	{"a:b", "a:bc", 0},
	{"a:bc", "a:b", 0},
	{"ab", "a", 0},
	{"*:b", "x:b", 1},
	{"*:b", "x:bb", 0},
	{"*:b", "x:b:b", 1},
	{"a*b*c", "aXXbYYc", 1},
	{"a*b*c", "aXXbYY", 0},
	{"a*b*c", "abcbc", 1},
	{"a**c", "ac", 1},
	{"*event*", "my_app:big_event_1", 1},
	{"lttng_ust_tracelog:*", "lttng_ust_tracef:event", 0},
	{"*f:event", "lttng_ust_tracef:event", 1},
	{"a\\*b", "a*b", 1},
	{"a\\*b", "axb", 0},
	{"a\\*", "a*", 1},
	{"a\\*", "ab", 0},
	{"a\\,b", "a,b", 1},
	{"*\\*", "abc*", 1},
	{"*\\*", "abc", 0},
};

static void test_name_globs(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(name_cases) / sizeof(name_cases[0]); i++) {
		const struct name_case *c = &name_cases[i];

		if (ust_match_name(c->pattern, c->name) != c->match)
			fail_msg("pattern \"%s\" name \"%s\": expected %d",
				 c->pattern, c->name, c->match);
	}
}

struct level_case {
	enum ust_loglevel_type type;
	int level;
	int event_level;
	int match;
};

static const struct level_case level_cases[] = {
	{UST_LOGLEVEL_ALL, 0, LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG, 1},
	{UST_LOGLEVEL_ALL, 0, LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG, 1},
	{UST_LOGLEVEL_RANGE, LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING,
	 LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING, 1},
	{UST_LOGLEVEL_RANGE, LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING,
	 LTTNG_UST_TRACEPOINT_LOGLEVEL_ERR, 1},
	{UST_LOGLEVEL_RANGE, LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING,
	 LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG, 1},
	{UST_LOGLEVEL_RANGE, LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING,
	 LTTNG_UST_TRACEPOINT_LOGLEVEL_NOTICE, 0},
	{UST_LOGLEVEL_RANGE, LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG,
	 LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG, 1},
	{UST_LOGLEVEL_RANGE, LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG,
	 LTTNG_UST_TRACEPOINT_LOGLEVEL_ALERT, 0},
	{UST_LOGLEVEL_SINGLE, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO,
	 LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO, 1},
	{UST_LOGLEVEL_SINGLE, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO,
	 LTTNG_UST_TRACEPOINT_LOGLEVEL_NOTICE, 0},
	{UST_LOGLEVEL_SINGLE, LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO,
	 LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_SYSTEM, 0},
};

static void test_loglevel_conditions(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(level_cases) / sizeof(level_cases[0]); i++) {
		const struct level_case *c = &level_cases[i];

		if (ust_match_loglevel(c->type, c->level, c->event_level) !=
		    c->match)
			fail_msg("condition %d/%d, event level %d: expected %d",
				 (int)c->type, c->level, c->event_level,
				 c->match);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_name_globs),
		cmocka_unit_test(test_loglevel_conditions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
