/*
 * <lttng/ust-api-compat.h>: which generations of the LTTng-UST source API
 * are compiled. Every UST header includes it; the pre-2.13 names (API
 * version 0: tracepoint(), ctf_integer(), TRACEPOINT_EVENT(), ...) exist
 * unless the application defines LTTNG_UST_COMPAT_API_VERSION above 0.
 */
#ifndef LTTNG_UST_API_COMPAT_H
#define LTTNG_UST_API_COMPAT_H

/*
 * LTTNG_UST_COMPAT_API(x) is true when API version x is available:
 * all versions when LTTNG_UST_COMPAT_API_VERSION is undefined, else the
 * versions from LTTNG_UST_COMPAT_API_VERSION on (lttng-ust(3)).
 */
#ifdef LTTNG_UST_COMPAT_API_VERSION
#define LTTNG_UST_COMPAT_API(x) (LTTNG_UST_COMPAT_API_VERSION <= (x))
#else
#define LTTNG_UST_COMPAT_API(x) 1
#endif

#endif /* LTTNG_UST_API_COMPAT_H */
