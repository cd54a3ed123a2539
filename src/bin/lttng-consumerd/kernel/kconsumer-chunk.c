/*
 * Operations on the kernel trace's chunk: a snapshot session's snapshot
 * (every stream's kept packets and the whole metadata into a directory)
 * and clear (its buffers emptied), a session rotation (the current
 * chunk's files completed and closed, the trace continued in the next
 * chunk's directory, or nowhere until the next rotation), and the
 * metadata regenerated with a clock offset measured again.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "kconsumer-trace.h"
#include "util/paths.h"

int kconsumer_snapshot(struct kconsumer *kc, const char *dir,
		       uint64_t max_packets, struct ctf_error *err)
{
	uint64_t end_ts = trace_clock_read(kc->clock.source);
	char index_dir[PATH_MAX];
	int ret;

	if (!kc->started || !kc->snapshot)
		return ctf_error_set(err, -EPROTO,
				     "snapshot: not a started snapshot "
				     "session's consumer");
	if (paths_join(index_dir, sizeof(index_dir), dir, "index"))
		return ctf_error_set(err, -ENAMETOOLONG,
				     "snapshot path too long: %s", dir);
	ret = user_path_mkdir_p(&kc->owner, index_dir);
	if (ret)
		return ctf_error_set(err, ret, "cannot create %s: %s",
				     index_dir, strerror(-ret));
	ret = kconsumer_drain_all(kc, err); /* what the buffers hold now */
	if (!ret)
		ret = kconsumer_snapshot_streams(kc, dir, max_packets, end_ts,
						 err);
	return ret ? ret : kconsumer_metadata_copy(kc, dir, err);
}

int kconsumer_rotate(struct kconsumer *kc, const char *output,
		     struct ctf_error *err)
{
	uint64_t now = trace_clock_read(kc->clock.source);
	const char *dir = NULL;
	int ret;

	if (!kc->started)
		return ctf_error_set(err, -EPROTO,
				     "rotate: the trace is not started");
	if (output && output[0]) {
		ret = kconsumer_make_trace_dir(kc, output, err);
		if (ret)
			return ret;
		dir = kc->trace_dir;
	}
	ret = kconsumer_move_streams(kc, dir, now, err);
	if (ret)
		return ret;
	ret = kconsumer_metadata_move(kc, dir, err);
	kc->between_chunks = !dir;
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
