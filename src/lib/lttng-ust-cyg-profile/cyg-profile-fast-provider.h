/*
 * liblttng-ust-cyg-profile-fast: its provider (lttng-ust-cyg-profile(3),
 * fast function tracing): func_entry with the function's address,
 * func_exit without fields, at log level DEBUG_FUNCTION. Built by
 * cyg-profile-fast.c.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttng_ust_cyg_profile_fast

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./cyg-profile-fast-provider.h"

#if !defined(UST_CYG_PROFILE_FAST_PROVIDER_H) ||                               \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_CYG_PROFILE_FAST_PROVIDER_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_cyg_profile_fast, func_entry,
	LTTNG_UST_TP_ARGS(void *, func_addr),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_hex(unsigned long, addr,
					    (unsigned long)func_addr)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(lttng_ust_cyg_profile_fast, func_entry,
			      LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_FUNCTION)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_cyg_profile_fast, func_exit,
	LTTNG_UST_TP_ARGS(void *, func_addr),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_unused(func_addr))
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(lttng_ust_cyg_profile_fast, func_exit,
			      LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_FUNCTION)

#endif /* UST_CYG_PROFILE_FAST_PROVIDER_H */

#include <lttng/tracepoint-event.h>
