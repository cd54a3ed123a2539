/*
 * The sink interface of the output layer: where the complete CTF packets
 * of data streams go, whatever produced them. Two sources feed it today,
 * through the same three calls: the user space consumer (the packets of
 * a ring-buffer stream, as the producers laid them out) and the kernel
 * consumer (the packets the page converter builds with the CTF stream
 * writer, ctf/stream-writer.h). Snapshots write through it too.
 *
 *   ring-buffer stream ─► rb packet ──────────────────┐
 *   tracefs CPU buffer ─► page converter ─► writer ───┴─► sink stream
 *   TSDL text ─► metadata packets (metadata-sink.h) ──────┤
 *                                                         │ open_stream
 *                                                         │ write_packet
 *                                                         │ close_stream
 *                          file sink (file-sink.h) ◄──────┤
 *                          network sink (relay, next) ◄───┘
 *
 * A sink is bound to one trace chunk (trace-chunk.h): opening a stream
 * names its directory in the chunk and its file name, and how its files
 * rotate. A session rotation closes every sink stream and opens it
 * again on the sink of the next chunk; the sources keep their state.
 *
 * Tracefile rotation (--tracefile-size/--tracefile-count) belongs to
 * the sink that writes files, not to the sources: the file sink decides
 * with tracefile.h where each packet goes. A network sink passes the
 * limits on when it opens the stream, and the relay daemon's file sink
 * (the same code, on a relay-side chunk) applies them, as LTTng's relay
 * daemon does; no source ever rotates a tracefile itself.
 *
 * The network sink (lttng-relayd, next) implements the same ops: its
 * sink is the relay session's chunk (created on the relay daemon when
 * the sink is), open_stream announces the stream (its directory, name
 * and limits), write_packet sends the packet with its index entry,
 * close_stream closes it there.
 *
 * Errors: every call returns 0 or a negative errno with err (NULL
 * allowed) naming the file or peer; the caller logs it.
 */
#ifndef TRACE_CHUNK_STREAM_SINK_H
#define TRACE_CHUNK_STREAM_SINK_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "ctf/error.h"
#include "ctf/index.h"

/* What a sink needs to create the files of one data stream. */
struct sink_stream_desc {
	const char *dir;  /* in the chunk, "" for its root: "kernel" */
	const char *name; /* the stream file, "<channel>_<cpu>" */
	bool with_index;  /* index/<file>.idx beside each file */
	/* tracefile.h: 0 size: one file; 0 count: every file kept */
	uint64_t tracefile_size;
	uint64_t tracefile_count;
	bool sequence_names; /* <name>_<n>, n growing (a private ring) */
	/*
	 * The packets are whole pages at page-aligned addresses (a ring
	 * buffer's): the file sink writes them behind (file-sink.h).
	 */
	bool page_aligned;
	/*
	 * The trace's metadata stream (metadata-sink.h): no index, no
	 * tracefile limits, may restart. A network sink announces it as
	 * the metadata of the trace in dir.
	 */
	bool metadata;
};

struct stream_sink;
struct sink_stream;

struct stream_sink_ops {
	/* Creates the stream's first files; *out or -errno. */
	int (*open_stream)(struct stream_sink *sink,
			   const struct sink_stream_desc *desc,
			   struct sink_stream **out, struct ctf_error *err);
	/*
	 * One complete packet of entry->packet_size bits; entry holds its
	 * header's values (its offset is the sink's to set). A packet with
	 * no event (content_size no larger than the header) may be dropped
	 * rather than replace the newest events (tracefile.h).
	 */
	int (*write_packet)(struct sink_stream *stream, const void *packet,
			    const struct ctf_index_entry *entry,
			    struct ctf_error *err);
	/*
	 * A metadata stream's content starts over (lttng regenerate
	 * metadata): what was written goes, the next packet is the first.
	 */
	int (*restart_stream)(struct sink_stream *stream,
			      struct ctf_error *err);
	/* What was written reaches stable storage (a stop's metadata). */
	int (*sync_stream)(struct sink_stream *stream, struct ctf_error *err);
	/* Closes the files and frees the stream (also on error). */
	int (*close_stream)(struct sink_stream *stream, struct ctf_error *err);
	/* Frees the sink, once its last reference is gone. */
	void (*destroy)(struct stream_sink *sink);
};

/* The common part, first member of every implementation's objects. */
struct stream_sink {
	const struct stream_sink_ops *ops;
	unsigned int refs; /* the creator's and one per open stream */
};

struct sink_stream {
	struct stream_sink *sink;
	char name[NAME_MAX + 1]; /* desc->name, for messages */
	uint64_t packets;	 /* handed to write_packet, all files */
};

static inline struct stream_sink *stream_sink_get(struct stream_sink *sink)
{
	__atomic_add_fetch(&sink->refs, 1, __ATOMIC_RELAXED);
	return sink;
}

static inline void stream_sink_put(struct stream_sink *sink)
{
	if (sink && !__atomic_sub_fetch(&sink->refs, 1, __ATOMIC_ACQ_REL))
		sink->ops->destroy(sink);
}

/* The stream holds a reference on the sink until it is closed. */
static inline int sink_stream_open(struct stream_sink *sink,
				   const struct sink_stream_desc *desc,
				   struct sink_stream **out,
				   struct ctf_error *err)
{
	return sink->ops->open_stream(sink, desc, out, err);
}

static inline int sink_stream_write(struct sink_stream *stream,
				    const void *packet,
				    const struct ctf_index_entry *entry,
				    struct ctf_error *err)
{
	stream->packets++;
	return stream->sink->ops->write_packet(stream, packet, entry, err);
}

static inline int sink_stream_restart(struct sink_stream *stream,
				      struct ctf_error *err)
{
	return stream->sink->ops->restart_stream(stream, err);
}

static inline int sink_stream_sync(struct sink_stream *stream,
				   struct ctf_error *err)
{
	return stream->sink->ops->sync_stream(stream, err);
}

static inline int sink_stream_close(struct sink_stream *stream,
				    struct ctf_error *err)
{
	return stream ? stream->sink->ops->close_stream(stream, err) : 0;
}

#endif /* TRACE_CHUNK_STREAM_SINK_H */
