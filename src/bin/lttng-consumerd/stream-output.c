/*
 * Implementation of stream-output.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ctf/index.h"
#include "stream-output.h"
#include "util/log.h"

static int open_streams(const struct stream_output_desc *d,
			struct stream_sink *sink, struct sink_stream **streams,
			struct ctf_error *err)
{
	char name[NAME_MAX + 1];

	for (unsigned int i = 0; i < d->nr_streams; i++) {
		const struct sink_stream_desc sd = {
			.dir = d->dir,
			.name = name,
			.with_index = true,
			.tracefile_size = d->tracefile_size,
			.tracefile_count = d->tracefile_count,
			.page_aligned = true,
		};
		int ret;

		if (snprintf(name, sizeof(name), "%s_%u", d->channel, i) >=
		    (int)sizeof(name))
			return ctf_error_set(err, -ENAMETOOLONG,
					     "channel %s: name too long",
					     d->channel);
		ret = sink_stream_open(sink, &sd, &streams[i], err);
		if (ret)
			return ret;
	}
	return 0;
}

int stream_output_open(const struct stream_output_desc *d,
		       struct sink_stream **streams)
{
	char index_dir[PATH_MAX];
	struct ctf_error err;
	int ret = -ENAMETOOLONG;

	if (snprintf(index_dir, sizeof(index_dir), "%s/index", d->dir) >=
	    (int)sizeof(index_dir))
		ctf_error_set(&err, ret, "channel %s: directory too long",
			      d->channel);
	else
		ret = trace_chunk_mkdir(d->chunk->chunk, index_dir, &err);
	if (!ret)
		ret = open_streams(d, d->chunk->sink, streams, &err);
	if (ret) {
		ERR("Cannot open the trace files of channel %s: %s", d->channel,
		    err.message);
		stream_output_close(streams, d->nr_streams);
	}
	return ret;
}

int stream_output_write(struct sink_stream *stream, const struct rb_packet *p)
{
	struct ctf_index_entry entry;
	struct ctf_error err;
	int ret;

	ctf_index_entry_from_packet(p->data, &entry);
	/* the consumer's view of the sizes, whatever the header says */
	entry.packet_size = p->packet_size * 8;
	entry.content_size = p->content_size * 8;
	ret = sink_stream_write(stream, p->data, &entry, &err);
	if (ret)
		ERR("%s", err.message);
	return ret;
}

void stream_output_close(struct sink_stream **streams, unsigned int nr_streams)
{
	struct ctf_error err;

	for (unsigned int i = 0; i < nr_streams; i++) {
		if (streams[i] && sink_stream_close(streams[i], &err))
			ERR("%s", err.message);
		streams[i] = NULL;
	}
}
