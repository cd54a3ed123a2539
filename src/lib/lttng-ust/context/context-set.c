/*
 * Implementation of context-set.h. Each field is a small tagged entry;
 * writing a record is one pass over them with fixed sizes except the
 * application contexts (a one-byte tag, then a value of the tag's size
 * or a NUL-terminated string), all byte-packed in native order.
 *
 * Filter indexes: a fixed context is its enum ust_context_type value,
 * a perf counter FILTER_IDX_PERF + its position in the set, an
 * application context FILTER_IDX_APP + its interned id.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/ust-log.h"
#include "context-perf.h"
#include "context-provider.h"
#include "context-set.h"
#include "context-values.h"
#include "rb-backend.h"
#include "ust-context/context-desc.h"

#define FILTER_IDX_PERF 0x10000u
#define FILTER_IDX_APP 0x20000u

struct ctx_entry {
	struct ust_context_desc desc;
	const struct ust_ctx_type_info *info; /* fixed types */
	struct ust_perf_field *perf;	      /* perf counters */
	uint32_t app_id;		      /* application contexts */
	unsigned int app_slot;		      /* in ust_ctx_values.app */
};

struct ust_ctx_set {
	struct ust_context_writer writer; /* for the ring buffer backend */
	unsigned int nr;
	unsigned int nr_app;
	size_t fixed_size; /* bytes of every entry but app contexts */
	struct ctx_entry entries[UST_CTX_MAX_FIELDS];
};

struct ust_ctx_set *ust_ctx_set_create(void)
{
	return calloc(1, sizeof(struct ust_ctx_set));
}

void ust_ctx_set_destroy(struct ust_ctx_set *set)
{
	unsigned int i;

	if (!set)
		return;
	for (i = 0; i < set->nr; i++)
		ust_perf_field_destroy(set->entries[i].perf);
	free(set);
}

unsigned int ust_ctx_set_count(const struct ust_ctx_set *set)
{
	return set ? set->nr : 0;
}

static bool same_context(const struct ust_context_desc *a,
			 const struct ust_context_desc *b)
{
	if (a->type != b->type)
		return false;
	if (a->type == UST_CONTEXT_PERF_THREAD_COUNTER)
		return a->perf_type == b->perf_type &&
		       a->perf_config == b->perf_config;
	if (a->type == UST_CONTEXT_APP_CONTEXT)
		return !strcmp(a->provider, b->provider) &&
		       !strcmp(a->name, b->name);
	return true;
}

static size_t fixed_entry_size(const struct ctx_entry *e)
{
	if (e->info)
		return e->info->shape == UST_CTX_SHAPE_TEXT ? e->info->size
							    : e->info->size / 8;
	return sizeof(uint64_t); /* perf counter */
}

/* Fills the runtime part of e from e->desc. */
static int entry_init(struct ust_ctx_set *set, struct ctx_entry *e)
{
	char name[2 * UST_NAME_MAX + 8];
	int ret = ust_ctx_field_name(&e->desc, name, sizeof(name));

	if (ret)
		return -EINVAL;
	e->info = ust_ctx_type_info(e->desc.type);
	if (e->info)
		return 0;
	if (e->desc.type == UST_CONTEXT_PERF_THREAD_COUNTER) {
		e->perf = ust_perf_field_create(e->desc.perf_type,
						e->desc.perf_config);
		return e->perf ? 0 : -ENOMEM;
	}
	if (set->nr_app == UST_CTX_MAX_APP)
		return -E2BIG;
	ret = ust_app_ctx_intern(e->desc.provider, e->desc.name, &e->app_id);
	if (ret)
		return ret == -ENOSPC ? -E2BIG : ret;
	e->app_slot = set->nr_app;
	return 0;
}

