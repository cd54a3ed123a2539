/* Test provider of test-app-context-records.c: one event, its seq. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER ust_tests_ctxrec

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./ctxrec-tp.h"

#if !defined(UST_TESTS_CTXREC_TP_H) ||                                         \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_TESTS_CTXREC_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_ctxrec, rec,
			   LTTNG_UST_TP_ARGS(uint32_t, seq),
			   LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(
				   uint32_t, seq, seq)))

#endif /* UST_TESTS_CTXREC_TP_H */

#include <lttng/tracepoint-event.h>
