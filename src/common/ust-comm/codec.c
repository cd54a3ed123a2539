/*
 * Implementation of codec.h. Fixed-size names travel as strings and are
 * decoded into their arrays (too long: -EMSGSIZE); every get ends with
 * wire_cursor_finish() so trailing garbage is refused too.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ust-comm/codec.h"

/* Each list entry takes at least this many bytes, bounding counts. */
#define TRACEPOINT_ENTRY_MIN (4 + 4)
#define FIELD_ENTRY_MIN (4 + 4 + 4 + 4 + 4)

void ust_put_id(struct wire_buf *buf, uint64_t id)
{
	wire_put_u64(buf, id);
}

int ust_get_id(const void *payload, size_t len, uint64_t *id)
{
	struct wire_cursor cur;
	int ret;

	wire_cursor_init(&cur, payload, len);
	ret = wire_get_u64(&cur, id);
	return ret ? ret : wire_cursor_finish(&cur);
}

void ust_put_channel_desc(struct wire_buf *buf,
			  const struct ust_channel_desc *desc)
{
	wire_put_u64(buf, desc->session_id);
	wire_put_u64(buf, desc->channel_key);
	wire_put_str(buf, desc->name);
	wire_put_u32(buf, desc->nr_streams);
}

int ust_get_channel_desc(const void *payload, size_t len,
			 struct ust_channel_desc *desc)
{
	struct wire_cursor cur;
	int ret;

	memset(desc, 0, sizeof(*desc));
	wire_cursor_init(&cur, payload, len);
	ret = wire_get_u64(&cur, &desc->session_id);
	if (!ret)
		ret = wire_get_u64(&cur, &desc->channel_key);
	if (!ret)
		ret = wire_get_str(&cur, desc->name, sizeof(desc->name));
	if (!ret)
		ret = wire_get_u32(&cur, &desc->nr_streams);
	if (!ret)
		ret = wire_cursor_finish(&cur);
	if (!ret && (desc->name[0] == '\0' || desc->nr_streams == 0))
		ret = -EBADMSG;
	return ret;
}

void ust_put_stream_add(struct wire_buf *buf, uint64_t channel_key,
			uint32_t stream_index)
{
	wire_put_u64(buf, channel_key);
	wire_put_u32(buf, stream_index);
}

int ust_get_stream_add(const void *payload, size_t len, uint64_t *channel_key,
		       uint32_t *stream_index)
{
	struct wire_cursor cur;
	int ret;

	wire_cursor_init(&cur, payload, len);
	ret = wire_get_u64(&cur, channel_key);
	if (!ret)
		ret = wire_get_u32(&cur, stream_index);
	return ret ? ret : wire_cursor_finish(&cur);
}

void ust_put_context_add(struct wire_buf *buf, uint64_t channel_key,
			 const struct ust_context_desc *desc)
{
	wire_put_u64(buf, channel_key);
	wire_put_u32(buf, desc->type);
	wire_put_u32(buf, desc->perf_type);
	wire_put_u64(buf, desc->perf_config);
	wire_put_str(buf, desc->name);
	wire_put_str(buf, desc->provider);
}

static int context_type_is_valid(uint32_t type)
{
	return type >= UST_CONTEXT_VTID && type <= UST_CONTEXT_APP_CONTEXT;
}

int ust_get_context_add(const void *payload, size_t len, uint64_t *channel_key,
			struct ust_context_desc *desc)
{
	struct wire_cursor cur;
	int ret;

	memset(desc, 0, sizeof(*desc));
	wire_cursor_init(&cur, payload, len);
	ret = wire_get_u64(&cur, channel_key);
	if (!ret)
		ret = wire_get_u32(&cur, &desc->type);
	if (!ret)
		ret = wire_get_u32(&cur, &desc->perf_type);
	if (!ret)
		ret = wire_get_u64(&cur, &desc->perf_config);
	if (!ret)
		ret = wire_get_str(&cur, desc->name, sizeof(desc->name));
	if (!ret)
		ret = wire_get_str(&cur, desc->provider, sizeof(desc->provider));
	if (!ret)
		ret = wire_cursor_finish(&cur);
	if (!ret && !context_type_is_valid(desc->type))
		ret = -EBADMSG;
	return ret;
}

