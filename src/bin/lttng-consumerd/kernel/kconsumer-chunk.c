/*
 * The kernel trace's chunks and the operations on them: the session's
 * trace chunks as the session daemon announces and closes them
 * (chunk-registry.h), a snapshot session's snapshot (every stream's
 * kept packets and the whole metadata into kernel/ of the snapshot's
 * chunk) and clear (its buffers emptied), a session rotation (the
 * current chunk's files completed and closed, the trace continued in
 * kernel/ of the next chunk, or nowhere until the next rotation), and
 * the metadata regenerated with a clock offset measured again.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "consumer-comm/chunk-codec.h"
#include "kconsumer-trace.h"

int kconsumer_chunk_create(struct kconsumer *kc,
			   const struct consumer_chunk_desc *desc,
			   struct ctf_error *err)
{
	const struct trace_chunk_desc chunk =
		consumer_chunk_desc_to_trace_chunk(desc);

	return chunk_registry_add(&kc->chunks, desc->session_id, &chunk, err);
}

int kconsumer_chunk_close(struct kconsumer *kc,
			  const struct consumer_chunk_close *desc,
			  struct ctf_error *err)
{
	return chunk_registry_close(&kc->chunks, desc->session_id,
				    desc->chunk_id, err);
}

bool kconsumer_chunk_exists(const struct kconsumer *kc,
			    const struct consumer_chunk_ref *ref)
{
	return chunk_registry_find(&kc->chunks, ref->session_id,
				   ref->chunk_id) != NULL;
}

int kconsumer_chunk_dir(struct kconsumer *kc, uint64_t chunk_id,
			struct registered_chunk **out, struct ctf_error *err)
{
	*out = chunk_registry_find(&kc->chunks, kc->session_id, chunk_id);
	if (!*out)
		return ctf_error_set(err, -ENOENT,
				     "trace chunk %llu of session %llu: "
				     "unknown",
				     (unsigned long long)chunk_id,
				     (unsigned long long)kc->session_id);
	return trace_chunk_mkdir((*out)->chunk, TRACE_CHUNK_KERNEL_DIR, err);
}

int kconsumer_snapshot(struct kconsumer *kc, uint64_t chunk_id,
		       uint64_t max_packets, struct ctf_error *err)
{
	uint64_t end_ts = trace_clock_read(kc->clock.source);
	struct registered_chunk *chunk;
	int ret;

	if (!kc->started || !kc->snapshot)
		return ctf_error_set(err, -EPROTO,
				     "snapshot: not a started snapshot "
				     "session's consumer");
	ret = kconsumer_chunk_dir(kc, chunk_id, &chunk, err);
	if (!ret)
		ret = trace_chunk_mkdir(chunk->chunk,
					TRACE_CHUNK_KERNEL_DIR "/index", err);
	if (!ret) /* what the buffers hold now */
		ret = kconsumer_drain_all(kc, err);
	if (!ret)
		ret = kconsumer_snapshot_streams(kc, chunk, max_packets, end_ts,
						 err);
	return ret ? ret : kconsumer_metadata_copy(kc, chunk, err);
}

int kconsumer_rotate(struct kconsumer *kc, uint64_t chunk_id,
		     struct ctf_error *err)
{
	uint64_t now = trace_clock_read(kc->clock.source);
	struct registered_chunk *next = NULL;
	int ret;

	if (!kc->started)
		return ctf_error_set(err, -EPROTO,
				     "rotate: the trace is not started");
	if (kc->snapshot)
		return ctf_error_set(err, -EINVAL,
				     "rotate: a snapshot session's trace has "
				     "no chunks");
	if (chunk_id != CONSUMER_CHUNK_NONE) {
		ret = kconsumer_chunk_dir(kc, chunk_id, &next, err);
		if (ret)
			return ret;
	}
	ret = kconsumer_move_streams(kc, next, now, err);
	if (ret)
		return ret;
	ret = kconsumer_metadata_move(kc, next, err);
	kc->between_chunks = !next;
	return ret;
}

int kconsumer_clear(struct kconsumer *kc, struct ctf_error *err)
{
	uint64_t now = trace_clock_read(kc->clock.source);
	int ret;

	if (!kc->snapshot)
		return ctf_error_set(err, -EINVAL,
				     "clear: the consumer writes trace files");
	ret = kconsumer_drain_all(kc, err);
	return ret ? ret : kconsumer_restart_streams(kc, now, err);
}

/*
 * The metadata declares the new offset and its file is written again
 * from the start; without a file (a snapshot session, or between two
 * trace chunks) the next one written gets it whole.
 */
int kconsumer_regenerate_metadata(struct kconsumer *kc, int64_t offset_s,
				  int64_t offset, struct ctf_error *err)
{
	int ret;

	if (!kc->started)
		return ctf_error_set(err, -EPROTO,
				     "regenerate: the trace is not started");
	ret = kernel_metadata_set_clock_offset(kc->metadata, offset_s, offset,
					       err);
	if (ret)
		return ret;
	kc->clock.offset_s = offset_s;
	kc->clock.offset = offset;
	return kconsumer_metadata_rewrite(kc, err);
}
