/*
 * Provider of ust-bench: `enabled_event` (one integer field), recorded,
 * and `disabled_event`, never enabled.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER ust_bench

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./bench-tp.h"

#if !defined(UST_BENCH_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_BENCH_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(ust_bench, enabled_event,
	LTTNG_UST_TP_ARGS(int, v),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(int, v, v))
)

LTTNG_UST_TRACEPOINT_EVENT(ust_bench, disabled_event,
	LTTNG_UST_TP_ARGS(int, v),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(int, v, v))
)

#endif /* UST_BENCH_TP_H */

#include <lttng/tracepoint-event.h>