int ust_ctx_set_add(struct ust_ctx_set *set,
		    const struct ust_context_desc *desc)
{
	struct ctx_entry *e;
	unsigned int i;
	int ret;

	for (i = 0; i < set->nr; i++)
		if (same_context(&set->entries[i].desc, desc))
			return -EEXIST;
	if (set->nr == UST_CTX_MAX_FIELDS)
		return -E2BIG;
	e = &set->entries[set->nr];
	memset(e, 0, sizeof(*e));
	e->desc = *desc;
	ret = entry_init(set, e);
	if (ret) {
		ust_log("context %s: cannot add it: %d", desc->name, ret);
		return ret;
	}
	if (e->desc.type == UST_CONTEXT_APP_CONTEXT)
		set->nr_app++;
	else
		set->fixed_size += fixed_entry_size(e);
	set->nr++;
	return 0;
}

/* Bytes of an application context value after its tag. */
static size_t app_value_size(const struct lttng_ust_ctx_value *v)
{
	switch (v->sel) {
	case LTTNG_UST_DYNAMIC_TYPE_S8:
	case LTTNG_UST_DYNAMIC_TYPE_U8:
		return 1;
	case LTTNG_UST_DYNAMIC_TYPE_S16:
	case LTTNG_UST_DYNAMIC_TYPE_U16:
		return 2;
	case LTTNG_UST_DYNAMIC_TYPE_S32:
	case LTTNG_UST_DYNAMIC_TYPE_U32:
	case LTTNG_UST_DYNAMIC_TYPE_FLOAT:
		return 4;
	case LTTNG_UST_DYNAMIC_TYPE_S64:
	case LTTNG_UST_DYNAMIC_TYPE_U64:
	case LTTNG_UST_DYNAMIC_TYPE_DOUBLE:
		return 8;
	case LTTNG_UST_DYNAMIC_TYPE_STRING:
		return strlen(v->u.str) + 1;
	default:
		return 0;
	}
}

/*
 * Keeps a string value in the record's own text space when it fits, so
 * that a provider reusing its buffer (for the record's next context, or
 * in a signal handler's record) cannot change it before it is written.
 */
static void keep_string(struct ust_ctx_values *values,
			struct lttng_ust_ctx_value *v, size_t len)
{
	char *copy;

	if (len > UST_CTX_TEXT_MAX - values->text_used)
		return;
	copy = values->text + values->text_used;
	memcpy(copy, v->u.str, len - 1);
	copy[len - 1] = '\0';
	values->text_used += len;
	v->u.str = copy;
}

size_t ust_ctx_set_prepare(const struct ust_ctx_set *set,
			   const struct lttng_ust_record_ctx *ctx,
			   struct ust_ctx_values *values)
{
	size_t len, value_len;
	unsigned int i;

	if (!set)
		return 0;
	len = set->fixed_size;
	if (__builtin_expect(!set->nr_app, 1))
		return len;
	values->text_used = 0;
	for (i = 0; i < set->nr; i++) {
		const struct ctx_entry *e = &set->entries[i];
		struct lttng_ust_ctx_value *v = &values->app[e->app_slot];

		if (e->desc.type != UST_CONTEXT_APP_CONTEXT)
			continue;
		ust_app_ctx_get(e->app_id, ctx->ip, v);
		value_len = app_value_size(v);
		if (__builtin_expect(value_len > UINT32_MAX, 0)) {
			/* Not recordable: the record says "none". */
			v->sel = LTTNG_UST_DYNAMIC_TYPE_NONE;
			value_len = 0;
		}
		if (v->sel == LTTNG_UST_DYNAMIC_TYPE_STRING)
			keep_string(values, v, value_len);
		values->len[e->app_slot] = (uint32_t)value_len;
		len += 1 + value_len;
	}
	return len;
}

static char *put(char *dst, const void *src, size_t len)
{
	memcpy(dst, src, len);
	return dst + len;
}

static char *write_integer(char *dst, const struct ust_ctx_type_info *info,
			   const struct lttng_ust_record_ctx *ctx)
{
	uint64_t u64;
	uint32_t u32;

	if (info->type == UST_CONTEXT_IP) {
		u64 = (uint64_t)(uintptr_t)ctx->ip;
		return put(dst, &u64, 8);
	}
	u64 = (uint64_t)ust_ctx_value_integer(info->type);
	if (info->size == 64)
		return put(dst, &u64, 8);
	u32 = (uint32_t)u64;
	return put(dst, &u32, 4);
}

