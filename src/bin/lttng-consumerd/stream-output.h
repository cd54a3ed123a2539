/*
 * The output of a user space channel's streams: the packets of its
 * ring-buffer streams (the source) handed, with their index entries
 * read from their headers, to sink streams (trace-chunk/stream-sink.h)
 * of the channel's trace chunk. The sink, today the file sink, owns the
 * files: <channel>_<cpu> (or _<n> with tracefile rotation) and
 * index/<same>.idx in the channel's directory of the chunk.
 * ust-channel.c opens the streams, ust-channel-rotate.c moves them to
 * the next chunk.
 */
#ifndef CONSUMERD_STREAM_OUTPUT_H
#define CONSUMERD_STREAM_OUTPUT_H

#include <stdint.h>

#include "ringbuffer/consumer.h"
#include "trace-chunk/chunk-registry.h"
#include "trace-chunk/stream-sink.h"

/* Where a channel's streams are written, and how their files rotate. */
struct stream_output_desc {
	const struct registered_chunk *chunk;
	const char *dir; /* the channel's directory in the chunk */
	const char *channel;
	unsigned int nr_streams;
	uint64_t tracefile_size;
	uint64_t tracefile_count;
};

/*
 * Creates dir and dir/index in the chunk (as its owner) and opens a
 * sink stream per ring-buffer stream, streams[0..nr_streams), on the
 * chunk's sink. 0 or -errno (logged with the path); on error, the
 * streams opened are closed and NULL.
 */
int stream_output_open(const struct stream_output_desc *desc,
		       struct sink_stream **streams);

/*
 * Hands one packet of a ring-buffer stream to a sink stream, with its
 * index entry read from its header (consumption, rotation, snapshots).
 * 0 or -errno (logged).
 */
int stream_output_write(struct sink_stream *stream, const struct rb_packet *p);

/* Closes the streams (errors logged) and sets them NULL. */
void stream_output_close(struct sink_stream **streams, unsigned int nr_streams);

#endif /* CONSUMERD_STREAM_OUTPUT_H */
