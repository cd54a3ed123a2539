/*
 * liblttng-ust-libc-wrapper: its provider (LTTng documentation,
 * "Instrument C standard library memory and POSIX threads functions"):
 * lttng_ust_libc:malloc, free, calloc, realloc, memalign and
 * posix_memalign with LTTng-UST 2.13's fields. The last argument is the
 * caller's address (the ip context). Built by ustlibc.c.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttng_ust_libc

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./ust-libc-provider.h"

#if !defined(UST_LIBC_PROVIDER_H) ||                                           \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_LIBC_PROVIDER_H

#include <stddef.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_libc, malloc,
	LTTNG_UST_TP_ARGS(size_t, size, void *, ptr, void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(size_t, size, size)
		lttng_ust_field_integer_hex(void *, ptr, ptr)
		lttng_ust_field_unused(ip)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_libc, free,
	LTTNG_UST_TP_ARGS(void *, ptr, void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_hex(void *, ptr, ptr)
		lttng_ust_field_unused(ip)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_libc, calloc,
	LTTNG_UST_TP_ARGS(size_t, nmemb, size_t, size, void *, ptr,
			  void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(size_t, nmemb, nmemb)
		lttng_ust_field_integer(size_t, size, size)
		lttng_ust_field_integer_hex(void *, ptr, ptr)
		lttng_ust_field_unused(ip)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_libc, realloc,
	LTTNG_UST_TP_ARGS(void *, in_ptr, size_t, size, void *, ptr,
			  void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_hex(void *, in_ptr, in_ptr)
		lttng_ust_field_integer(size_t, size, size)
		lttng_ust_field_integer_hex(void *, ptr, ptr)
		lttng_ust_field_unused(ip)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_libc, memalign,
	LTTNG_UST_TP_ARGS(size_t, alignment, size_t, size, void *, ptr,
			  void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(size_t, alignment, alignment)
		lttng_ust_field_integer(size_t, size, size)
		lttng_ust_field_integer_hex(void *, ptr, ptr)
		lttng_ust_field_unused(ip)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_libc, posix_memalign,
	LTTNG_UST_TP_ARGS(void *, out_ptr, size_t, alignment, size_t, size,
			  int, result, void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_hex(void *, out_ptr, out_ptr)
		lttng_ust_field_integer(size_t, alignment, alignment)
		lttng_ust_field_integer(size_t, size, size)
		lttng_ust_field_integer(int, result, result)
		lttng_ust_field_unused(ip)
	)
)

#endif /* UST_LIBC_PROVIDER_H */

/* The ip context is the wrapped function's caller, as with LTTng-UST. */
#undef LTTNG_UST_TP_IP_PARAM
#define LTTNG_UST_TP_IP_PARAM ip

#include <lttng/tracepoint-event.h>
