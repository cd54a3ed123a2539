/*
 * Binary layout of field values (see serialize.h). Bits are numbered
 * from the packet start; a little-endian field fills each byte from its
 * least significant bit, a big-endian one from its most significant bit,
 * as CTF 1.8 section 4.1.5 lays out bit fields. Byte-aligned fields of
 * whole bytes take a fast path.
 */
#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ctf/serialize.h"

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
	       "the CTF writer declares native order as little endian");

int ctf_bitbuf_align(struct ctf_bitbuf *bb, unsigned int align)
{
	uint64_t pos = (bb->pos + align - 1) & ~(uint64_t)(align - 1);

	assert(align && !(align & (align - 1)));
	if (pos > bb->cap_bits)
		return -ENOSPC;
	bb->pos = pos;
	return 0;
}

int ctf_bitbuf_write(struct ctf_bitbuf *bb, uint64_t v, unsigned int size,
		     enum ctf_byte_order order)
{
	bool be = order == CTF_BYTE_ORDER_BE;
	unsigned int i;

	assert(size >= 1 && size <= 64);
	if (bb->pos + size > bb->cap_bits)
		return -ENOSPC;
	if (size < 64)
		v &= (UINT64_C(1) << size) - 1;
	if (!(bb->pos % 8) && !(size % 8)) {
		uint8_t *p = bb->data + bb->pos / 8;
		unsigned int bytes = size / 8;

		for (i = 0; i < bytes; i++)
			p[i] = (uint8_t)(v >> (8 * (be ? bytes - 1 - i : i)));
	} else {
		for (i = 0; i < size; i++) {
			uint64_t p = bb->pos + i;
			unsigned int bit =
				be ? (v >> (size - 1 - i)) & 1 : (v >> i) & 1;

			/* The buffer is zeroed: only set bits are written. */
			if (bit)
				bb->data[p / 8] |=
					be ? 0x80 >> (p % 8) : 1 << (p % 8);
		}
	}
	bb->pos += size;
	return 0;
}

void ctf_bitbuf_rewind(struct ctf_bitbuf *bb, uint64_t pos, uint64_t end)
{
	assert(pos % 8 == 0 && pos <= end && end <= bb->cap_bits);
	memset(bb->data + pos / 8, 0, (end + 7) / 8 - pos / 8);
	bb->pos = pos;
}

/* Serialization state: the buffer and the dotted path of the field. */
struct ser {
	struct ctf_bitbuf *bb;
	struct ctf_error *err;
	char path[192];
};

