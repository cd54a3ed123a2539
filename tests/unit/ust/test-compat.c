/*
 * LTTNG_UST_COMPAT_API_VERSION (lttng-ust(3)): undefined or 0 keeps the
 * version 0 names, 1 removes them. The preprocessor checks live in
 * compat-v0.c and compat-v1.c; this checks the values they see.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>
#include <lttng/tracepoint.h>

#include "compat.h"

static void test_version_0_keeps_trace_levels(void **state)
{
	(void)state;
	assert_int_equal(compat_v0_trace_info(),
			 LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO);
	/* Undefined version: every API, as in this unit. */
	assert_int_equal(TRACE_DEBUG, LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG);
}

static void test_version_1_frees_version_0_names(void **state)
{
	(void)state;
	assert_int_equal(compat_v1_trace_info(), 99);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_version_0_keeps_trace_levels),
		cmocka_unit_test(test_version_1_frees_version_0_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
