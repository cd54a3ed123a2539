/*
 * liblttng-ust-pthread-wrapper: its provider (LTTng documentation,
 * "Instrument C standard library memory and POSIX threads functions"):
 * lttng_ust_pthread:pthread_mutex_lock_req, pthread_mutex_lock_acq,
 * pthread_mutex_trylock and pthread_mutex_unlock with LTTng-UST 2.13's
 * fields. The last argument is the caller's address (the ip context).
 * Built by ustpthread.c.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttng_ust_pthread

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./ust-pthread-provider.h"

#if !defined(UST_PTHREAD_PROVIDER_H) ||                                        \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_PTHREAD_PROVIDER_H

#include <pthread.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_pthread, pthread_mutex_lock_req,
	LTTNG_UST_TP_ARGS(pthread_mutex_t *, mutex, void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_hex(void *, mutex, mutex)
		lttng_ust_field_unused(ip)
	)
)

LTTNG_UST_TRACEPOINT_EVENT_CLASS(lttng_ust_pthread, mutex_status,
	LTTNG_UST_TP_ARGS(pthread_mutex_t *, mutex, int, status, void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_hex(void *, mutex, mutex)
		lttng_ust_field_integer(int, status, status)
		lttng_ust_field_unused(ip)
	)
)

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lttng_ust_pthread, mutex_status,
	lttng_ust_pthread, pthread_mutex_lock_acq,
	LTTNG_UST_TP_ARGS(pthread_mutex_t *, mutex, int, status, void *, ip))

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lttng_ust_pthread, mutex_status,
	lttng_ust_pthread, pthread_mutex_trylock,
	LTTNG_UST_TP_ARGS(pthread_mutex_t *, mutex, int, status, void *, ip))

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lttng_ust_pthread, mutex_status,
	lttng_ust_pthread, pthread_mutex_unlock,
	LTTNG_UST_TP_ARGS(pthread_mutex_t *, mutex, int, status, void *, ip))

#endif /* UST_PTHREAD_PROVIDER_H */

/* The ip context is the wrapped function's caller, as with LTTng-UST. */
#undef LTTNG_UST_TP_IP_PARAM
#define LTTNG_UST_TP_IP_PARAM ip

#include <lttng/tracepoint-event.h>
