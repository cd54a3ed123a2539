/*
 * Implementation of trace-chunk.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace-chunk/trace-chunk.h"
#include "util/time-format.h"

/* The domain directories a chunk at the output's root is made of. */
static const char *const domain_dirs[] = {TRACE_CHUNK_UST_DIR,
					  TRACE_CHUNK_KERNEL_DIR};

static int copy_path(char *buf, size_t len, const char *path,
		     struct ctf_error *err)
{
	int n = snprintf(buf, len, "%s", path);

	if (n < 0 || (size_t)n >= len)
		return ctf_error_set(err, -ENAMETOOLONG,
				     "trace chunk '%.64s...': path too long",
				     path);
	return 0;
}

int trace_chunk_dir_name(time_t begin, uint64_t id, char *buf, size_t len)
{
	char date[TRACE_CHUNK_DATE_LEN];
	int n;

	if (time_format_iso8601(begin, date, sizeof(date)))
		return -EINVAL;
	n = snprintf(buf, len, "%s-%llu", date, (unsigned long long)id);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int trace_chunk_archive_name(time_t begin, time_t end, uint64_t id, char *buf,
			     size_t len)
{
	char begin_date[TRACE_CHUNK_DATE_LEN], end_date[TRACE_CHUNK_DATE_LEN];
	int n;

	if (time_format_iso8601(begin, begin_date, sizeof(begin_date)) ||
	    time_format_iso8601(end, end_date, sizeof(end_date)))
		return -EINVAL;
	n = snprintf(buf, len, "%s-%s-%llu", begin_date, end_date,
		     (unsigned long long)id);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

struct trace_chunk *trace_chunk_create(const struct trace_chunk_desc *d,
				       struct ctf_error *err)
{
	struct trace_chunk *chunk = calloc(1, sizeof(*chunk));
	char name[TRACE_CHUNK_DATE_LEN + 24];
	int n;

	if (!chunk) {
		ctf_error_set(err, -ENOMEM, "out of memory");
		return NULL;
	}
	chunk->refs = 1;
	chunk->id = d->id;
	chunk->begin = d->begin;
	chunk->in_subdir = d->in_subdir;
	chunk->owner = d->owner;
	if (copy_path(chunk->output, sizeof(chunk->output), d->output, err))
		goto fail;
	if (!d->in_subdir) {
		if (copy_path(chunk->root, sizeof(chunk->root), d->output, err))
			goto fail;
		return chunk;
	}
	if (trace_chunk_dir_name(d->begin, d->id, name, sizeof(name))) {
		ctf_error_set(err, -EINVAL, "trace chunk %llu: bad begin time",
			      (unsigned long long)d->id);
		goto fail;
	}
	n = snprintf(chunk->root, sizeof(chunk->root), "%s/%s", d->output,
		     name);
	if (n >= 0 && (size_t)n < sizeof(chunk->root))
		return chunk;
	ctf_error_set(err, -ENAMETOOLONG, "trace chunk %s: path too long",
		      name);
fail:
	free(chunk);
	return NULL;
}

struct trace_chunk *trace_chunk_create_at(const char *root,
					  const struct user_creds *owner,
					  struct ctf_error *err)
{
	struct trace_chunk *chunk = calloc(1, sizeof(*chunk));

	if (!chunk) {
		ctf_error_set(err, -ENOMEM, "out of memory");
		return NULL;
	}
	chunk->refs = 1;
	if (owner)
		chunk->owner = *owner;
	if (copy_path(chunk->root, sizeof(chunk->root), root, err)) {
		free(chunk);
		return NULL;
	}
	return chunk;
}

struct trace_chunk *trace_chunk_get(struct trace_chunk *chunk)
{
	__atomic_add_fetch(&chunk->refs, 1, __ATOMIC_RELAXED);
	return chunk;
}

void trace_chunk_put(struct trace_chunk *chunk)
{
	if (chunk && !__atomic_sub_fetch(&chunk->refs, 1, __ATOMIC_ACQ_REL))
		free(chunk);
}

int trace_chunk_path(const struct trace_chunk *chunk, const char *rel,
		     char *buf, size_t len, struct ctf_error *err)
{
	int n = rel && rel[0] ? snprintf(buf, len, "%s/%s", chunk->root, rel)
			      : snprintf(buf, len, "%s", chunk->root);

	if (n < 0 || (size_t)n >= len)
		return ctf_error_set(err, -ENAMETOOLONG,
				     "'%s' in trace chunk %s: path too long",
				     rel, chunk->root);
	return 0;
}

static int mkdir_as_owner(const struct trace_chunk *chunk, const char *path,
			  struct ctf_error *err)
{
	int ret = user_path_mkdir_p(&chunk->owner, path);

	if (ret)
		return ctf_error_set(err, ret, "cannot create '%s': %s", path,
				     strerror(-ret));
	return 0;
}

int trace_chunk_mkdir(const struct trace_chunk *chunk, const char *rel,
		      struct ctf_error *err)
{
	char path[PATH_MAX];
	int ret = trace_chunk_path(chunk, rel, path, sizeof(path), err);

	return ret ? ret : mkdir_as_owner(chunk, path, err);
}

int trace_chunk_create_file(const struct trace_chunk *chunk, const char *rel,
			    int extra_flags, struct ctf_error *err)
{
	char path[PATH_MAX];
	int fd = trace_chunk_path(chunk, rel, path, sizeof(path), err);

	if (fd)
		return fd;
	fd = user_path_open(
		&chunk->owner, path,
		O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | extra_flags, 0660);
	if (fd < 0)
		return ctf_error_set(err, fd, "cannot create '%s': %s", path,
				     strerror(-fd));
	return fd;
}

int trace_chunk_unlink_file(const struct trace_chunk *chunk, const char *rel,
			    struct ctf_error *err)
{
	char path[PATH_MAX];
	int ret = trace_chunk_path(chunk, rel, path, sizeof(path), err);

	if (ret)
		return ret;
	ret = user_path_unlink(&chunk->owner, path);
	if (ret && ret != -ENOENT)
		return ctf_error_set(err, ret, "cannot remove '%s': %s", path,
				     strerror(-ret));
	return 0;
}

/* rename(from, to) as the owner when from exists. */
static int move_if_present(const struct trace_chunk *chunk, const char *from,
			   const char *to, struct ctf_error *err)
{
	int ret;

	if (access(from, F_OK))
		return 0;
	ret = user_path_rename(&chunk->owner, from, to);
	if (ret)
		return ctf_error_set(err, ret, "cannot move %s to %s: %s", from,
				     to, strerror(-ret));
	return 0;
}

int trace_chunk_archive(const struct trace_chunk *chunk, time_t end,
			char *archive, size_t len, struct ctf_error *err)
{
	char name[2 * TRACE_CHUNK_DATE_LEN + 24], from[PATH_MAX], to[PATH_MAX];
	int n, ret;

	if (!chunk->output[0])
		return ctf_error_set(err, -EINVAL,
				     "trace chunk %s: not a session's",
				     chunk->root);
	if (trace_chunk_archive_name(chunk->begin, end, chunk->id, name,
				     sizeof(name)))
		return ctf_error_set(err, -EINVAL,
				     "trace chunk %llu: bad begin or end time",
				     (unsigned long long)chunk->id);
	n = snprintf(archive, len, "%s/archives/%s", chunk->output, name);
	if (n < 0 || (size_t)n >= len ||
	    snprintf(to, sizeof(to), "%s/archives", chunk->output) >=
		    (int)sizeof(to))
		return ctf_error_set(err, -ENAMETOOLONG,
				     "archive %s: path too long", name);
	ret = mkdir_as_owner(chunk, to, err);
	if (ret)
		return ret;
	if (chunk->in_subdir) {
		ret = move_if_present(chunk, chunk->root, archive, err);
		if (!ret && access(archive, F_OK))
			ret = mkdir_as_owner(chunk, archive, err);
		return ret;
	}
	ret = mkdir_as_owner(chunk, archive, err);
	for (size_t i = 0;
	     !ret && i < sizeof(domain_dirs) / sizeof(*domain_dirs); i++) {
		if (snprintf(from, sizeof(from), "%s/%s", chunk->root,
			     domain_dirs[i]) >= (int)sizeof(from) ||
		    snprintf(to, sizeof(to), "%s/%s", archive,
			     domain_dirs[i]) >= (int)sizeof(to))
			return ctf_error_set(err, -ENAMETOOLONG,
					     "archive %s: path too long",
					     archive);
		ret = move_if_present(chunk, from, to, err);
	}
	return ret;
}

/* nftw has no argument: the first error of the current removal. */
static __thread int remove_error;
static __thread struct ctf_error *remove_err;

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	if (remove(path) && !remove_error)
		remove_error = ctf_error_set(remove_err, -errno,
					     "cannot remove %s: %s", path,
					     strerror(errno));
	return 0;
}

static int remove_tree(const char *path, struct ctf_error *err)
{
	if (access(path, F_OK))
		return 0;
	remove_error = 0;
	remove_err = err;
	if (nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS) && !remove_error)
		remove_error = ctf_error_set(err, -errno, "cannot walk %s: %s",
					     path, strerror(errno));
	return remove_error;
}

