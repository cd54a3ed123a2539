/*
 * The tracepoints of ust-test-app (tests/integration/test_ust_*.py):
 * one event with several field types, one with no field.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER testapp

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./testapp-tp.h"

#if !defined(TESTAPP_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define TESTAPP_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_ENUM(testapp, parity,
	LTTNG_UST_TP_ENUM_VALUES(
		lttng_ust_field_enum_value("EVEN", 0)
		lttng_ust_field_enum_value("ODD", 1)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(testapp, values,
	LTTNG_UST_TP_ARGS(uint64_t, seq, const char *, name, const int32_t *,
			  triple, const uint16_t *, items, unsigned int,
			  nr_items),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint64_t, seq, seq)
		lttng_ust_field_integer_hex(uint8_t, low, (uint8_t)seq)
		lttng_ust_field_integer(int16_t, neg, -(int16_t)(seq % 1000))
		lttng_ust_field_float(double, half, seq / 2.0)
		lttng_ust_field_string(name, name)
		lttng_ust_field_array(int32_t, triple, triple, 3)
		lttng_ust_field_sequence(uint16_t, items, items, unsigned int,
					 nr_items)
		lttng_ust_field_enum(testapp, parity, int, parity,
				     (int)(seq % 2))
	)
)

LTTNG_UST_TRACEPOINT_EVENT(testapp, tick,
	LTTNG_UST_TP_ARGS(),
	LTTNG_UST_TP_FIELDS()
)

#endif /* TESTAPP_TP_H */

#include <lttng/tracepoint-event.h>
