/*
 * The benchmark's tracepoint provider: an event with two integers and a
 * string, as a typical instrumented call site.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER ust_bench_filter

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./bench-tp.h"

#if !defined(UST_BENCH_FILTER_TP_H) ||                                        \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_BENCH_FILTER_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(ust_bench_filter, ev,
	LTTNG_UST_TP_ARGS(int, a, long, b, const char *, s),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int, a, a)
		lttng_ust_field_integer(long, b, b)
		lttng_ust_field_string(s, s)
	)
)

#endif /* UST_BENCH_FILTER_TP_H */

#include <lttng/tracepoint-event.h>
