/*
 * Implementation of stream-snapshot.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ctf/index.h"
#include "stream-snapshot.h"

/* The numbers n of the non-empty files <name>_<n> of dir, ascending. */
struct packet_files {
	uint64_t *numbers;
	size_t count;
	size_t cap;
};

static int add_number(struct packet_files *files, uint64_t n)
{
	if (files->count == files->cap) {
		size_t cap = files->cap ? files->cap * 2 : 16;
		uint64_t *grown = realloc(files->numbers, cap * sizeof(n));

		if (!grown)
			return -ENOMEM;
		files->numbers = grown;
		files->cap = cap;
	}
	files->numbers[files->count++] = n;
	return 0;
}

static int compare_numbers(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* n when entry is "<name>_<n>", else -1. */
static int64_t packet_number(const char *entry, const char *name)
{
	size_t len = strlen(name);
	char *end;
	unsigned long long n;

	if (strncmp(entry, name, len) || entry[len] != '_' ||
	    entry[len + 1] < '0' || entry[len + 1] > '9')
		return -1;
	n = strtoull(entry + len + 1, &end, 10);
	return *end ? -1 : (int64_t)n;
}

static int list_packet_files(const struct kernel_stream_snapshot *snap,
			     struct packet_files *files, struct ctf_error *err)
{
	DIR *d = opendir(snap->ring_dir);
	struct dirent *e;
	int ret = 0;

	if (!d)
		return ctf_error_set(err, -errno, "cannot read %s: %s",
				     snap->ring_dir, strerror(errno));
	while (!ret && (e = readdir(d))) {
		int64_t n = packet_number(e->d_name, snap->name);

		if (n >= 0)
			ret = add_number(files, (uint64_t)n);
	}
	closedir(d);
	if (ret)
		return ctf_error_set(err, ret, "out of memory");
	qsort(files->numbers, files->count, sizeof(uint64_t), compare_numbers);
	return 0;
}

/*
 * Reads packet file <ring_dir>/<name>_<n> into packet: 1, or 0 when the
 * ring just dropped it or it holds no whole packet.
 */
static int read_packet_file(const struct kernel_stream_snapshot *snap,
			    uint64_t n, void *packet, size_t packet_size,
			    struct ctf_error *err)
{
	char path[4400];
	size_t done = 0;
	ssize_t len;
	int fd;

	snprintf(path, sizeof(path), "%s/%s_%llu", snap->ring_dir, snap->name,
		 (unsigned long long)n);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 /* just dropped by the ring */
				       : ctf_error_set(err, -errno,
						       "cannot open %s: %s",
						       path, strerror(errno));
	while (done < packet_size &&
	       (len = read(fd, (char *)packet + done, packet_size - done)) > 0)
		done += (size_t)len;
	if (done < packet_size && len < 0) {
		int ret = ctf_error_set(err, -errno, "cannot read %s: %s", path,
					strerror(errno));

		close(fd);
		return ret;
	}
	close(fd);
	return done == packet_size;
}

/* Writes the ring's packet files, oldest first, to stream. */
static int copy_packets(struct sink_stream *stream,
			const struct kernel_stream_snapshot *snap,
			const struct packet_files *files, size_t first,
			size_t packet_size, struct ctf_error *err)
{
	void *packet = malloc(packet_size);
	struct ctf_index_entry entry;
	int ret = 0;

	if (!packet)
		return ctf_error_set(err, -ENOMEM, "out of memory");
	for (size_t i = first; !ret && i < files->count; i++) {
		ret = read_packet_file(snap, files->numbers[i], packet,
				       packet_size, err);
		if (ret <= 0)
			continue;
		ctf_index_entry_from_packet(packet, &entry);
		ret = sink_stream_write(stream, packet, &entry, err);
	}
	free(packet);
	return ret < 0 ? ret : 0;
}

/* The snapshot's stream file <dir>/<name>, without an index. */
static int open_snapshot_stream(const struct kernel_stream_snapshot *snap,
				struct sink_stream **out, struct ctf_error *err)
{
	const struct sink_stream_desc desc = {.dir = snap->dir,
					      .name = snap->name};

	return sink_stream_open(snap->sink, &desc, out, err);
}

/* A stream that never had a packet: one empty packet, as LTTng has. */
static int write_empty_stream(const struct kernel_cpu_stream *s,
			      const struct kernel_stream_snapshot *snap,
			      struct ctf_error *err)
{
	struct ctf_stream_writer_config wc = {
		.metadata = kernel_metadata_ctf(s->conv.metadata),
		.stream_id = s->conv.stream_id,
		.stream_instance_id = s->conv.cpu,
		.cpu_id = s->conv.cpu,
		.packet_size = ctf_stream_writer_packet_size(s->conv.writer),
	};
	struct ctf_stream_writer *w;
	int ret = open_snapshot_stream(snap, &wc.stream, err);

	if (ret)
		return ret;
	w = ctf_stream_writer_create(&wc, err);
	return w ? ctf_stream_writer_close(w, snap->end_ts, err) : -EIO;
}

int kernel_cpu_stream_snapshot(struct kernel_cpu_stream *s,
			       const struct kernel_stream_snapshot *snap,
			       struct ctf_error *err)
{
	struct packet_files files = {0};
	struct sink_stream *stream;
	size_t first = 0;
	int r, ret = kernel_cpu_stream_flush(s, snap->end_ts, err);

	if (!ret)
		ret = list_packet_files(snap, &files, err);
	if (ret || !ctf_stream_writer_packet_count(s->conv.writer)) {
		free(files.numbers);
		return ret ? ret : write_empty_stream(s, snap, err);
	}
	ret = open_snapshot_stream(snap, &stream, err);
	if (ret) {
		free(files.numbers);
		return ret;
	}
	if (snap->max_packets && files.count > snap->max_packets)
		first = files.count - snap->max_packets;
	ret = copy_packets(stream, snap, &files, first,
			   ctf_stream_writer_packet_size(s->conv.writer), err);
	r = sink_stream_close(stream, ret ? NULL : err);
	free(files.numbers);
	return ret ? ret : r;
}
