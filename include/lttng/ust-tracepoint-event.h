/*
 * <lttng/ust-tracepoint-event.h>: the probe generator. It re-reads the
 * provider header (LTTNG_UST_TRACEPOINT_INCLUDE) once per pass, each
 * pass giving the event and field macros a different meaning:
 *
 *   1. enumerations: entries and descriptions
 *   2. per event class: the field descriptions
 *   3. per class: a struct holding what is computed once per call
 *      (string pointers and lengths, sequence pointers and lengths)
 *   4. per class: the payload size function
 *   5. per class: the filter view, which describes the arguments as
 *      field values for the filter interpreter (used only while a
 *      filter is attached to the event recorder)
 *   6. per class: the probe, which (after the filter, if any, accepted
 *      the event) reserves the payload through the event recorder's
 *      backend and stores each field with memcpy at offsets known at
 *      compile time; when the payload's size is a small compile-time
 *      constant (no string, no sequence), it builds the payload on its
 *      stack and hands it to the backend's record() instead, one call
 *      in place of reserve() and commit()
 *   7. per event: the event description
 *   8. the provider: its event list and the constructor that applies
 *      log levels and EMF URIs, then registers with liblttng-ust
 *
 * Payload layout (byte-packed, as LTTng on x86): integers and enum
 * containers in native order, floats as IEEE
 * 754, strings null-terminated ("(null)" for a NULL pointer), arrays
 * inline, sequences as their length (of its declared type) then the
 * elements. _nowrite fields are described but neither evaluated nor
 * recorded. A _network integer (or array, sequence) stores the bytes of
 * its argument as they are and the metadata declares it big endian, as
 * LTTng does: the argument is expected in network order already
 * (htonl(1) reads 1). Only the filter sees it converted to host order.
 */
#include <limits.h>
#include <float.h>
#include <string.h>

#include <lttng/tracepoint.h>
#include <lttng/ust-events.h>

#ifndef LTTNG_UST_TRACEPOINT_PROVIDER
#error "LTTNG_UST_TRACEPOINT_PROVIDER must name the provider"
#endif
#ifndef LTTNG_UST_TRACEPOINT_INCLUDE
#error "LTTNG_UST_TRACEPOINT_INCLUDE must name the provider header"
#endif

#ifndef LTTNG_UST_TRACEPOINT_EVENT_HELPERS
#define LTTNG_UST_TRACEPOINT_EVENT_HELPERS

#define LTTNG_UST__XSTR(x) LTTNG_UST__STR(x)
#define LTTNG_UST__ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* Every field is byte-aligned in the record: CTF `align = 8`. */
#define LTTNG_UST__PACKED_ALIGN 8

/* Expands its arguments only for fields that are recorded. */
#define LTTNG_UST__IF_WRITE_0(...) __VA_ARGS__
#define LTTNG_UST__IF_WRITE_1(...)
/* Expands its arguments only for fields that are not recorded. */
#define LTTNG_UST__IF_NOWRITE_0(...)
#define LTTNG_UST__IF_NOWRITE_1(...) __VA_ARGS__

#define LTTNG_UST__INT_TYPE(type, network, base)                               \
	{                                                                      \
		(unsigned short)(sizeof(type) * CHAR_BIT),                     \
			LTTNG_UST__PACKED_ALIGN,                               \
			LTTNG_UST__IS_SIGNED_TYPE(type), network, base         \
	}
#define LTTNG_UST__NO_INT_TYPE {0, 0, 0, 0, 0}

#define LTTNG_UST__MANT_DIG(type)                                              \
	(sizeof(type) == sizeof(float)	 ? FLT_MANT_DIG                        \
	 : sizeof(type) == sizeof(double) ? DBL_MANT_DIG                        \
					  : LDBL_MANT_DIG)
#define LTTNG_UST__FLOAT_TYPE(type)                                            \
	{                                                                      \
		(unsigned short)(sizeof(type) * CHAR_BIT -                     \
				 LTTNG_UST__MANT_DIG(type)),                   \
			(unsigned short)LTTNG_UST__MANT_DIG(type),             \
			LTTNG_UST__PACKED_ALIGN, LTTNG_UST_BYTE_ORDER_NATIVE   \
	}
