/*
 * Trace chunks and session rotation (lttng rotate, enable-rotation,
 * disable-rotation, clear, and the archive that destroy leaves).
 *
 * A session's trace is a sequence of trace chunks. The first one is
 * created by the first start and lives at the root of the output
 * directory. A rotation ends the current chunk, renames it to
 * archives/<BEGIN>-<END>-<ID> (dates as YYYYmmddTHHMMSS+hhmm) and, while
 * the session is active, starts the next one in <output>/<BEGIN>-<ID>.
 * A clear deletes the current chunk and starts the next one where the
 * deleted one was (so a session never rotated keeps writing at the
 * root). Chunk ids count every chunk, cleared ones included, as LTTng's.
 *
 * The consumers of both domains hear of each chunk as it is decided
 * (consumer-protocol.h, CONSUMER_CMD_CHUNK_CREATE), switch their streams
 * to it by its id, and let the ended chunk go (CHUNK_CLOSE, with the
 * close command); this daemon, the owner of the chunks of a local trace
 * that both domains write into, then archives or removes the ended
 * chunk (trace_chunk_close), as LTTng's session daemon does in its
 * chunks' owner mode.
 *
 * Everything here runs with the session lock held (client thread or the
 * rotation schedule thread).
 */
#ifndef SESSIOND_ROTATION_H
#define SESSIOND_ROTATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "consumer-comm/consumer-protocol.h"

struct session;

struct session_rotation {
	bool chunk_exists; /* a current chunk (from the first start on) */
	/* the current chunk's, or (none open) the one the next start opens */
	uint64_t chunk_id;
	time_t chunk_begin;	 /* when that chunk began (or was prepared) */
	bool chunk_in_subdir;	 /* rotated once: chunks in <BEGIN>-<ID> */
	bool changed_since_stop; /* rotated or cleared while inactive */
	/* the last immediate rotation (lttng_rotation_handle) */
	uint64_t rotation_count;
	char last_archive[4096];
	/* schedules: 0 when not set */
	uint64_t timer_period_us;
	uint64_t size_threshold;
	uint64_t timer_reference_ns; /* CLOCK_MONOTONIC of the last one */
};

/* The current chunk's directory (the output directory before any
 * rotation). 0 or -ENAMETOOLONG. */
int rotation_chunk_path(const struct session *s, char *buf, size_t len);
/*
 * The chunk the session's buffers write into (prepared, while stopped
 * after a rotation or a clear): its id, CONSUMER_CHUNK_NONE for a
 * session keeping its buffers for snapshots; and its description for
 * the consumers.
 */
uint64_t rotation_chunk_id(const struct session *s);
void rotation_chunk_desc(const struct session *s,
			 struct consumer_chunk_desc *desc);

/*
 * Called when the session starts: the first start creates the first
 * chunk; a start after the chunk was archived while stopped creates the
 * next one and points the buffers at it.
 */
void rotation_session_starting(struct session *s);
/* Called when the session stops. */
void rotation_session_stopped(struct session *s);

/*
 * lttng rotate: LTTNG_OK with the archive's absolute path in archive,
 * or LTTNG_ERR_ROTATION_NOT_AVAILABLE, LTTNG_ERR_START_SESSION_ONCE,
 * LTTNG_ERR_ROTATION_MULTIPLE_AFTER_STOP, LTTNG_ERR_ROTATION_FAIL_CONSUMER.
 */
int rotation_rotate(struct session *s, char *archive, size_t len);

/* lttng clear: LTTNG_OK or an LTTNG_ERR_* code. */
int rotation_clear(struct session *s);

/*
 * Destroys the session; when it was rotated at least once, its last
 * chunk is then archived and *archive holds the path (else ""). 0, or
 * -EIO when the consumer could not write all of the trace.
 */
int rotation_destroy_session(struct session *s, char *archive, size_t len);

/* rotation_destroy_session() for every session (daemon shutdown). */
void rotation_destroy_all_sessions(void);

/* A periodic schedule counts its period from now (rotation-schedule.c). */
void rotation_schedule_timer_reset(struct session *s);

/* The rotation schedule thread: periodic and size-based rotations. */
int rotation_schedule_thread_start(void);
void rotation_schedule_thread_stop(void);

#endif /* SESSIOND_ROTATION_H */
