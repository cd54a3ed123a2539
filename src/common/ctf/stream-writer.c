/*
 * The data stream writer (see stream-writer.h). One packet buffer of
 * packet_size bytes is filled in place: header and context are stored
 * when the packet closes, events are serialized from byte 84 on. An event
 * is written tentatively; when it does not fit, the buffer is rewound to
 * where the event began, the packet is closed and the event is written
 * again at the start of a new packet.
 *
 *   packet: | header+context (84) | event | event | ... | zero padding |
 *           0                                 content_size   packet_size
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ctf/index.h"
#include "ctf/io.h"
#include "ctf/packet-layout.h"
#include "ctf/stream-writer.h"
#include "ctf/tracefile.h"

struct ctf_stream_writer {
	const struct ctf_stream_class *sc;
	uint8_t uuid[CTF_UUID_LEN];
	uint64_t stream_instance_id;
	uint32_t cpu_id;
	size_t packet_size;
	char path[PATH_MAX];
	char dir[PATH_MAX];
	char name[NAME_MAX + 1];
	int fd;
	bool with_index;
	struct user_creds owner;    /* who creates the files */
	int (*before_packet)(void *arg, struct ctf_error *err);
	void *before_packet_arg;
	struct ctf_tracefile files; /* rotation: which file, its name */
	struct ctf_index_writer index;

	struct ctf_bitbuf bb; /* the open packet */
	bool packet_open;
	uint64_t packet_events;
	uint64_t packet_begin;
	/* The clock value a reader knows: packet start or last event. */
	uint64_t clock;
	uint64_t last_ts; /* of the stream's last event */

	uint64_t packets; /* written */
	/* Packets the producer lost (overwritten), skipped in the sequence. */
	uint64_t lost_packets;
	uint64_t lost_written; /* lost_packets when the last one was written */
	uint64_t file_offset;
	uint64_t discarded;	    /* running total */
	uint64_t discarded_written; /* total in the last written packet */
};

static void writer_free(struct ctf_stream_writer *w)
{
	if (w->fd >= 0)
		close(w->fd);
	ctf_index_close(&w->index, NULL);
	free(w->bb.data);
	free(w);
}

/* Opens (truncates) the current stream file and its index. */
static int open_file(struct ctf_stream_writer *w, struct ctf_error *err)
{
	char file[NAME_MAX + 32];
	int n;

	if (ctf_tracefile_name(&w->files, w->name, file, sizeof(file)))
		return ctf_error_set(err, -ENAMETOOLONG,
				     "stream '%s': name too long", w->name);
	n = snprintf(w->path, sizeof(w->path), "%.*s/%s",
		     (int)(sizeof(w->path) - sizeof(file) - 2), w->dir, file);
	if (n < 0 || (size_t)n >= sizeof(w->path) ||
	    strlen(w->dir) > sizeof(w->path) - sizeof(file) - 2)
		return ctf_error_set(err, -ENAMETOOLONG,
				     "stream '%s': path too long", file);
	w->fd = user_path_open(&w->owner, w->path,
			       O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0660);
	if (w->fd < 0) {
		int ret = w->fd;

		w->fd = -1;
		return ctf_error_set(err, ret, "cannot create '%s': %s",
				     w->path, strerror(-ret));
	}
	w->file_offset = 0;
	if (w->with_index)
		return ctf_index_open(&w->index, w->dir, file, &w->owner, err);
	return 0;
}

/* Removes file <name> of the stream and its index (a ring's oldest). */
static void remove_file(const struct ctf_stream_writer *w, const char *name)
{
	char path[PATH_MAX + NAME_MAX + 48];

	snprintf(path, sizeof(path), "%s/%s", w->dir, name);
	(void)user_path_unlink(&w->owner, path);
	snprintf(path, sizeof(path), "%s/index/%s.idx", w->dir, name);
	(void)user_path_unlink(&w->owner, path);
}

/* Closes the current file and opens the next one (tracefile.h). */
static int next_file(struct ctf_stream_writer *w, struct ctf_error *err)
{
	char obsolete[NAME_MAX + 32];
	int ret;

	close(w->fd);
	w->fd = -1;
	ret = ctf_index_close(&w->index, err);
	if (ret)
		return ret;
	ret = ctf_tracefile_next(&w->files, w->name, obsolete,
				 sizeof(obsolete));
	if (ret < 0)
		return ctf_error_set(err, ret, "stream '%s': name too long",
				     w->name);
	if (ret)
		remove_file(w, obsolete);
	return open_file(w, err);
}