#define LTTNG_UST__NO_FLOAT_TYPE {0, 0, 0, 0}

#define LTTNG_UST__ENCODING(text)                                              \
	((text) ? LTTNG_UST_STRING_ENCODING_UTF8                               \
		: LTTNG_UST_STRING_ENCODING_NONE)

/* One struct lttng_ust_event_field initializer, every member given. */
#define LTTNG_UST__FIELD_DESC(name, kind, nowrite, int_type, float_type,       \
			      encoding, length, length_name, enum_desc)        \
	{name,                                                                 \
	 kind,                                                                 \
	 nowrite,                                                              \
	 int_type,                                                             \
	 float_type,                                                           \
	 encoding,                                                             \
	 length,                                                               \
	 length_name,                                                          \
	 enum_desc},

#ifdef __cplusplus
extern "C" {
#endif

static inline const char *lttng_ust__string_or_null(const char *s)
{
	return s ? s : "(null)";
}

/*
 * Copies one integer of `size` bytes (1, 2, 4 or 8) from src to dst,
 * converted from network to host order when `network` is set: the
 * value a filter compares for a _network field. Inlined with constant
 * size and network, this is one move (and a bswap).
 */
static inline void lttng_ust__network_to_host(void *dst, const void *src,
					      size_t size, int network)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (network && size == 2) {
		uint16_t v;

		memcpy(&v, src, 2);
		v = __builtin_bswap16(v);
		memcpy(dst, &v, 2);
		return;
	}
	if (network && size == 4) {
		uint32_t v;

		memcpy(&v, src, 4);
		v = __builtin_bswap32(v);
		memcpy(dst, &v, 4);
		return;
	}
	if (network && size == 8) {
		uint64_t v;

		memcpy(&v, src, 8);
		v = __builtin_bswap64(v);
		memcpy(dst, &v, 8);
		return;
	}
#else
	(void)network;
#endif
	memcpy(dst, src, size);
}

/* The filter view of an array: its elements and their number. */
static inline void lttng_ust__filter_elements(struct lttng_ust_filter_value *fv,
					      const void *elements, size_t n)
{
	fv->u.array.ptr = elements;
	fv->u.array.count = n;
}

/* Stores `count` integers of `size` bytes from src (may be NULL if 0). */
static inline void lttng_ust__write_ints(char *dst, const void *src,
					 size_t size, size_t count)
{
	if (count)
		memcpy(dst, src, size * count);
}

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_TRACEPOINT_EVENT_HELPERS */

#define LTTNG_UST__PROBE_PASS
#define LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ
#if LTTNG_UST_COMPAT_API(0)
#define TRACEPOINT_HEADER_MULTI_READ
#endif

#define LTTNG_UST__PROVIDER_NAME(prefix)                                       \
	LTTNG_UST__CAT(prefix, LTTNG_UST_TRACEPOINT_PROVIDER)

/* Pass 1: enumerations. */
#include <lttng/ust-tracepoint-event-reset.h>
#undef LTTNG_UST_TRACEPOINT_ENUM
#define LTTNG_UST_TRACEPOINT_ENUM(provider, enum_name, values)                 \
	static const struct lttng_ust_enum_entry                               \
		lttng_ust__enum_entries___##provider##___##enum_name[] = {     \
			values{{0, 0}, {0, 0}, NULL, 0}};                      \
	static const struct lttng_ust_enum_desc                                \
		lttng_ust__enum___##provider##___##enum_name = {               \
			#provider "_" #enum_name,                              \
			lttng_ust__enum_entries___##provider##___##enum_name,  \
			(unsigned int)LTTNG_UST__ARRAY_LEN(                    \
				lttng_ust__enum_entries___##provider##___##enum_name) - \
				1};
#include LTTNG_UST_TRACEPOINT_INCLUDE

/* Pass 2: field descriptions, ending with an unnamed sentinel. */
#include <lttng/ust-tracepoint-event-reset.h>
#undef LTTNG_UST__FIELD_INTEGER
#define LTTNG_UST__FIELD_INTEGER(type, name, expr, network, base, nowrite)     \
	LTTNG_UST__FIELD_DESC(#name, LTTNG_UST_TYPE_INTEGER, nowrite,          \
			      LTTNG_UST__INT_TYPE(type, network, base),        \
			      LTTNG_UST__NO_FLOAT_TYPE,                        \
			      LTTNG_UST_STRING_ENCODING_NONE, 0, NULL, NULL)
