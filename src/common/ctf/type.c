/*
 * The CTF field type tree: constructors, destructor, lookups and the
 * validation that the TSDL generator and the stream writer rely on
 * (see type.h for the rules).
 */
#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctf/type.h"

/* Reserved words of TSDL (CTF 1.8, appendix C.1.2). */
static const char *const tsdl_keywords[] = {
	"align",     "callsite", "const",      "char",	  "clock",
	"double",    "enum",	 "env",	       "event",	  "floating_point",
	"float",     "integer",	 "int",	       "long",	  "short",
	"signed",    "stream",	 "string",     "struct",  "trace",
	"typealias", "typedef",	 "unsigned",   "variant", "void",
	"_Bool",     "_Complex", "_Imaginary",
};

static struct ctf_type *type_alloc(enum ctf_type_kind kind)
{
	struct ctf_type *type = calloc(1, sizeof(*type));

	if (type)
		type->kind = kind;
	return type;
}

static struct ctf_integer_desc integer_defaults(struct ctf_integer_desc d)
{
	if (!d.align)
		d.align = 8;
	if (!d.base)
		d.base = 10;
	return d;
}

struct ctf_type *ctf_type_integer_create(const struct ctf_integer_desc *desc)
{
	struct ctf_type *type = type_alloc(CTF_TYPE_INTEGER);

	if (type)
		type->integer = integer_defaults(*desc);
	return type;
}

struct ctf_type *ctf_type_float_create(unsigned int exp_dig,
				       unsigned int mant_dig,
				       unsigned int align,
				       enum ctf_byte_order byte_order)
{
	struct ctf_type *type = type_alloc(CTF_TYPE_FLOAT);

	if (!type)
		return NULL;
	type->fp.exp_dig = exp_dig;
	type->fp.mant_dig = mant_dig;
	type->fp.align = align ? align : 8;
	type->fp.byte_order = byte_order;
	return type;
}

struct ctf_type *ctf_type_string_create(enum ctf_encoding encoding)
{
	struct ctf_type *type = type_alloc(CTF_TYPE_STRING);

	if (type)
		type->string_encoding = encoding;
	return type;
}

struct ctf_type *ctf_type_enum_create(const struct ctf_integer_desc *container)
{
	struct ctf_type *type = type_alloc(CTF_TYPE_ENUM);

	if (type)
		type->enumeration.container = integer_defaults(*container);
	return type;
}

struct ctf_type *ctf_type_array_create(struct ctf_type *elem, uint64_t length)
{
	struct ctf_type *type = type_alloc(CTF_TYPE_ARRAY);

	if (!type) {
		ctf_type_destroy(elem);
		return NULL;
	}
	type->array.elem = elem;
	type->array.length = length;
	return type;
}

struct ctf_type *ctf_type_sequence_create(struct ctf_type *elem,
					  const char *length_name)
{
	struct ctf_type *type = type_alloc(CTF_TYPE_SEQUENCE);

	if (type)
		type->array.length_name = strdup(length_name);
	if (!type || !type->array.length_name) {
		free(type);
		ctf_type_destroy(elem);
		return NULL;
	}
	type->array.elem = elem;
	return type;
}

struct ctf_type *ctf_type_struct_create(void)
{
	return type_alloc(CTF_TYPE_STRUCT);
}

struct ctf_type *ctf_type_variant_create(const char *tag_name)
{
	struct ctf_type *type = type_alloc(CTF_TYPE_VARIANT);

	if (type)
		type->compound.tag_name = strdup(tag_name);
	if (type && !type->compound.tag_name) {
		free(type);
		return NULL;
	}
	return type;
}

static int enum_add(struct ctf_type *enumeration,
		    const struct ctf_enum_mapping *mapping)
{
	struct ctf_enum_mapping *mappings;
	size_t nr = enumeration->enumeration.nr_mappings;

	assert(enumeration->kind == CTF_TYPE_ENUM);
	mappings = realloc(enumeration->enumeration.mappings,
			   (nr + 1) * sizeof(*mappings));
	if (!mappings)
		return -ENOMEM;
	enumeration->enumeration.mappings = mappings;
	mappings[nr] = *mapping;
	mappings[nr].label = strdup(mapping->label);
	if (!mappings[nr].label)
		return -ENOMEM;
	enumeration->enumeration.nr_mappings = nr + 1;
	return 0;
}

int ctf_type_enum_add_signed(struct ctf_type *enumeration, const char *label,
			     int64_t start, int64_t end)
{
	struct ctf_enum_mapping m = {
		.label = (char *)label,
		.is_signed = true,
		.start.s = start,
		.end.s = end,
	};

	return enum_add(enumeration, &m);
}

