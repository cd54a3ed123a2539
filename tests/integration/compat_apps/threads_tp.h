/* compat_threads: one event emitted from the main thread. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER compat_threads

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./threads_tp.h"

#if !defined(THREADS_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define THREADS_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(compat_threads, hello,
	LTTNG_UST_TP_ARGS(int, v),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(int, v, v))
)

#endif /* THREADS_TP_H */

#include <lttng/tracepoint-event.h>