static int ser_fail(struct ser *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int ser_fail(struct ser *s, const char *fmt, ...)
{
	char what[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return ctf_error_set(s->err, -EINVAL, "field '%s': %s", s->path, what);
}

/* Appends ".name" or "[index]" to the path; returns the old length. */
static size_t path_push(struct ser *s, const char *name, size_t index)
{
	size_t len = strlen(s->path);

	if (name)
		snprintf(s->path + len, sizeof(s->path) - len, "%s%s",
			 len ? "." : "", name);
	else
		snprintf(s->path + len, sizeof(s->path) - len, "[%zu]", index);
	return len;
}

static const char *kind_name(enum ctf_value_kind kind)
{
	static const char *const names[] = {"a signed integer",
					    "an unsigned integer", "a double",
					    "a string", "a list"};

	return names[kind];
}

/* The value as an exact number, for range checks. */
static __int128 integer_of(const struct ctf_value *v)
{
	return v->kind == CTF_VALUE_SIGNED ? (__int128)v->s : (__int128)v->u;
}

static int write_integer(struct ser *s, const struct ctf_integer_desc *d,
			 const struct ctf_value *v)
{
	__int128 min, max, x;
	int ret;

	if (v->kind != CTF_VALUE_SIGNED && v->kind != CTF_VALUE_UNSIGNED)
		return ser_fail(s, "expects an integer, got %s",
				kind_name(v->kind));
	x = integer_of(v);
	min = d->is_signed ? -((__int128)1 << (d->size - 1)) : 0;
	max = d->is_signed ? ((__int128)1 << (d->size - 1)) - 1
			   : ((__int128)1 << d->size) - 1;
	if (x < min || x > max) {
		if (v->kind == CTF_VALUE_SIGNED)
			return ser_fail(s,
					"value %" PRId64 " does not fit a "
					"%u-bit %s integer",
					v->s, d->size,
					d->is_signed ? "signed" : "unsigned");
		return ser_fail(s,
				"value %" PRIu64 " does not fit a %u-bit %s "
				"integer",
				v->u, d->size,
				d->is_signed ? "signed" : "unsigned");
	}
	ret = ctf_bitbuf_align(s->bb, d->align);
	return ret ? ret
		   : ctf_bitbuf_write(s->bb, (uint64_t)x, d->size,
				      d->byte_order);
}

static int write_float(struct ser *s, const struct ctf_type *type,
		       const struct ctf_value *v)
{
	uint64_t bits = 0;
	unsigned int size = type->fp.mant_dig == 24 ? 32 : 64;
	int ret;

	if (v->kind != CTF_VALUE_DOUBLE)
		return ser_fail(s, "expects a double, got %s",
				kind_name(v->kind));
	if (size == 32) {
		float f = (float)v->d;
		uint32_t b;

		memcpy(&b, &f, sizeof(b));
		bits = b;
	} else {
		memcpy(&bits, &v->d, sizeof(bits));
	}
	ret = ctf_bitbuf_align(s->bb, type->fp.align);
	return ret ? ret
		   : ctf_bitbuf_write(s->bb, bits, size, type->fp.byte_order);
}

/* Copies len bytes at the (byte-aligned) position; the rest stays 0. */
static int write_bytes(struct ser *s, const void *bytes, size_t len,
		       size_t room)
{
	int ret = ctf_bitbuf_align(s->bb, 8);

	if (ret)
		return ret;
	if (room > (s->bb->cap_bits - s->bb->pos) / 8)
		return -ENOSPC;
	memcpy(s->bb->data + s->bb->pos / 8, bytes, len);
	s->bb->pos += (uint64_t)room * 8;
	return 0;
}

static bool is_text_elem(const struct ctf_type *elem)
{
	return elem->kind == CTF_TYPE_INTEGER &&
	       elem->integer.encoding != CTF_ENCODING_NONE;
}

static int write_type(struct ser *s, const struct ctf_type *type,
		      const struct ctf_value *v, const struct ctf_type *parent,
		      const struct ctf_value *siblings);

/*
 * Writes `count` elements of an array or sequence: a string for a text
 * element type (padded with zeros up to count), else a list.
 */
static int write_elements(struct ser *s, const struct ctf_type *type,
			  const struct ctf_value *v, uint64_t count)
{
	const struct ctf_type *elem = type->array.elem;
	size_t i, len;
	int ret;

	if (v->kind == CTF_VALUE_STRING && is_text_elem(elem)) {
		len = strlen(v->str);
		if (len > count)
			return ser_fail(
				s,
				"text of %zu bytes does not fit %" PRIu64
				" elements",
				len, count);
		return write_bytes(s, v->str, len, (size_t)count);
	}
	if (v->kind != CTF_VALUE_LIST)
		return ser_fail(s, "expects a list, got %s",
				kind_name(v->kind));
	if (v->list.count != count)
		return ser_fail(s, "expects %" PRIu64 " elements, got %zu",
				count, v->list.count);
	ret = ctf_bitbuf_align(s->bb, ctf_type_alignment(type));
	for (i = 0; !ret && i < v->list.count; i++) {
		size_t old = path_push(s, NULL, i);

		ret = write_type(s, elem, &v->list.items[i], NULL, NULL);
		if (!ret)
			s->path[old] = '\0';
	}
	return ret;
}

/* The value of the sibling field `name`, which validation guarantees. */
static const struct ctf_value *sibling(const struct ctf_type *parent,
				       const struct ctf_value *siblings,
				       const char *name)
{
	int index = ctf_type_field_index(parent, name);

	assert(parent->kind == CTF_TYPE_STRUCT && index >= 0);
	return &siblings[index];
}

static int write_sequence(struct ser *s, const struct ctf_type *type,
			  const struct ctf_value *v,
			  const struct ctf_type *parent,
			  const struct ctf_value *siblings)
{
	const struct ctf_value *len =
		sibling(parent, siblings, type->array.length_name);
	uint64_t count = len->u; /* checked unsigned when written */
	uint64_t have;

	have = v->kind == CTF_VALUE_STRING ? strlen(v->str)
	       : v->kind == CTF_VALUE_LIST ? v->list.count
					   : count;
	if (have != count)
		return ser_fail(s,
				"has %" PRIu64 " elements but its length "
				"field '%s' says %" PRIu64,
				have, type->array.length_name, count);
	return write_elements(s, type, v, count);
}

static int write_variant(struct ser *s, const struct ctf_type *type,
			 const struct ctf_value *v,
			 const struct ctf_type *parent,
			 const struct ctf_value *siblings)
{
	const char *tag_name = type->compound.tag_name;
	const struct ctf_value *tag = sibling(parent, siblings, tag_name);
	const struct ctf_type *tag_type =
		parent->compound.fields[ctf_type_field_index(parent, tag_name)]
			.type;
	const char *label = ctf_type_enum_label(
		tag_type, tag->kind == CTF_VALUE_SIGNED, tag->u);
	int option = label ? ctf_type_field_index(type, label) : -1;
	size_t old;
	int ret;

	if (option < 0) {
		if (tag->kind == CTF_VALUE_SIGNED)
			return ser_fail(
				s, "tag '%s' = %" PRId64 " selects no option",
				tag_name, tag->s);
		return ser_fail(s, "tag '%s' = %" PRIu64 " selects no option",
				tag_name, tag->u);
	}
	old = path_push(s, label, 0);
	ret = write_type(s, type->compound.fields[option].type, v, NULL, NULL);
	if (!ret)
		s->path[old] = '\0';
	return ret;
}

static int write_struct(struct ser *s, const struct ctf_type *type,
			const struct ctf_value *v)
{
	size_t i;
	int ret;

	if (v->kind != CTF_VALUE_LIST)
		return ser_fail(s, "expects a list, got %s",
				kind_name(v->kind));
	if (v->list.count != type->compound.nr_fields)
		return ser_fail(s, "expects %zu field values, got %zu",
				type->compound.nr_fields, v->list.count);
	ret = ctf_bitbuf_align(s->bb, ctf_type_alignment(type));
	for (i = 0; !ret && i < type->compound.nr_fields; i++) {
		const struct ctf_field *f = &type->compound.fields[i];
		size_t old = path_push(s, f->name, 0);

		ret = write_type(s, f->type, &v->list.items[i], type,
				 v->list.items);
		if (!ret)
			s->path[old] = '\0';
	}
	return ret;
}

static int write_type(struct ser *s, const struct ctf_type *type,
		      const struct ctf_value *v, const struct ctf_type *parent,
		      const struct ctf_value *siblings)
{
	switch (type->kind) {
	case CTF_TYPE_INTEGER:
		return write_integer(s, &type->integer, v);
	case CTF_TYPE_ENUM:
		return write_integer(s, &type->enumeration.container, v);
	case CTF_TYPE_FLOAT:
		return write_float(s, type, v);
	case CTF_TYPE_STRING:
		if (v->kind != CTF_VALUE_STRING)
			return ser_fail(s, "expects a string, got %s",
					kind_name(v->kind));
		return write_bytes(s, v->str, strlen(v->str) + 1,
				   strlen(v->str) + 1);
	case CTF_TYPE_ARRAY:
		return write_elements(s, type, v, type->array.length);
	case CTF_TYPE_SEQUENCE:
		return write_sequence(s, type, v, parent, siblings);
	case CTF_TYPE_STRUCT:
		return write_struct(s, type, v);
	case CTF_TYPE_VARIANT:
		return write_variant(s, type, v, parent, siblings);
	}
	assert(0);
	return -EINVAL;
}

int ctf_serialize(struct ctf_bitbuf *bb, const struct ctf_type *scope,
		  const struct ctf_value *value, struct ctf_error *err)
{
	struct ser s = {.bb = bb, .err = err};

	assert(scope->kind == CTF_TYPE_STRUCT);
	return write_struct(&s, scope, value);
}
