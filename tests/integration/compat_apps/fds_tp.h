/* compat_fds:tick, the event of the fd survival apps (fds_app.c). */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER compat_fds

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./fds_tp.h"

#if !defined(FDS_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define FDS_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(compat_fds, tick,
	LTTNG_UST_TP_ARGS(int, seq),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(int, seq, seq))
)

#endif /* FDS_TP_H */

#include <lttng/tracepoint-event.h>
