/*
 * Implementation of metadata-output.h. Each metadata file is the
 * `metadata` file of a trace chunk's directory (trace-chunk.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ctf/metadata-stream.h"
#include "metadata-output.h"
#include "shm-metadata.h"
#include "trace-chunk/trace-chunk.h"
#include "util/log.h"

struct metadata_output {
	uint64_t key;
	int fd;		/* -1: in memory, or between two trace chunks */
	bool in_memory; /* a snapshot session's: all text kept in pending */
	uint8_t uuid[CTF_UUID_LEN];
	char path[CONSUMER_PATH_MAX + 16];
	char *pending; /* text pushed, not yet in a full packet */
	size_t pending_len;
	char *all; /* a file's: every text pushed, to start each chunk */
	size_t all_len;
	uid_t uid; /* the files' owner */
	gid_t gid;
	struct shm_metadata shm; /* --shm-path: the text for lttng-crash */
	struct metadata_output *next;
};

static struct metadata_output *outputs;

static struct metadata_output *find(uint64_t key)
{
	for (struct metadata_output *m = outputs; m; m = m->next)
		if (m->key == key)
			return m;
	return NULL;
}

/*
 * Creates <dir> and <dir>/metadata as uid:gid, the path into path. The
 * descriptor, or -errno (logged).
 */
static int create_metadata_file(const char *dir, uid_t uid, gid_t gid,
				char *path, size_t len)
{
	const struct user_creds owner = {.uid = uid, .gid = gid};
	struct trace_chunk *chunk = trace_chunk_create_at(dir, &owner, NULL);
	struct ctf_error err;
	int fd;

	if (!chunk)
		return -ENOMEM;
	fd = trace_chunk_path(chunk, "metadata", path, len, &err);
	if (!fd)
		fd = trace_chunk_mkdir(chunk, "", &err);
	if (!fd)
		fd = trace_chunk_create_file(chunk, "metadata", 0, &err);
	if (fd < 0)
		ERR("Cannot create the metadata: %s", err.message);
	trace_chunk_put(chunk);
	return fd;
}

/* A snapshot session's metadata: kept whole, written by snapshots. */
static int create_in_memory(const struct consumer_metadata_desc *d)
{
	struct metadata_output *m = calloc(1, sizeof(*m));
	int ret;

	if (!m)
		return -ENOMEM;
	m->fd = -1;
	m->in_memory = true;
	m->key = d->metadata_key;
	memcpy(m->uuid, d->uuid, sizeof(m->uuid));
	ret = shm_metadata_open(&m->shm, d->shm_dir, d->output_uid,
				d->output_gid);
	if (ret) {
		free(m);
		return ret;
	}
	m->next = outputs;
	outputs = m;
	return 0;
}

int metadata_output_create(const struct consumer_metadata_desc *d)
{
	struct metadata_output *m;
	int ret;

	if (find(d->metadata_key))
		return -EEXIST;
	if (!d->output_dir[0])
		return create_in_memory(d);
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	m->fd = create_metadata_file(d->output_dir, d->output_uid,
				     d->output_gid, m->path, sizeof(m->path));
	if (m->fd < 0) {
		ret = m->fd;
		free(m);
		return ret;
	}
	ret = shm_metadata_open(&m->shm, d->shm_dir, d->output_uid,
				d->output_gid);
	if (ret) {
		close(m->fd);
		free(m);
		return ret;
	}
	m->uid = d->output_uid;
	m->gid = d->output_gid;
	m->key = d->metadata_key;
	memcpy(m->uuid, d->uuid, sizeof(m->uuid));
	m->next = outputs;
	outputs = m;
	return 0;
}

/* Writes the first len pending bytes as packets and drops them. */
static int write_pending(struct metadata_output *m, size_t len)
{
	struct ctf_error err;
	off_t before;
	int ret;

	if (!len || m->fd < 0)
		return 0;
	before = lseek(m->fd, 0, SEEK_CUR);
	ret = ctf_metadata_stream_write(m->fd, m->uuid, m->pending, len, &err);
	if (ret) {
		ERR("%s: %s", m->path, err.message);
		/* No packet of a failed write stays: the retry rewrites all. */
		if (before >= 0 && (ftruncate(m->fd, before) ||
				    lseek(m->fd, before, SEEK_SET) < 0))
			ERR("Cannot cut %s back to %lld bytes: %s", m->path,
			    (long long)before, strerror(errno));
		return ret;
	}
	memmove(m->pending, m->pending + len, m->pending_len - len);
	m->pending_len -= len;
	return 0;
}

/*
 * Text is kept until the consumption thread's next round or a flush
 * (metadata_output_flush_all()), so that a burst of pushes shares
 * packets; the session daemon pushes whole statements, so what is
 * pending always ends between two statements.
 */
