/*
 * A trace's metadata as a sink stream (stream-sink.h): the `metadata`
 * file of a directory of the chunk, written as the metadata packets of
 * ctf/metadata-stream.h (one write_packet each, so a file sink appends
 * one page per write and a reader of a growing trace finds whole
 * packets), without index or tracefile rotation. Both consumers write
 * their metadata this way; the relay daemon's network sink receives it
 * as the trace's metadata stream (desc.metadata).
 */
#ifndef TRACE_CHUNK_METADATA_SINK_H
#define TRACE_CHUNK_METADATA_SINK_H

#include <stddef.h>
#include <stdint.h>

#include "ctf/packet-layout.h"
#include "trace-chunk/stream-sink.h"
#include "util/user-path.h"

/* Opens (creates, empty) dir/metadata of the sink's chunk. */
int metadata_sink_open(struct stream_sink *sink, const char *dir,
		       struct sink_stream **out, struct ctf_error *err);

/*
 * The same on a file sink of a chunk rooted at dir (created as owner if
 * missing): <dir>/metadata.
 */
int metadata_sink_open_in_dir(const char *dir, const struct user_creds *owner,
			      struct sink_stream **out, struct ctf_error *err);

/*
 * Appends text[0..len) (starting between two TSDL statements) as
 * metadata packets of the trace uuid; *written: the bytes of text in
 * the packets the sink took (all of len on success). 0 or -errno with
 * err set; a file sink then ends with its last whole packet, and a
 * retry goes on from text + *written (a packet ends between two
 * statements).
 */
int metadata_sink_write(struct sink_stream *stream,
			const uint8_t uuid[CTF_UUID_LEN], const char *text,
			size_t len, size_t *written, struct ctf_error *err);

#endif /* TRACE_CHUNK_METADATA_SINK_H */
