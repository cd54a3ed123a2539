/*
 * Implementation of stream-snapshot.h. The pages are converted by a
 * converter of their own (fresh counters, a writer on the snapshot
 * file), so the stream's live state is not touched. Every CTF packet of
 * a kernel stream is packet_size bytes, so keeping the newest packets is
 * keeping the end of the file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stream-snapshot.h"

static struct ctf_stream_writer *
open_writer(const struct kernel_cpu_stream *s,
	    const struct kernel_stream_snapshot *snap, struct ctf_error *err)
{
	struct ctf_stream_writer_config wc = {
		.metadata = kernel_metadata_ctf(s->conv.metadata),
		.stream_id = s->conv.stream_id,
		.stream_instance_id = s->conv.cpu,
		.cpu_id = s->conv.cpu,
		.packet_size = snap->packet_size,
		.dir = snap->dir,
		.name = snap->name,
		.with_index = false,
	};

	return ctf_stream_writer_create(&wc, err);
}

/* The converter of the stream's configuration, with nothing counted. */
static void fresh_converter(const struct kernel_page_converter *live,
			    struct kernel_page_converter *c)
{
	memset(c, 0, sizeof(*c));
	c->metadata = live->metadata;
	c->stream_id = live->stream_id;
	c->cpu = live->cpu;
	c->layout = live->layout;
	c->contexts = live->contexts;
	c->threads = live->threads;
	c->bpf = live->bpf;
	c->overwrite = live->overwrite;
	c->trackers = live->trackers;
	c->to_monotonic = live->to_monotonic;
}

static int convert_pages(const struct kernel_cpu_stream *s,
			 struct kernel_page_converter *c, struct ctf_error *err)
{
	for (size_t i = 0; i < s->ring.count; i++) {
		int ret =
			kernel_page_convert(c, kernel_page_ring_at(&s->ring, i),
					    s->ring.page_size, err);

		if (ret == -EBADMSG) { /* skip a malformed page, go on */
			fprintf(stderr, "Warning: kernel consumer: %s\n",
				err->message);
			continue;
		}
		if (ret)
			return ret;
	}
	return 0;
}

/* Drops all but the last keep bytes of path. */
static int keep_file_end(const char *path, uint64_t keep, struct ctf_error *err)
{
	int fd = open(path, O_RDWR | O_CLOEXEC);
	struct stat st;
	uint8_t *tail;
	int ret = 0;

	if (fd < 0)
		return ctf_error_set(err, -errno, "cannot open %s: %s", path,
				     strerror(errno));
	if (fstat(fd, &st) || (uint64_t)st.st_size <= keep) {
		close(fd);
		return 0;
	}
	tail = malloc(keep);
	if (!tail ||
	    pread(fd, tail, keep, st.st_size - (off_t)keep) != (ssize_t)keep ||
	    ftruncate(fd, 0) || pwrite(fd, tail, keep, 0) != (ssize_t)keep)
		ret = ctf_error_set(err, -EIO, "cannot cut %s to %llu bytes",
				    path, (unsigned long long)keep);
	free(tail);
	close(fd);
	return ret;
}

int kernel_cpu_stream_snapshot(const struct kernel_cpu_stream *s,
			       const struct kernel_stream_snapshot *snap,
			       struct ctf_error *err)
{
	struct kernel_page_converter c;
	char path[4400];
	int ret, closed;

	fresh_converter(&s->conv, &c);
	c.writer = open_writer(s, snap, err);
	if (!c.writer)
		return -EIO;
	ret = convert_pages(s, &c, err);
	closed = ctf_stream_writer_close(c.writer,
					 snap->end_ts > c.last_timestamp
						 ? snap->end_ts
						 : c.last_timestamp,
					 ret ? NULL : err);
	kernel_page_converter_fini(&c);
	if (!ret)
		ret = closed;
	if (ret || !snap->max_packets)
		return ret;
	snprintf(path, sizeof(path), "%s/%s", snap->dir, snap->name);
	return keep_file_end(path, snap->max_packets * snap->packet_size, err);
}