int ctf_type_enum_add_unsigned(struct ctf_type *enumeration, const char *label,
			       uint64_t start, uint64_t end)
{
	struct ctf_enum_mapping m = {
		.label = (char *)label,
		.start.u = start,
		.end.u = end,
	};

	return enum_add(enumeration, &m);
}

int ctf_type_add_field(struct ctf_type *compound, const char *name,
		       struct ctf_type *type)
{
	struct ctf_field *fields;
	size_t nr = compound->compound.nr_fields;
	char *copy = strdup(name);

	assert(compound->kind == CTF_TYPE_STRUCT ||
	       compound->kind == CTF_TYPE_VARIANT);
	fields = copy && type ? realloc(compound->compound.fields,
					(nr + 1) * sizeof(*fields))
			      : NULL;
	if (!fields) {
		free(copy);
		ctf_type_destroy(type);
		return -ENOMEM;
	}
	compound->compound.fields = fields;
	fields[nr].name = copy;
	fields[nr].type = type;
	compound->compound.nr_fields = nr + 1;
	return 0;
}

void ctf_type_destroy(struct ctf_type *type)
{
	size_t i;

	if (!type)
		return;
	switch (type->kind) {
	case CTF_TYPE_ENUM:
		for (i = 0; i < type->enumeration.nr_mappings; i++)
			free(type->enumeration.mappings[i].label);
		free(type->enumeration.mappings);
		break;
	case CTF_TYPE_ARRAY:
	case CTF_TYPE_SEQUENCE:
		ctf_type_destroy(type->array.elem);
		free(type->array.length_name);
		break;
	case CTF_TYPE_STRUCT:
	case CTF_TYPE_VARIANT:
		for (i = 0; i < type->compound.nr_fields; i++) {
			free(type->compound.fields[i].name);
			ctf_type_destroy(type->compound.fields[i].type);
		}
		free(type->compound.fields);
		free(type->compound.tag_name);
		break;
	default:
		break;
	}
	free(type);
}

