/*
 * Test provider built as a shared object (late-tp.c) that test-enable
 * loads with dlopen() after creating the event rule that matches it.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER ust_tests_late

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./late-tp.h"

#if !defined(UST_TESTS_LATE_TP_H) ||                                          \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_TESTS_LATE_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_late, late_event,
	LTTNG_UST_TP_ARGS(uint32_t, v, const char *, s),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_hex(uint32_t, v, v)
		lttng_ust_field_string(s, s)
	)
)

#endif /* UST_TESTS_LATE_TP_H */

#include <lttng/tracepoint-event.h>
