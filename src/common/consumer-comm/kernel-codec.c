/*
 * Implementation of kernel-codec.h: the fields in declaration order,
 * strings as lsc strings, arrays as a u32 count then the elements. A
 * count is checked against the protocol's limit and against the bytes
 * left (each element takes at least its fixed part) before anything is
 * allocated, so an absurd count costs nothing.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/tracker.h>

#include "consumer-comm/codec.h"
#include "consumer-comm/kernel-codec.h"
#include "trace-clock/trace-clock.h"

/* The smallest encoding of a string: its u32 length. */
#define MIN_STR_BYTES sizeof(uint32_t)

static bool is_absolute(const char *path)
{
	return path[0] == '/';
}

/* Whether count elements of at least min_bytes each fit in what is left. */
static bool count_fits(const struct wire_cursor *cur, uint32_t count,
		       uint32_t max, size_t min_bytes)
{
	return count <= max && (size_t)count <= cur->left / min_bytes;
}

void consumer_put_kernel_trace_desc(struct wire_buf *buf,
				    const struct consumer_kernel_trace_desc *d)
{
	wire_put_str(buf, d->tracefs_root);
	wire_put_u64(buf, d->session_id);
	wire_put_u64(buf, d->chunk_id);
	wire_put_str(buf, d->trace_name);
	wire_put_u32(buf, d->clock_source);
	wire_put_u64(buf, d->clock_freq);
	wire_put_i64(buf, d->clock_offset_s);
	wire_put_i64(buf, d->clock_offset);
}

static int get_trace_desc(struct wire_cursor *cur, void *out)
{
	struct consumer_kernel_trace_desc *d = out;
	int ret;

	if ((ret = wire_get_str(cur, d->tracefs_root, sizeof(d->tracefs_root))))
		return ret;
	if (wire_get_u64(cur, &d->session_id) ||
	    wire_get_u64(cur, &d->chunk_id))
		return -EBADMSG;
	if ((ret = wire_get_str(cur, d->trace_name, sizeof(d->trace_name))))
		return ret;
	if (wire_get_u32(cur, &d->clock_source) ||
	    wire_get_u64(cur, &d->clock_freq) ||
	    wire_get_i64(cur, &d->clock_offset_s) ||
	    wire_get_i64(cur, &d->clock_offset))
		return -EBADMSG;
	if (!is_absolute(d->tracefs_root) || !d->trace_name[0] ||
	    d->clock_source > TRACE_CLOCK_SOURCE_MAX || !d->clock_freq)
		return -EBADMSG;
	return 0;
}

int consumer_get_kernel_trace_desc(const void *payload, size_t len,
				   struct consumer_kernel_trace_desc *d)
{
	memset(d, 0, sizeof(*d));
	return consumer_decode_whole(payload, len, get_trace_desc, d);
}

static void put_filter(struct wire_buf *buf,
		       const struct consumer_kernel_filter *f)
{
	wire_put_str(buf, f->system);
	wire_put_str(buf, f->event);
	wire_put_str(buf, f->expressions ? f->expressions : "");
}

/* On failure f->expressions is NULL. */
static int get_filter(struct wire_cursor *cur, struct consumer_kernel_filter *f)
{
	int ret;

	f->expressions = NULL;
	if ((ret = wire_get_str(cur, f->system, sizeof(f->system))) ||
	    (ret = wire_get_str(cur, f->event, sizeof(f->event))))
		return ret;
	if (!f->system[0] || !f->event[0])
		return -EBADMSG;
	ret = wire_get_str_dup(cur, CONSUMER_KERNEL_MAX_EXPRESSIONS,
			      &f->expressions);
	if (!ret && !f->expressions) /* an absent string */
		ret = -EBADMSG;
	return ret;
}

void consumer_put_kernel_channel_desc(
	struct wire_buf *buf, const struct consumer_kernel_channel_desc *d)
{
	uint32_t i;

	wire_put_str(buf, d->name);
	wire_put_str(buf, d->instance_path);
	wire_put_u64(buf, d->subbuf_size);
	wire_put_u32(buf, d->read_timer_us);
	wire_put_u32(buf, d->switch_timer_us);
	wire_put_u64(buf, d->tracefile_size);
	wire_put_u64(buf, d->tracefile_count);
	wire_put_u32(buf, d->nr_contexts);
	for (i = 0; i < d->nr_contexts; i++)
		wire_put_str(buf, d->contexts[i]);
	wire_put_u32(buf, d->nr_filters);
	for (i = 0; i < d->nr_filters; i++)
		put_filter(buf, &d->filters[i]);
}

