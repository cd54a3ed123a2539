/*
 * Implementation of cpu-stream.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpu-stream.h"
#include "util/log.h"

/* Consecutive empty reads that mean the buffer is drained. */
#define MAX_EMPTY_READS 4

/* A writer of the stream's packets into a stream of sink. */
static int open_writer(struct kernel_cpu_stream *s, struct stream_sink *sink,
		       struct ctf_error *err)
{
	int ret;

	if (sink != s->sink) {
		stream_sink_put(s->sink);
		s->sink = stream_sink_get(sink);
	}
	s->sink_desc.name = s->name;
	ret = sink_stream_open(s->sink, &s->sink_desc, &s->writer_config.stream,
			       err);
	if (ret)
		return ret;
	s->conv.writer = ctf_stream_writer_create(&s->writer_config, err);
	return s->conv.writer ? 0 : -EIO;
}

int kernel_cpu_stream_open(struct kernel_cpu_stream *s,
			   const struct kernel_cpu_stream_config *config,
			   struct ctf_error *err)
{
	struct ctf_stream_writer_config wc = {0};
	char path[4200];
	int ret;

	memset(s, 0, sizeof(*s));
	s->fd = -1;
	snprintf(path, sizeof(path), "%s/per_cpu/cpu%u/trace_pipe_raw",
		 config->instance_path, config->cpu);
	snprintf(s->stats_path, sizeof(s->stats_path), "%s/per_cpu/cpu%u/stats",
		 config->instance_path, config->cpu);
	s->page = malloc(config->layout->page_size);
	if (!s->page)
		return ctf_error_set(err, -ENOMEM, "out of memory");
	s->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (s->fd < 0)
		return ctf_error_set(err, -errno, "cannot open %s: %s", path,
				     strerror(errno));
	snprintf(s->name, sizeof(s->name), "%s_%u", config->channel,
		 config->cpu);
	wc.metadata = kernel_metadata_ctf(config->metadata);
	wc.stream_id = config->stream_id;
	wc.stream_instance_id = config->cpu;
	wc.cpu_id = config->cpu;
	wc.packet_size = config->packet_size;
	wc.before_packet = config->before_packet;
	wc.before_packet_arg = config->before_packet_arg;
	s->writer_config = wc;
	s->sink_desc = (struct sink_stream_desc){
		.dir = config->dir,
		.with_index = true,
		.tracefile_size = config->tracefile_size,
		.tracefile_count = config->tracefile_count,
	};
	if (config->snapshot) { /* a ring of one-packet files */
		s->sink_desc.with_index = false;
		s->sink_desc.tracefile_size = config->packet_size;
		s->sink_desc.tracefile_count =
			config->ring_bytes / config->packet_size;
		if (!s->sink_desc.tracefile_count)
			s->sink_desc.tracefile_count = 1;
		/* stream-snapshot.c orders them */
		s->sink_desc.sequence_names = true;
		s->ring_dir = config->ring_dir;
	}
	ret = open_writer(s, config->sink, err);
	if (ret)
		return ret;
	s->conv.metadata = config->metadata;
	s->conv.stream_id = config->stream_id;
	s->conv.cpu = config->cpu;
	s->conv.layout = config->layout;
	s->conv.contexts = config->contexts;
	s->conv.threads = config->threads;
	s->conv.bpf = config->bpf;
	s->conv.overwrite = config->overwrite;
	s->conv.trackers = config->trackers;
	s->conv.to_monotonic = config->to_monotonic;
	return 0;
}

int kernel_cpu_stream_drain(struct kernel_cpu_stream *s, struct ctf_error *err)
{
	size_t page_size = s->conv.layout->page_size;
	unsigned int empty_reads = 0;
	ssize_t n;
	int ret;

	for (;;) {
		n = read(s->fd, s->page, page_size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return 0;
		if (n < 0)
			return ctf_error_set(err, -errno,
					     "cannot read cpu %u buffer: %s",
					     s->conv.cpu, strerror(errno));
		/*
		 * In overwrite mode, a read can return 0 where the writer
		 * overran the reader (data may follow), and keeps returning
		 * 0 once the buffer is empty instead of EAGAIN.
		 */
		if (n == 0 && ++empty_reads >= MAX_EMPTY_READS)
			return 0;
		if (n == 0)
			continue;
		empty_reads = 0;
		if ((size_t)n < page_size) /* a short page: zero the rest */
			memset(s->page + n, 0, page_size - (size_t)n);
		s->bytes_read += (uint64_t)n;
		ret = kernel_page_convert(&s->conv, s->page, page_size, err);
		if (ret == -EBADMSG) { /* skip a malformed page, keep going */
			s->malformed_pages++;
			WARN("kernel consumer: %s", err->message);
			continue;
		}
		if (ret)
			return ret;
	}
}

/* The kernel's count of lost events for this CPU: overrun + dropped. */
static uint64_t kernel_losses(const char *stats_path)
{
	uint64_t total = 0, v;
	char line[256];
	FILE *f = fopen(stats_path, "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "overrun: %" SCNu64, &v) == 1 ||
		    sscanf(line, "dropped events: %" SCNu64, &v) == 1)
			total += v;
	}
	fclose(f);
	return total;
}