#undef LTTNG_UST__FIELD_FLOAT
#define LTTNG_UST__FIELD_FLOAT(type, name, expr, nowrite)                      \
	LTTNG_UST__FIELD_DESC(#name, LTTNG_UST_TYPE_FLOAT, nowrite,            \
			      LTTNG_UST__NO_INT_TYPE,                          \
			      LTTNG_UST__FLOAT_TYPE(type),                     \
			      LTTNG_UST_STRING_ENCODING_NONE, 0, NULL, NULL)
#undef LTTNG_UST__FIELD_STRING
#define LTTNG_UST__FIELD_STRING(name, expr, nowrite)                           \
	LTTNG_UST__FIELD_DESC(#name, LTTNG_UST_TYPE_STRING, nowrite,           \
			      LTTNG_UST__NO_INT_TYPE,                          \
			      LTTNG_UST__NO_FLOAT_TYPE,                        \
			      LTTNG_UST_STRING_ENCODING_UTF8, 0, NULL, NULL)
#undef LTTNG_UST__FIELD_ARRAY
#define LTTNG_UST__FIELD_ARRAY(type, name, expr, count, network, base, text,  \
			       nowrite)                                        \
	LTTNG_UST__FIELD_DESC(#name, LTTNG_UST_TYPE_ARRAY, nowrite,            \
			      LTTNG_UST__INT_TYPE(type, network, base),        \
			      LTTNG_UST__NO_FLOAT_TYPE,                        \
			      LTTNG_UST__ENCODING(text), count, NULL, NULL)
#undef LTTNG_UST__FIELD_SEQUENCE
#define LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr,       \
				  network, base, text, nowrite)                \
	LTTNG_UST__FIELD_DESC("_" #name "_length", LTTNG_UST_TYPE_INTEGER,     \
			      nowrite, LTTNG_UST__INT_TYPE(len_type, 0, 10),   \
			      LTTNG_UST__NO_FLOAT_TYPE,                        \
			      LTTNG_UST_STRING_ENCODING_NONE, 0, NULL, NULL)   \
	LTTNG_UST__FIELD_DESC(#name, LTTNG_UST_TYPE_SEQUENCE, nowrite,         \
			      LTTNG_UST__INT_TYPE(type, network, base),        \
			      LTTNG_UST__NO_FLOAT_TYPE,                        \
			      LTTNG_UST__ENCODING(text), 0,                    \
			      "_" #name "_length", NULL)
#undef LTTNG_UST__FIELD_ENUM
#define LTTNG_UST__FIELD_ENUM(provider, enum_name, type, name, expr, nowrite)  \
	LTTNG_UST__FIELD_DESC(#name, LTTNG_UST_TYPE_ENUM, nowrite,             \
			      LTTNG_UST__INT_TYPE(type, 0, 10),                \
			      LTTNG_UST__NO_FLOAT_TYPE,                        \
			      LTTNG_UST_STRING_ENCODING_NONE, 0, NULL,         \
			      &lttng_ust__enum___##provider##___##enum_name)
#undef LTTNG_UST__EVENT_CLASS_P
#define LTTNG_UST__EVENT_CLASS_P(cls_provider, cls_name, args, fields)        \
	static const struct lttng_ust_event_field                              \
		lttng_ust__fields___##cls_provider##___##cls_name[] = {        \
			LTTNG_UST__UNPAREN fields LTTNG_UST__FIELD_DESC(       \
				NULL, LTTNG_UST_TYPE_INTEGER, 0,               \
				LTTNG_UST__NO_INT_TYPE,                        \
				LTTNG_UST__NO_FLOAT_TYPE,                      \
				LTTNG_UST_STRING_ENCODING_NONE, 0, NULL,       \
				NULL)};
#include LTTNG_UST_TRACEPOINT_INCLUDE

/* Pass 3: what the size function computes once for the probe. */
#include <lttng/ust-tracepoint-event-reset.h>
#undef LTTNG_UST__FIELD_STRING
#define LTTNG_UST__FIELD_STRING(name, expr, nowrite)                           \
	LTTNG_UST__IF_WRITE_##nowrite(const char *lttng_ust__ptr_##name;       \
				      size_t lttng_ust__len_##name;)
#undef LTTNG_UST__FIELD_SEQUENCE
#define LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr,       \
				  network, base, text, nowrite)                \
	LTTNG_UST__IF_WRITE_##nowrite(const void *lttng_ust__ptr_##name;       \
				      size_t lttng_ust__len_##name;)
