/*
 * compat_abi: one event per type family of lttng-ust(3), an event class
 * with two instances and a log level, for the binary compatibility test
 * (the same provider built against LTTng-UST 2.13's headers and ours).
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER compat_abi

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./abi_tp.h"

#if !defined(ABI_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define ABI_TP_H

#include <stdint.h>
#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_ENUM(compat_abi, color,
	LTTNG_UST_TP_ENUM_VALUES(
		lttng_ust_field_enum_value("RED", 0)
		lttng_ust_field_enum_range("GREENISH", 10, 19)
		lttng_ust_field_enum_auto("AFTER")
		lttng_ust_field_enum_value("NEGATIVE", -5)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(compat_abi, integers,
	LTTNG_UST_TP_ARGS(int64_t, v),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int8_t, s8, v)
		lttng_ust_field_integer(uint8_t, u8, v)
		lttng_ust_field_integer(int16_t, s16, v)
		lttng_ust_field_integer(uint16_t, u16, v)
		lttng_ust_field_integer(int32_t, s32, v)
		lttng_ust_field_integer(uint32_t, u32, v)
		lttng_ust_field_integer(int64_t, s64, v)
		lttng_ust_field_integer(uint64_t, u64, v)
		lttng_ust_field_integer_hex(uint32_t, x32, v)
		lttng_ust_field_integer_network(uint32_t, n32, v)
		lttng_ust_field_integer_network_hex(uint16_t, nx16, v)
		lttng_ust_field_integer_nowrite(int64_t, hidden, v * 2)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(compat_abi, floats,
	LTTNG_UST_TP_ARGS(double, d),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_float(float, f32, d)
		lttng_ust_field_float(double, f64, d)
		lttng_ust_field_float_nowrite(double, fhidden, d)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(compat_abi, strings,
	LTTNG_UST_TP_ARGS(const char *, s),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(str, s)
		lttng_ust_field_array_text(char, text4, s, 4)
		lttng_ust_field_sequence_text(char, seqtext, s, size_t, 3)
		lttng_ust_field_string_nowrite(shidden, s)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(compat_abi, arrays,
	LTTNG_UST_TP_ARGS(const int32_t *, a, unsigned int, n),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_array(int32_t, arr, a, 3)
		lttng_ust_field_array_hex(int32_t, arrx, a, 2)
		lttng_ust_field_array_network(int32_t, arrn, a, 2)
		lttng_ust_field_sequence(int32_t, seq, a, unsigned int, n)
		lttng_ust_field_sequence_hex(int32_t, seqx, a, uint8_t, n)
		lttng_ust_field_sequence_network(int32_t, seqn, a, uint16_t, n)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(compat_abi, enums,
	LTTNG_UST_TP_ARGS(int, c),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_enum(compat_abi, color, int, color, c)
		lttng_ust_field_enum(compat_abi, color, int8_t, small, c)
		lttng_ust_field_integer(int, raw, c)
	)
)

LTTNG_UST_TRACEPOINT_EVENT_CLASS(compat_abi, pair,
	LTTNG_UST_TP_ARGS(int, a, const char *, b),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int, a, a)
		lttng_ust_field_string(b, b)
	)
)

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(compat_abi, pair, compat_abi, first,
	LTTNG_UST_TP_ARGS(int, a, const char *, b))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(compat_abi, pair, compat_abi, second,
	LTTNG_UST_TP_ARGS(int, a, const char *, b))
LTTNG_UST_TRACEPOINT_LOGLEVEL(compat_abi, second,
	LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING)

#endif /* ABI_TP_H */

#include <lttng/tracepoint-event.h>