struct ctf_stream_writer *
ctf_stream_writer_create(const struct ctf_stream_writer_config *config,
			 struct ctf_error *err)
{
	const struct ctf_stream_class *sc =
		ctf_metadata_stream_class(config->metadata, config->stream_id);
	struct ctf_stream_writer *w;

	if (!sc) {
		ctf_error_set(err, -ENOENT,
			      "stream '%s': no stream class %" PRIu32,
			      config->name, config->stream_id);
		return NULL;
	}
	if (config->packet_size < CTF_STREAM_MIN_PACKET_SIZE ||
	    config->packet_size > (SIZE_MAX >> 4)) {
		ctf_error_set(err, -EINVAL,
			      "stream '%s': packet size %zu bytes is below "
			      "the minimum of %d bytes or too large",
			      config->name, config->packet_size,
			      CTF_STREAM_MIN_PACKET_SIZE);
		return NULL;
	}
	w = calloc(1, sizeof(*w));
	if (!w) {
		ctf_error_set(err, -ENOMEM, "out of memory");
		return NULL;
	}
	w->fd = -1;
	w->index.fd = -1;
	w->sc = sc;
	memcpy(w->uuid, ctf_metadata_uuid(config->metadata), CTF_UUID_LEN);
	w->stream_instance_id = config->stream_instance_id;
	w->cpu_id = config->cpu_id;
	w->packet_size = config->packet_size;
	w->bb.data = calloc(1, config->packet_size);
	w->bb.cap_bits = (uint64_t)config->packet_size * 8;
	if (!w->bb.data) {
		ctf_error_set(err, -ENOMEM,
			      "out of memory for a %zu-byte "
			      "packet",
			      config->packet_size);
		goto fail;
	}
	if (snprintf(w->dir, sizeof(w->dir), "%s", config->dir) >=
		    (int)sizeof(w->dir) ||
	    snprintf(w->name, sizeof(w->name), "%s", config->name) >=
		    (int)sizeof(w->name)) {
		ctf_error_set(err, -ENAMETOOLONG, "stream '%s': path too long",
			      config->name);
		goto fail;
	}
	w->with_index = config->with_index;
	w->owner = config->owner;
	w->before_packet = config->before_packet;
	w->before_packet_arg = config->before_packet_arg;
	ctf_tracefile_init(&w->files, config->tracefile_size,
			   config->tracefile_count, config->sequence_names);
	if (open_file(w, err))
		goto fail;
	return w;
fail:
	writer_free(w);
	return NULL;
}

static void open_packet(struct ctf_stream_writer *w, uint64_t ts)
{
	assert(!w->packet_open);
	memset(w->bb.data, 0, w->packet_size);
	w->bb.pos = CTF_PACKET_HEADER_LEN * 8;
	w->packet_open = true;
	w->packet_events = 0;
	w->packet_begin = ts;
	w->clock = ts;
}

/* Fills in the header and context, writes the packet and its index. */
static int close_packet(struct ctf_stream_writer *w, uint64_t end_ts,
			struct ctf_error *err)
{
	uint8_t *p = w->bb.data;
	struct ctf_index_entry entry = {
		.offset = w->file_offset,
		.packet_size = (uint64_t)w->packet_size * 8,
		.content_size = w->bb.pos,
		.timestamp_begin = w->packet_begin,
		.timestamp_end = end_ts > w->clock ? end_ts : w->clock,
		.events_discarded = w->discarded,
		.stream_id = w->sc->id,
		.stream_instance_id = w->stream_instance_id,
		.packet_seq_num = w->packets + w->lost_packets,
	};
	bool has_events = w->packet_events != 0;
	int ret;

