/*
 * Implementation of event-class.h. Decoding allocates as it goes and
 * frees the partial class on the first error, so a hostile description
 * can neither leak memory nor leave a half-valid class behind. Counts
 * are checked against the bytes left before anything is allocated.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ust-comm/event-class.h"
#include "ust-comm/ust-protocol.h"

/* Smallest encoding of a field and of an enum entry (empty strings). */
#define FIELD_MIN_BYTES (4 + 4 + 4 + 5 * 4 + 4 * 4 + 4 + 4 + 4)
#define ENTRY_MIN_BYTES (8 + 4 + 8 + 4 + 4 + 4)

/* ---- encoding ---- */

static void put_integer(struct wire_buf *buf,
			const struct lttng_ust_integer_type *t)
{
	wire_put_u32(buf, t->size);
	wire_put_u32(buf, t->alignment);
	wire_put_u32(buf, t->signedness);
	wire_put_u32(buf, t->byte_order);
	wire_put_u32(buf, t->base);
}

static void put_float(struct wire_buf *buf, const struct lttng_ust_float_type *t)
{
	wire_put_u32(buf, t->exp_dig);
	wire_put_u32(buf, t->mant_dig);
	wire_put_u32(buf, t->alignment);
	wire_put_u32(buf, t->byte_order);
}

static void put_enum_value(struct wire_buf *buf,
			   const struct lttng_ust_enum_value *v)
{
	wire_put_u64(buf, v->value);
	wire_put_u32(buf, v->signedness);
}

static void put_enum(struct wire_buf *buf, const struct lttng_ust_enum_desc *e)
{
	unsigned int i;

	wire_put_str(buf, e->name);
	wire_put_u32(buf, e->nr_entries);
	for (i = 0; i < e->nr_entries; i++) {
		put_enum_value(buf, &e->entries[i].start);
		put_enum_value(buf, &e->entries[i].end);
		wire_put_str(buf, e->entries[i].label);
		wire_put_u32(buf, e->entries[i].options);
	}
}

static void put_field(struct wire_buf *buf,
		      const struct lttng_ust_event_field *f)
{
	wire_put_str(buf, f->name);
	wire_put_u32(buf, f->kind);
	wire_put_u32(buf, f->nowrite);
	put_integer(buf, &f->integer);
	put_float(buf, &f->flt);
	wire_put_u32(buf, f->encoding);
	wire_put_u32(buf, f->length);
	wire_put_str(buf, f->length_name);
	if (f->kind == LTTNG_UST_TYPE_ENUM)
		put_enum(buf, f->enum_desc);
}

void ust_put_event_desc(struct wire_buf *buf,
			const struct lttng_ust_event_desc *desc)
{
	char name[UST_NAME_MAX];
	unsigned int i;
	int len;

	len = snprintf(name, sizeof(name), "%s:%s", desc->provider_name,
		       desc->event_name);
	if (len < 0 || (size_t)len >= sizeof(name)) {
		buf->error = buf->error ? buf->error : -EMSGSIZE;
		return;
	}
	wire_put_str(buf, name);
	wire_put_i32(buf, desc->loglevel);
	wire_put_str(buf, desc->model_emf_uri);
	wire_put_u32(buf, desc->nr_fields);
	for (i = 0; i < desc->nr_fields; i++)
		put_field(buf, &desc->fields[i]);
}

void ust_put_event_register(struct wire_buf *buf, uint64_t session_id,
			    uint64_t channel_key,
			    const struct lttng_ust_event_desc *desc)
{
	wire_put_u64(buf, session_id);
	wire_put_u64(buf, channel_key);
	ust_put_event_desc(buf, desc);
}

/* ---- freeing ---- */

static void enum_class_free(struct ust_enum_class *e)
{
	uint32_t i;

	if (!e)
		return;
	for (i = 0; i < e->nr_entries; i++)
		free(e->entries[i].label);
	free(e->entries);
	free(e->name);
	free(e);
}

void ust_event_class_free(struct ust_event_class *cls)
{
	uint32_t i;

	if (!cls)
		return;
	for (i = 0; i < cls->nr_fields; i++) {
		free(cls->fields[i].name);
		free(cls->fields[i].length_name);
		enum_class_free(cls->fields[i].enumeration);
	}
	free(cls->fields);
	free(cls->model_emf_uri);
	free(cls->name);
	free(cls);
}

/* ---- decoding and validation ---- */