#undef LTTNG_UST__EVENT_CLASS_P
#define LTTNG_UST__EVENT_CLASS_P(cls_provider, cls_name, args, fields)        \
	struct lttng_ust__dyn___##cls_provider##___##cls_name {                \
		LTTNG_UST__UNPAREN fields char lttng_ust__unused;              \
	};
#include LTTNG_UST_TRACEPOINT_INCLUDE

/* Pass 4: payload size, evaluating strings and sequences once. */
#include <lttng/ust-tracepoint-event-reset.h>
#undef LTTNG_UST__FIELD_INTEGER
#define LTTNG_UST__FIELD_INTEGER(type, name, expr, network, base, nowrite)     \
	LTTNG_UST__IF_WRITE_##nowrite(lttng_ust__len += sizeof(type);)
#undef LTTNG_UST__FIELD_FLOAT
#define LTTNG_UST__FIELD_FLOAT(type, name, expr, nowrite)                      \
	LTTNG_UST__IF_WRITE_##nowrite(lttng_ust__len += sizeof(type);)
#undef LTTNG_UST__FIELD_STRING
#define LTTNG_UST__FIELD_STRING(name, expr, nowrite)                           \
	LTTNG_UST__IF_WRITE_##nowrite(                                         \
		lttng_ust__dyn->lttng_ust__ptr_##name =                        \
			lttng_ust__string_or_null(expr);                       \
		lttng_ust__dyn->lttng_ust__len_##name =                        \
			strlen(lttng_ust__dyn->lttng_ust__ptr_##name) + 1;     \
		lttng_ust__len += lttng_ust__dyn->lttng_ust__len_##name;)
#undef LTTNG_UST__FIELD_ARRAY
#define LTTNG_UST__FIELD_ARRAY(type, name, expr, count, network, base, text,  \
			       nowrite)                                        \
	LTTNG_UST__IF_WRITE_##nowrite(lttng_ust__len +=                        \
				      sizeof(type) * (size_t)(count);)
#undef LTTNG_UST__FIELD_SEQUENCE
#define LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr,       \
				  network, base, text, nowrite)                \
	LTTNG_UST__IF_WRITE_##nowrite(                                         \
		lttng_ust__dyn->lttng_ust__ptr_##name = (const void *)(expr);  \
		lttng_ust__dyn->lttng_ust__len_##name = (size_t)(len_expr);    \
		lttng_ust__len += sizeof(len_type) +                           \
				  sizeof(type) *                               \
					  lttng_ust__dyn->lttng_ust__len_##name;)
#undef LTTNG_UST__FIELD_ENUM
#define LTTNG_UST__FIELD_ENUM(provider, enum_name, type, name, expr, nowrite)  \
	LTTNG_UST__IF_WRITE_##nowrite(lttng_ust__len += sizeof(type);)
#undef LTTNG_UST__EVENT_CLASS_P
#define LTTNG_UST__EVENT_CLASS_P(cls_provider, cls_name, args, fields)        \
	static inline size_t lttng_ust__event_size___##cls_provider##___##cls_name( \
		struct lttng_ust__dyn___##cls_provider##___##cls_name          \
			*lttng_ust__dyn LTTNG_UST__TP_DATA_PARAMS args)        \
	{                                                                      \
		size_t lttng_ust__len = 0;                                     \
                                                                               \
		(void)lttng_ust__dyn;                                          \
		LTTNG_UST__TP_VOID_VARS args LTTNG_UST__UNPAREN fields return  \
			lttng_ust__len;                                        \
	}
