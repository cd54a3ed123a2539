/*
 * <lttng/tracepoint-event.h>: included at the end of every tracepoint
 * provider header. In the unit that defines
 * LTTNG_UST_TRACEPOINT_CREATE_PROBES it generates the provider (its
 * descriptions, probes and registration); elsewhere it does nothing.
 */
#include <lttng/ust-api-compat.h>

#if LTTNG_UST_COMPAT_API(0)
#if defined(TRACEPOINT_CREATE_PROBES) &&                                       \
	!defined(LTTNG_UST_TRACEPOINT_CREATE_PROBES)
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#endif
#if defined(TRACEPOINT_PROVIDER) && !defined(LTTNG_UST_TRACEPOINT_PROVIDER)
#define LTTNG_UST_TRACEPOINT_PROVIDER TRACEPOINT_PROVIDER
#endif
#if defined(TRACEPOINT_INCLUDE) && !defined(LTTNG_UST_TRACEPOINT_INCLUDE)
#define LTTNG_UST_TRACEPOINT_INCLUDE TRACEPOINT_INCLUDE
#endif
#if defined(TP_IP_PARAM) && !defined(LTTNG_UST_TP_IP_PARAM)
#define LTTNG_UST_TP_IP_PARAM TP_IP_PARAM
#endif
#endif

#if defined(LTTNG_UST_TRACEPOINT_CREATE_PROBES) &&                             \
	!defined(LTTNG_UST__PROBE_PASS)
#include <lttng/ust-tracepoint-event.h>
#endif
