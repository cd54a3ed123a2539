/*
 * With LTTNG_UST_COMPAT_API_VERSION=0, the version 0 names of
 * lttng-ust(3) are defined alongside version 1.
 */
#define LTTNG_UST_COMPAT_API_VERSION 0
#include <lttng/tracef.h>
#include <lttng/tracelog.h>
#include <lttng/tracepoint.h>

#include "compat.h"

#if !defined(tracepoint) || !defined(tracepoint_enabled) ||                    \
	!defined(do_tracepoint) || !defined(tracef) || !defined(vtracef) ||    \
	!defined(tracelog) || !defined(vtracelog) ||                           \
	!defined(TRACEPOINT_EVENT) || !defined(TP_ARGS) ||                     \
	!defined(ctf_integer) || !defined(ctf_sequence_text) ||                \
	!defined(lttng_ust_tracepoint)
#error "version 0 or 1 names missing with LTTNG_UST_COMPAT_API_VERSION=0"
#endif

int compat_v0_trace_info(void)
{
	return TRACE_INFO;
}