int metadata_output_push(uint64_t key, const char *text, size_t len)
{
	struct metadata_output *m = find(key);
	char *grown;

	if (!m)
		return -ENOENT;
	if (shm_metadata_append(&m->shm, text, len))
		return -EIO;
	if (!m->in_memory) {
		grown = realloc(m->all, m->all_len + len);
		if (!grown)
			return -ENOMEM;
		m->all = grown;
		memcpy(m->all + m->all_len, text, len);
		m->all_len += len;
		if (m->fd < 0) /* between trace chunks: for the next one */
			return 0;
	}
	grown = realloc(m->pending, m->pending_len + len);
	if (!grown)
		return -ENOMEM;
	m->pending = grown;
	memcpy(m->pending + m->pending_len, text, len);
	m->pending_len += len;
	return 0;
}

/* A malloc'd copy of text[0..len) (one byte at least). */
static char *copy_text(const char *text, size_t len)
{
	char *copy = malloc(len ? len : 1);

	if (copy)
		memcpy(copy, text, len);
	return copy;
}

/* Empties the file and writes text, whole, from its start. */
static int rewrite_file(struct metadata_output *m, const char *text, size_t len)
{
	char *pending = copy_text(text, len);

	if (!pending)
		return -ENOMEM;
	if (ftruncate(m->fd, 0) || lseek(m->fd, 0, SEEK_SET) < 0) {
		int ret = -errno;

		ERR("Cannot truncate %s: %s", m->path, strerror(errno));
		free(pending);
		return ret;
	}
	free(m->pending);
	m->pending = pending;
	m->pending_len = len;
	return write_pending(m, m->pending_len);
}

int metadata_output_regenerate(uint64_t key, const char *text, size_t len)
{
	struct metadata_output *m = find(key);
	char *copy;

	if (!m)
		return -ENOENT;
	if (shm_metadata_rewrite(&m->shm, text, len))
		return -EIO;
	copy = copy_text(text, len);
	if (!copy)
		return -ENOMEM;
	if (m->in_memory) {
		free(m->pending);
		m->pending = copy;
		m->pending_len = len;
		return 0;
	}
	free(m->all);
	m->all = copy;
	m->all_len = len;
	if (m->fd < 0) /* between trace chunks: the next one starts with it */
		return 0;
	return rewrite_file(m, text, len);
}

int metadata_output_flush_all(void)
{
	int ret = 0;

	for (struct metadata_output *m = outputs; m; m = m->next) {
		int r = write_pending(m, m->pending_len);

		if (r)
			ret = r;
	}
	return ret;
}

int metadata_output_destroy(uint64_t key)
{
	struct metadata_output **link = &outputs;

	while (*link && (*link)->key != key)
		link = &(*link)->next;
	if (!*link)
		return -ENOENT;
	struct metadata_output *m = *link;
	*link = m->next;
	write_pending(m, m->pending_len);
	if (m->fd >= 0)
		close(m->fd);
	shm_metadata_remove(&m->shm);
	free(m->pending);
	free(m->all);
	free(m);
	return 0;
}

void metadata_output_destroy_all(void)
{
	while (outputs)
		metadata_output_destroy(outputs->key);
}

int metadata_output_snapshot(const struct consumer_snapshot_desc *d)
{
	struct metadata_output *m = find(d->key);
	char path[CONSUMER_PATH_MAX + 16];
	struct ctf_error err;
	int fd, ret;

	if (!m)
		return -ENOENT;
	if (!m->in_memory)
		return -EINVAL; /* its text went to its own files */
	fd = create_metadata_file(d->output_dir, d->output_uid, d->output_gid,
				  path, sizeof(path));
	if (fd < 0)
		return fd;
	ret = ctf_metadata_stream_write(fd, m->uuid, m->pending, m->pending_len,
					&err);
	if (ret)
		ERR("%s: %s", path, err.message);
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

/* Opens new_dir/metadata and starts it with every text pushed so far. */
static int open_in_chunk(struct metadata_output *m, const char *new_dir)
{
	int ret;

	m->fd = create_metadata_file(new_dir, m->uid, m->gid, m->path,
				     sizeof(m->path));
	if (m->fd < 0) {
		ret = m->fd;
		m->fd = -1;
		return ret;
	}
	free(m->pending);
	m->pending = malloc(m->all_len ? m->all_len : 1);
	if (!m->pending)
		return -ENOMEM;
	memcpy(m->pending, m->all, m->all_len);
	m->pending_len = m->all_len;
	return write_pending(m, m->pending_len);
}

int metadata_output_rotate(uint64_t key, const char *new_dir)
{
	struct metadata_output *m = find(key);
	int ret = 0;

	if (!m)
		return -ENOENT;
	if (m->in_memory) /* a snapshot session's never has files */
		return 0;
	if (m->fd >= 0) {
		ret = write_pending(m, m->pending_len);
		close(m->fd);
		m->fd = -1;
	}
	m->pending_len = 0;
	if (!new_dir[0])
		return ret;
	return open_in_chunk(m, new_dir);
}
