/*
 * Implementation of file-sink.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ctf/io.h"
#include "ctf/packet-layout.h"
#include "trace-chunk/file-sink.h"
#include "trace-chunk/tracefile.h"

struct file_sink {
	struct stream_sink base;
	struct trace_chunk *chunk;
};

struct file_stream {
	struct sink_stream base;
	struct trace_chunk *chunk;
	char dir[PATH_MAX];	 /* in the chunk */
	char abs_dir[PATH_MAX];	 /* for the index writer */
	char file[NAME_MAX + 1]; /* the current file's name */
	char path[PATH_MAX];	 /* and its path, for messages */
	struct tracefile files;
	bool with_index;
	bool page_aligned;
	bool metadata;
	int fd;
	uint64_t file_size; /* bytes in the current file */
	/* write_behind(): the last packet whose writeback it started */
	uint64_t behind_offset;
	uint64_t behind_size;
	struct ctf_index_writer index;
};

/* "<dir>/<file>" in the chunk (or "<file>" at its root). */
static int rel_path(const struct file_stream *s, const char *file, char *buf,
		    size_t len, struct ctf_error *err)
{
	int n = s->dir[0] ? snprintf(buf, len, "%s/%s", s->dir, file)
			  : snprintf(buf, len, "%s", file);

	if (n < 0 || (size_t)n >= len)
		return ctf_error_set(err, -ENAMETOOLONG,
				     "stream '%s': path too long", file);
	return 0;
}

/* Creates (truncates) the current data file and its index. */
static int open_files(struct file_stream *s, struct ctf_error *err)
{
	char rel[PATH_MAX];
	int ret;

	if (tracefile_name(&s->files, s->base.name, s->file, sizeof(s->file)))
		return ctf_error_set(err, -ENAMETOOLONG,
				     "stream '%s': name too long",
				     s->base.name);
	ret = rel_path(s, s->file, rel, sizeof(rel), err);
	if (!ret)
		ret = trace_chunk_path(s->chunk, rel, s->path, sizeof(s->path),
				       err);
	if (ret)
		return ret;
	s->fd = trace_chunk_create_file(s->chunk, rel, 0, err);
	if (s->fd < 0) {
		ret = s->fd;
		s->fd = -1;
		return ret;
	}
	s->file_size = 0;
	s->behind_size = 0;
	if (s->with_index)
		return ctf_index_open(&s->index, s->abs_dir, s->file,
				      &s->chunk->owner, err);
	return 0;
}

/* Closes the current files; 0 or the first -errno. */
static int close_files(struct file_stream *s, struct ctf_error *err)
{
	int ret = 0, index_ret;

	if (s->fd >= 0 && close(s->fd))
		ret = ctf_error_set(err, -errno, "cannot close '%s': %s",
				    s->path, strerror(errno));
	s->fd = -1;
	index_ret = ctf_index_close(&s->index, ret ? NULL : err);
	return ret ? ret : index_ret;
}

/* Removes a file that falls out of the ring, and its index. */
static int remove_files(struct file_stream *s, const char *file,
			struct ctf_error *err)
{
	char rel[PATH_MAX], index[NAME_MAX + 16];
	int ret = rel_path(s, file, rel, sizeof(rel), err);

	if (!ret)
		ret = trace_chunk_unlink_file(s->chunk, rel, err);
	if (ret || !s->with_index)
		return ret;
	snprintf(index, sizeof(index), "index/%s.idx", file);
	ret = rel_path(s, index, rel, sizeof(rel), err);
	return ret ? ret : trace_chunk_unlink_file(s->chunk, rel, err);
}

/* Closes the current files and opens the next ones (tracefile.h). */
static int next_files(struct file_stream *s, struct ctf_error *err)
{
	char obsolete[NAME_MAX + 1];
	int ret = close_files(s, err);

	if (ret)
		return ret;
	ret = tracefile_next(&s->files, s->base.name, obsolete,
			     sizeof(obsolete));
	if (ret < 0)
		return ctf_error_set(err, ret, "stream '%s': name too long",
				     s->base.name);
	if (ret) {
		ret = remove_files(s, obsolete, err);
		if (ret)
			return ret;
	}
	return open_files(s, err);
}

static void free_stream(struct file_stream *s)
{
	struct stream_sink *sink = s->base.sink;

	trace_chunk_put(s->chunk);
	free(s);
	stream_sink_put(sink);
}

static int file_open_stream(struct stream_sink *base,
			    const struct sink_stream_desc *d,
			    struct sink_stream **out, struct ctf_error *err)
{
	struct file_sink *sink = (struct file_sink *)base;
	struct file_stream *s = calloc(1, sizeof(*s));
	int ret;

	if (!s)
		return ctf_error_set(err, -ENOMEM, "out of memory");
	s->base.sink = stream_sink_get(base);
	s->chunk = trace_chunk_get(sink->chunk);
	s->fd = -1;
	s->index.fd = -1;
	s->with_index = d->with_index;
	s->page_aligned = d->page_aligned;
	s->metadata = d->metadata;
	tracefile_init(&s->files, d->tracefile_size, d->tracefile_count,
		       d->sequence_names);
	if (snprintf(s->base.name, sizeof(s->base.name), "%s", d->name) >=
		    (int)sizeof(s->base.name) ||
	    snprintf(s->dir, sizeof(s->dir), "%s", d->dir ? d->dir : "") >=
		    (int)sizeof(s->dir)) {
		ret = ctf_error_set(err, -ENAMETOOLONG,
				    "stream '%.64s': path too long", d->name);
		goto fail;
	}
	ret = trace_chunk_path(s->chunk, s->dir, s->abs_dir, sizeof(s->abs_dir),
			       err);
	if (!ret)
		ret = open_files(s, err);
	if (ret)
		goto fail;
	*out = &s->base;
	return 0;
fail:
	close_files(s, NULL);
	free_stream(s);
	return ret;
}

