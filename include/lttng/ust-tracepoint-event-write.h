/*
 * <lttng/ust-tracepoint-event-write.h>: the field macros of
 * LTTNG_UST_TP_FIELDS() whose fields are recorded (lttng_ust_field_*).
 * Each maps to one of six generic forms that every pass of the probe
 * generator (<lttng/ust-tracepoint-event.h>) defines its own way;
 * `network` is 1 for big endian, `base` 10 or 16, `text` 1 for
 * character data, `nowrite` 1 for fields described but not recorded.
 * <lttng/tracepoint.h> includes it.
 */
#ifndef LTTNG_UST_TRACEPOINT_EVENT_WRITE_H
#define LTTNG_UST_TRACEPOINT_EVENT_WRITE_H

#define lttng_ust_field_integer(type, name, expr)                              \
	LTTNG_UST__FIELD_INTEGER(type, name, expr, 0, 10, 0)
#define lttng_ust_field_integer_hex(type, name, expr)                          \
	LTTNG_UST__FIELD_INTEGER(type, name, expr, 0, 16, 0)
#define lttng_ust_field_integer_network(type, name, expr)                      \
	LTTNG_UST__FIELD_INTEGER(type, name, expr, 1, 10, 0)
#define lttng_ust_field_integer_network_hex(type, name, expr)                  \
	LTTNG_UST__FIELD_INTEGER(type, name, expr, 1, 16, 0)
#define lttng_ust_field_float(type, name, expr)                                \
	LTTNG_UST__FIELD_FLOAT(type, name, expr, 0)
#define lttng_ust_field_string(name, expr)                                     \
	LTTNG_UST__FIELD_STRING(name, expr, 0)
#define lttng_ust_field_array(type, name, expr, count)                         \
	LTTNG_UST__FIELD_ARRAY(type, name, expr, count, 0, 10, 0, 0)
#define lttng_ust_field_array_hex(type, name, expr, count)                     \
	LTTNG_UST__FIELD_ARRAY(type, name, expr, count, 0, 16, 0, 0)
#define lttng_ust_field_array_network(type, name, expr, count)                 \
	LTTNG_UST__FIELD_ARRAY(type, name, expr, count, 1, 10, 0, 0)
#define lttng_ust_field_array_network_hex(type, name, expr, count)             \
	LTTNG_UST__FIELD_ARRAY(type, name, expr, count, 1, 16, 0, 0)
#define lttng_ust_field_array_text(type, name, expr, count)                    \
	LTTNG_UST__FIELD_ARRAY(type, name, expr, count, 0, 10, 1, 0)
#define lttng_ust_field_sequence(type, name, expr, len_type, len_expr)         \
	LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr, 0, 10, \
				  0, 0)
#define lttng_ust_field_sequence_hex(type, name, expr, len_type, len_expr)     \
	LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr, 0, 16, \
				  0, 0)
#define lttng_ust_field_sequence_network(type, name, expr, len_type, len_expr) \
	LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr, 1, 10, \
				  0, 0)
#define lttng_ust_field_sequence_network_hex(type, name, expr, len_type,       \
					     len_expr)                         \
	LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr, 1, 16, \
				  0, 0)
#define lttng_ust_field_sequence_text(type, name, expr, len_type, len_expr)    \
	LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr, 0, 10, \
				  1, 0)
#define lttng_ust_field_enum(provider, enum_name, type, name, expr)            \
	LTTNG_UST__FIELD_ENUM(provider, enum_name, type, name, expr, 0)

#endif /* LTTNG_UST_TRACEPOINT_EVENT_WRITE_H */
