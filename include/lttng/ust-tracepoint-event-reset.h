/*
 * <lttng/ust-tracepoint-event-reset.h>: makes every per-pass macro of the
 * provider machinery expand to nothing. <lttng/tracepoint.h> and each
 * pass of <lttng/ust-tracepoint-event.h> include it (no include guard)
 * and then define the few macros that pass needs.
 */
#undef LTTNG_UST__EVENT_CLASS_P
#define LTTNG_UST__EVENT_CLASS_P(cls_provider, cls_name, args, fields)

#undef LTTNG_UST__EVENT_INSTANCE_P
#define LTTNG_UST__EVENT_INSTANCE_P(cls_provider, cls_name, provider, name,   \
				    args)

#undef LTTNG_UST_TRACEPOINT_ENUM
#define LTTNG_UST_TRACEPOINT_ENUM(provider, enum_name, values)

#undef LTTNG_UST_TRACEPOINT_LOGLEVEL
#define LTTNG_UST_TRACEPOINT_LOGLEVEL(provider, name, loglevel)

#undef LTTNG_UST_TRACEPOINT_MODEL_EMF_URI
#define LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(provider, name, uri)

#undef LTTNG_UST__FIELD_INTEGER
#define LTTNG_UST__FIELD_INTEGER(type, name, expr, network, base, nowrite)

#undef LTTNG_UST__FIELD_FLOAT
#define LTTNG_UST__FIELD_FLOAT(type, name, expr, nowrite)

#undef LTTNG_UST__FIELD_STRING
#define LTTNG_UST__FIELD_STRING(name, expr, nowrite)

#undef LTTNG_UST__FIELD_ARRAY
#define LTTNG_UST__FIELD_ARRAY(type, name, expr, count, network, base, text,  \
			       nowrite)

#undef LTTNG_UST__FIELD_SEQUENCE
#define LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr,       \
				  network, base, text, nowrite)

#undef LTTNG_UST__FIELD_ENUM
#define LTTNG_UST__FIELD_ENUM(provider, enum_name, type, name, expr, nowrite)