/*
 * Write-behind (page_aligned streams): the packet just copied into the
 * page cache goes to the device at once, without waiting, and the one
 * before it, whose writeback started a packet earlier, leaves the cache
 * (pages still being written stay until reclaimed). Hints only: the
 * data is in the file already, so their errors do not matter.
 */
static void write_behind(struct file_stream *s, uint64_t offset, uint64_t size)
{
	(void)sync_file_range(s->fd, (off_t)offset, (off_t)size,
			      SYNC_FILE_RANGE_WRITE);
	if (s->behind_size)
		(void)posix_fadvise(s->fd, (off_t)s->behind_offset,
				    (off_t)s->behind_size, POSIX_FADV_DONTNEED);
	s->behind_offset = offset;
	s->behind_size = size;
}

static int file_write_packet(struct sink_stream *base, const void *packet,
			     const struct ctf_index_entry *entry,
			     struct ctf_error *err)
{
	struct file_stream *s = (struct file_stream *)base;
	uint64_t size = entry->packet_size / 8;
	bool has_events = entry->content_size > CTF_PACKET_HEADER_LEN * 8;
	struct ctf_index_entry placed = *entry;
	int ret;

	if (s->fd < 0)
		return ctf_error_set(err, -EBADF,
				     "stream '%s': no file open after an "
				     "earlier error",
				     s->base.name);
	switch (tracefile_place(&s->files, size, has_events)) {
	case TRACEFILE_DROP:
		return 0;
	case TRACEFILE_NEXT:
		ret = next_files(s, err);
		if (ret)
			return ret;
		break;
	case TRACEFILE_APPEND:
		break;
	}
	ret = ctf_write_all(s->fd, packet, size, s->path, err);
	if (ret) {
		struct ctf_error first;

		/*
		 * A partial write (full disk): the file ends with its last
		 * whole packet again, so that what reached the disk reads.
		 */
		if (!ftruncate(s->fd, (off_t)s->file_size) &&
		    lseek(s->fd, (off_t)s->file_size, SEEK_SET) >= 0)
			return ret;
		first = err ? *err : (struct ctf_error){0};
		return ctf_error_set(err, ret,
				     "%s; cannot cut %s back to its last "
				     "whole packet: %s",
				     first.message, s->path, strerror(errno));
	}
	placed.offset = s->file_size;
	if (s->page_aligned)
		write_behind(s, s->file_size, size);
	s->file_size += size;
	tracefile_wrote(&s->files, size, has_events);
	return s->with_index ? ctf_index_append(&s->index, &placed, err) : 0;
}

static int file_restart_stream(struct sink_stream *base, struct ctf_error *err)
{
	struct file_stream *s = (struct file_stream *)base;

	if (!s->metadata)
		return ctf_error_set(err, -EINVAL,
				     "stream '%s': only metadata restarts",
				     s->base.name);
	if (s->fd < 0)
		return ctf_error_set(err, -EBADF,
				     "stream '%s': no file open after an "
				     "earlier error",
				     s->base.name);
	if (ftruncate(s->fd, 0) || lseek(s->fd, 0, SEEK_SET) < 0)
		return ctf_error_set(err, -errno, "cannot truncate '%s': %s",
				     s->path, strerror(errno));
	s->file_size = 0;
	return 0;
}

static int file_sync_stream(struct sink_stream *base, struct ctf_error *err)
{
	struct file_stream *s = (struct file_stream *)base;

	if (s->fd >= 0 && fsync(s->fd))
		return ctf_error_set(err, -errno, "cannot sync '%s': %s",
				     s->path, strerror(errno));
	return 0;
}

static int file_close_stream(struct sink_stream *base, struct ctf_error *err)
{
	struct file_stream *s = (struct file_stream *)base;
	int ret = close_files(s, err);

	free_stream(s);
	return ret;
}

static void file_destroy(struct stream_sink *base)
{
	struct file_sink *sink = (struct file_sink *)base;

	trace_chunk_put(sink->chunk);
	free(sink);
}

static const struct stream_sink_ops file_sink_ops = {
	.open_stream = file_open_stream,
	.write_packet = file_write_packet,
	.restart_stream = file_restart_stream,
	.sync_stream = file_sync_stream,
	.close_stream = file_close_stream,
	.destroy = file_destroy,
};

struct stream_sink *file_sink_create(struct trace_chunk *chunk,
				     struct ctf_error *err)
{
	struct file_sink *sink = calloc(1, sizeof(*sink));

	if (!sink) {
		ctf_error_set(err, -ENOMEM, "out of memory");
		return NULL;
	}
	sink->base.ops = &file_sink_ops;
	sink->base.refs = 1;
	sink->chunk = trace_chunk_get(chunk);
	return &sink->base;
}

int file_sink_open_in_dir(const char *dir, const struct user_creds *owner,
			  const struct sink_stream_desc *desc,
			  struct sink_stream **out, struct ctf_error *err)
{
	struct trace_chunk *chunk = trace_chunk_create_at(dir, owner, err);
	struct stream_sink *sink;
	int ret;

	if (!chunk)
		return -ENOMEM;
	sink = file_sink_create(chunk, err);
	trace_chunk_put(chunk);
	if (!sink)
		return -ENOMEM;
	ret = sink_stream_open(sink, desc, out, err);
	stream_sink_put(sink);
	return ret;
}
