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

#include "ctf/io.h"
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

/* Appends file <ring_dir>/<name>_<n> to fd (nothing if it is empty). */
static int append_file(int fd, const struct kernel_stream_snapshot *snap,
		       uint64_t n, struct ctf_error *err)
{
	char path[4400], buf[65536];
	ssize_t len;
	int in, ret = 0;

	snprintf(path, sizeof(path), "%s/%s_%llu", snap->ring_dir, snap->name,
		 (unsigned long long)n);
	in = open(path, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return errno == ENOENT ? 0 /* just dropped by the ring */
				       : ctf_error_set(err, -errno,
						       "cannot open %s: %s",
						       path, strerror(errno));
	while (!ret && (len = read(in, buf, sizeof(buf))) > 0)
		ret = ctf_write_all(fd, buf, (size_t)len, snap->name, err);
	if (!ret && len < 0)
		ret = ctf_error_set(err, -errno, "cannot read %s: %s", path,
				    strerror(errno));
	close(in);
	return ret;
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
		.dir = snap->dir,
		.name = snap->name,
		.owner = snap->owner,
	};
	struct ctf_stream_writer *w = ctf_stream_writer_create(&wc, err);

	return w ? ctf_stream_writer_close(w, snap->end_ts, err) : -EIO;
}

int kernel_cpu_stream_snapshot(struct kernel_cpu_stream *s,
			       const struct kernel_stream_snapshot *snap,
			       struct ctf_error *err)
{
	struct packet_files files = {0};
	char path[4400];
	size_t first = 0;
	int fd, ret = kernel_cpu_stream_flush(s, snap->end_ts, err);

	if (!ret)
		ret = list_packet_files(snap, &files, err);
	if (ret || !ctf_stream_writer_packet_count(s->conv.writer)) {
		free(files.numbers);
		return ret ? ret : write_empty_stream(s, snap, err);
	}
	snprintf(path, sizeof(path), "%s/%s", snap->dir, snap->name);
	fd = user_path_open(&snap->owner, path,
			    O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0660);
	if (fd < 0) {
		free(files.numbers);
		return ctf_error_set(err, fd, "cannot create %s: %s", path,
				     strerror(-fd));
	}
	if (snap->max_packets && files.count > snap->max_packets)
		first = files.count - snap->max_packets;
	for (size_t i = first; !ret && i < files.count; i++)
		ret = append_file(fd, snap, files.numbers[i], err);
	if (close(fd) && !ret)
		ret = ctf_error_set(err, -errno, "cannot write %s: %s", path,
				    strerror(errno));
	free(files.numbers);
	return ret;
}