static int get_contexts(struct wire_cursor *cur,
			struct consumer_kernel_channel_desc *d)
{
	uint32_t i;
	int ret;

	if (wire_get_u32(cur, &d->nr_contexts) ||
	    !count_fits(cur, d->nr_contexts, CONSUMER_KERNEL_MAX_CONTEXTS,
			MIN_STR_BYTES))
		return -EBADMSG;
	for (i = 0; i < d->nr_contexts; i++) {
		ret = wire_get_str(cur, d->contexts[i], sizeof(d->contexts[i]));
		if (ret)
			return ret;
		if (!d->contexts[i][0])
			return -EBADMSG;
	}
	return 0;
}

static int get_filters(struct wire_cursor *cur,
		       struct consumer_kernel_channel_desc *d)
{
	uint32_t count, i;
	int ret;

	if (wire_get_u32(cur, &count) ||
	    !count_fits(cur, count, CONSUMER_KERNEL_MAX_FILTERS,
			3 * MIN_STR_BYTES))
		return -EBADMSG;
	if (!count)
		return 0;
	d->filters = calloc(count, sizeof(*d->filters));
	if (!d->filters)
		return -ENOMEM;
	for (i = 0; i < count; i++) {
		ret = get_filter(cur, &d->filters[i]);
		d->nr_filters = i + (d->filters[i].expressions != NULL);
		if (ret)
			return ret;
	}
	return 0;
}

static int get_channel_desc(struct wire_cursor *cur, void *out)
{
	struct consumer_kernel_channel_desc *d = out;
	int ret;

	if ((ret = wire_get_str(cur, d->name, sizeof(d->name))) ||
	    (ret = wire_get_str(cur, d->instance_path,
			       sizeof(d->instance_path))))
		return ret;
	if (wire_get_u64(cur, &d->subbuf_size) ||
	    wire_get_u32(cur, &d->read_timer_us) ||
	    wire_get_u32(cur, &d->switch_timer_us) ||
	    wire_get_u64(cur, &d->tracefile_size) ||
	    wire_get_u64(cur, &d->tracefile_count))
		return -EBADMSG;
	if (!consumer_is_file_name(d->name) || !is_absolute(d->instance_path) ||
	    !d->subbuf_size)
		return -EBADMSG;
	ret = get_contexts(cur, d);
	return ret ? ret : get_filters(cur, d);
}

int consumer_get_kernel_channel_desc(const void *payload, size_t len,
				     struct consumer_kernel_channel_desc *d)
{
	int ret;

	memset(d, 0, sizeof(*d));
	ret = consumer_decode_whole(payload, len, get_channel_desc, d);
	if (ret)
		consumer_kernel_channel_desc_fini(d);
	return ret;
}

void consumer_kernel_channel_desc_fini(struct consumer_kernel_channel_desc *d)
{
	uint32_t i;

	for (i = 0; i < d->nr_filters; i++)
		free(d->filters[i].expressions);
	free(d->filters);
	d->filters = NULL;
	d->nr_filters = 0;
}

void consumer_put_kernel_filter_desc(
	struct wire_buf *buf, const struct consumer_kernel_filter_desc *d)
{
	wire_put_str(buf, d->channel);
	put_filter(buf, &d->filter);
}

static int get_filter_desc(struct wire_cursor *cur, void *out)
{
	struct consumer_kernel_filter_desc *d = out;
	int ret = wire_get_str(cur, d->channel, sizeof(d->channel));

	if (ret)
		return ret;
	if (!d->channel[0])
		return -EBADMSG;
	return get_filter(cur, &d->filter);
}

int consumer_get_kernel_filter_desc(const void *payload, size_t len,
				    struct consumer_kernel_filter_desc *d)
{
	int ret;

	memset(d, 0, sizeof(*d));
	ret = consumer_decode_whole(payload, len, get_filter_desc, d);
	if (ret)
		consumer_kernel_filter_desc_fini(d);
	return ret;
}

