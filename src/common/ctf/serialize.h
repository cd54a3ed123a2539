/*
 * Field values and their binary layout: a value tree mirrors a type tree
 * (structures, arrays and sequences are lists of values in field order; a
 * variant's value is the value of the option its tag selects; an
 * enumeration's value is its integer) and ctf_serialize() writes it into
 * a packet buffer at the bit offsets a CTF reader expects: each field
 * aligned relative to the packet start, integers of any size from 1 to
 * 64 bits in their declared byte order. The stream writer is the user.
 */
#ifndef CTF_SERIALIZE_H
#define CTF_SERIALIZE_H

#include <stddef.h>
#include <stdint.h>

#include "ctf/error.h"
#include "ctf/type.h"

enum ctf_value_kind {
	CTF_VALUE_SIGNED,
	CTF_VALUE_UNSIGNED,
	CTF_VALUE_DOUBLE,
	CTF_VALUE_STRING, /* strings, and text arrays/sequences */
	CTF_VALUE_LIST,	  /* structures, arrays and sequences */
};

struct ctf_value {
	enum ctf_value_kind kind;
	union {
		int64_t s;
		uint64_t u;
		double d;
		const char *str;
		struct {
			const struct ctf_value *items;
			size_t count;
		} list;
	};
};

#define CTF_SIGNED(v) ((struct ctf_value){.kind = CTF_VALUE_SIGNED, .s = (v)})
#define CTF_UNSIGNED(v)                                                        \
	((struct ctf_value){.kind = CTF_VALUE_UNSIGNED, .u = (v)})
#define CTF_DOUBLE(v) ((struct ctf_value){.kind = CTF_VALUE_DOUBLE, .d = (v)})
#define CTF_STRING(v) ((struct ctf_value){.kind = CTF_VALUE_STRING, .str = (v)})
/* A list over an array of values (sizeof must see the array). */
#define CTF_LIST(array)                                                        \
	((struct ctf_value){                                                   \
		.kind = CTF_VALUE_LIST,                                        \
		.list = {(array), sizeof(array) / sizeof((array)[0])}})
#define CTF_EMPTY_LIST ((struct ctf_value){.kind = CTF_VALUE_LIST})

/* A zero-filled buffer being written at a bit position. */
struct ctf_bitbuf {
	uint8_t *data;
	uint64_t cap_bits;
	uint64_t pos; /* bits from data[0] */
};

/* Moves pos up to a multiple of align bits (a power of two). */
int ctf_bitbuf_align(struct ctf_bitbuf *bb, unsigned int align);

/*
 * Writes the low `size` bits of v at pos in the given byte order and
 * advances pos; -ENOSPC when they do not fit.
 */
int ctf_bitbuf_write(struct ctf_bitbuf *bb, uint64_t v, unsigned int size,
		     enum ctf_byte_order order);

/*
 * Zeroes everything from bit `pos` up to bit `end` and moves pos back
 * there: undoes a write that did not fit or was refused.
 */
void ctf_bitbuf_rewind(struct ctf_bitbuf *bb, uint64_t pos, uint64_t end);

/*
 * Serializes a structure value against a validated structure type
 * (aligning the structure itself first). Returns 0, -ENOSPC when the
 * buffer is too small (no message) or -EINVAL with a message naming the
 * field when the value does not match its type (wrong kind or count, an
 * integer out of range, a sequence length that differs from its length
 * field, a tag value that selects no option). On error pos is
 * unspecified: the caller rewinds.
 */
int ctf_serialize(struct ctf_bitbuf *bb, const struct ctf_type *scope,
		  const struct ctf_value *value, struct ctf_error *err);

#endif /* CTF_SERIALIZE_H */