#include LTTNG_UST_TRACEPOINT_INCLUDE

/*
 * Pass 5: the filter view of each class, one value per field
 * descriptor. Recorded strings and sequences reuse what the size
 * function computed; _nowrite ones are evaluated here.
 */
#include <lttng/ust-tracepoint-event-reset.h>
#undef LTTNG_UST__FIELD_INTEGER
#define LTTNG_UST__FIELD_INTEGER(type, name, expr, network, base, nowrite)     \
	{                                                                      \
		type lttng_ust__a = (type)(expr);                              \
		type lttng_ust__v;                                             \
                                                                               \
		lttng_ust__network_to_host(&lttng_ust__v, &lttng_ust__a,       \
					   sizeof(type), network);             \
		if (LTTNG_UST__IS_SIGNED_TYPE(type))                           \
			lttng_ust__fv->u.s64 = (int64_t)lttng_ust__v;          \
		else                                                           \
			lttng_ust__fv->u.u64 = (uint64_t)lttng_ust__v;         \
		lttng_ust__fv++;                                               \
	}
#undef LTTNG_UST__FIELD_FLOAT
#define LTTNG_UST__FIELD_FLOAT(type, name, expr, nowrite)                      \
	(lttng_ust__fv++)->u.dbl = (double)(type)(expr);
#undef LTTNG_UST__FIELD_STRING
#define LTTNG_UST__FIELD_STRING(name, expr, nowrite)                           \
	LTTNG_UST__IF_WRITE_##nowrite(                                         \
		lttng_ust__fv->u.str.ptr = lttng_ust__dyn->lttng_ust__ptr_##name; \
		lttng_ust__fv->u.str.len =                                     \
			lttng_ust__dyn->lttng_ust__len_##name - 1;)            \
	LTTNG_UST__IF_NOWRITE_##nowrite(                                       \
		lttng_ust__fv->u.str.ptr = lttng_ust__string_or_null(expr);    \
		lttng_ust__fv->u.str.len = strlen(lttng_ust__fv->u.str.ptr);)  \
	lttng_ust__fv++;
#undef LTTNG_UST__FIELD_ARRAY
#define LTTNG_UST__FIELD_ARRAY(type, name, expr, count, network, base, text,  \
			       nowrite)                                        \
	lttng_ust__filter_elements(lttng_ust__fv++, (const void *)(expr),      \
				   (size_t)(count));
#undef LTTNG_UST__FIELD_SEQUENCE
#define LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr,       \
				  network, base, text, nowrite)                \
	LTTNG_UST__IF_WRITE_##nowrite(                                         \
		lttng_ust__fv[1].u.array.ptr =                                 \
			lttng_ust__dyn->lttng_ust__ptr_##name;                 \
		lttng_ust__fv[1].u.array.count =                               \
			lttng_ust__dyn->lttng_ust__len_##name;)                \
	LTTNG_UST__IF_NOWRITE_##nowrite(                                       \
		lttng_ust__fv[1].u.array.ptr = (const void *)(expr);           \
		lttng_ust__fv[1].u.array.count = (size_t)(len_expr);)          \
	lttng_ust__fv[0].u.u64 = lttng_ust__fv[1].u.array.count;               \
	lttng_ust__fv += 2;
#undef LTTNG_UST__FIELD_ENUM
#define LTTNG_UST__FIELD_ENUM(provider, enum_name, type, name, expr, nowrite)  \
	LTTNG_UST__FIELD_INTEGER(type, name, expr, 0, 10, nowrite)
#undef LTTNG_UST__EVENT_CLASS_P
#define LTTNG_UST__EVENT_CLASS_P(cls_provider, cls_name, args, fields)        \
	static void lttng_ust__filter_view___##cls_provider##___##cls_name(    \
		struct lttng_ust_filter_value *lttng_ust__fv,                  \
		const struct lttng_ust__dyn___##cls_provider##___##cls_name    \
			*lttng_ust__dyn LTTNG_UST__TP_DATA_PARAMS args)        \
	{                                                                      \
		(void)lttng_ust__fv;                                           \
		(void)lttng_ust__dyn;                                          \
		LTTNG_UST__TP_VOID_VARS args LTTNG_UST__UNPAREN fields         \
	}
