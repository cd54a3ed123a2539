/*
 * The `metadata` file of a trace as the consumer daemon writes it: the
 * session daemon pushes TSDL text (the whole preamble first, then each
 * addition) and it is appended as metadata packets. One per trace
 * directory (ust/uid/<uid>/64-bit or ust/pid/<app>) of the session's
 * current trace chunk.
 */
#ifndef CONSUMERD_METADATA_OUTPUT_H
#define CONSUMERD_METADATA_OUTPUT_H

#include <stddef.h>
#include <stdint.h>

#include "consumer-comm/consumer-protocol.h"
#include "trace-chunk/chunk-registry.h"

/*
 * Creates <chunk_dir>/metadata in chunk, or, without chunk (a snapshot
 * session), keeps the whole text in memory for
 * metadata_output_snapshot(). Lock held. 0, -EEXIST, or -errno
 * (logged).
 */
int metadata_output_create(const struct consumer_metadata_desc *desc,
			   const struct registered_chunk *chunk);
/* The session of a metadata: 0, or -ENOENT for an unknown key. */
int metadata_output_session(uint64_t key, uint64_t *session_id);
/*
 * Appends text (whole TSDL statements), written out as packets by the
 * next metadata_output_flush_all(). -ENOENT for an unknown key, -errno
 * on I/O errors.
 */
int metadata_output_push(uint64_t key, const char *text, size_t len);
/*
 * lttng regenerate metadata: text (the whole metadata, regenerated)
 * replaces everything pushed so far. A file is truncated and written
 * again at once, whole; an in-memory metadata keeps the new text; between
 * two trace chunks, the next chunk starts with it. -ENOENT for an
 * unknown key, -errno on I/O errors.
 */
int metadata_output_regenerate(uint64_t key, const char *text, size_t len);
/*
 * Writes the text kept back by every output: by the consumption thread
 * before each round of data packets (the data written must find its
 * metadata in the files, and a reader of an active session sees new
 * event classes within a round) and by flushes. 0 or the first -errno.
 */
int metadata_output_flush_all(void);
/* Writes what is pending, closes the file. -ENOENT for an unknown key. */
int metadata_output_destroy(uint64_t key);
void metadata_output_destroy_all(void);
/*
 * Writes the whole text of an in-memory metadata to
 * <chunk_dir>/metadata of the snapshot's chunk. -ENOENT for an unknown
 * key, -EINVAL for one written to its own file.
 */
int metadata_output_snapshot(uint64_t key,
			     const struct registered_chunk *chunk);
/*
 * Trace chunk rotation: writes what is pending, closes the file, then
 * (next not NULL) writes the whole text pushed so far into
 * <chunk_dir>/metadata of next, so each chunk holds a complete trace.
 * No-op for an in-memory metadata. -ENOENT for an unknown key, -errno
 * on I/O errors.
 */
int metadata_output_rotate(uint64_t key, const struct registered_chunk *next);

#endif /* CONSUMERD_METADATA_OUTPUT_H */
