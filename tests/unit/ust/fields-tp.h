/*
 * Test provider using every field macro of lttng-ust(3), the event class
 * and instance macros, log levels, EMF URIs, enumerations (values,
 * ranges, auto entries, negative values), empty argument lists and the
 * version 0 names. Built as C (fields-tp.c) and as C++ (fields-tp.cpp);
 * test-fields.c checks its records byte by byte.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER ust_tests_fields

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./fields-tp.h"

#if !defined(UST_TESTS_FIELDS_TP_H) ||                                        \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_TESTS_FIELDS_TP_H

#include <stddef.h>
#include <stdint.h>

#include <lttng/tracepoint.h>

#include "fields-values.h"

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_fields, integers,
	LTTNG_UST_TP_ARGS(const struct fields_ints *, v),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int8_t, s8, v->s8)
		lttng_ust_field_integer(uint8_t, u8, v->u8)
		lttng_ust_field_integer(int16_t, s16, v->s16)
		lttng_ust_field_integer(uint16_t, u16, v->u16)
		lttng_ust_field_integer(int32_t, s32, v->s32)
		lttng_ust_field_integer(uint32_t, u32, v->u32)
		lttng_ust_field_integer(int64_t, s64, v->s64)
		lttng_ust_field_integer_hex(uint64_t, u64_hex, v->u64)
		lttng_ust_field_integer_network(uint16_t, n16, v->u16)
		lttng_ust_field_integer_network_hex(uint32_t, n32_hex, v->u32)
		lttng_ust_field_integer_network(int64_t, n64, v->s64)
		lttng_ust_field_integer_nowrite(int32_t, hidden, v->s32)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_fields, floats,
	LTTNG_UST_TP_ARGS(float, f, double, d),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_float(float, f, f)
		lttng_ust_field_float(double, d, d)
		lttng_ust_field_float_nowrite(double, hidden, d)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_fields, strings,
	LTTNG_UST_TP_ARGS(const char *, a, const char *, b, const char *, c),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(a, a)
		lttng_ust_field_string_nowrite(hidden, a)
		lttng_ust_field_string(b, b)
		lttng_ust_field_string(c, c)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_fields, arrays,
	LTTNG_UST_TP_ARGS(const int32_t *, ints, const uint16_t *, shorts,
			  const char *, text),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_array(int32_t, ints, ints, 3)
		lttng_ust_field_array_nowrite(int32_t, ints_no, ints, 3)
		lttng_ust_field_array_hex(uint16_t, hex, shorts, 2)
		lttng_ust_field_array_nowrite_hex(uint16_t, hex_no, shorts, 2)
		lttng_ust_field_array_network(uint16_t, net, shorts, 2)
		lttng_ust_field_array_network_nowrite(uint16_t, net_no, shorts,
						      2)
		lttng_ust_field_array_network_hex(int32_t, net_hex, ints, 3)
		lttng_ust_field_array_network_nowrite_hex(int32_t, net_hex_no,
							  ints, 3)
		lttng_ust_field_array_text(char, text, text, 4)
		lttng_ust_field_array_text_nowrite(char, text_no, text, 4)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_fields, sequences,
	LTTNG_UST_TP_ARGS(const int32_t *, ints, size_t, n, const uint16_t *,
			  shorts, const char *, text, uint8_t, tlen),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_sequence(int32_t, seq, ints, size_t, n)
		lttng_ust_field_sequence_nowrite(int32_t, seq_no, ints,
						 size_t, n)
		lttng_ust_field_sequence_hex(uint16_t, hex, shorts, uint8_t,
					     n)
		lttng_ust_field_sequence_nowrite_hex(uint16_t, hex_no, shorts,
						     uint8_t, n)
		lttng_ust_field_sequence_network(uint16_t, net, shorts,
						 uint16_t, n)
		lttng_ust_field_sequence_network_nowrite(uint16_t, net_no,
							 shorts, uint16_t, n)
		lttng_ust_field_sequence_network_hex(int32_t, net_hex, ints,
						     uint32_t, n)
		lttng_ust_field_sequence_network_nowrite_hex(int32_t,
			net_hex_no, ints, uint32_t, n)
		lttng_ust_field_sequence_text(char, text, text, uint8_t, tlen)
		lttng_ust_field_sequence_text_nowrite(char, text_no, text,
						      uint8_t, tlen)
	)
)

LTTNG_UST_TRACEPOINT_ENUM(ust_tests_fields, colors,
	LTTNG_UST_TP_ENUM_VALUES(
		lttng_ust_field_enum_value("RED", 0)
		lttng_ust_field_enum_range("GREENS", 10, 19)
		lttng_ust_field_enum_auto("NEXT")
		lttng_ust_field_enum_value("NEGATIVE", -7)
		lttng_ust_field_enum_value("HUGE", 0xFFFFFFFFFFFFFFFFULL)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_fields, enums,
	LTTNG_UST_TP_ARGS(int, color, uint8_t, small),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_enum(ust_tests_fields, colors, int, color,
				     color)
		lttng_ust_field_enum(ust_tests_fields, colors, uint8_t, small,
				     small)
		lttng_ust_field_enum_nowrite(ust_tests_fields, colors, int,
					     hidden, color)
	)
)

LTTNG_UST_TRACEPOINT_EVENT_CLASS(ust_tests_fields, pair,
	LTTNG_UST_TP_ARGS(int, x, const char *, s),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int, x, x)
		lttng_ust_field_string(s, s)
	)
)

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(ust_tests_fields, pair, ust_tests_fields,
	pair_info, LTTNG_UST_TP_ARGS(int, x, const char *, s))
LTTNG_UST_TRACEPOINT_LOGLEVEL(ust_tests_fields, pair_info,
			      LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(ust_tests_fields, pair_info,
				   "http://example.com/pair_info")

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(ust_tests_fields, pair, ust_tests_fields,
	pair_default, LTTNG_UST_TP_ARGS(int, x, const char *, s))

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_fields, noargs,
	LTTNG_UST_TP_ARGS(),
	LTTNG_UST_TP_FIELDS()
)

LTTNG_UST_TRACEPOINT_EVENT(ust_tests_fields, voidargs,
	LTTNG_UST_TP_ARGS(void),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int, answer, 42)
	)
)
LTTNG_UST_TRACEPOINT_LOGLEVEL(ust_tests_fields, voidargs,
			      LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG)

/* Version 0 names: TRACEPOINT_EVENT, TP_ARGS, ctf_*, TRACE_*. */
TRACEPOINT_EVENT_CLASS(ust_tests_fields, old_class,
	TP_ARGS(int, x),
	TP_FIELDS(
		ctf_integer(int, x, x)
		ctf_integer_hex(int, xh, x)
		ctf_string(s, "old")
		ctf_unused(x)
	)
)
TRACEPOINT_EVENT_INSTANCE(ust_tests_fields, old_class, old_instance,
	TP_ARGS(int, x))
TRACEPOINT_LOGLEVEL(ust_tests_fields, old_instance, TRACE_WARNING)

#endif /* UST_TESTS_FIELDS_TP_H */

#include <lttng/tracepoint-event.h>
