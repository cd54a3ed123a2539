/*
 * With LTTNG_UST_COMPAT_API_VERSION=1, the version 0 names of
 * lttng-ust(3) are not defined: this unit uses them as its own
 * identifiers, and fails to compile if a header still defines them.
 */
#define LTTNG_UST_COMPAT_API_VERSION 1
#include <lttng/tracef.h>
#include <lttng/tracelog.h>
#include <lttng/tracepoint.h>

#include "compat.h"

#if defined(tracepoint) || defined(tracepoint_enabled) ||                      \
	defined(do_tracepoint) || defined(tracef) || defined(vtracef) ||       \
	defined(tracelog) || defined(vtracelog) ||                             \
	defined(TRACEPOINT_EVENT) || defined(TP_ARGS) || defined(TP_FIELDS) || \
	defined(ctf_integer) || defined(ctf_string) || defined(ctf_enum_value)
#error "version 0 names defined with LTTNG_UST_COMPAT_API_VERSION=1"
#endif

/* Not declared by the headers either: free for the application. */
enum { TRACE_INFO = 99 };

int compat_v1_trace_info(void)
{
	return TRACE_INFO;
}