/*
 * Exactly len bytes of a string value, the last one its NUL: a string
 * kept by pointer whose provider changed it since it was sized is cut,
 * or padded with '?', rather than written past the reservation.
 */
static char *write_string(char *dst, const char *str, size_t len)
{
	size_t n = strnlen(str, len - 1);

	memcpy(dst, str, n);
	memset(dst + n, '?', len - 1 - n);
	dst[len - 1] = '\0';
	return dst + len;
}

static char *write_app(char *dst, const struct lttng_ust_ctx_value *v,
		       size_t len)
{
	int8_t tag = (int8_t)v->sel;
	union {
		int8_t s8;
		int16_t s16;
		int32_t s32;
		float f;
	} narrow;

	dst = put(dst, &tag, 1);
	switch (v->sel) {
	case LTTNG_UST_DYNAMIC_TYPE_S8:
	case LTTNG_UST_DYNAMIC_TYPE_U8:
		narrow.s8 = (int8_t)v->u.s64;
		return put(dst, &narrow.s8, 1);
	case LTTNG_UST_DYNAMIC_TYPE_S16:
	case LTTNG_UST_DYNAMIC_TYPE_U16:
		narrow.s16 = (int16_t)v->u.s64;
		return put(dst, &narrow.s16, 2);
	case LTTNG_UST_DYNAMIC_TYPE_S32:
	case LTTNG_UST_DYNAMIC_TYPE_U32:
		narrow.s32 = (int32_t)v->u.s64;
		return put(dst, &narrow.s32, 4);
	case LTTNG_UST_DYNAMIC_TYPE_FLOAT:
		narrow.f = (float)v->u.d;
		return put(dst, &narrow.f, 4);
	case LTTNG_UST_DYNAMIC_TYPE_S64:
	case LTTNG_UST_DYNAMIC_TYPE_U64:
		return put(dst, &v->u.s64, 8);
	case LTTNG_UST_DYNAMIC_TYPE_DOUBLE:
		return put(dst, &v->u.d, 8);
	case LTTNG_UST_DYNAMIC_TYPE_STRING:
		return write_string(dst, v->u.str, len);
	default:
		return dst;
	}
}

void ust_ctx_set_write(const struct ust_ctx_set *set,
		       const struct lttng_ust_record_ctx *ctx,
		       const struct ust_ctx_values *values, char *dst)
{
	unsigned int i;

	if (!set)
		return;
	for (i = 0; i < set->nr; i++) {
		const struct ctx_entry *e = &set->entries[i];
		uint64_t count;

		if (e->info && e->info->shape == UST_CTX_SHAPE_TEXT) {
			dst = put(dst, ust_ctx_value_procname(),
				  UST_CTX_PROCNAME_LEN);
		} else if (e->info) {
			dst = write_integer(dst, e->info, ctx);
		} else if (e->perf) {
			count = ust_perf_field_read(e->perf);
			dst = put(dst, &count, 8);
		} else {
			dst = write_app(dst, &values->app[e->app_slot],
					values->len[e->app_slot]);
		}
	}
}

static size_t writer_size(const struct ust_context_writer *writer,
			  const struct lttng_ust_record_ctx *ctx,
			  struct ust_ctx_values *values)
{
	return ust_ctx_set_prepare((const struct ust_ctx_set *)writer, ctx,
				   values);
}

static void writer_write(const struct ust_context_writer *writer, char *dst,
			 const struct lttng_ust_record_ctx *ctx,
			 const struct ust_ctx_values *values)
{
	ust_ctx_set_write((const struct ust_ctx_set *)writer, ctx, values, dst);
}

const struct ust_context_writer *ust_ctx_set_writer(struct ust_ctx_set *set)
{
	if (!set || !set->nr)
		return NULL;
	set->writer.size = writer_size;
	set->writer.write = writer_write;
	return &set->writer;
}