/*
 * Append raw bytes (the filter bytecode) to buf. buffer.h has no such
 * call on this branch; wire_put_blob (ctxfilter) can replace this once
 * merged, the wire format (u32 length then bytes) being the same.
 */
static void put_raw_bytes(struct wire_buf *buf, const void *data, size_t len)
{
	uint8_t *grown;

	if (buf->error || len == 0)
		return;
	if (buf->len + len > buf->cap) {
		grown = realloc(buf->data, buf->len + len);
		if (!grown) {
			buf->error = -ENOMEM;
			return;
		}
		buf->data = grown;
		buf->cap = buf->len + len;
	}
	memcpy(buf->data + buf->len, data, len);
	buf->len += len;
}

void ust_put_rule_desc(struct wire_buf *buf, const struct ust_rule_desc *desc)
{
	uint32_t i;

	wire_put_u64(buf, desc->channel_key);
	wire_put_u64(buf, desc->rule_id);
	wire_put_str(buf, desc->pattern);
	wire_put_u32(buf, desc->loglevel_type);
	wire_put_i32(buf, desc->loglevel);
	wire_put_u32(buf, desc->nr_exclusions);
	for (i = 0; i < desc->nr_exclusions; i++)
		wire_put_str(buf, desc->exclusions[i]);
	wire_put_u32(buf, desc->bytecode_len);
	put_raw_bytes(buf, desc->bytecode, desc->bytecode_len);
}

void ust_rule_desc_fini(struct ust_rule_desc *desc)
{
	free(desc->exclusions);
	free(desc->bytecode);
	desc->exclusions = NULL;
	desc->bytecode = NULL;
	desc->nr_exclusions = 0;
	desc->bytecode_len = 0;
}

static int get_rule_fixed(struct wire_cursor *cur, struct ust_rule_desc *desc)
{
	int ret = wire_get_u64(cur, &desc->channel_key);

	if (!ret)
		ret = wire_get_u64(cur, &desc->rule_id);
	if (!ret)
		ret = wire_get_str(cur, desc->pattern, sizeof(desc->pattern));
	if (!ret)
		ret = wire_get_u32(cur, &desc->loglevel_type);
	if (!ret)
		ret = wire_get_i32(cur, &desc->loglevel);
	if (ret)
		return ret;
	if (desc->pattern[0] == '\0' ||
	    desc->loglevel_type > UST_RULE_LOGLEVEL_SINGLE)
		return -EBADMSG;
	return 0;
}

static int get_rule_exclusions(struct wire_cursor *cur,
			       struct ust_rule_desc *desc)
{
	uint32_t count, i;
	int ret = wire_get_u32(cur, &count);

	if (ret)
		return ret;
	if (count > UST_MAX_EXCLUSIONS)
		return -EMSGSIZE;
	if ((size_t)count * 4 > cur->left)
		return -EBADMSG;
	if (count == 0)
		return 0;
	desc->exclusions = calloc(count, sizeof(*desc->exclusions));
	if (!desc->exclusions)
		return -ENOMEM;
	desc->nr_exclusions = count;
	for (i = 0; i < count; i++) {
		ret = wire_get_str(cur, desc->exclusions[i], UST_NAME_MAX);
		if (ret)
			return ret;
		if (desc->exclusions[i][0] == '\0')
			return -EBADMSG;
	}
	return 0;
}

static int get_rule_bytecode(struct wire_cursor *cur, struct ust_rule_desc *desc)
{
	uint32_t len;
	int ret = wire_get_u32(cur, &len);

	if (ret)
		return ret;
	if (len > UST_MAX_BYTECODE)
		return -EMSGSIZE;
	if (len > cur->left)
		return -EBADMSG;
	if (len == 0)
		return 0;
	desc->bytecode = malloc(len);
	if (!desc->bytecode)
		return -ENOMEM;
	memcpy(desc->bytecode, cur->pos, len);
	desc->bytecode_len = len;
	cur->pos += len;
	cur->left -= len;
	return 0;
}

int ust_get_rule_desc(const void *payload, size_t len,
		      struct ust_rule_desc *desc)
{
	struct wire_cursor cur;
	int ret;

	memset(desc, 0, sizeof(*desc));
	wire_cursor_init(&cur, payload, len);
	ret = get_rule_fixed(&cur, desc);
	if (!ret)
		ret = get_rule_exclusions(&cur, desc);
	if (!ret)
		ret = get_rule_bytecode(&cur, desc);
	if (!ret)
		ret = wire_cursor_finish(&cur);
	if (ret)
		ust_rule_desc_fini(desc);
	return ret;
}