int trace_chunk_remove(const struct trace_chunk *chunk, struct ctf_error *err)
{
	char path[PATH_MAX];
	int ret = 0;

	if (chunk->in_subdir || !chunk->output[0])
		return remove_tree(chunk->root, err);
	for (size_t i = 0; i < sizeof(domain_dirs) / sizeof(*domain_dirs);
	     i++) {
		int r = trace_chunk_path(chunk, domain_dirs[i], path,
					 sizeof(path), err);

		if (!r)
			r = remove_tree(path, err);
		if (r && !ret)
			ret = r;
	}
	return ret;
}

int trace_chunk_close(const struct trace_chunk *chunk,
		      enum trace_chunk_close_command command, time_t end,
		      char *archive, size_t len, struct ctf_error *err)
{
	if (len)
		archive[0] = '\0';
	switch (command) {
	case TRACE_CHUNK_CLOSE_NONE:
		return 0;
	case TRACE_CHUNK_CLOSE_ARCHIVE:
		return trace_chunk_archive(chunk, end, archive, len, err);
	case TRACE_CHUNK_CLOSE_REMOVE:
		return trace_chunk_remove(chunk, err);
	}
	return ctf_error_set(err, -EINVAL, "trace chunk %s: close command %d",
			     chunk->root, (int)command);
}
