/*
 * Test provider for enablement: four events that differ only by log
 * level (INFO, DEBUG, WARNING, and the default DEBUG_LINE).
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER ust_tests_enable

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./enable-tp.h"

#if !defined(UST_TESTS_ENABLE_TP_H) ||                                        \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_TESTS_ENABLE_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT_CLASS(ust_tests_enable, value,
	LTTNG_UST_TP_ARGS(int, v),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(int, v, v))
)

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(ust_tests_enable, value, ust_tests_enable,
	ev_info, LTTNG_UST_TP_ARGS(int, v))
LTTNG_UST_TRACEPOINT_LOGLEVEL(ust_tests_enable, ev_info,
			      LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(ust_tests_enable, value, ust_tests_enable,
	ev_debug, LTTNG_UST_TP_ARGS(int, v))
LTTNG_UST_TRACEPOINT_LOGLEVEL(ust_tests_enable, ev_debug,
			      LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG)

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(ust_tests_enable, value, ust_tests_enable,
	ev_warning, LTTNG_UST_TP_ARGS(int, v))
LTTNG_UST_TRACEPOINT_LOGLEVEL(ust_tests_enable, ev_warning,
			      LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING)

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(ust_tests_enable, value, ust_tests_enable,
	ev_default, LTTNG_UST_TP_ARGS(int, v))

#endif /* UST_TESTS_ENABLE_TP_H */

#include <lttng/tracepoint-event.h>
