/*
 * liblttng-ust-cyg-profile-fast.so (lttng-ust-cyg-profile(3)): the
 * lightweight variant, recording lttng_ust_cyg_profile_fast:func_entry
 * with the function's address and an empty func_exit.
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "cyg-profile-fast-provider.h"

#define UST_CYG_API                                                            \
	__attribute__((visibility("default"), no_instrument_function))

UST_CYG_API void __cyg_profile_func_enter(void *this_fn, void *call_site);
UST_CYG_API void __cyg_profile_func_exit(void *this_fn, void *call_site);

void __cyg_profile_func_enter(void *this_fn, void *call_site)
{
	(void)call_site;
	lttng_ust_tracepoint(lttng_ust_cyg_profile_fast, func_entry, this_fn);
}

void __cyg_profile_func_exit(void *this_fn, void *call_site)
{
	(void)call_site;
	lttng_ust_tracepoint(lttng_ust_cyg_profile_fast, func_exit, this_fn);
}
