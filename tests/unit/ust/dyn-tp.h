/*
 * Provider of the dynamic linkage test: built as a shared object
 * (dyn-tp.c) that dyn-app does not link; it is preloaded or absent.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER ust_tests_dyn

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./dyn-tp.h"

#if !defined(UST_TESTS_DYN_TP_H) ||                                           \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_TESTS_DYN_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_dyn, tick,
	LTTNG_UST_TP_ARGS(int, i),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(int, i, i))
)

#endif /* UST_TESTS_DYN_TP_H */

#include <lttng/tracepoint-event.h>
