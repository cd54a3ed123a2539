/*
 * Implementation of chunk-registry.h: a list (a daemon holds a few
 * chunks per session: the current one, a snapshot's, one being closed).
 */
#include <errno.h>
#include <stdlib.h>

#include "trace-chunk/chunk-registry.h"
#include "trace-chunk/file-sink.h"

int chunk_registry_add(struct chunk_registry *reg, uint64_t session_id,
		       const struct trace_chunk_desc *desc,
		       struct ctf_error *err)
{
	struct registered_chunk *entry;

	if (chunk_registry_find(reg, session_id, desc->id))
		return ctf_error_set(err, -EEXIST,
				     "trace chunk %llu of session %llu: "
				     "already known",
				     (unsigned long long)desc->id,
				     (unsigned long long)session_id);
	entry = calloc(1, sizeof(*entry));
	if (!entry)
		return ctf_error_set(err, -ENOMEM, "out of memory");
	entry->session_id = session_id;
	entry->chunk = trace_chunk_create(desc, err);
	if (!entry->chunk) { /* a path too long, a bad time: err says */
		free(entry);
		return -EINVAL;
	}
	entry->sink = file_sink_create(entry->chunk, err);
	if (!entry->sink) {
		trace_chunk_put(entry->chunk);
		free(entry);
		return -ENOMEM;
	}
	entry->next = reg->chunks;
	reg->chunks = entry;
	return 0;
}

struct registered_chunk *chunk_registry_find(const struct chunk_registry *reg,
					     uint64_t session_id,
					     uint64_t chunk_id)
{
	for (struct registered_chunk *c = reg->chunks; c; c = c->next)
		if (c->session_id == session_id && c->chunk->id == chunk_id)
			return c;
	return NULL;
}

static void release(struct registered_chunk *entry)
{
	stream_sink_put(entry->sink);
	trace_chunk_put(entry->chunk);
	free(entry);
}

int chunk_registry_close(struct chunk_registry *reg, uint64_t session_id,
			 uint64_t chunk_id, struct ctf_error *err)
{
	struct registered_chunk **link = &reg->chunks;
	struct registered_chunk *entry;

	while (*link && ((*link)->session_id != session_id ||
			 (*link)->chunk->id != chunk_id))
		link = &(*link)->next;
	entry = *link;
	if (!entry)
		return ctf_error_set(err, -ENOENT,
				     "trace chunk %llu of session %llu: "
				     "unknown",
				     (unsigned long long)chunk_id,
				     (unsigned long long)session_id);
	/* the registry's reference, and one per open stream */
	if (__atomic_load_n(&entry->sink->refs, __ATOMIC_ACQUIRE) > 1)
		return ctf_error_set(err, -EBUSY,
				     "trace chunk %llu of session %llu: "
				     "streams still write into it",
				     (unsigned long long)chunk_id,
				     (unsigned long long)session_id);
	*link = entry->next;
	release(entry);
	return 0;
}

void chunk_registry_clear(struct chunk_registry *reg)
{
	while (reg->chunks) {
		struct registered_chunk *entry = reg->chunks;

		reg->chunks = entry->next;
		release(entry);
	}
}
