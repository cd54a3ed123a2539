/*
 * The trace chunks a daemon holds for its peer's sessions, each named by
 * (session id, chunk id) as the session daemon announced it
 * (consumer-protocol.h, CONSUMER_CMD_CHUNK_CREATE), with the file sink
 * the chunk's streams write through. A stream opened on a chunk's sink
 * holds a reference on it (stream-sink.h), so a chunk is closed only
 * once no stream writes into it any more; closing lets it go, its files
 * stay (their fate is its owner's: trace_chunk_close).
 *
 * The consumer daemon keeps one for both domains (the user space
 * consumer for every session, the kernel consumer for its one); the
 * relay daemon will hold the chunks its consumers announce the same way.
 * Not thread safe: the caller serializes.
 */
#ifndef TRACE_CHUNK_CHUNK_REGISTRY_H
#define TRACE_CHUNK_CHUNK_REGISTRY_H

#include <stdbool.h>
#include <stdint.h>

#include "trace-chunk/stream-sink.h"
#include "trace-chunk/trace-chunk.h"

struct registered_chunk {
	uint64_t session_id;
	struct trace_chunk *chunk; /* chunk->id: its id in the session */
	struct stream_sink *sink;  /* a file sink on it */
	struct registered_chunk *next;
};

struct chunk_registry {
	struct registered_chunk *chunks;
};

/*
 * Adds chunk desc->id of session_id (nothing is created on disk). 0,
 * -EEXIST when it is known already, -EINVAL when desc names no chunk
 * (a path too long, a bad time) or -ENOMEM, with err set.
 */
int chunk_registry_add(struct chunk_registry *reg, uint64_t session_id,
		       const struct trace_chunk_desc *desc,
		       struct ctf_error *err);

/* The chunk chunk_id of session_id, NULL when unknown. */
struct registered_chunk *chunk_registry_find(const struct chunk_registry *reg,
					     uint64_t session_id,
					     uint64_t chunk_id);

/*
 * Lets chunk_id of session_id go. 0, -ENOENT when unknown, -EBUSY while
 * a stream still writes into it, with err set.
 */
int chunk_registry_close(struct chunk_registry *reg, uint64_t session_id,
			 uint64_t chunk_id, struct ctf_error *err);

/* Lets every chunk go (the daemon exits; their streams are closed). */
void chunk_registry_clear(struct chunk_registry *reg);

#endif /* TRACE_CHUNK_CHUNK_REGISTRY_H */
