/*
 * liblttng-ust-cyg-profile: its provider (lttng-ust-cyg-profile(3),
 * verbose function tracing): func_entry and func_exit, each with the
 * function's address and its call site, at log level DEBUG_FUNCTION.
 * Built by cyg-profile.c.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttng_ust_cyg_profile

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./cyg-profile-provider.h"

#if !defined(UST_CYG_PROFILE_PROVIDER_H) ||                                    \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_CYG_PROFILE_PROVIDER_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT_CLASS(lttng_ust_cyg_profile, func_class,
	LTTNG_UST_TP_ARGS(void *, func_addr, void *, call_site),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_hex(unsigned long, addr,
					    (unsigned long)func_addr)
		lttng_ust_field_integer_hex(unsigned long, call_site,
					    (unsigned long)call_site)
	)
)

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lttng_ust_cyg_profile, func_class,
	lttng_ust_cyg_profile, func_entry,
	LTTNG_UST_TP_ARGS(void *, func_addr, void *, call_site))
LTTNG_UST_TRACEPOINT_LOGLEVEL(lttng_ust_cyg_profile, func_entry,
			      LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_FUNCTION)

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(lttng_ust_cyg_profile, func_class,
	lttng_ust_cyg_profile, func_exit,
	LTTNG_UST_TP_ARGS(void *, func_addr, void *, call_site))
LTTNG_UST_TRACEPOINT_LOGLEVEL(lttng_ust_cyg_profile, func_exit,
			      LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_FUNCTION)

#endif /* UST_CYG_PROFILE_PROVIDER_H */

#include <lttng/tracepoint-event.h>
