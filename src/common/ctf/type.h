/*
 * CTF field types as an in-memory tree: integers, floating point numbers,
 * strings, enumerations, fixed arrays, sequences, structures and
 * variants. The session daemon builds them from applications' event
 * descriptions, the TSDL generator (tsdl.c) prints them and the stream
 * writer (serialize.c) lays values out according to them.
 *
 * Life cycle: build with the ctf_type_*_create() constructors and the
 * add functions (compound types own what is added to them), check a
 * whole scope with ctf_type_validate(), free with ctf_type_destroy().
 * Constructors only allocate; every rule is checked by validation, so a
 * tree may be built in any order and is judged once, as a whole.
 */
#ifndef CTF_TYPE_H
#define CTF_TYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ctf/error.h"

enum ctf_type_kind {
	CTF_TYPE_INTEGER,
	CTF_TYPE_FLOAT,
	CTF_TYPE_STRING,
	CTF_TYPE_ENUM,
	CTF_TYPE_ARRAY,
	CTF_TYPE_SEQUENCE,
	CTF_TYPE_STRUCT,
	CTF_TYPE_VARIANT,
};

/* Native is the trace's byte order (declared in the trace block). */
enum ctf_byte_order {
	CTF_BYTE_ORDER_NATIVE,
	CTF_BYTE_ORDER_BE,
	CTF_BYTE_ORDER_LE,
};

enum ctf_encoding {
	CTF_ENCODING_NONE,
	CTF_ENCODING_UTF8,
	CTF_ENCODING_ASCII,
};

/*
 * An integer's layout. A zero align means 8 bits and a zero base means
 * 10, LTTng's byte-packed defaults, so designated initializers can name
 * only what differs.
 */
struct ctf_integer_desc {
	unsigned int size;  /* bits, 1 to 64 */
	unsigned int align; /* bits, a power of two */
	bool is_signed;
	unsigned int base; /* 2, 8, 10 or 16 */
	enum ctf_byte_order byte_order;
	enum ctf_encoding encoding; /* chars: UTF8 or ASCII */
};

/* One enumeration mapping: label for the values start..end inclusive. */
struct ctf_enum_mapping {
	char *label;
	bool is_signed; /* which member of start/end holds the value */
	union {
		int64_t s;
		uint64_t u;
	} start, end;
};

struct ctf_field {
	char *name;
	struct ctf_type *type;
};

struct ctf_type {
	enum ctf_type_kind kind;
	union {
		struct ctf_integer_desc integer;
		struct {
			unsigned int exp_dig;
			unsigned int mant_dig;
			unsigned int align;
			enum ctf_byte_order byte_order;
		} fp;
		enum ctf_encoding string_encoding;
		struct {
			struct ctf_integer_desc container;
			struct ctf_enum_mapping *mappings;
			size_t nr_mappings;
		} enumeration;
		struct {
			struct ctf_type *elem;
			uint64_t length;   /* arrays */
			char *length_name; /* sequences: a preceding field */
		} array;
		struct {
			struct ctf_field *fields;
			size_t nr_fields;
			char *tag_name; /* variants: a preceding enum field */
		} compound;
	};
};

/* Constructors: return NULL only when out of memory. */
struct ctf_type *ctf_type_integer_create(const struct ctf_integer_desc *desc);
struct ctf_type *ctf_type_float_create(unsigned int exp_dig,
				       unsigned int mant_dig,
				       unsigned int align,
				       enum ctf_byte_order byte_order);
struct ctf_type *ctf_type_string_create(enum ctf_encoding encoding);
struct ctf_type *ctf_type_enum_create(const struct ctf_integer_desc *container);
/* Arrays and sequences own elem, even when they return NULL. */
struct ctf_type *ctf_type_array_create(struct ctf_type *elem, uint64_t length);
struct ctf_type *ctf_type_sequence_create(struct ctf_type *elem,
					  const char *length_name);
struct ctf_type *ctf_type_struct_create(void);
struct ctf_type *ctf_type_variant_create(const char *tag_name);

/* Adds a mapping to an enumeration; 0 or -ENOMEM. */
int ctf_type_enum_add_signed(struct ctf_type *enumeration, const char *label,
			     int64_t start, int64_t end);
int ctf_type_enum_add_unsigned(struct ctf_type *enumeration, const char *label,
			       uint64_t start, uint64_t end);

/*
 * Appends a field to a structure or an option to a variant; the compound
 * takes ownership of type (freeing it on failure). 0 or -ENOMEM.
 */
int ctf_type_add_field(struct ctf_type *compound, const char *name,
		       struct ctf_type *type);

void ctf_type_destroy(struct ctf_type *type);

/*
 * Checks a scope (a structure: an event payload or a stream's event
 * context) and everything under it: valid non-keyword identifiers, no
 * duplicate names, supported sizes, alignments, bases and encodings,
 * enumeration mappings that fit their container, sequence lengths that
 * name a preceding unsigned integer of the same structure, variant tags
 * that name a preceding enumeration whose labels cover the options.
 * Returns 0 or -EINVAL with a message naming the field.
 */
int ctf_type_validate(const struct ctf_type *scope, struct ctf_error *err);

/* True when name is a TSDL identifier and not a TSDL keyword. */
bool ctf_identifier_is_valid(const char *name);

/* Index of the field called name in a structure or variant, or -1. */
int ctf_type_field_index(const struct ctf_type *compound, const char *name);

/*
 * Alignment in bits of a field of this type before its data: the declared
 * one for integers, floats and enumerations, 8 for strings, the element's
 * for arrays and sequences, the largest member's for structures, and 1
 * for variants (the selected option aligns itself).
 */
unsigned int ctf_type_alignment(const struct ctf_type *type);

/* The label of the first mapping containing value, or NULL. */
const char *ctf_type_enum_label(const struct ctf_type *enumeration,
				bool is_signed, uint64_t value);

#endif /* CTF_TYPE_H */
