/*
 * The tracepoints of burst-app: `burst:start` (from a constructor and
 * from main's first line) and `burst:ev` (the threads' events).
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER burst

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./burst-tp.h"

#if !defined(BURST_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define BURST_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

/* where: 0 a constructor, 1 main's first line */
LTTNG_UST_TRACEPOINT_EVENT(burst, start, LTTNG_UST_TP_ARGS(uint32_t, where),
			   LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(
				   uint32_t, where, where)))

LTTNG_UST_TRACEPOINT_EVENT(burst, ev,
			   LTTNG_UST_TP_ARGS(uint32_t, thread, uint32_t, seq),
			   LTTNG_UST_TP_FIELDS(
				   lttng_ust_field_integer(uint32_t, thread,
							   thread)
				   lttng_ust_field_integer(uint32_t, seq, seq)))

#endif /* BURST_TP_H */

#include <lttng/tracepoint-event.h>
