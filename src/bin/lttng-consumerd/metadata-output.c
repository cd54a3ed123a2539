/*
 * Implementation of metadata-output.h. Each metadata file is the
 * metadata stream of a trace chunk's directory
 * (trace-chunk/metadata-sink.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "metadata-output.h"
#include "shm-metadata.h"
#include "trace-chunk/metadata-sink.h"
#include "util/log.h"

struct metadata_output {
	uint64_t key;
	uint64_t session_id;
	char chunk_dir[CONSUMER_PATH_MAX]; /* where its file is in a chunk */
	/* NULL: in memory, or between two trace chunks */
	struct sink_stream *stream;
	bool in_memory; /* a snapshot session's: all text kept in pending */
	uint8_t uuid[CTF_UUID_LEN];
	char *pending; /* text pushed, not yet in a full packet */
	size_t pending_len;
	char *all; /* a file's: every text pushed, to start each chunk */
	size_t all_len;
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
 * Creates <chunk_dir> and <chunk_dir>/metadata in chunk, as its owner:
 * 0 or -errno (logged).
 */
static int open_metadata(const struct metadata_output *m,
			 const struct registered_chunk *chunk,
			 struct sink_stream **out)
{
	struct ctf_error err;
	int ret = trace_chunk_mkdir(chunk->chunk, m->chunk_dir, &err);

	if (!ret)
		ret = metadata_sink_open(chunk->sink, m->chunk_dir, out, &err);
	if (ret)
		ERR("Cannot create the metadata: %s", err.message);
	return ret;
}

int metadata_output_create(const struct consumer_metadata_desc *d,
			   const struct registered_chunk *chunk)
{
	struct metadata_output *m;
	int ret;

	if (find(d->metadata_key))
		return -EEXIST;
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	m->key = d->metadata_key;
	m->session_id = d->session_id;
	snprintf(m->chunk_dir, sizeof(m->chunk_dir), "%s", d->chunk_dir);
	memcpy(m->uuid, d->uuid, sizeof(m->uuid));
	/* a snapshot session's: kept whole, written by snapshots */
	m->in_memory = !chunk;
	ret = chunk ? open_metadata(m, chunk, &m->stream) : 0;
	if (ret) {
		free(m);
		return ret;
	}
	ret = shm_metadata_open(&m->shm, d->shm_dir, d->output_uid,
				d->output_gid);
	if (ret) {
		sink_stream_close(m->stream, NULL);
		free(m);
		return ret;
	}
	m->next = outputs;
	outputs = m;
	return 0;
}

int metadata_output_session(uint64_t key, uint64_t *session_id)
{
	struct metadata_output *m = find(key);

	if (!m)
		return -ENOENT;
	*session_id = m->session_id;
	return 0;
}

/*
 * Writes the first len pending bytes as packets and drops those the
 * sink took: after a failure (the file then ends with its last whole
 * packet), the retry goes on from the first packet that failed.
 */
static int write_pending(struct metadata_output *m, size_t len)
{
	struct ctf_error err;
	size_t written;
	int ret;

	if (!len || !m->stream)
		return 0;
	ret = metadata_sink_write(m->stream, m->uuid, m->pending, len, &written,
				  &err);
	if (ret)
		ERR("Cannot write the metadata: %s", err.message);
	memmove(m->pending, m->pending + written, m->pending_len - written);
	m->pending_len -= written;
	return ret;
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
		if (!m->stream) /* between trace chunks: for the next one */
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
	struct ctf_error err;
	int ret;

	if (!pending)
		return -ENOMEM;
	ret = sink_stream_restart(m->stream, &err);
	if (ret) {
		ERR("%s", err.message);
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
	if (!m->stream) /* between trace chunks: the next one starts with it */
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
	sink_stream_close(m->stream, NULL);
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

int metadata_output_snapshot(uint64_t key, const struct registered_chunk *chunk)
{
	struct metadata_output *m = find(key);
	struct sink_stream *copy;
	struct ctf_error err;
	size_t written;
	int ret, closed;

	if (!m)
		return -ENOENT;
	if (!m->in_memory)
		return -EINVAL; /* its text went to its own files */
	ret = open_metadata(m, chunk, &copy);
	if (ret)
		return ret;
	ret = metadata_sink_write(copy, m->uuid, m->pending, m->pending_len,
				  &written, &err);
	closed = sink_stream_close(copy, ret ? NULL : &err);
	if (ret || closed)
		ERR("Cannot write the snapshot's metadata: %s", err.message);
	return ret ? ret : closed;
}

/* Opens the metadata in next, starting with every text pushed so far. */
static int open_in_chunk(struct metadata_output *m,
			 const struct registered_chunk *next)
{
	int ret = open_metadata(m, next, &m->stream);

	if (ret) {
		m->stream = NULL;
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

int metadata_output_rotate(uint64_t key, const struct registered_chunk *next)
{
	struct metadata_output *m = find(key);
	int ret = 0;

	if (!m)
		return -ENOENT;
	if (m->in_memory) /* a snapshot session's never has files */
		return 0;
	if (m->stream) {
		ret = write_pending(m, m->pending_len);
		sink_stream_close(m->stream, NULL);
		m->stream = NULL;
	}
	m->pending_len = 0;
	if (!next)
		return ret;
	return open_in_chunk(m, next);
}