	assert(w->packet_open);
	ctf_packet_put_u32(p, CTF_PACKET_OFF_MAGIC, CTF_PACKET_MAGIC);
	memcpy(p + CTF_PACKET_OFF_UUID, w->uuid, CTF_UUID_LEN);
	ctf_packet_put_u32(p, CTF_PACKET_OFF_STREAM_ID, w->sc->id);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_STREAM_INSTANCE_ID,
			   entry.stream_instance_id);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_TIMESTAMP_BEGIN,
			   entry.timestamp_begin);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_TIMESTAMP_END,
			   entry.timestamp_end);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_CONTENT_SIZE, entry.content_size);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_PACKET_SIZE, entry.packet_size);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_PACKET_SEQ_NUM,
			   entry.packet_seq_num);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_EVENTS_DISCARDED,
			   entry.events_discarded);
	ctf_packet_put_u32(p, CTF_PACKET_OFF_CPU_ID, w->cpu_id);
	w->packet_open = false;
	switch (ctf_tracefile_place(&w->files, w->packet_size, has_events)) {
	case CTF_TRACEFILE_DROP:
		return 0;
	case CTF_TRACEFILE_NEXT:
		ret = next_file(w, err);
		if (ret)
			return ret;
		break;
	case CTF_TRACEFILE_APPEND:
		break;
	}
	if (w->before_packet) {
		ret = w->before_packet(w->before_packet_arg, err);
		if (ret)
			return ret;
	}
	entry.offset = w->file_offset;
	ret = ctf_write_all(w->fd, p, w->packet_size, w->path, err);
	if (!ret && w->with_index)
		ret = ctf_index_append(&w->index, &entry, err);
	if (ret)
		return ret;
	ctf_tracefile_wrote(&w->files, w->packet_size, has_events);
	w->packets++;
	w->file_offset += w->packet_size;
	w->discarded_written = w->discarded;
	w->lost_written = w->lost_packets;
	return 0;
}

/* Prefixes a serialization message with the event and the scope. */
static int event_fail(const struct ctf_event_class *ev, const char *scope,
		      int ret, struct ctf_error *err)
{
	struct ctf_error inner;

	if (err && ret == -EINVAL) {
		inner = *err;
		ctf_error_set(err, ret, "event '%s' %s: %s", ev->name, scope,
			      inner.message);
	}
	return ret;
}

/*
 * Writes one event at the current position; on any error rewinds the
 * packet to where the event began. -ENOSPC when it does not fit.
 */
static int try_event(struct ctf_stream_writer *w,
		     const struct ctf_event_class *ev, uint64_t ts,
		     const struct ctf_value *context,
		     const struct ctf_value *payload, struct ctf_error *err)
{
	static const struct ctf_value empty = CTF_EMPTY_LIST;
	struct ctf_bitbuf *bb = &w->bb;
	uint64_t start = bb->pos;
	unsigned int len;
	int ret = ctf_bitbuf_align(bb, 8);

	if (ret)
		goto fail;
	len = ctf_event_header_len(w->sc->header, ev->id, w->clock, ts);
	if (bb->pos + len * 8 > bb->cap_bits) {
		ret = -ENOSPC;
		goto fail;
	}
	ctf_event_header_write(bb->data + bb->pos / 8, len, ev->id, ts);
	bb->pos += len * 8;
	if (w->sc->event_context) {
		ret = ctf_serialize(bb, w->sc->event_context, context, err);
		if (ret) {
			ret = event_fail(ev, "context", ret, err);
			goto fail;
		}
	}
	ret = ctf_serialize(bb, ev->payload, payload ? payload : &empty, err);
	if (ret) {
		ret = event_fail(ev, "payload", ret, err);
		goto fail;
	}
	w->clock = ts;
	w->last_ts = ts;
	w->packet_events++;
	return 0;
fail:
	ctf_bitbuf_rewind(bb, start, bb->pos);
	return ret;
}

static int check_event(const struct ctf_stream_writer *w,
		       const struct ctf_event_class *ev, uint64_t ts,
		       const struct ctf_value *context, struct ctf_error *err)
{
	if (ev->stream != w->sc)
		return ctf_error_set(err, -EINVAL,
				     "event '%s' belongs to stream class "
				     "%" PRIu32 ", not %" PRIu32,
				     ev->name, ev->stream_id, w->sc->id);
	if (ts < w->last_ts)
		return ctf_error_set(
			err, -EINVAL,
			"event '%s': timestamp %" PRIu64
			" precedes the stream's last one, %" PRIu64,
			ev->name, ts, w->last_ts);
	if (!context != !w->sc->event_context)
		return ctf_error_set(err, -EINVAL,
				     "event '%s': stream class %" PRIu32
				     " %s an event context value",
				     ev->name, w->sc->id,
				     w->sc->event_context ? "needs" : "has no");
	return 0;
}

int ctf_stream_writer_append(struct ctf_stream_writer *w,
			     const struct ctf_event_class *ev, uint64_t ts,
			     const struct ctf_value *context,
			     const struct ctf_value *payload,
			     struct ctf_error *err)
{
	int ret = check_event(w, ev, ts, context, err);

