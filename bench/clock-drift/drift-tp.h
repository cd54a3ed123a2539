/*
 * Provider of clock-drift-app: `sample` carries the CLOCK_MONOTONIC time
 * the application read just before the tracepoint, in ns.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER clock_drift

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./drift-tp.h"

#if !defined(CLOCK_DRIFT_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define CLOCK_DRIFT_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(clock_drift, sample,
	LTTNG_UST_TP_ARGS(uint64_t, mono_ns),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(uint64_t, mono_ns, mono_ns))
)

#endif /* CLOCK_DRIFT_TP_H */

#include <lttng/tracepoint-event.h>