#include LTTNG_UST_TRACEPOINT_INCLUDE

/*
 * Pass 6: the probe of each class. The ip context is the probe's return
 * address (the tracepoint's site), or, when the provider defines
 * LTTNG_UST_TP_IP_PARAM to the name of one of its arguments, that
 * argument: a wrapper library passes its own caller's address.
 */
#undef LTTNG_UST__TP_IP
#ifdef LTTNG_UST_TP_IP_PARAM
#define LTTNG_UST__TP_IP(param) ((void *)(param))
#else
#define LTTNG_UST__TP_IP(param) __builtin_return_address(0)
#endif
#include <lttng/ust-tracepoint-event-reset.h>
#undef LTTNG_UST__FIELD_INTEGER
#define LTTNG_UST__FIELD_INTEGER(type, name, expr, network, base, nowrite)     \
	LTTNG_UST__IF_WRITE_##nowrite({                                        \
		type lttng_ust__v = (type)(expr);                              \
                                                                               \
		memcpy(lttng_ust__dst, &lttng_ust__v, sizeof(type));           \
		lttng_ust__dst += sizeof(type);                                \
	})
#undef LTTNG_UST__FIELD_FLOAT
#define LTTNG_UST__FIELD_FLOAT(type, name, expr, nowrite)                      \
	LTTNG_UST__IF_WRITE_##nowrite({                                        \
		type lttng_ust__v = (type)(expr);                              \
                                                                               \
		memcpy(lttng_ust__dst, &lttng_ust__v, sizeof(type));           \
		lttng_ust__dst += sizeof(type);                                \
	})
#undef LTTNG_UST__FIELD_STRING
#define LTTNG_UST__FIELD_STRING(name, expr, nowrite)                           \
	LTTNG_UST__IF_WRITE_##nowrite({                                        \
		size_t lttng_ust__n = lttng_ust__dyn.lttng_ust__len_##name;    \
                                                                               \
		memcpy(lttng_ust__dst, lttng_ust__dyn.lttng_ust__ptr_##name,   \
		       lttng_ust__n - 1);                                      \
		lttng_ust__dst[lttng_ust__n - 1] = '\0';                       \
		lttng_ust__dst += lttng_ust__n;                                \
	})
#undef LTTNG_UST__FIELD_ARRAY
#define LTTNG_UST__FIELD_ARRAY(type, name, expr, count, network, base, text,  \
			       nowrite)                                        \
	LTTNG_UST__IF_WRITE_##nowrite({                                        \
		lttng_ust__write_ints(lttng_ust__dst, (const void *)(expr),    \
				      sizeof(type), (size_t)(count));          \
		lttng_ust__dst += sizeof(type) * (size_t)(count);              \
	})
#undef LTTNG_UST__FIELD_SEQUENCE
#define LTTNG_UST__FIELD_SEQUENCE(type, name, expr, len_type, len_expr,       \
				  network, base, text, nowrite)                \
	LTTNG_UST__IF_WRITE_##nowrite({                                        \
		size_t lttng_ust__n = lttng_ust__dyn.lttng_ust__len_##name;    \
		len_type lttng_ust__l = (len_type)lttng_ust__n;                \
                                                                               \
		memcpy(lttng_ust__dst, &lttng_ust__l, sizeof(len_type));       \
		lttng_ust__dst += sizeof(len_type);                            \
		lttng_ust__write_ints(lttng_ust__dst,                          \
				      lttng_ust__dyn.lttng_ust__ptr_##name,    \
				      sizeof(type), lttng_ust__n);             \
		lttng_ust__dst += sizeof(type) * lttng_ust__n;                 \
	})
#undef LTTNG_UST__FIELD_ENUM
#define LTTNG_UST__FIELD_ENUM(provider, enum_name, type, name, expr, nowrite)  \
	LTTNG_UST__IF_WRITE_##nowrite({                                        \
		type lttng_ust__v = (type)(expr);                              \
                                                                               \
		memcpy(lttng_ust__dst, &lttng_ust__v, sizeof(type));           \
		lttng_ust__dst += sizeof(type);                                \
	})
