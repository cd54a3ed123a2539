/*
 * Implementation of channel-snapshot.h: the snapshot directory is a
 * trace chunk of its own, and each stream's packets go to a stream of a
 * file sink on it, without an index (LTTng's snapshots have none).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "channel-snapshot.h"
#include "stream-output.h"
#include "trace-chunk/file-sink.h"
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
	const struct sink_stream_desc desc = {.dir = "", .name = name};
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

/* The snapshot's chunk, with an empty index/ as LTTng's; NULL: logged. */
static struct stream_sink *open_sink(const struct consumer_snapshot_desc *d)
{
	const struct user_creds owner = {.uid = d->output_uid,
					 .gid = d->output_gid};
	struct trace_chunk *chunk =
		trace_chunk_create_at(d->output_dir, &owner, NULL);
	struct stream_sink *sink = NULL;
	struct ctf_error err;

	if (!chunk) {
		ERR("Cannot use the snapshot directory %s", d->output_dir);
		return NULL;
	}
	if (trace_chunk_mkdir(chunk, "index", &err))
		ERR("Cannot create the snapshot directory: %s", err.message);
	else if (!(sink = file_sink_create(chunk, &err)))
		ERR("%s", err.message);
	trace_chunk_put(chunk);
	return sink;
}

int ust_channel_snapshot(struct ust_channel *chan,
			 const struct consumer_snapshot_desc *d)
{
	struct stream_sink *sink;
	int ret = 0;

	/* a channel with files has its packets there, not in its buffers */
	if (!chan->snapshot_only)
		return -EINVAL;
	sink = open_sink(d);
	if (!sink)
		return -EIO;
	for (unsigned int i = 0; !ret && i < chan->nr_streams; i++) {
		if (d->flush)
			rb_stream_flush(&chan->rb->streams[i],
					chan->trace_clock);
		ret = snapshot_stream(chan, i, sink, d->max_packets);
	}
	stream_sink_put(sink);
	return ret;
}