void consumer_kernel_filter_desc_fini(struct consumer_kernel_filter_desc *d)
{
	free(d->filter.expressions);
	d->filter.expressions = NULL;
}

void consumer_put_kernel_tracker_desc(
	struct wire_buf *buf, const struct consumer_kernel_tracker_desc *d)
{
	uint32_t i;

	wire_put_u32(buf, d->attr);
	wire_put_u32(buf, d->restricted);
	wire_put_u32(buf, d->nr_ids);
	for (i = 0; i < d->nr_ids; i++)
		wire_put_i64(buf, d->ids[i]);
}

static int get_tracker_desc(struct wire_cursor *cur, void *out)
{
	struct consumer_kernel_tracker_desc *d = out;
	uint32_t count, i;

	if (wire_get_u32(cur, &d->attr) || wire_get_u32(cur, &d->restricted) ||
	    wire_get_u32(cur, &count))
		return -EBADMSG;
	if (d->attr > LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID ||
	    d->restricted > 1 || (!d->restricted && count) ||
	    !count_fits(cur, count, CONSUMER_KERNEL_MAX_TRACKED_IDS,
			sizeof(int64_t)))
		return -EBADMSG;
	if (!count)
		return 0;
	d->ids = calloc(count, sizeof(*d->ids));
	if (!d->ids)
		return -ENOMEM;
	d->nr_ids = count;
	for (i = 0; i < count; i++) {
		if (wire_get_i64(cur, &d->ids[i]))
			return -EBADMSG;
	}
	return 0;
}

int consumer_get_kernel_tracker_desc(const void *payload, size_t len,
				     struct consumer_kernel_tracker_desc *d)
{
	int ret;

	memset(d, 0, sizeof(*d));
	ret = consumer_decode_whole(payload, len, get_tracker_desc, d);
	if (ret)
		consumer_kernel_tracker_desc_fini(d);
	return ret;
}

void consumer_kernel_tracker_desc_fini(struct consumer_kernel_tracker_desc *d)
{
	free(d->ids);
	d->ids = NULL;
	d->nr_ids = 0;
}

void consumer_put_kernel_statedump_desc(
	struct wire_buf *buf, const struct consumer_kernel_statedump_desc *d)
{
	uint32_t i;

	wire_put_i32(buf, d->tid);
	wire_put_u32(buf, d->nr_events);
	for (i = 0; i < d->nr_events; i++) {
		const struct consumer_kernel_statedump_event *e = &d->events[i];

		wire_put_str(buf, e->channel);
		wire_put_str(buf, e->event);
		wire_put_str(buf, e->expressions ? e->expressions : "");
	}
}

/* On failure e->expressions is NULL. */
static int get_statedump_event(struct wire_cursor *cur,
			       struct consumer_kernel_statedump_event *e)
{
	int ret;

	e->expressions = NULL;
	if ((ret = wire_get_str(cur, e->channel, sizeof(e->channel))) ||
	    (ret = wire_get_str(cur, e->event, sizeof(e->event))))
		return ret;
	if (!e->channel[0] || !e->event[0])
		return -EBADMSG;
	ret = wire_get_str_dup(cur, CONSUMER_KERNEL_MAX_EXPRESSIONS,
			      &e->expressions);
	if (!ret && !e->expressions)
		ret = -EBADMSG;
	return ret;
}

static int get_statedump_desc(struct wire_cursor *cur, void *out)
{
	struct consumer_kernel_statedump_desc *d = out;
	uint32_t count, i;
	int ret;

	if (wire_get_i32(cur, &d->tid) || wire_get_u32(cur, &count))
		return -EBADMSG;
	if (d->tid <= 0 ||
	    !count_fits(cur, count, CONSUMER_KERNEL_MAX_STATEDUMP_EVENTS,
			3 * MIN_STR_BYTES))
		return -EBADMSG;
	if (!count)
		return 0;
	d->events = calloc(count, sizeof(*d->events));
	if (!d->events)
		return -ENOMEM;
	for (i = 0; i < count; i++) {
		ret = get_statedump_event(cur, &d->events[i]);
		d->nr_events = i + (d->events[i].expressions != NULL);
		if (ret)
			return ret;
	}
	return 0;
}

