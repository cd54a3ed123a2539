/*
 * Implementation of chunk-codec.h: the fields in declaration order.
 */
#include <errno.h>
#include <string.h>

#include "consumer-comm/chunk-codec.h"
#include "consumer-comm/codec.h"

void consumer_put_chunk_desc(struct wire_buf *buf,
			     const struct consumer_chunk_desc *d)
{
	wire_put_u64(buf, d->session_id);
	wire_put_u64(buf, d->chunk_id);
	wire_put_i64(buf, d->begin);
	wire_put_u32(buf, d->in_subdir);
	wire_put_u32(buf, d->owner_uid);
	wire_put_u32(buf, d->owner_gid);
	wire_put_str(buf, d->output);
}

static int get_chunk_desc(struct wire_cursor *cur, void *out)
{
	struct consumer_chunk_desc *d = out;
	int ret;

	if (wire_get_u64(cur, &d->session_id) ||
	    wire_get_u64(cur, &d->chunk_id) || wire_get_i64(cur, &d->begin) ||
	    wire_get_u32(cur, &d->in_subdir) ||
	    wire_get_u32(cur, &d->owner_uid) ||
	    wire_get_u32(cur, &d->owner_gid))
		return -EBADMSG;
	ret = wire_get_str(cur, d->output, sizeof(d->output));
	if (ret)
		return ret;
	if (d->chunk_id == CONSUMER_CHUNK_NONE || d->begin < 0 ||
	    d->in_subdir > 1 || d->output[0] != '/')
		return -EBADMSG;
	return 0;
}

int consumer_get_chunk_desc(const void *payload, size_t len,
			    struct consumer_chunk_desc *d)
{
	memset(d, 0, sizeof(*d));
	return consumer_decode_whole(payload, len, get_chunk_desc, d);
}

void consumer_put_chunk_close(struct wire_buf *buf,
			      const struct consumer_chunk_close *d)
{
	wire_put_u64(buf, d->session_id);
	wire_put_u64(buf, d->chunk_id);
	wire_put_i64(buf, d->end);
	wire_put_u32(buf, d->command);
}

static int get_chunk_close(struct wire_cursor *cur, void *out)
{
	struct consumer_chunk_close *d = out;

	if (wire_get_u64(cur, &d->session_id) ||
	    wire_get_u64(cur, &d->chunk_id) || wire_get_i64(cur, &d->end) ||
	    wire_get_u32(cur, &d->command))
		return -EBADMSG;
	if (d->chunk_id == CONSUMER_CHUNK_NONE || d->end < 0 ||
	    d->command > TRACE_CHUNK_CLOSE_MAX)
		return -EBADMSG;
	return 0;
}

int consumer_get_chunk_close(const void *payload, size_t len,
			     struct consumer_chunk_close *d)
{
	memset(d, 0, sizeof(*d));
	return consumer_decode_whole(payload, len, get_chunk_close, d);
}

void consumer_put_chunk_ref(struct wire_buf *buf,
			    const struct consumer_chunk_ref *d)
{
	wire_put_u64(buf, d->session_id);
	wire_put_u64(buf, d->chunk_id);
}

static int get_chunk_ref(struct wire_cursor *cur, void *out)
{
	struct consumer_chunk_ref *d = out;

	if (wire_get_u64(cur, &d->session_id) ||
	    wire_get_u64(cur, &d->chunk_id))
		return -EBADMSG;
	return d->chunk_id == CONSUMER_CHUNK_NONE ? -EBADMSG : 0;
}

int consumer_get_chunk_ref(const void *payload, size_t len,
			   struct consumer_chunk_ref *d)
{
	memset(d, 0, sizeof(*d));
	return consumer_decode_whole(payload, len, get_chunk_ref, d);
}

void consumer_put_chunk_exists_reply(struct wire_buf *buf, bool exists)
{
	wire_put_u32(buf, exists ? 1 : 0);
}

static int get_chunk_exists_reply(struct wire_cursor *cur, void *out)
{
	uint32_t value;

	if (wire_get_u32(cur, &value) || value > 1)
		return -EBADMSG;
	*(bool *)out = value != 0;
	return 0;
}

int consumer_get_chunk_exists_reply(const void *payload, size_t len,
				    bool *exists)
{
	return consumer_decode_whole(payload, len, get_chunk_exists_reply,
				     exists);
}

void consumer_put_rotate_desc(struct wire_buf *buf,
			      const struct consumer_rotate_desc *d)
{
	wire_put_u64(buf, d->key);
	wire_put_u32(buf, d->flags);
	wire_put_u64(buf, d->chunk_id);
}

static int get_rotate_desc(struct wire_cursor *cur, void *out)
{
	struct consumer_rotate_desc *d = out;

	if (wire_get_u64(cur, &d->key) || wire_get_u32(cur, &d->flags) ||
	    wire_get_u64(cur, &d->chunk_id))
		return -EBADMSG;
	return d->flags & ~CONSUMER_ROTATE_DISCARD ? -EBADMSG : 0;
}

int consumer_get_rotate_desc(const void *payload, size_t len,
			     struct consumer_rotate_desc *d)
{
	memset(d, 0, sizeof(*d));
	return consumer_decode_whole(payload, len, get_rotate_desc, d);
}

struct trace_chunk_desc
consumer_chunk_desc_to_trace_chunk(const struct consumer_chunk_desc *d)
{
	return (struct trace_chunk_desc){
		.output = d->output,
		.id = d->chunk_id,
		.begin = (time_t)d->begin,
		.in_subdir = d->in_subdir != 0,
		.owner = {.uid = d->owner_uid, .gid = d->owner_gid},
	};
}
