/*
 * The events of filter-app: one event class with a field of each kind a
 * filter reads. Values are a function of the event index k only (see
 * filter-app.c and tests/integration/test_filter_table.py).
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER filt

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./filter-app-tp.h"

#if !defined(FILTER_APP_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define FILTER_APP_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_ENUM(
	filt, color,
	LTTNG_UST_TP_ENUM_VALUES(lttng_ust_field_enum_value(
		"RED", 0) lttng_ust_field_enum_value("GREEN", 1)
					 lttng_ust_field_enum_value("BLUE", 2)))

LTTNG_UST_TRACEPOINT_EVENT(
	filt, ev,
	LTTNG_UST_TP_ARGS(int, k, int64_t, i, uint32_t, u, double, d,
			  const char *, s, const int32_t *, arr,
			  const int16_t *, seq, unsigned int, nseq),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int, k, k) lttng_ust_field_integer(
			int64_t, i, i) lttng_ust_field_integer_hex(uint32_t, u,
								   u)
			lttng_ust_field_float(double, d,
					      d) lttng_ust_field_string(s, s)
				lttng_ust_field_array(int32_t, arr, arr, 3)
					lttng_ust_field_sequence(int16_t, seq,
								 seq,
								 unsigned int,
								 nseq)
						lttng_ust_field_enum(filt,
								     color, int,
								     color,
								     k % 3)))

#endif /* FILTER_APP_TP_H */

#include <lttng/tracepoint-event.h>