int consumer_get_kernel_statedump_desc(const void *payload, size_t len,
				       struct consumer_kernel_statedump_desc *d)
{
	int ret;

	memset(d, 0, sizeof(*d));
	ret = consumer_decode_whole(payload, len, get_statedump_desc, d);
	if (ret)
		consumer_kernel_statedump_desc_fini(d);
	return ret;
}

void consumer_kernel_statedump_desc_fini(
	struct consumer_kernel_statedump_desc *d)
{
	uint32_t i;

	for (i = 0; i < d->nr_events; i++)
		free(d->events[i].expressions);
	free(d->events);
	d->events = NULL;
	d->nr_events = 0;
}

void consumer_put_kernel_snapshot(struct wire_buf *buf, uint64_t chunk_id,
				  uint64_t max_packets)
{
	wire_put_u64(buf, chunk_id);
	wire_put_u64(buf, max_packets);
}

/* A snapshot is written into a chunk: one is named. */
static int get_snapshot(struct wire_cursor *cur, void *out)
{
	uint64_t **values = out;

	if (wire_get_u64(cur, values[0]) || wire_get_u64(cur, values[1]))
		return -EBADMSG;
	return *values[0] == CONSUMER_CHUNK_NONE ? -EBADMSG : 0;
}

int consumer_get_kernel_snapshot(const void *payload, size_t len,
				 uint64_t *chunk_id, uint64_t *max_packets)
{
	uint64_t *values[2] = {chunk_id, max_packets};

	return consumer_decode_whole(payload, len, get_snapshot, values);
}

void consumer_put_kernel_rotate(struct wire_buf *buf, uint64_t chunk_id)
{
	wire_put_u64(buf, chunk_id);
}

static int get_rotate(struct wire_cursor *cur, void *out)
{
	return wire_get_u64(cur, out) ? -EBADMSG : 0;
}

int consumer_get_kernel_rotate(const void *payload, size_t len,
			       uint64_t *chunk_id)
{
	return consumer_decode_whole(payload, len, get_rotate, chunk_id);
}

void consumer_put_kernel_channel_name(struct wire_buf *buf, const char *name)
{
	wire_put_str(buf, name);
}

static int get_channel_name(struct wire_cursor *cur, void *out)
{
	char *name = out;
	int ret = wire_get_str(cur, name, CONSUMER_NAME_MAX);

	if (ret)
		return ret;
	return name[0] ? 0 : -EBADMSG;
}

int consumer_get_kernel_channel_name(const void *payload, size_t len,
				     char name[CONSUMER_NAME_MAX])
{
	name[0] = '\0';
	return consumer_decode_whole(payload, len, get_channel_name, name);
}

void consumer_put_kernel_channel_stats(struct wire_buf *buf, uint64_t discarded,
				       uint64_t lost_packets)
{
	wire_put_u64(buf, discarded);
	wire_put_u64(buf, lost_packets);
}

static int get_two_u64(struct wire_cursor *cur, void *out)
{
	uint64_t **values = out;

	return wire_get_u64(cur, values[0]) || wire_get_u64(cur, values[1])
		       ? -EBADMSG
		       : 0;
}

int consumer_get_kernel_channel_stats(const void *payload, size_t len,
				      uint64_t *discarded,
				      uint64_t *lost_packets)
{
	uint64_t *values[2] = {discarded, lost_packets};

	return consumer_decode_whole(payload, len, get_two_u64, values);
}

void consumer_put_kernel_clock_offset(struct wire_buf *buf, int64_t offset_s,
				      int64_t offset)
{
	wire_put_i64(buf, offset_s);
	wire_put_i64(buf, offset);
}

static int get_two_i64(struct wire_cursor *cur, void *out)
{
	int64_t **values = out;

	return wire_get_i64(cur, values[0]) || wire_get_i64(cur, values[1])
		       ? -EBADMSG
		       : 0;
}

int consumer_get_kernel_clock_offset(const void *payload, size_t len,
				     int64_t *offset_s, int64_t *offset)
{
	int64_t *values[2] = {offset_s, offset};

	return consumer_decode_whole(payload, len, get_two_i64, values);
}

int consumer_get_kernel_empty(const void *payload, size_t len)
{
	(void)payload;
	return len ? -EBADMSG : 0;
}
