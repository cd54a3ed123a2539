/*
 * liblttng-ust-cyg-profile.so (lttng-ust-cyg-profile(3)): preloaded
 * into an application built with -finstrument-functions, it defines the
 * compiler's profiling hooks to record lttng_ust_cyg_profile:func_entry
 * and func_exit with the function and its call site.
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "cyg-profile-provider.h"

#define UST_CYG_API                                                            \
	__attribute__((visibility("default"), no_instrument_function))

UST_CYG_API void __cyg_profile_func_enter(void *this_fn, void *call_site);
UST_CYG_API void __cyg_profile_func_exit(void *this_fn, void *call_site);

void __cyg_profile_func_enter(void *this_fn, void *call_site)
{
	lttng_ust_tracepoint(lttng_ust_cyg_profile, func_entry, this_fn,
			     call_site);
}

void __cyg_profile_func_exit(void *this_fn, void *call_site)
{
	lttng_ust_tracepoint(lttng_ust_cyg_profile, func_exit, this_fn,
			     call_site);
}