/* "perf:thread:X-Y" -> the set's entry named "perf_thread_X_Y". */
static int resolve_perf(const struct ust_ctx_set *set, const char *name,
			uint32_t *index)
{
	char field[UST_NAME_MAX];
	unsigned int i;
	char *p;

	if (strlen(name) >= sizeof(field))
		return -ENOENT;
	strcpy(field, name);
	for (p = field; *p; p++)
		if (*p == ':' || *p == '-')
			*p = '_';
	for (i = 0; set && i < set->nr; i++) {
		const struct ctx_entry *e = &set->entries[i];

		if (e->perf && !strcmp(e->desc.name, field)) {
			*index = FILTER_IDX_PERF + i;
			return 0;
		}
	}
	return -ENOENT;
}

/* "PROVIDER:NAME" -> the interned id of that application context. */
static int resolve_app(const char *name, uint32_t *index)
{
	const char *colon = strchr(name, ':');
	char provider[UST_NAME_MAX];
	uint32_t id;

	if (!colon || (size_t)(colon - name) >= sizeof(provider))
		return -ENOENT;
	memcpy(provider, name, colon - name);
	provider[colon - name] = '\0';
	if (ust_app_ctx_intern(provider, colon + 1, &id))
		return -ENOENT;
	*index = FILTER_IDX_APP + id;
	return 0;
}

int ust_ctx_filter_resolve(void *priv, enum filter_scope scope,
			   const char *name, uint32_t *index,
			   enum filter_field_kind *kind)
{
	const struct ust_ctx_filter_env *env = priv;
	const struct ust_ctx_type_info *info;

	if (scope == FILTER_SCOPE_APP) {
		*kind = FILTER_FIELD_DYNAMIC;
		return resolve_app(name, index);
	}
	if (!strncmp(name, "perf:thread:", 12)) {
		*kind = FILTER_FIELD_INTEGER;
		return resolve_perf(env ? env->set : NULL, name, index);
	}
	info = ust_ctx_type_info_by_name(name);
	if (!info)
		return -ENOENT;
	*index = info->type;
	*kind = info->shape == UST_CTX_SHAPE_TEXT ? FILTER_FIELD_STRING
						  : FILTER_FIELD_INTEGER;
	return 0;
}

/* An application context value as a filter operand. */
static bool app_to_filter(const struct lttng_ust_ctx_value *v,
			  struct filter_value *value)
{
	switch (v->sel) {
	case LTTNG_UST_DYNAMIC_TYPE_NONE:
		return false;
	case LTTNG_UST_DYNAMIC_TYPE_FLOAT:
	case LTTNG_UST_DYNAMIC_TYPE_DOUBLE:
		value->type = FILTER_VALUE_DOUBLE;
		value->u.dbl = v->u.d;
		return true;
	case LTTNG_UST_DYNAMIC_TYPE_STRING:
		value->type = FILTER_VALUE_STRING;
		value->u.str.ptr = v->u.str;
		value->u.str.len = strlen(v->u.str);
		return true;
	default:
		value->type = FILTER_VALUE_S64;
		value->u.s64 = v->u.s64;
		return true;
	}
}

bool ust_ctx_filter_fetch(void *priv, uint32_t index,
			  struct filter_value *value)
{
	const struct ust_ctx_filter_env *env = priv;
	struct lttng_ust_ctx_value app;

	if (index >= FILTER_IDX_APP) {
		ust_app_ctx_get(index - FILTER_IDX_APP, env->ctx->ip, &app);
		return app_to_filter(&app, value);
	}
	if (index >= FILTER_IDX_PERF) {
		value->u.u64 = ust_perf_field_read(
			env->set->entries[index - FILTER_IDX_PERF].perf);
		return true;
	}
	if (index == UST_CONTEXT_PROCNAME) {
		value->u.str.ptr = ust_ctx_value_procname();
		value->u.str.len =
			strnlen(value->u.str.ptr, UST_CTX_PROCNAME_LEN);
		return true;
	}
	if (index == UST_CONTEXT_IP) {
		value->u.u64 = (uint64_t)(uintptr_t)env->ctx->ip;
		return true;
	}
	value->u.s64 = ust_ctx_value_integer(index);
	/* Unsigned 32-bit credentials and 64-bit inodes read as stored. */
	return true;
}
