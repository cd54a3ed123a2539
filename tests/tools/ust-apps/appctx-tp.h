/* The tracepoint of appctx-app: one event carrying its sequence number. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER appctx

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./appctx-tp.h"

#if !defined(APPCTX_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define APPCTX_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(appctx, rec, LTTNG_UST_TP_ARGS(uint32_t, seq),
			   LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(
				   uint32_t, seq, seq)))

#endif /* APPCTX_TP_H */

#include <lttng/tracepoint-event.h>
