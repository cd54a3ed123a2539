/*
 * The kernel trace's metadata stream (trace-chunk/metadata-sink.h): the
 * `metadata` file in kernel/ of the current trace chunk, created as the
 * chunk's owner, appended with the TSDL text the metadata object gained (before
 * each data packet, so a reader of a growing trace never meets an
 * undeclared class), moved to the next trace chunk, restarted and
 * written whole (regenerate metadata) or written whole into a snapshot.
 */
#include "kconsumer-trace.h"
#include "trace-chunk/metadata-sink.h"

int kconsumer_metadata_open(struct kconsumer *kc,
			    const struct registered_chunk *chunk,
			    struct ctf_error *err)
{
	int ret = metadata_sink_open(chunk->sink, TRACE_CHUNK_KERNEL_DIR,
				     &kc->metadata_stream, err);

	if (ret)
		kc->metadata_stream = NULL;
	kc->metadata_written = 0;
	return ret;
}

int kconsumer_metadata_write(struct kconsumer *kc, struct ctf_error *err)
{
	const struct ctf_metadata *md;
	const char *text;
	size_t len, written;
	int ret;

	if (!kc->metadata_stream) /* a snapshot session's: none */
		return 0;
	md = kernel_metadata_ctf(kc->metadata);
	text = ctf_metadata_text_since(md, kc->metadata_written, &len);
	if (!len)
		return 0;
	ret = metadata_sink_write(kc->metadata_stream, ctf_metadata_uuid(md),
				  text, len, &written, err);
	kc->metadata_written += written;
	return ret;
}

int kconsumer_metadata_before_packet(void *kc, struct ctf_error *err)
{
	return kconsumer_metadata_write(kc, err);
}

int kconsumer_metadata_move(struct kconsumer *kc,
			    const struct registered_chunk *next,
			    struct ctf_error *err)
{
	int ret = 0, closed;

	if (kc->metadata_stream) {
		ret = kconsumer_metadata_write(kc, err);
		closed = sink_stream_close(kc->metadata_stream,
					   ret ? NULL : err);
		kc->metadata_stream = NULL;
		ret = ret ? ret : closed;
	}
	if (!next || ret)
		return ret;
	ret = kconsumer_metadata_open(kc, next, err);
	return ret ? ret : kconsumer_metadata_write(kc, err);
}

int kconsumer_metadata_rewrite(struct kconsumer *kc, struct ctf_error *err)
{
	int ret;

	if (!kc->metadata_stream)
		return 0;
	ret = sink_stream_restart(kc->metadata_stream, err);
	if (ret)
		return ret;
	kc->metadata_written = 0;
	return kconsumer_metadata_write(kc, err);
}

int kconsumer_metadata_copy(struct kconsumer *kc,
			    const struct registered_chunk *chunk,
			    struct ctf_error *err)
{
	const struct ctf_metadata *md = kernel_metadata_ctf(kc->metadata);
	size_t len;
	const char *text = ctf_metadata_text_since(md, 0, &len);
	struct sink_stream *copy;
	size_t written;
	int closed;
	int ret = metadata_sink_open(chunk->sink, TRACE_CHUNK_KERNEL_DIR, &copy,
				     err);

	if (ret)
		return ret;
	ret = metadata_sink_write(copy, ctf_metadata_uuid(md), text, len,
				  &written, err);
	closed = sink_stream_close(copy, ret ? NULL : err);
	return ret ? ret : closed;
}