/* Read a list count, refusing one the remaining bytes cannot hold. */
static int get_count(struct wire_cursor *cur, size_t entry_min, uint32_t *count)
{
	int ret = wire_get_u32(cur, count);

	if (ret)
		return ret;
	if ((size_t)*count > cur->left / entry_min)
		return -EBADMSG;
	return 0;
}

void ust_put_tracepoint_list(struct wire_buf *buf,
			     const struct ust_tracepoint_entry *entries,
			     uint32_t count)
{
	uint32_t i;

	wire_put_u32(buf, count);
	for (i = 0; i < count; i++) {
		wire_put_str(buf, entries[i].name);
		wire_put_i32(buf, entries[i].loglevel);
	}
}

int ust_get_tracepoint_list(const void *payload, size_t len,
			    struct ust_tracepoint_entry **entries,
			    uint32_t *count)
{
	struct ust_tracepoint_entry *list = NULL;
	struct wire_cursor cur;
	uint32_t n, i;
	int ret;

	*entries = NULL;
	*count = 0;
	wire_cursor_init(&cur, payload, len);
	ret = get_count(&cur, TRACEPOINT_ENTRY_MIN, &n);
	if (!ret && n) {
		list = calloc(n, sizeof(*list));
		if (!list)
			ret = -ENOMEM;
	}
	for (i = 0; !ret && i < n; i++) {
		ret = wire_get_str(&cur, list[i].name, sizeof(list[i].name));
		if (!ret)
			ret = wire_get_i32(&cur, &list[i].loglevel);
	}
	if (!ret)
		ret = wire_cursor_finish(&cur);
	if (ret) {
		free(list);
		return ret;
	}
	*entries = list;
	*count = n;
	return 0;
}

void ust_put_field_list(struct wire_buf *buf,
			const struct ust_field_entry *entries, uint32_t count)
{
	uint32_t i;

	wire_put_u32(buf, count);
	for (i = 0; i < count; i++) {
		wire_put_str(buf, entries[i].event_name);
		wire_put_i32(buf, entries[i].loglevel);
		wire_put_str(buf, entries[i].field_name);
		wire_put_u32(buf, entries[i].type);
		wire_put_u32(buf, entries[i].nowrite);
	}
}

static int get_field_entry(struct wire_cursor *cur, struct ust_field_entry *e)
{
	int ret = wire_get_str(cur, e->event_name, sizeof(e->event_name));

	if (!ret)
		ret = wire_get_i32(cur, &e->loglevel);
	if (!ret)
		ret = wire_get_str(cur, e->field_name, sizeof(e->field_name));
	if (!ret)
		ret = wire_get_u32(cur, &e->type);
	if (!ret)
		ret = wire_get_u32(cur, &e->nowrite);
	if (!ret && (e->type > UST_FIELD_LIST_STRING || e->nowrite > 1))
		ret = -EBADMSG;
	return ret;
}

int ust_get_field_list(const void *payload, size_t len,
		       struct ust_field_entry **entries, uint32_t *count)
{
	struct ust_field_entry *list = NULL;
	struct wire_cursor cur;
	uint32_t n, i;
	int ret;

	*entries = NULL;
	*count = 0;
	wire_cursor_init(&cur, payload, len);
	ret = get_count(&cur, FIELD_ENTRY_MIN, &n);
	if (!ret && n) {
		list = calloc(n, sizeof(*list));
		if (!list)
			ret = -ENOMEM;
	}
	for (i = 0; !ret && i < n; i++)
		ret = get_field_entry(&cur, &list[i]);
	if (!ret)
		ret = wire_cursor_finish(&cur);
	if (ret) {
		free(list);
		return ret;
	}
	*entries = list;
	*count = n;
	return 0;
}

void ust_put_event_id(struct wire_buf *buf, uint32_t event_id)
{
	wire_put_u32(buf, event_id);
}

int ust_get_event_id(const void *payload, size_t len, uint32_t *event_id)
{
	struct wire_cursor cur;
	int ret;

	wire_cursor_init(&cur, payload, len);
	ret = wire_get_u32(&cur, event_id);
	return ret ? ret : wire_cursor_finish(&cur);
}
