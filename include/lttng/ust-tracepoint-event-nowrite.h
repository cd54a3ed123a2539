/*
 * <lttng/ust-tracepoint-event-nowrite.h>: the field macros of
 * LTTNG_UST_TP_FIELDS() whose fields are described in the metadata (and
 * seen by filters) but not recorded (lttng_ust_field_*_nowrite).
 * Each maps to one of six generic forms that every pass of the probe
 * generator (<lttng/ust-tracepoint-event.h>) defines its own way;
 * `network` is 1 for big endian, `base` 10 or 16, `text` 1 for
 * character data, `nowrite` 1 for fields described but not recorded.
 * <lttng/tracepoint.h> includes it.
 */
#ifndef LTTNG_UST_TRACEPOINT_EVENT_NOWRITE_H
#define LTTNG_UST_TRACEPOINT_EVENT_NOWRITE_H

#define lttng_ust_field_integer_nowrite(type, name, expr)                      \
	LTTNG_UST__FIELD_INTEGER(type, name, expr, 0, 10, 1)
#define lttng_ust_field_float_nowrite(type, name, expr)                        \
	LTTNG_UST__FIELD_FLOAT(type, name, expr, 1)
#define lttng_ust_field_string_nowrite(name, expr)                             \
	LTTNG_UST__FIELD_STRING(name, expr, 1)
#define lttng_ust_field_array_nowrite(type, name, expr, count)                 \
	LTTNG_UST__FIELD_ARRAY(type, name, expr, count, 0, 10, 0, 1)
#define lttng_ust_field_array_nowrite_hex(type, name, expr, count)             \
	LTTNG_UST__FIELD_ARRAY(type, name, expr, count, 0, 16, 0, 1)
#define lttng_ust_field_array_network_nowrite(type, name, expr, count)         \
	LTTNG_UST__FIELD_ARRAY(type, name, expr, count, 1, 10, 0, 1)
#define lttng_ust_field_array_network_nowrite_hex(type, name, expr, count)     \
	LTTNG_UST__FIELD_ARRAY(type, name, expr, count, 1, 16, 0, 1)
#define lttng_ust_field_array_text_nowrite(type, name, expr, count)            \
	LTTNG_UST__FIELD_ARRAY(type, name, expr, count, 0, 10, 1, 1)
#define lttng_ust_field_sequence_nowrite(type, name, expr, len_type, len_expr) \
	LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr, 0, 10, \
				  0, 1)
#define lttng_ust_field_sequence_nowrite_hex(type, name, expr, len_type,       \
					     len_expr)                         \
	LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr, 0, 16, \
				  0, 1)
#define lttng_ust_field_sequence_network_nowrite(type, name, expr, len_type,   \
						 len_expr)                     \
	LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr, 1, 10, \
				  0, 1)
#define lttng_ust_field_sequence_network_nowrite_hex(type, name, expr,         \
						     len_type, len_expr)       \
	LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr, 1, 16, \
				  0, 1)
#define lttng_ust_field_sequence_text_nowrite(type, name, expr, len_type,      \
					      len_expr)                        \
	LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr, 0, 10, \
				  1, 1)
#define lttng_ust_field_enum_nowrite(provider, enum_name, type, name, expr)    \
	LTTNG_UST__FIELD_ENUM(provider, enum_name, type, name, expr, 1)

#endif /* LTTNG_UST_TRACEPOINT_EVENT_NOWRITE_H */
