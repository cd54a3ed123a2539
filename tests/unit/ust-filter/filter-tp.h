/*
 * Test provider for filters and contexts: one event with a field of
 * every kind a filter reads (signed and unsigned integers, an enum, a
 * double, a string, a text array, an integer sequence, a nowrite field)
 * and one event without fields.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER ust_tests_filter

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./filter-tp.h"

#if !defined(UST_TESTS_FILTER_TP_H) ||                                         \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_TESTS_FILTER_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_ENUM(
	ust_tests_filter, color,
	LTTNG_UST_TP_ENUM_VALUES(lttng_ust_field_enum_value(
		"RED", 0) lttng_ust_field_enum_value("GREEN", 1)
					 lttng_ust_field_enum_value("BLUE", 2)))

LTTNG_UST_TRACEPOINT_EVENT(
	ust_tests_filter, values,
	LTTNG_UST_TP_ARGS(int64_t, i, uint32_t, u, double, d, const char *, s,
			  const int16_t *, seq, unsigned int, nseq),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int64_t, i,
					i) lttng_ust_field_integer_hex(uint32_t,
								       u, u)
			lttng_ust_field_enum(
				ust_tests_filter, color, int, color,
				u % 3) lttng_ust_field_float(double, d, d)
				lttng_ust_field_string(
					s, s) lttng_ust_field_array_text(char,
									 tag, s,
									 4)
					lttng_ust_field_sequence(int16_t, seq,
								 seq,
								 unsigned int,
								 nseq)
						lttng_ust_field_integer_nowrite(
							int, hidden,
							(int)(i * 2))))

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_filter, empty, LTTNG_UST_TP_ARGS(),
			   LTTNG_UST_TP_FIELDS())

#endif /* UST_TESTS_FILTER_TP_H */

#include <lttng/tracepoint-event.h>
