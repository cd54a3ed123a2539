/*
 * The tracepoints of sigstorm-app: `sigstorm:tick` (main provider,
 * fired by signal handlers, new threads and main) and `sigstorm_dl:ev`
 * (the provider of sigstorm-dl-tp.so, which the app dlopens and
 * dlcloses in a loop).
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER sigstorm

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./sigstorm-tp.h"

#if !defined(SIGSTORM_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define SIGSTORM_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

/* kind: 0 main, 1 signal handler, 2 new thread */
LTTNG_UST_TRACEPOINT_EVENT(sigstorm, tick,
			   LTTNG_UST_TP_ARGS(uint32_t, kind, uint64_t, seq),
			   LTTNG_UST_TP_FIELDS(
				   lttng_ust_field_integer(uint32_t, kind, kind)
				   lttng_ust_field_integer(uint64_t, seq, seq)))

#endif /* SIGSTORM_TP_H */

#include <lttng/tracepoint-event.h>
