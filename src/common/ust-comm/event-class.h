/*
 * Event descriptions on the wire (UST_NOTIFY_EVENT_REGISTER): the app
 * encodes a provider's struct lttng_ust_event_desc (<lttng/ust-events.h>)
 * with every field's exact type and its enumerations inline; the session
 * daemon decodes it into a struct ust_event_class it owns (every string
 * and array malloc'd), keeps it in its metadata registry, and compares
 * it with ust_event_class_equal() to spot conflicting redefinitions.
 *
 * Encoding (wire-codec/wire-codec.h primitives):
 *   str name ("provider:event"), i32 loglevel, str model_emf_uri (may be
 *   absent), u32 nr_fields, then per field:
 *     str name, u32 kind, u32 nowrite,
 *     integer: u32 size, alignment, signedness, byte_order, base,
 *     float:   u32 exp_dig, mant_dig, alignment, byte_order,
 *     u32 encoding, u32 length, str length_name (may be absent),
 *     for kind ENUM only: str enum name, u32 nr_entries, then per entry
 *       u64 start, u32 start signedness, u64 end, u32 end signedness,
 *       str label, u32 options.
 * All members are sent for every kind; the decoder validates those the
 * kind uses and zeroes the others, so equal types compare equal.
 */
#ifndef UST_COMM_EVENT_CLASS_H
#define UST_COMM_EVENT_CLASS_H

#include <stdint.h>

#include <lttng/ust-events.h>

#include "wire-codec/wire-codec.h"

struct ust_enum_entry_class {
	struct lttng_ust_enum_value start;
	struct lttng_ust_enum_value end;
	char *label;
	unsigned int options; /* LTTNG_UST_ENUM_ENTRY_OPTION_* */
};

struct ust_enum_class {
	char *name; /* "provider_enumname" */
	uint32_t nr_entries;
	struct ust_enum_entry_class *entries;
};

/* One field; members as in struct lttng_ust_event_field. */
struct ust_field_class {
	char *name;
	enum lttng_ust_type_kind kind;
	unsigned int nowrite;
	struct lttng_ust_integer_type integer;	 /* INTEGER/ENUM/ARRAY/SEQ */
	struct lttng_ust_float_type flt;	 /* FLOAT */
	enum lttng_ust_string_encoding encoding; /* STRING/ARRAY/SEQUENCE */
	unsigned int length;			 /* ARRAY */
	char *length_name;			 /* SEQUENCE */
	struct ust_enum_class *enumeration;	 /* ENUM */
};

struct ust_event_class {
	char *name; /* "provider:event" */
	int loglevel;
	char *model_emf_uri; /* NULL when the provider set none */
	uint32_t nr_fields;
	struct ust_field_class *fields;
};

/* Longest model EMF URI accepted, terminator excluded. */
#define UST_EMF_URI_MAX 4096

/* Encode a provider's event description. */
void ust_put_event_desc(struct wire_buf *buf,
			const struct lttng_ust_event_desc *desc);

/*
 * Decode and validate one description from cur into a new class.
 * Returns 0 and *out, -EBADMSG (truncated, malformed type, unknown kind,
 * sequence without its length field...), -EMSGSIZE (a name or count
 * over the protocol's limits) or -ENOMEM.
 */
int ust_get_event_desc(struct wire_cursor *cur, struct ust_event_class **out);

/* The whole UST_NOTIFY_EVENT_REGISTER payload. */
void ust_put_event_register(struct wire_buf *buf, uint64_t session_id,
			    uint64_t channel_key,
			    const struct lttng_ust_event_desc *desc);
int ust_get_event_register(const void *payload, size_t len,
			   uint64_t *session_id, uint64_t *channel_key,
			   struct ust_event_class **out);

/* Frees a decoded class; NULL is accepted. */
void ust_event_class_free(struct ust_event_class *cls);

/*
 * 1 when both describe the same event: same name, log level, EMF URI
 * and fields (names, kinds and exact types, enum mappings). 0 otherwise.
 */
int ust_event_class_equal(const struct ust_event_class *a,
			  const struct ust_event_class *b);

#endif /* UST_COMM_EVENT_CLASS_H */