int kernel_cpu_stream_flush(struct kernel_cpu_stream *s, uint64_t now,
			    struct ctf_error *err)
{
	uint64_t lost;
	int ret = kernel_cpu_stream_drain(s, err);

	if (!ret) /* no record can come: the queued events' turn */
		ret = kernel_page_converter_write_queued(&s->conv, UINT64_MAX,
							 err);
	if (ret)
		return ret;
	lost = kernel_losses(s->stats_path);
	if (lost > s->conv.discarded) {
		ret = kernel_page_converter_lose(&s->conv,
						 lost - s->conv.discarded, err);
		if (ret)
			return ret;
	}
	return ctf_stream_writer_flush(
		s->conv.writer,
		now > s->conv.last_timestamp ? now : s->conv.last_timestamp,
		err);
}

/* Flushes, then closes the writer and its sink stream (also on error). */
static int close_writer(struct kernel_cpu_stream *s, uint64_t now,
			struct ctf_error *err)
{
	int ret;

	if (!s->conv.writer)
		return 0;
	ret = kernel_cpu_stream_flush(s, now, err);
	if (ret)
		(void)ctf_stream_writer_close(s->conv.writer, now, NULL);
	else
		ret = ctf_stream_writer_close(s->conv.writer,
					      now > s->conv.last_timestamp
						      ? now
						      : s->conv.last_timestamp,
					      err);
	s->conv.writer = NULL;
	return ret;
}

int kernel_cpu_stream_close(struct kernel_cpu_stream *s, uint64_t now,
			    struct ctf_error *err)
{
	int ret;

	if (s->conv.unknown || s->malformed_pages)
		WARN("kernel consumer: cpu %u: %" PRIu64
		     " record(s) of no usable event, %" PRIu64
		     " malformed page(s)",
		     s->conv.cpu, s->conv.unknown, s->malformed_pages);
	ret = close_writer(s, now, err);
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	kernel_page_converter_fini(&s->conv);
	free(s->page);
	s->page = NULL;
	stream_sink_put(s->sink);
	s->sink = NULL;
	return ret;
}

int kernel_cpu_stream_move(struct kernel_cpu_stream *s,
			   struct stream_sink *next, uint64_t now,
			   struct ctf_error *err)
{
	int ret = close_writer(s, now, err);

	if (!next) {
		stream_sink_put(s->sink);
		s->sink = NULL;
	}
	if (!next || ret)
		return ret;
	return open_writer(s, next, err);
}

/* Whether name is the stream's file <base> or <base>_<n>. */
static bool is_stream_file(const char *name, const char *base)
{
	size_t len = strlen(base);

	if (strncmp(name, base, len))
		return false;
	if (!name[len])
		return true;
	if (name[len] != '_' || !name[len + 1])
		return false;
	for (const char *c = name + len + 1; *c; c++)
		if (*c < '0' || *c > '9')
			return false;
	return true;
}

/* The ring is the consumer's own: its files go as this process. */
static void remove_stream_files(const char *dir, const char *base)
{
	char path[4400];
	struct dirent *e;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (!is_stream_file(e->d_name, base))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		(void)unlink(path);
		snprintf(path, sizeof(path), "%s/index/%s.idx", dir, e->d_name);
		(void)unlink(path);
	}
	closedir(d);
}

int kernel_cpu_stream_restart(struct kernel_cpu_stream *s, uint64_t now,
			      struct ctf_error *err)
{
	int ret = close_writer(s, now, err);

	if (ret)
		return ret;
	if (s->ring_dir)
		remove_stream_files(s->ring_dir, s->name);
	return open_writer(s, s->sink, err);
}