	if (ret)
		return ret;
	if (!w->packet_open)
		open_packet(w, ts);
	ret = try_event(w, ev, ts, context, payload, err);
	if (ret == -ENOSPC && w->packet_events) {
		ret = close_packet(w, w->clock, err);
		if (ret)
			return ret;
		open_packet(w, ts);
		ret = try_event(w, ev, ts, context, payload, err);
	}
	if (ret && !w->packet_events)
		w->packet_open = false; /* nothing to keep in it */
	if (ret == -ENOSPC)
		ret = ctf_error_set(err, -EMSGSIZE,
				    "event '%s' does not fit in an empty "
				    "%zu-byte packet (%zu bytes for events)",
				    ev->name, w->packet_size,
				    w->packet_size - CTF_PACKET_HEADER_LEN);
	return ret;
}

/* Writes one pre-serialized event; -ENOSPC when it does not fit. */
static int try_raw_event(struct ctf_stream_writer *w,
			 const struct ctf_event_class *ev, uint64_t ts,
			 const void *fields, size_t len)
{
	struct ctf_bitbuf *bb = &w->bb;
	unsigned int header;

	if (ctf_bitbuf_align(bb, 8))
		return -ENOSPC;
	header = ctf_event_header_len(w->sc->header, ev->id, w->clock, ts);
	if (bb->pos + ((uint64_t)header + len) * 8 > bb->cap_bits)
		return -ENOSPC;
	ctf_event_header_write(bb->data + bb->pos / 8, header, ev->id, ts);
	memcpy(bb->data + bb->pos / 8 + header, fields, len);
	bb->pos += ((uint64_t)header + len) * 8;
	w->clock = ts;
	w->last_ts = ts;
	w->packet_events++;
	return 0;
}

int ctf_stream_writer_append_raw(struct ctf_stream_writer *w,
				 const struct ctf_event_class *ev, uint64_t ts,
				 const void *fields, size_t len,
				 struct ctf_error *err)
{
	static const struct ctf_value placeholder = CTF_EMPTY_LIST;
	int ret = check_event(w, ev, ts,
			      w->sc->event_context ? &placeholder : NULL, err);

	if (ret)
		return ret;
	if (!w->packet_open)
		open_packet(w, ts);
	ret = try_raw_event(w, ev, ts, fields, len);
	if (ret == -ENOSPC && w->packet_events) {
		ret = close_packet(w, w->clock, err);
		if (ret)
			return ret;
		open_packet(w, ts);
		ret = try_raw_event(w, ev, ts, fields, len);
	}
	if (ret && !w->packet_events)
		w->packet_open = false;
	if (ret == -ENOSPC)
		ret = ctf_error_set(err, -EMSGSIZE,
				    "event '%s' does not fit in an empty "
				    "%zu-byte packet",
				    ev->name, w->packet_size);
	return ret;
}

void ctf_stream_writer_add_discarded(struct ctf_stream_writer *w,
				     uint64_t count)
{
	w->discarded += count;
}

int ctf_stream_writer_flush(struct ctf_stream_writer *w, uint64_t end_ts,
			    struct ctf_error *err)
{
	if (!w->packet_open)
		return 0;
	return close_packet(w, end_ts, err);
}

int ctf_stream_writer_lose_packets(struct ctf_stream_writer *w, uint64_t count,
				   uint64_t end_ts, struct ctf_error *err)
{
	int ret = ctf_stream_writer_flush(w, end_ts, err);

	if (!ret)
		w->lost_packets += count;
	return ret;
}

int ctf_stream_writer_close(struct ctf_stream_writer *w, uint64_t end_ts,
			    struct ctf_error *err)
{
	int ret = ctf_stream_writer_flush(w, end_ts, err);

	if (!ret && (!w->packets || w->discarded != w->discarded_written ||
		     w->lost_packets != w->lost_written)) {
		open_packet(w, end_ts > w->last_ts ? end_ts : w->last_ts);
		ret = close_packet(w, end_ts, err);
	}
	if (!ret && close(w->fd))
		ret = ctf_error_set(err, -errno, "cannot close '%s': %s",
				    w->path, strerror(errno));
	w->fd = -1;
	if (!ret)
		ret = ctf_index_close(&w->index, err);
	writer_free(w);
	return ret;
}

size_t ctf_stream_writer_packet_size(const struct ctf_stream_writer *w)
{
	return w->packet_size;
}

uint64_t ctf_stream_writer_packet_count(const struct ctf_stream_writer *w)
{
	return w->packets;
}