bool ctf_identifier_is_valid(const char *name)
{
	size_t i;

	if (!name || !(name[0] == '_' || (name[0] >= 'a' && name[0] <= 'z') ||
		       (name[0] >= 'A' && name[0] <= 'Z')))
		return false;
	for (i = 1; name[i]; i++) {
		char c = name[i];

		if (!(c == '_' || (c >= 'a' && c <= 'z') ||
		      (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
			return false;
	}
	for (i = 0; i < sizeof(tsdl_keywords) / sizeof(tsdl_keywords[0]); i++)
		if (!strcmp(name, tsdl_keywords[i]))
			return false;
	return true;
}

int ctf_type_field_index(const struct ctf_type *compound, const char *name)
{
	size_t i;

	assert(compound->kind == CTF_TYPE_STRUCT ||
	       compound->kind == CTF_TYPE_VARIANT);
	for (i = 0; i < compound->compound.nr_fields; i++)
		if (!strcmp(compound->compound.fields[i].name, name))
			return (int)i;
	return -1;
}

unsigned int ctf_type_alignment(const struct ctf_type *type)
{
	unsigned int align = 1, a;
	size_t i;

	switch (type->kind) {
	case CTF_TYPE_INTEGER:
		return type->integer.align;
	case CTF_TYPE_FLOAT:
		return type->fp.align;
	case CTF_TYPE_STRING:
		return 8;
	case CTF_TYPE_ENUM:
		return type->enumeration.container.align;
	case CTF_TYPE_ARRAY:
	case CTF_TYPE_SEQUENCE:
		return ctf_type_alignment(type->array.elem);
	case CTF_TYPE_STRUCT:
		for (i = 0; i < type->compound.nr_fields; i++) {
			a = ctf_type_alignment(type->compound.fields[i].type);
			if (a > align)
				align = a;
		}
		return align;
	case CTF_TYPE_VARIANT:
		return 1;
	}
	assert(0);
	return 1;
}

/* Values of both signednesses, compared exactly. */
static __int128 mapping_bound(bool is_signed, uint64_t raw)
{
	return is_signed ? (__int128)(int64_t)raw : (__int128)raw;
}

const char *ctf_type_enum_label(const struct ctf_type *enumeration,
				bool is_signed, uint64_t value)
{
	__int128 v = mapping_bound(is_signed, value);
	size_t i;

	assert(enumeration->kind == CTF_TYPE_ENUM);
	for (i = 0; i < enumeration->enumeration.nr_mappings; i++) {
		const struct ctf_enum_mapping *m =
			&enumeration->enumeration.mappings[i];

		if (v >= mapping_bound(m->is_signed, m->start.u) &&
		    v <= mapping_bound(m->is_signed, m->end.u))
			return m->label;
	}
	return NULL;
}

/*
 * Validation walks the tree with the dotted path of the current field
 * (e.g. "inner.count") so that messages name it.
 */
struct check {
	struct ctf_error *err;
	char path[192];
};

static int check_fail(struct check *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int check_fail(struct check *c, const char *fmt, ...)
{
	char what[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return ctf_error_set(c->err, -EINVAL, "field '%s': %s", c->path, what);
}

static bool is_power_of_two(unsigned int v)
{
	return v && !(v & (v - 1));
}

static int check_integer(struct check *c, const struct ctf_integer_desc *d)
{
	if (d->size < 1 || d->size > 64)
		return check_fail(c, "integer size %u is outside 1..64 bits",
				  d->size);
	if (!is_power_of_two(d->align))
		return check_fail(c, "alignment %u bits is not a power of two",
				  d->align);
	if (d->base != 2 && d->base != 8 && d->base != 10 && d->base != 16)
		return check_fail(c, "base %u is not 2, 8, 10 or 16", d->base);
	if (d->encoding != CTF_ENCODING_NONE && (d->size != 8 || d->align != 8))
		return check_fail(c, "a character encoding needs an 8-bit, "
				     "8-bit aligned integer");
	return 0;
}

static bool mapping_fits(const struct ctf_integer_desc *container,
			 bool is_signed, uint64_t raw)
{
	__int128 v = mapping_bound(is_signed, raw);
	unsigned int bits = container->size;

	if (container->is_signed)
		return v >= -((__int128)1 << (bits - 1)) &&
		       v < ((__int128)1 << (bits - 1));
	return v >= 0 && v < ((__int128)1 << bits);
}

static void format_bound(char *buf, size_t len, bool is_signed, uint64_t raw)
{
	if (is_signed)
		snprintf(buf, len, "%" PRId64, (int64_t)raw);
	else
		snprintf(buf, len, "%" PRIu64, raw);
}

static int check_mapping(struct check *c, const struct ctf_integer_desc *cont,
			 const struct ctf_enum_mapping *m)
{
	char start[24], end[24];

	format_bound(start, sizeof(start), m->is_signed, m->start.u);
	format_bound(end, sizeof(end), m->is_signed, m->end.u);
	if (mapping_bound(m->is_signed, m->start.u) >
	    mapping_bound(m->is_signed, m->end.u))
		return check_fail(c,
				  "mapping \"%s\" starts at %s, after its end "
				  "%s",
				  m->label, start, end);
	if (!mapping_fits(cont, m->is_signed, m->start.u) ||
	    !mapping_fits(cont, m->is_signed, m->end.u))
		return check_fail(c,
				  "mapping \"%s\" (%s ... %s) does not fit a "
				  "%u-bit %s container",
				  m->label, start, end, cont->size,
				  cont->is_signed ? "signed" : "unsigned");
	return 0;
}

static int check_enum(struct check *c, const struct ctf_type *type)
{
	size_t i;
	int ret = check_integer(c, &type->enumeration.container);

	if (!ret && !type->enumeration.nr_mappings)
		ret = check_fail(c, "enumeration has no mapping");
	for (i = 0; !ret && i < type->enumeration.nr_mappings; i++)
		ret = check_mapping(c, &type->enumeration.container,
				    &type->enumeration.mappings[i]);
	return ret;
}

/*
 * The type of the field `name` of parent when it comes before field
 * `index` of the same structure, else NULL: what a reader knows when it
 * reaches that field.
 */
static const struct ctf_type *preceding(const struct ctf_type *parent,
					size_t index, const char *name)
{
	int i = parent->kind == CTF_TYPE_STRUCT
			? ctf_type_field_index(parent, name)
			: -1;

	return i >= 0 && i < (int)index ? parent->compound.fields[i].type
					: NULL;
}

static int check_sequence_length(struct check *c, const struct ctf_type *parent,
				 size_t index)
{
	const char *name =
		parent->compound.fields[index].type->array.length_name;
	const struct ctf_type *len = preceding(parent, index, name);

	if (!len)
		return check_fail(c,
				  "sequence length '%s' is not a preceding "
				  "field of the same structure",
				  name);
	if (len->kind != CTF_TYPE_INTEGER || len->integer.is_signed)
		return check_fail(c,
				  "sequence length '%s' is not an unsigned "
				  "integer",
				  name);
	return 0;
}

static int check_variant_tag(struct check *c, const struct ctf_type *parent,
			     size_t index)
{
	const struct ctf_type *variant = parent->compound.fields[index].type;
	const char *name = variant->compound.tag_name;
	const struct ctf_type *tag = preceding(parent, index, name);
	size_t i;

	if (!tag || tag->kind != CTF_TYPE_ENUM)
		return check_fail(c,
				  "variant tag '%s' is not a preceding "
				  "enumeration of the same structure",
				  name);
	for (i = 0; i < variant->compound.nr_fields; i++) {
		const char *option = variant->compound.fields[i].name;
		size_t m = 0;

		while (m < tag->enumeration.nr_mappings &&
		       strcmp(tag->enumeration.mappings[m].label, option))
			m++;
		if (m == tag->enumeration.nr_mappings)
			return check_fail(c,
					  "variant option '%s' is no label of "
					  "its tag '%s'",
					  option, name);
	}
	return 0;
}

static int check_type(struct check *c, const struct ctf_type *type);

/* Checks field `index` of parent (a structure or variant). */
static int check_field(struct check *c, const struct ctf_type *parent,
		       size_t index)
{
	const struct ctf_field *field = &parent->compound.fields[index];
	size_t path_len = strlen(c->path);
	int ret;

	snprintf(c->path + path_len, sizeof(c->path) - path_len, "%s%s",
		 path_len ? "." : "", field->name);
	if (!ctf_identifier_is_valid(field->name))
		return check_fail(c, "not a valid TSDL identifier (letters, "
				     "digits and '_', not a keyword)");
	if (ctf_type_field_index(parent, field->name) != (int)index)
		return check_fail(c, "duplicate name in its %s",
				  parent->kind == CTF_TYPE_STRUCT ? "structure"
								  : "variant");
	ret = check_type(c, field->type);
	if (!ret && field->type->kind == CTF_TYPE_SEQUENCE)
		ret = check_sequence_length(c, parent, index);
	if (!ret && field->type->kind == CTF_TYPE_VARIANT)
		ret = check_variant_tag(c, parent, index);
	if (!ret)
		c->path[path_len] = '\0';
	return ret;
}

static int check_compound(struct check *c, const struct ctf_type *type)
{
	size_t i;
	int ret = 0;

	if (type->kind == CTF_TYPE_VARIANT && !type->compound.nr_fields)
		return check_fail(c, "variant has no option");
	for (i = 0; !ret && i < type->compound.nr_fields; i++)
		ret = check_field(c, type, i);
	return ret;
}

static int check_type(struct check *c, const struct ctf_type *type)
{
	const struct ctf_type *elem;

	switch (type->kind) {
	case CTF_TYPE_INTEGER:
		return check_integer(c, &type->integer);
	case CTF_TYPE_FLOAT:
		if (!((type->fp.exp_dig == 8 && type->fp.mant_dig == 24) ||
		      (type->fp.exp_dig == 11 && type->fp.mant_dig == 53)))
			return check_fail(c,
					  "floating point exp_dig %u mant_dig "
					  "%u is neither binary32 nor binary64",
					  type->fp.exp_dig, type->fp.mant_dig);
		if (!is_power_of_two(type->fp.align))
			return check_fail(c, "floating point alignment is "
					     "not a power of two");
		return 0;
	case CTF_TYPE_STRING:
		if (type->string_encoding == CTF_ENCODING_NONE)
			return check_fail(c, "a string needs the UTF8 or "
					     "ASCII encoding");
		return 0;
	case CTF_TYPE_ENUM:
		return check_enum(c, type);
	case CTF_TYPE_ARRAY:
	case CTF_TYPE_SEQUENCE:
		elem = type->array.elem;
		if (elem->kind == CTF_TYPE_ARRAY ||
		    elem->kind == CTF_TYPE_SEQUENCE ||
		    elem->kind == CTF_TYPE_VARIANT)
			return check_fail(c, "array and sequence elements "
					     "cannot be arrays, sequences "
					     "or variants (wrap them in a "
					     "structure)");
		return check_type(c, elem);
	case CTF_TYPE_STRUCT:
	case CTF_TYPE_VARIANT:
		return check_compound(c, type);
	}
	assert(0);
	return -EINVAL;
}

int ctf_type_validate(const struct ctf_type *scope, struct ctf_error *err)
{
	struct check c = {.err = err};

	if (scope->kind != CTF_TYPE_STRUCT)
		return ctf_error_set(err, -EINVAL,
				     "a scope must be a structure");
	return check_compound(&c, scope);
}
