/*
 * compat_dup:ev, declared with one of two field layouts (DUP_LAYOUT 1 or
 * 2) for the same arguments: two libraries that provide one event.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER compat_dup

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./dup_tp.h"

#if !defined(DUP_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define DUP_TP_H

#include <lttng/tracepoint.h>

#if DUP_LAYOUT == 2
LTTNG_UST_TRACEPOINT_EVENT(compat_dup, ev,
	LTTNG_UST_TP_ARGS(int, v),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int, v, v)
		lttng_ust_field_string(layout, "two")
	)
)
#else
LTTNG_UST_TRACEPOINT_EVENT(compat_dup, ev,
	LTTNG_UST_TP_ARGS(int, v),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(int, v, v))
)
#endif

#endif /* DUP_TP_H */

#include <lttng/tracepoint-event.h>
