/* The provider of sigstorm-dl-tp.so: one event, its sequence number. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER sigstorm_dl

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./sigstorm-dl-tp.h"

#if !defined(SIGSTORM_DL_TP_H) ||                                              \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define SIGSTORM_DL_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(sigstorm_dl, ev, LTTNG_UST_TP_ARGS(uint64_t, seq),
			   LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(
				   uint64_t, seq, seq)))

#endif /* SIGSTORM_DL_TP_H */

#include <lttng/tracepoint-event.h>