#undef LTTNG_UST__EVENT_CLASS_P
#define LTTNG_UST__EVENT_CLASS_P(cls_provider, cls_name, args, fields)        \
	static void lttng_ust__event_probe___##cls_provider##___##cls_name(    \
		void *lttng_ust__tp_data LTTNG_UST__TP_DATA_PARAMS args)       \
		__attribute__((unused));                                       \
	static void lttng_ust__event_probe___##cls_provider##___##cls_name(    \
		void *lttng_ust__tp_data LTTNG_UST__TP_DATA_PARAMS args)       \
	{                                                                      \
		struct lttng_ust_event_recorder *lttng_ust__event =            \
			(struct lttng_ust_event_recorder *)lttng_ust__tp_data; \
		struct lttng_ust__dyn___##cls_provider##___##cls_name          \
			lttng_ust__dyn;                                        \
		struct lttng_ust_record_ctx lttng_ust__ctx;                    \
		size_t lttng_ust__len;                                         \
		char *lttng_ust__dst;                                          \
                                                                               \
		LTTNG_UST__TP_VOID_VARS args if (!__atomic_load_n(             \
			&lttng_ust__event->enabled, __ATOMIC_RELAXED)) return; \
		lttng_ust__len =                                               \
			lttng_ust__event_size___##cls_provider##___##cls_name( \
				&lttng_ust__dyn LTTNG_UST__TP_DATA_VARS args); \
		lttng_ust__ctx.event = lttng_ust__event;                       \
		lttng_ust__ctx.ip = LTTNG_UST__TP_IP(LTTNG_UST_TP_IP_PARAM);   \
		lttng_ust__ctx.payload_len = lttng_ust__len;                   \
		if (__builtin_expect(                                          \
			    __atomic_load_n(&lttng_ust__event->filter,         \
					    __ATOMIC_ACQUIRE) != NULL,         \
			    0)) {                                              \
			struct lttng_ust_filter_value lttng_ust__fv            \
				[LTTNG_UST__ARRAY_LEN(                         \
					lttng_ust__fields___##cls_provider##___##cls_name)]; \
                                                                               \
			/* The sentinel slot: no field of its own. */          \
			lttng_ust__fv[LTTNG_UST__ARRAY_LEN(lttng_ust__fv) - 1] \
				.u.u64 = 0;                                    \
			lttng_ust__filter_view___##cls_provider##___##cls_name( \
				lttng_ust__fv,                                 \
				&lttng_ust__dyn LTTNG_UST__TP_DATA_VARS args); \
			if (!lttng_ust_event_filter_accepts(lttng_ust__event,  \
							    lttng_ust__fv,     \
							    &lttng_ust__ctx))  \
				return;                                        \
		}                                                              \
		if (__builtin_constant_p(lttng_ust__len) &&                    \
		    lttng_ust__len <= LTTNG_UST_RECORD_MAX) {                  \
			char lttng_ust__buf[LTTNG_UST_RECORD_MAX];             \
                                                                               \
			lttng_ust__dst = lttng_ust__buf;                       \
			LTTNG_UST__UNPAREN fields lttng_ust__event->ops->record( \
				lttng_ust__event, lttng_ust__buf,              \
				lttng_ust__len, lttng_ust__ctx.ip);            \
			return;                                                \
		}                                                              \
		lttng_ust__dst = (char *)lttng_ust__event->ops->reserve(       \
			lttng_ust__event, lttng_ust__len, &lttng_ust__ctx);    \
		if (!lttng_ust__dst)                                           \
			return;                                                \
		LTTNG_UST__UNPAREN fields lttng_ust__event->ops->commit(       \
			&lttng_ust__ctx);                                      \
	}
#include LTTNG_UST_TRACEPOINT_INCLUDE

/*
 * Pass 7: event descriptions. The assignment of the class probe to a
 * pointer typed by the instance's arguments fails to compile when an
 * instance's LTTNG_UST_TP_ARGS() differ from its class's.
 */
