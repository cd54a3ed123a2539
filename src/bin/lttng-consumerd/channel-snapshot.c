/*
 * Implementation of channel-snapshot.h: the snapshot directory is a
 * trace chunk of its own, and each stream's packets go to a stream of
 * the chunk's file sink, without an index (LTTng's snapshots have none).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "channel-snapshot.h"
#include "stream-output.h"
#include "util/log.h"

/* The sink stream of one stream while its packets are written. */
struct snapshot_stream {
	struct sink_stream *stream;
	int error; /* -errno of the first failed write */
};

static int write_packet(const struct rb_packet *p, void *arg)
{
	struct snapshot_stream *out = arg;
	int ret = stream_output_write(out->stream, p);

	if (ret) {
		out->error = ret;
		return 1; /* stops the snapshot of this stream */
	}
	return 0;
}

static int snapshot_stream(struct ust_channel *chan, unsigned int cpu,
			   struct stream_sink *sink, uint64_t max_packets)
{
	struct rb_stream *s = &chan->rb->streams[cpu];
	char name[NAME_MAX + 1];
	const struct sink_stream_desc desc = {.dir = chan->chunk_dir,
					      .name = name};
	struct snapshot_stream out = {0};
	struct ctf_error err;
	int ret;

	if (snprintf(name, sizeof(name), "%s_%u", chan->name, cpu) >=
	    (int)sizeof(name))
		return -ENAMETOOLONG;
	ret = sink_stream_open(sink, &desc, &out.stream, &err);
	if (ret) {
		ERR("Cannot create the snapshot file: %s", err.message);
		return ret;
	}
	ret = rb_stream_snapshot_newest(s, chan->trace_clock, max_packets,
					write_packet, &out);
	DBG2("Snapshot of %s: %d packets", name, ret);
	if (sink_stream_close(out.stream, &err) && !out.error) {
		ERR("Cannot write the snapshot: %s", err.message);
		out.error = -EIO;
	}
	return out.error;
}

/* The channel's directory in the chunk, with an empty index/. */
static int make_dirs(const struct ust_channel *chan,
		     const struct registered_chunk *chunk)
{
	char index_dir[PATH_MAX];
	struct ctf_error err;
	int ret;

	if (snprintf(index_dir, sizeof(index_dir), "%s/index",
		     chan->chunk_dir) >= (int)sizeof(index_dir))
		return -ENAMETOOLONG;
	ret = trace_chunk_mkdir(chunk->chunk, index_dir, &err);
	if (ret)
		ERR("Cannot create the snapshot directory: %s", err.message);
	return ret;
}

int ust_channel_snapshot(struct ust_channel *chan,
			 const struct registered_chunk *chunk,
			 const struct consumer_snapshot_desc *d)
{
	int ret;

	/* a channel with files has its packets there, not in its buffers */
	if (!chan->snapshot_only)
		return -EINVAL;
	ret = make_dirs(chan, chunk);
	for (unsigned int i = 0; !ret && i < chan->nr_streams; i++) {
		if (d->flush)
			rb_stream_flush(&chan->rb->streams[i],
					chan->trace_clock);
		ret = snapshot_stream(chan, i, chunk->sink, d->max_packets);
	}
	return ret;
}