static int is_power_of_two(unsigned int v)
{
	return v && !(v & (v - 1));
}

/* A present, non-empty string shorter than max into a malloc'd copy. */
static int get_name(struct wire_cursor *cur, size_t max, char **dst)
{
	int ret = wire_get_str_dup(cur, max, dst);

	if (ret)
		return ret;
	if (!*dst || (*dst)[0] == '\0')
		return -EBADMSG;
	return 0;
}

static int get_u32_max(struct wire_cursor *cur, uint32_t max, uint32_t *value)
{
	int ret = wire_get_u32(cur, value);

	if (ret)
		return ret;
	return *value <= max ? 0 : -EBADMSG;
}

static int get_integer(struct wire_cursor *cur, struct lttng_ust_integer_type *t)
{
	uint32_t size, align, sign, order, base;
	int ret = wire_get_u32(cur, &size);

	if (!ret)
		ret = wire_get_u32(cur, &align);
	if (!ret)
		ret = wire_get_u32(cur, &sign);
	if (!ret)
		ret = wire_get_u32(cur, &order);
	if (!ret)
		ret = wire_get_u32(cur, &base);
	if (ret)
		return ret;
	t->size = (unsigned short)(size <= 0xffff ? size : 0);
	t->alignment = (unsigned short)(align <= 0xffff ? align : 0);
	t->signedness = (unsigned char)(sign <= 0xff ? sign : 0xff);
	t->byte_order = (unsigned char)(order <= 0xff ? order : 0xff);
	t->base = (unsigned char)(base <= 0xff ? base : 0xff);
	return 0;
}

static int integer_is_valid(const struct lttng_ust_integer_type *t)
{
	return t->size >= 1 && t->size <= 64 && is_power_of_two(t->alignment) &&
	       t->alignment <= 64 && t->signedness <= 1 &&
	       t->byte_order <= LTTNG_UST_BYTE_ORDER_NETWORK &&
	       (t->base == 2 || t->base == 8 || t->base == 10 || t->base == 16);
}

static int get_float(struct wire_cursor *cur, struct lttng_ust_float_type *t)
{
	uint32_t exp, mant, align, order;
	int ret = wire_get_u32(cur, &exp);

	if (!ret)
		ret = wire_get_u32(cur, &mant);
	if (!ret)
		ret = wire_get_u32(cur, &align);
	if (!ret)
		ret = wire_get_u32(cur, &order);
	if (ret)
		return ret;
	t->exp_dig = (unsigned short)(exp <= 0xffff ? exp : 0);
	t->mant_dig = (unsigned short)(mant <= 0xffff ? mant : 0);
	t->alignment = (unsigned short)(align <= 0xffff ? align : 0);
	t->byte_order = (unsigned char)(order <= 0xff ? order : 0xff);
	return 0;
}

static int float_is_valid(const struct lttng_ust_float_type *t)
{
	unsigned int size = t->exp_dig + t->mant_dig;

	return t->exp_dig && t->mant_dig && (size == 32 || size == 64) &&
	       is_power_of_two(t->alignment) && t->alignment <= 64 &&
	       t->byte_order <= LTTNG_UST_BYTE_ORDER_NETWORK;
}

static int get_enum_value(struct wire_cursor *cur,
			  struct lttng_ust_enum_value *v)
{
	uint32_t sign = 0;
	uint64_t value = 0;
	int ret = wire_get_u64(cur, &value);

	if (!ret)
		ret = get_u32_max(cur, 1, &sign);
	v->value = value;
	v->signedness = sign;
	return ret;
}

static int get_enum_entry(struct wire_cursor *cur,
			  struct ust_enum_entry_class *e)
{
	uint32_t options = 0;
	int ret = get_enum_value(cur, &e->start);

	if (!ret)
		ret = get_enum_value(cur, &e->end);
	if (!ret)
		ret = wire_get_str_dup(cur, UST_NAME_MAX, &e->label);
	if (!ret && !e->label)
		ret = -EBADMSG;
	if (!ret)
		ret = get_u32_max(cur, LTTNG_UST_ENUM_ENTRY_OPTION_IS_AUTO,
				  &options);
	e->options = options;
	return ret;
}

