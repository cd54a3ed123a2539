/*
 * Writer of one CTF data stream (one channel's buffer for one CPU):
 * packets of a fixed size, each with LTTng's packet header and context
 * (packet-layout.h), then event records (event header, stream event
 * context, payload) laid out from their types. Used by the kernel
 * consumer (its page converter) and for synthetic traces (tests, `make
 * demo`). Each complete packet goes, with its index entry, to a sink
 * stream (trace-chunk/stream-sink.h), which owns the files.
 *
 *   create ──► append event ... (a full packet is closed and written,
 *   the next one opened) ──► add_discarded ──► close (last packet)
 *
 * Timestamps must not decrease. The event header takes the compact form
 * when the id and the timestamp delta since the stream's previous clock
 * value fit, else the extended form. An event larger than a packet is
 * refused, never split or truncated.
 */
#ifndef CTF_STREAM_WRITER_H
#define CTF_STREAM_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ctf/error.h"
#include "ctf/metadata.h"
#include "ctf/serialize.h"
#include "trace-chunk/stream-sink.h"

struct ctf_stream_writer_config {
	const struct ctf_metadata *metadata;
	uint32_t stream_id; /* a stream class of the metadata */
	uint64_t stream_instance_id;
	uint32_t cpu_id;
	size_t packet_size; /* bytes, >= CTF_STREAM_MIN_PACKET_SIZE */
	/*
	 * Where the packets go (trace-chunk/stream-sink.h): a stream of a
	 * file sink (files, index, tracefile rotation), later of a network
	 * sink. The writer takes it over, and closes it when it is closed
	 * (or fails to be created).
	 */
	struct sink_stream *stream;
	/*
	 * Called (when not NULL) before each packet is written, e.g. to
	 * write first the metadata of the event classes it may hold, so
	 * that a reader of the growing trace never meets an event class
	 * not yet declared. Returns 0, or a negative errno with err set
	 * (the packet is then not written).
	 */
	int (*before_packet)(void *arg, struct ctf_error *err);
	void *before_packet_arg;
};

#define CTF_STREAM_MIN_PACKET_SIZE 128

struct ctf_stream_writer;

/* A writer into config->stream; NULL with a message on error. */
struct ctf_stream_writer *
ctf_stream_writer_create(const struct ctf_stream_writer_config *config,
			 struct ctf_error *err);

/*
 * Appends an event of class ev (of this stream's class) at timestamp ts.
 * context is the stream event context's value (NULL when the stream has
 * none), payload the payload's value (NULL for an empty payload).
 * Returns 0; -EINVAL when ts goes backwards or a value does not match its
 * type; -EMSGSIZE when the event cannot fit an empty packet; -errno on an
 * output error. On error nothing of the event is written.
 */
int ctf_stream_writer_append(struct ctf_stream_writer *w,
			     const struct ctf_event_class *ev, uint64_t ts,
			     const struct ctf_value *context,
			     const struct ctf_value *payload,
			     struct ctf_error *err);

/*
 * Appends an event whose stream event context and payload are already
 * laid out, one after the other, in fields[0..len) exactly as the
 * metadata declares them. Only for stream and event classes whose fields
 * are all byte aligned (the kernel consumer's), so that their layout does
 * not depend on where the event lands. Same checks, packet switching and
 * return values as ctf_stream_writer_append.
 */
int ctf_stream_writer_append_raw(struct ctf_stream_writer *w,
				 const struct ctf_event_class *ev, uint64_t ts,
				 const void *fields, size_t len,
				 struct ctf_error *err);

/*
 * Counts events lost by the producer. The stream's running total goes
 * into the events_discarded field of every packet closed afterwards;
 * babeltrace2 reports the difference between consecutive packets.
 */
void ctf_stream_writer_add_discarded(struct ctf_stream_writer *w,
				     uint64_t count);

/*
 * Closes and writes the open packet, if any, with timestamp_end = the
 * larger of end_ts and its last event's timestamp.
 */
int ctf_stream_writer_flush(struct ctf_stream_writer *w, uint64_t end_ts,
			    struct ctf_error *err);

/*
 * Records that the producer lost count whole packets here (an
 * overwrite-mode buffer overwrote them): the open packet is closed at
 * end_ts (as flush) and the next packet's packet_seq_num skips count
 * numbers, which babeltrace2 reports as discarded packets. The
 * events_discarded field does not change.
 */
int ctf_stream_writer_lose_packets(struct ctf_stream_writer *w, uint64_t count,
				   uint64_t end_ts, struct ctf_error *err);

/*
 * Flushes at end_ts; writes an empty packet when the stream has none yet
 * or when events or packets were lost since the last packet (so that a
 * reader sees the loss); closes the sink stream and frees the writer
 * (also on error).
 */
int ctf_stream_writer_close(struct ctf_stream_writer *w, uint64_t end_ts,
			    struct ctf_error *err);

/* The size of every packet, in bytes. */
size_t ctf_stream_writer_packet_size(const struct ctf_stream_writer *w);

/* Packets written so far. */
uint64_t ctf_stream_writer_packet_count(const struct ctf_stream_writer *w);

#endif /* CTF_STREAM_WRITER_H */
