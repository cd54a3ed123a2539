/*
 * Provider of the listener tests' application: `value` (a counter and a
 * derived signed value, log level INFO) and `other` (a string).
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER ust_listener_test

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./app-tp.h"

#if !defined(UST_LISTENER_APP_TP_H) ||                                        \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_LISTENER_APP_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(ust_listener_test, value,
	LTTNG_UST_TP_ARGS(uint32_t, n),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint32_t, n, n)
		lttng_ust_field_integer(int64_t, v, -3 * (int64_t)n)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(ust_listener_test, value,
			      LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)

LTTNG_UST_TRACEPOINT_EVENT(ust_listener_test, other,
	LTTNG_UST_TP_ARGS(const char *, s),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_string(s, s))
)

#endif /* UST_LISTENER_APP_TP_H */

#include <lttng/tracepoint-event.h>
