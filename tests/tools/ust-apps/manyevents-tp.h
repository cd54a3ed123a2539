/*
 * The tracepoints of ust-many-events-app (tests/integration/
 * test_metadata_live_read.py): 120 event classes of four shapes, so
 * that enabling them one at a time keeps adding declarations of various
 * sizes to the metadata of a recording session.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER many

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./manyevents-tp.h"

#if !defined(MANYEVENTS_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define MANYEVENTS_TP_H

#include <stdint.h>

#include <lttng/tracepoint.h>

#include "manyevents-list.h"

LTTNG_UST_TRACEPOINT_ENUM(many, level,
	LTTNG_UST_TP_ENUM_VALUES(
		lttng_ust_field_enum_value("LOW", 0)
		lttng_ust_field_enum_value("MIDDLE", 1)
		lttng_ust_field_enum_range("HIGH", 2, 9)
	)
)

/* Shape A: one integer. */
#define MANY_SHAPE_A(n)                                                \
	LTTNG_UST_TRACEPOINT_EVENT(many, ev##n,                        \
		LTTNG_UST_TP_ARGS(uint64_t, seq),                      \
		LTTNG_UST_TP_FIELDS(                                   \
			lttng_ust_field_integer(uint64_t, seq, seq)))

/* Shape B: an integer and a string. */
#define MANY_SHAPE_B(n)                                                \
	LTTNG_UST_TRACEPOINT_EVENT(many, ev##n,                        \
		LTTNG_UST_TP_ARGS(uint64_t, seq),                      \
		LTTNG_UST_TP_FIELDS(                                   \
			lttng_ust_field_integer(uint64_t, seq, seq)    \
			lttng_ust_field_string(name, #n)))

/* Shape C: several integers, a float and an enumeration. */
#define MANY_SHAPE_C(n)                                                \
	LTTNG_UST_TRACEPOINT_EVENT(many, ev##n,                        \
		LTTNG_UST_TP_ARGS(uint64_t, seq),                      \
		LTTNG_UST_TP_FIELDS(                                   \
			lttng_ust_field_integer(uint64_t, seq, seq)    \
			lttng_ust_field_integer_hex(uint8_t, low,      \
						    (uint8_t)seq)      \
			lttng_ust_field_integer(int16_t, neg,          \
						-(int16_t)(seq % 99))  \
			lttng_ust_field_integer(int32_t, n32,          \
						(int32_t)seq)          \
			lttng_ust_field_float(double, half, seq / 2.0) \
			lttng_ust_field_enum(many, level, int, level,  \
					     (int)(seq % 10))))

/* Shape D: an integer and an array. */
#define MANY_SHAPE_D(n)                                                \
	LTTNG_UST_TRACEPOINT_EVENT(many, ev##n,                        \
		LTTNG_UST_TP_ARGS(uint64_t, seq),                      \
		LTTNG_UST_TP_FIELDS(                                   \
			lttng_ust_field_integer(uint64_t, seq, seq)    \
			lttng_ust_field_array(uint64_t, pair, &seq, 1)))

MANY_EVENTS(MANY_SHAPE_A, MANY_SHAPE_B, MANY_SHAPE_C, MANY_SHAPE_D)

#endif /* MANYEVENTS_TP_H */

#include <lttng/tracepoint-event.h>