#include <lttng/ust-tracepoint-event-reset.h>
#undef LTTNG_UST__EVENT_INSTANCE_P
#define LTTNG_UST__EVENT_INSTANCE_P(cls_provider, cls_name, provider, name,   \
				    args)                                      \
	static void (*const lttng_ust__probe_check___##provider##___##name)(   \
		void *LTTNG_UST__TP_DATA_PARAMS args) __attribute__((unused)) = \
		lttng_ust__event_probe___##cls_provider##___##cls_name;        \
	static struct lttng_ust_event_desc                                     \
		lttng_ust__event_desc___##provider##___##name = {              \
			#provider,                                             \
			#name,                                                 \
			lttng_ust__fields___##cls_provider##___##cls_name,     \
			(unsigned int)LTTNG_UST__ARRAY_LEN(                    \
				lttng_ust__fields___##cls_provider##___##cls_name) - \
				1,                                             \
			(void (*)(void))                                       \
				lttng_ust__event_probe___##cls_provider##___##cls_name, \
			LTTNG_UST__STR args,                                   \
			LTTNG_UST_TRACEPOINT_LOGLEVEL_DEFAULT,                 \
			NULL};
#include LTTNG_UST_TRACEPOINT_INCLUDE

/* Pass 8: the provider and its registration. */
#include <lttng/ust-tracepoint-event-reset.h>
#undef LTTNG_UST__EVENT_INSTANCE_P
#define LTTNG_UST__EVENT_INSTANCE_P(cls_provider, cls_name, provider, name,   \
				    args)                                      \
	&lttng_ust__event_desc___##provider##___##name,

static struct lttng_ust_event_desc *const LTTNG_UST__PROVIDER_NAME(
	lttng_ust__event_descs___)[] = {
#include LTTNG_UST_TRACEPOINT_INCLUDE
	NULL};

static struct lttng_ust_probe_desc LTTNG_UST__PROVIDER_NAME(
	lttng_ust__probe_desc___) = {
	LTTNG_UST__XSTR(LTTNG_UST_TRACEPOINT_PROVIDER),
	LTTNG_UST__PROVIDER_NAME(lttng_ust__event_descs___),
	(unsigned int)LTTNG_UST__ARRAY_LEN(
		LTTNG_UST__PROVIDER_NAME(lttng_ust__event_descs___)) -
		1,
	LTTNG_UST_PROBE_ABI_MAJOR,
	LTTNG_UST_PROBE_ABI_MINOR};

/* Marker that sites built without dynamic linkage reference. */
int LTTNG_UST__PROVIDER_NAME(lttng_ust_tracepoint_provider_)
	__attribute__((visibility("default")));

#include <lttng/ust-tracepoint-event-reset.h>
#undef LTTNG_UST_TRACEPOINT_LOGLEVEL
#define LTTNG_UST_TRACEPOINT_LOGLEVEL(provider, name, level)                   \
	lttng_ust__event_desc___##provider##___##name.loglevel = (level);
#undef LTTNG_UST_TRACEPOINT_MODEL_EMF_URI
#define LTTNG_UST_TRACEPOINT_MODEL_EMF_URI(provider, name, uri)                \
	lttng_ust__event_desc___##provider##___##name.model_emf_uri = (uri);

static void LTTNG_UST__PROVIDER_NAME(lttng_ust__probe_init___)(void)
	__attribute__((constructor));
static void LTTNG_UST__PROVIDER_NAME(lttng_ust__probe_init___)(void)
{
#include LTTNG_UST_TRACEPOINT_INCLUDE
	lttng_ust_probe_register_abi1(
		&LTTNG_UST__PROVIDER_NAME(lttng_ust__probe_desc___));
}

static void LTTNG_UST__PROVIDER_NAME(lttng_ust__probe_fini___)(void)
	__attribute__((destructor));
static void LTTNG_UST__PROVIDER_NAME(lttng_ust__probe_fini___)(void)
{
	lttng_ust_probe_unregister_abi1(
		&LTTNG_UST__PROVIDER_NAME(lttng_ust__probe_desc___));
}

/* Back to the declaration forms, for headers included after this one. */
#undef LTTNG_UST__PROBE_PASS
#undef LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ
#undef TRACEPOINT_HEADER_MULTI_READ
#undef LTTNG_UST__PROVIDER_NAME
#include <lttng/tracepoint.h>
