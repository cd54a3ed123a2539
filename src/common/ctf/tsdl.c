/*
 * TSDL rendering of field types in LTTng's shape (see tsdl.h). Facts
 * about the shape (attribute order, `signed = 1`, the '_' prefix, the
 * `enum : integer { ... } { "label" = 1 ... 5, }` form) come from real
 * LTTng 2.13 metadata. One deliberate difference: variant options are
 * written without the '_' prefix, because babeltrace2 2.0 matches option
 * names to the tag's labels before stripping it (and asserts when they
 * differ); validation keeps option names clear of TSDL keywords.
 */
#include <assert.h>
#include <inttypes.h>

#include "ctf/tsdl.h"

static const char *encoding_name(enum ctf_encoding encoding)
{
	switch (encoding) {
	case CTF_ENCODING_UTF8:
		return "UTF8";
	case CTF_ENCODING_ASCII:
		return "ASCII";
	default:
		return "none";
	}
}

/* " byte_order = be;" for an explicit order, "" for the trace's own. */
static const char *byte_order_attr(enum ctf_byte_order order)
{
	switch (order) {
	case CTF_BYTE_ORDER_BE:
		return " byte_order = be;";
	case CTF_BYTE_ORDER_LE:
		return " byte_order = le;";
	default:
		return "";
	}
}

static void integer_spec(struct ctf_text *text,
			 const struct ctf_integer_desc *d)
{
	ctf_text_appendf(text,
			 "integer { size = %u; align = %u; signed = %u; "
			 "encoding = %s; base = %u;%s }",
			 d->size, d->align, d->is_signed ? 1U : 0U,
			 encoding_name(d->encoding), d->base,
			 byte_order_attr(d->byte_order));
}

static void enum_spec(struct ctf_text *text, const struct ctf_type *type,
		      unsigned int depth)
{
	size_t i;

	ctf_text_append(text, "enum : ");
	integer_spec(text, &type->enumeration.container);
	ctf_text_append(text, " {\n");
	for (i = 0; i < type->enumeration.nr_mappings; i++) {
		const struct ctf_enum_mapping *m =
			&type->enumeration.mappings[i];

		ctf_text_indent(text, depth + 1);
		ctf_text_append_quoted(text, m->label);
		if (m->is_signed)
			ctf_text_appendf(text, " = %" PRId64, m->start.s);
		else
			ctf_text_appendf(text, " = %" PRIu64, m->start.u);
		if (m->start.u != m->end.u) {
			if (m->is_signed)
				ctf_text_appendf(text, " ... %" PRId64,
						 m->end.s);
			else
				ctf_text_appendf(text, " ... %" PRIu64,
						 m->end.u);
		}
		ctf_text_append(text, ",\n");
	}
	ctf_text_indent(text, depth);
	ctf_text_append(text, "}");
}

/* Appends the type specifier; multi-line ones close at depth. */
static void type_spec(struct ctf_text *text, const struct ctf_type *type,
		      unsigned int depth)
{
	switch (type->kind) {
	case CTF_TYPE_INTEGER:
		integer_spec(text, &type->integer);
		break;
	case CTF_TYPE_FLOAT:
		ctf_text_appendf(
			text,
			"floating_point { exp_dig = %u; mant_dig = %u; "
			"align = %u;%s }",
			type->fp.exp_dig, type->fp.mant_dig, type->fp.align,
			byte_order_attr(type->fp.byte_order));
		break;
	case CTF_TYPE_STRING:
		ctf_text_append(text,
				type->string_encoding == CTF_ENCODING_ASCII
					? "string { encoding = ASCII; }"
					: "string");
		break;
	case CTF_TYPE_ENUM:
		enum_spec(text, type, depth);
		break;
	case CTF_TYPE_ARRAY:
	case CTF_TYPE_SEQUENCE:
		type_spec(text, type->array.elem, depth);
		break;
	case CTF_TYPE_STRUCT:
		if (!type->compound.nr_fields) {
			ctf_text_append(text, "struct {}");
			break;
		}
		ctf_text_append(text, "struct {\n");
		ctf_tsdl_fields(text, type, depth + 1);
		ctf_text_indent(text, depth);
		ctf_text_append(text, "}");
		break;
	case CTF_TYPE_VARIANT:
		ctf_text_appendf(text, "variant <_%s> {\n",
				 type->compound.tag_name);
		ctf_tsdl_fields(text, type, depth + 1);
		ctf_text_indent(text, depth);
		ctf_text_append(text, "}");
		break;
	}
}

/* One declaration; prefix is "_" for structure fields, "" for options. */
static void field_decl(struct ctf_text *text, const char *prefix,
		       const char *name, const struct ctf_type *type,
		       unsigned int depth)
{
	ctf_text_indent(text, depth);
	type_spec(text, type, depth);
	ctf_text_appendf(text, " %s%s", prefix, name);
	if (type->kind == CTF_TYPE_ARRAY)
		ctf_text_appendf(text, "[%" PRIu64 "]", type->array.length);
	else if (type->kind == CTF_TYPE_SEQUENCE)
		ctf_text_appendf(text, "[ _%s ]", type->array.length_name);
	ctf_text_append(text, ";\n");
}

void ctf_tsdl_field(struct ctf_text *text, const char *name,
		    const struct ctf_type *type, unsigned int depth)
{
	field_decl(text, "_", name, type, depth);
}

void ctf_tsdl_fields(struct ctf_text *text, const struct ctf_type *scope,
		     unsigned int depth)
{
	size_t i;

	assert(scope->kind == CTF_TYPE_STRUCT ||
	       scope->kind == CTF_TYPE_VARIANT);
	for (i = 0; i < scope->compound.nr_fields; i++)
		field_decl(text, scope->kind == CTF_TYPE_STRUCT ? "_" : "",
			   scope->compound.fields[i].name,
			   scope->compound.fields[i].type, depth);
}
