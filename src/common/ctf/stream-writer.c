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
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctf/index.h"
#include "ctf/packet-layout.h"
#include "ctf/stream-writer.h"

struct ctf_stream_writer {
	const struct ctf_stream_class *sc;
	uint8_t uuid[CTF_UUID_LEN];
	uint64_t stream_instance_id;
	uint32_t cpu_id;
	size_t packet_size;
	struct sink_stream *stream; /* where packets go (stream-sink.h) */
	int (*before_packet)(void *arg, struct ctf_error *err);
	void *before_packet_arg;

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
	uint64_t discarded;	    /* running total */
	uint64_t discarded_written; /* total in the last written packet */
};

/* Frees the writer and closes its sink stream; that close's result. */
static int writer_free(struct ctf_stream_writer *w, struct ctf_error *err)
{
	int ret = sink_stream_close(w->stream, err);

	free(w->bb.data);
	free(w);
	return ret;
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
			      config->stream->name, config->stream_id);
		goto refuse;
	}
	if (config->packet_size < CTF_STREAM_MIN_PACKET_SIZE ||
	    config->packet_size > (SIZE_MAX >> 4)) {
		ctf_error_set(err, -EINVAL,
			      "stream '%s': packet size %zu bytes is below "
			      "the minimum of %d bytes or too large",
			      config->stream->name, config->packet_size,
			      CTF_STREAM_MIN_PACKET_SIZE);
		goto refuse;
	}
	w = calloc(1, sizeof(*w));
	if (!w) {
		ctf_error_set(err, -ENOMEM, "out of memory");
		goto refuse;
	}
	w->stream = config->stream;
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
		writer_free(w, NULL);
		return NULL;
	}
	w->before_packet = config->before_packet;
	w->before_packet_arg = config->before_packet_arg;
	return w;
refuse:
	sink_stream_close(config->stream, NULL);
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
		.packet_size = (uint64_t)w->packet_size * 8,
		.content_size = w->bb.pos,
		.timestamp_begin = w->packet_begin,
		.timestamp_end = end_ts > w->clock ? end_ts : w->clock,
		.events_discarded = w->discarded,
		.stream_id = w->sc->id,
		.stream_instance_id = w->stream_instance_id,
		.packet_seq_num = w->packets + w->lost_packets,
	};
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
	if (w->before_packet) {
		ret = w->before_packet(w->before_packet_arg, err);
		if (ret)
			return ret;
	}
	ret = sink_stream_write(w->stream, p, &entry, err);
	if (ret)
		return ret;
	w->packets++;
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
	if (ret) {
		writer_free(w, NULL);
		return ret;
	}
	return writer_free(w, err);
}

size_t ctf_stream_writer_packet_size(const struct ctf_stream_writer *w)
{
	return w->packet_size;
}

uint64_t ctf_stream_writer_packet_count(const struct ctf_stream_writer *w)
{
	return w->packets;
}
