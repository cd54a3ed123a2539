/*
 * Implementation of metadata-sink.h.
 */
#include <errno.h>

#include "trace-chunk/metadata-sink.h"
#include "ctf/metadata-stream.h"
#include "trace-chunk/file-sink.h"
#include "trace-chunk/trace-chunk.h"

int metadata_sink_open(struct stream_sink *sink, const char *dir,
		       struct sink_stream **out, struct ctf_error *err)
{
	const struct sink_stream_desc desc = {
		.dir = dir,
		.name = "metadata",
		.metadata = true,
	};

	return sink_stream_open(sink, &desc, out, err);
}

int metadata_sink_open_in_dir(const char *dir, const struct user_creds *owner,
			      struct sink_stream **out, struct ctf_error *err)
{
	struct trace_chunk *chunk = trace_chunk_create_at(dir, owner, err);
	struct stream_sink *sink = NULL;
	int ret;

	if (!chunk)
		return -ENOMEM;
	ret = trace_chunk_mkdir(chunk, "", err);
	if (!ret) {
		sink = file_sink_create(chunk, err);
		ret = sink ? metadata_sink_open(sink, "", out, err) : -ENOMEM;
	}
	stream_sink_put(sink);
	trace_chunk_put(chunk);
	return ret;
}

struct metadata_write {
	struct sink_stream *stream;
	size_t *written;
};

/* ctf_metadata_packet_cb: the packet with its sizes as its index entry. */
static int write_packet(void *arg, const uint8_t *packet, size_t text_len,
			struct ctf_error *err)
{
	struct metadata_write *w = arg;
	const struct ctf_index_entry entry = {
		.packet_size = (uint64_t)CTF_METADATA_PACKET_SIZE * 8,
		.content_size =
			(uint64_t)(CTF_METADATA_PACKET_HEADER_LEN + text_len) *
			8,
	};
	int ret = sink_stream_write(w->stream, packet, &entry, err);

	if (!ret)
		*w->written += text_len;
	return ret;
}

int metadata_sink_write(struct sink_stream *stream,
			const uint8_t uuid[CTF_UUID_LEN], const char *text,
			size_t len, size_t *written, struct ctf_error *err)
{
	struct metadata_write w = {.stream = stream, .written = written};

	*written = 0;
	return ctf_metadata_stream_packets(uuid, text, len, write_packet, &w,
					   err);
}