static int get_enum(struct wire_cursor *cur, struct ust_enum_class **out)
{
	struct ust_enum_class *e;
	uint32_t n, i;
	int ret;

	e = calloc(1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	*out = e;
	ret = get_name(cur, UST_NAME_MAX, &e->name);
	if (!ret)
		ret = wire_get_u32(cur, &n);
	if (ret)
		return ret;
	if (n > UST_MAX_ENUM_ENTRIES)
		return -EMSGSIZE;
	if ((size_t)n > cur->left / ENTRY_MIN_BYTES)
		return -EBADMSG;
	if (n == 0)
		return 0;
	e->entries = calloc(n, sizeof(*e->entries));
	if (!e->entries)
		return -ENOMEM;
	e->nr_entries = n;
	for (i = 0; !ret && i < n; i++)
		ret = get_enum_entry(cur, &e->entries[i]);
	return ret;
}

/* The integer field named `name` among the first `count` fields. */
static int has_length_field(const struct ust_field_class *fields,
			    uint32_t count, const char *name)
{
	uint32_t i;

	for (i = 0; i < count; i++)
		if (fields[i].kind == LTTNG_UST_TYPE_INTEGER &&
		    !strcmp(fields[i].name, name))
			return 1;
	return 0;
}

/*
 * Check the members the kind uses and clear the others (their wire
 * values are free), so that equal types are equal member by member.
 */
static int field_check_kind(struct ust_field_class *f,
			    const struct ust_field_class *earlier,
			    uint32_t nr_earlier)
{
	int uses_integer = f->kind != LTTNG_UST_TYPE_FLOAT &&
			   f->kind != LTTNG_UST_TYPE_STRING;
	int uses_encoding = f->kind == LTTNG_UST_TYPE_STRING ||
			    f->kind == LTTNG_UST_TYPE_ARRAY ||
			    f->kind == LTTNG_UST_TYPE_SEQUENCE;

	if (uses_integer && !integer_is_valid(&f->integer))
		return -EBADMSG;
	if (!uses_integer)
		memset(&f->integer, 0, sizeof(f->integer));
	if (f->kind == LTTNG_UST_TYPE_FLOAT && !float_is_valid(&f->flt))
		return -EBADMSG;
	if (f->kind != LTTNG_UST_TYPE_FLOAT)
		memset(&f->flt, 0, sizeof(f->flt));
	if (!uses_encoding)
		f->encoding = LTTNG_UST_STRING_ENCODING_NONE;
	if (f->kind != LTTNG_UST_TYPE_ARRAY)
		f->length = 0;
	if (f->kind == LTTNG_UST_TYPE_SEQUENCE) {
		if (!f->length_name ||
		    !has_length_field(earlier, nr_earlier, f->length_name))
			return -EBADMSG;
	} else {
		free(f->length_name);
		f->length_name = NULL;
	}
	return 0;
}

static int get_field(struct wire_cursor *cur, struct ust_field_class *f,
		     const struct ust_field_class *earlier, uint32_t nr_earlier)
{
	uint32_t kind, nowrite, encoding;
	int ret = get_name(cur, UST_NAME_MAX, &f->name);

	if (!ret)
		ret = get_u32_max(cur, LTTNG_UST_TYPE_SEQUENCE, &kind);
	if (!ret)
		ret = get_u32_max(cur, 1, &nowrite);
	if (!ret)
		ret = get_integer(cur, &f->integer);
	if (!ret)
		ret = get_float(cur, &f->flt);
	if (!ret)
		ret = get_u32_max(cur, LTTNG_UST_STRING_ENCODING_UTF8,
				  &encoding);
	if (!ret)
		ret = wire_get_u32(cur, &f->length);
	if (!ret)
		ret = wire_get_str_dup(cur, UST_NAME_MAX, &f->length_name);
	if (ret)
		return ret;
	f->kind = (enum lttng_ust_type_kind)kind;
	f->nowrite = nowrite;
	f->encoding = (enum lttng_ust_string_encoding)encoding;
	if (f->kind == LTTNG_UST_TYPE_ENUM) {
		ret = get_enum(cur, &f->enumeration);
		if (ret)
			return ret;
	}
	return field_check_kind(f, earlier, nr_earlier);
}

static int get_fields(struct wire_cursor *cur, struct ust_event_class *cls)
{
	uint32_t n, i;
	int ret = wire_get_u32(cur, &n);

	if (ret)
		return ret;
	if (n > UST_MAX_FIELDS)
		return -EMSGSIZE;
	if ((size_t)n > cur->left / FIELD_MIN_BYTES)
		return -EBADMSG;
	if (n == 0)
		return 0;
	cls->fields = calloc(n, sizeof(*cls->fields));
	if (!cls->fields)
		return -ENOMEM;
	/* Counted as it goes, so a partial class frees what it holds. */
	for (i = 0; i < n; i++) {
		cls->nr_fields = i + 1;
		ret = get_field(cur, &cls->fields[i], cls->fields, i);
		if (ret)
			return ret;
	}
	return 0;
}

int ust_get_event_desc(struct wire_cursor *cur, struct ust_event_class **out)
{
	struct ust_event_class *cls;
	int32_t loglevel;
	int ret;

	*out = NULL;
	cls = calloc(1, sizeof(*cls));
	if (!cls)
		return -ENOMEM;
	ret = get_name(cur, UST_NAME_MAX, &cls->name);
	if (!ret)
		ret = wire_get_i32(cur, &loglevel);
	if (!ret && (loglevel < 0 || loglevel > 14))
		ret = -EBADMSG;
	if (!ret)
		ret = wire_get_str_dup(cur, UST_EMF_URI_MAX + 1,
				      &cls->model_emf_uri);
	if (!ret)
		ret = get_fields(cur, cls);
	if (ret) {
		ust_event_class_free(cls);
		return ret;
	}
	cls->loglevel = loglevel;
	*out = cls;
	return 0;
}

int ust_get_event_register(const void *payload, size_t len,
			   uint64_t *session_id, uint64_t *channel_key,
			   struct ust_event_class **out)
{
	struct wire_cursor cur;
	int ret;

	*out = NULL;
	wire_cursor_init(&cur, payload, len);
	ret = wire_get_u64(&cur, session_id);
	if (!ret)
		ret = wire_get_u64(&cur, channel_key);
	if (!ret)
		ret = ust_get_event_desc(&cur, out);
	if (!ret)
		ret = wire_cursor_finish(&cur);
	if (ret) {
		ust_event_class_free(*out);
		*out = NULL;
	}
	return ret;
}

/* ---- comparison ---- */

static int str_equal(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

static int integer_equal(const struct lttng_ust_integer_type *a,
			 const struct lttng_ust_integer_type *b)
{
	return a->size == b->size && a->alignment == b->alignment &&
	       a->signedness == b->signedness &&
	       a->byte_order == b->byte_order && a->base == b->base;
}

static int float_equal(const struct lttng_ust_float_type *a,
		       const struct lttng_ust_float_type *b)
{
	return a->exp_dig == b->exp_dig && a->mant_dig == b->mant_dig &&
	       a->alignment == b->alignment && a->byte_order == b->byte_order;
}

static int enum_value_equal(const struct lttng_ust_enum_value *a,
			    const struct lttng_ust_enum_value *b)
{
	return a->value == b->value && a->signedness == b->signedness;
}

static int enum_equal(const struct ust_enum_class *a,
		      const struct ust_enum_class *b)
{
	uint32_t i;

	if (!a || !b)
		return a == b;
	if (!str_equal(a->name, b->name) || a->nr_entries != b->nr_entries)
		return 0;
	for (i = 0; i < a->nr_entries; i++) {
		const struct ust_enum_entry_class *x = &a->entries[i];
		const struct ust_enum_entry_class *y = &b->entries[i];

		if (!enum_value_equal(&x->start, &y->start) ||
		    !enum_value_equal(&x->end, &y->end) ||
		    !str_equal(x->label, y->label) || x->options != y->options)
			return 0;
	}
	return 1;
}

static int field_equal(const struct ust_field_class *a,
		       const struct ust_field_class *b)
{
	return str_equal(a->name, b->name) && a->kind == b->kind &&
	       a->nowrite == b->nowrite &&
	       integer_equal(&a->integer, &b->integer) &&
	       float_equal(&a->flt, &b->flt) && a->encoding == b->encoding &&
	       a->length == b->length &&
	       str_equal(a->length_name, b->length_name) &&
	       enum_equal(a->enumeration, b->enumeration);
}

int ust_event_class_equal(const struct ust_event_class *a,
			  const struct ust_event_class *b)
{
	uint32_t i;

	if (!str_equal(a->name, b->name) || a->loglevel != b->loglevel ||
	    !str_equal(a->model_emf_uri, b->model_emf_uri) ||
	    a->nr_fields != b->nr_fields)
		return 0;
	for (i = 0; i < a->nr_fields; i++)
		if (!field_equal(&a->fields[i], &b->fields[i]))
			return 0;
	return 1;
}
