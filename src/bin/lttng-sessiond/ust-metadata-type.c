/*
 * Implementation of ust-metadata-type.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "ust-metadata-type.h"

static enum ctf_byte_order byte_order(unsigned int ust_order)
{
	return ust_order == LTTNG_UST_BYTE_ORDER_NETWORK
		       ? CTF_BYTE_ORDER_BE
		       : CTF_BYTE_ORDER_NATIVE;
}

static struct ctf_integer_desc
integer_desc(const struct lttng_ust_integer_type *t,
	     enum lttng_ust_string_encoding enc)
{
	struct ctf_integer_desc d = {
		.size = t->size,
		.align = t->alignment ? t->alignment : 8,
		.is_signed = t->signedness != 0,
		.base = t->base ? t->base : 10,
		.byte_order = byte_order(t->byte_order),
		.encoding = enc == LTTNG_UST_STRING_ENCODING_UTF8
				    ? CTF_ENCODING_UTF8
				    : CTF_ENCODING_NONE,
	};

	return d;
}

/*
 * Adds mapping m; *next is the value of an auto entry after it, none
 * (*no_next) after a mapping that ends at INT64_MAX: such an entry makes
 * the enumeration invalid.
 */
static int add_mapping(struct ctf_type *e, const struct ust_enum_entry_class *m,
		       int64_t *next, bool *no_next)
{
	int64_t start, end;

	if (m->options & LTTNG_UST_ENUM_ENTRY_OPTION_IS_AUTO) {
		if (*no_next)
			return -ERANGE;
		start = end = *next;
	} else {
		start = (int64_t)m->start.value;
		end = (int64_t)m->end.value;
	}
	*no_next = end == INT64_MAX;
	*next = *no_next ? end : end + 1;
	if (m->start.signedness ||
	    (m->options & LTTNG_UST_ENUM_ENTRY_OPTION_IS_AUTO))
		return ctf_type_enum_add_signed(e, m->label, start, end);
	return ctf_type_enum_add_unsigned(e, m->label, m->start.value,
					  m->end.value);
}

static struct ctf_type *enum_type(const struct ust_field_class *f)
{
	struct ctf_integer_desc container =
		integer_desc(&f->integer, LTTNG_UST_STRING_ENCODING_NONE);
	struct ctf_type *e = ctf_type_enum_create(&container);
	int64_t next = 0;
	bool no_next = false;

	if (!e || !f->enumeration)
		return e;
	for (uint32_t i = 0; i < f->enumeration->nr_entries; i++) {
		if (add_mapping(e, &f->enumeration->entries[i], &next,
				&no_next)) {
			ctf_type_destroy(e);
			return NULL;
		}
	}
	return e;
}

static struct ctf_type *element_type(const struct ust_field_class *f)
{
	struct ctf_integer_desc elem = integer_desc(&f->integer, f->encoding);

	return ctf_type_integer_create(&elem);
}

static struct ctf_type *field_type(const struct ust_field_class *f)
{
	struct ctf_integer_desc d;

	switch (f->kind) {
	case LTTNG_UST_TYPE_INTEGER:
		d = integer_desc(&f->integer, LTTNG_UST_STRING_ENCODING_NONE);
		return ctf_type_integer_create(&d);
	case LTTNG_UST_TYPE_FLOAT:
		return ctf_type_float_create(f->flt.exp_dig, f->flt.mant_dig,
					     f->flt.alignment ? f->flt.alignment
							      : 8,
					     byte_order(f->flt.byte_order));
	case LTTNG_UST_TYPE_STRING:
		return ctf_type_string_create(CTF_ENCODING_UTF8);
	case LTTNG_UST_TYPE_ENUM:
		return enum_type(f);
	case LTTNG_UST_TYPE_ARRAY:
		return ctf_type_array_create(element_type(f), f->length);
	case LTTNG_UST_TYPE_SEQUENCE:
		if (!f->length_name)
			return NULL;
		return ctf_type_sequence_create(element_type(f),
						f->length_name);
	}
	return NULL;
}

struct ctf_type *ust_metadata_payload(const struct ust_event_class *cls)
{
	struct ctf_type *payload = ctf_type_struct_create();

	for (uint32_t i = 0; payload && i < cls->nr_fields; i++) {
		const struct ust_field_class *f = &cls->fields[i];
		struct ctf_type *type;

		if (f->nowrite)
			continue;
		type = field_type(f);
		if (!type || ctf_type_add_field(payload, f->name, type)) {
			ctf_type_destroy(payload);
			return NULL;
		}
	}
	return payload;
}
