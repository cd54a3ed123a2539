/*
 * Implementation of rotation.h: the trace chunk state of each session,
 * immediate rotations, clear, and the archive of the last chunk at
 * destroy. The schedules' thread is rotation-schedule.c.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <lttng/lttng-error.h>

#include "consumer-comm/consumer-protocol.h"
#include "kernel/kernel-cmd.h"
#include "rotation.h"
#include "session.h"
#include "trace-chunk/trace-chunk.h"
#include "ust-session.h"
#include "util/log.h"

/* The trace chunk r of a session writing into output (trace-chunk.h). */
static struct trace_chunk *chunk_of(const char *output,
				    const struct session_rotation *r, uid_t uid,
				    gid_t gid)
{
	const struct trace_chunk_desc desc = {
		.output = output,
		.id = r->chunk_id,
		.begin = r->chunk_begin,
		.in_subdir = r->chunk_in_subdir,
		.owner = {.uid = uid, .gid = gid},
	};
	struct ctf_error err;
	struct trace_chunk *chunk = trace_chunk_create(&desc, &err);

	if (!chunk)
		ERR("Trace chunk %llu of %s: %s",
		    (unsigned long long)r->chunk_id, output, err.message);
	return chunk;
}

int rotation_chunk_path(const struct session *s, char *buf, size_t len)
{
	struct trace_chunk *chunk =
		chunk_of(s->output_path, &s->rotation, 0, 0);
	int ret;

	if (!chunk)
		return -ENAMETOOLONG;
	ret = trace_chunk_path(chunk, NULL, buf, len, NULL);
	trace_chunk_put(chunk);
	return ret;
}

static bool rotation_available(const struct session *s)
{
	return !session_keeps_buffers(s);
}

/*
 * Moves the ended chunk r of the output directory to
 * archives/<BEGIN>-<END>-<ID>; its path goes to archive.
 */
static int archive_chunk(const char *output, const struct session_rotation *r,
			 uid_t uid, gid_t gid, time_t end, char *archive,
			 size_t len)
{
	struct trace_chunk *chunk = chunk_of(output, r, uid, gid);
	struct ctf_error err;
	int ret;

	if (!chunk)
		return -ENAMETOOLONG;
	ret = trace_chunk_archive(chunk, end, archive, len, &err);
	if (ret)
		ERR("Cannot archive trace chunk %llu: %s",
		    (unsigned long long)r->chunk_id, err.message);
	trace_chunk_put(chunk);
	return ret;
}

/* Deletes the files of the ended chunk r (lttng clear). */
static void delete_chunk(const char *output, const struct session_rotation *r)
{
	struct trace_chunk *chunk = chunk_of(output, r, 0, 0);
	struct ctf_error err;

	if (chunk && trace_chunk_remove(chunk, &err))
		WARN("Trace chunk %llu: %s", (unsigned long long)r->chunk_id,
		     err.message);
	trace_chunk_put(chunk);
}

/*
 * Points every domain's buffers at the session's current chunk (NULL:
 * at none), ending the previous one (flags: CONSUMER_ROTATE_*).
 */
static int move_buffers(struct session *s, const char *chunk_path,
			uint32_t flags)
{
	int ret = ust_session_rotate(s, chunk_path, flags);
	int kret = kernel_cmd_rotate(s, chunk_path, flags);

	return ret || kret != LTTNG_OK ? LTTNG_ERR_ROTATION_FAIL_CONSUMER
				       : LTTNG_OK;
}

/* The next chunk's id and begin date, where the session is now. */
static void next_chunk(struct session *s, time_t begin)
{
	s->rotation.chunk_id++;
	s->rotation.chunk_begin = begin;
	s->rotation.chunk_exists = s->active;
	if (!s->active)
		s->rotation.changed_since_stop = true;
}

void rotation_session_starting(struct session *s)
{
	char path[4096];

	s->rotation.changed_since_stop = false;
	rotation_schedule_timer_reset(s);
	if (!s->has_been_started) {
		s->rotation.chunk_exists = true;
		s->rotation.chunk_id = 0;
		s->rotation.chunk_begin = time(NULL);
		return;
	}
	if (s->rotation.chunk_exists || !rotation_available(s))
		return;
	/* archived or cleared while stopped: the next chunk starts now */
	s->rotation.chunk_exists = true;
	if (!rotation_chunk_path(s, path, sizeof(path)))
		move_buffers(s, path, 0);
}

void rotation_session_stopped(struct session *s)
{
	s->rotation.changed_since_stop = false;
}

int rotation_rotate(struct session *s, char *archive, size_t len)
{
	struct session_rotation ended = s->rotation;
	time_t now = time(NULL);
	char path[4096];
	int ret;

	if (!rotation_available(s))
		return LTTNG_ERR_ROTATION_NOT_AVAILABLE;
	if (!s->has_been_started)
		return LTTNG_ERR_START_SESSION_ONCE;
	if (!s->active && s->rotation.changed_since_stop)
		return LTTNG_ERR_ROTATION_MULTIPLE_AFTER_STOP;
	s->rotation.chunk_in_subdir = true;
	next_chunk(s, now);
	if (s->active) {
		ret = rotation_chunk_path(s, path, sizeof(path));
		ret = ret ? LTTNG_ERR_ROTATION_FAIL_CONSUMER
			  : move_buffers(s, path, 0);
	} else {
		ret = move_buffers(s, NULL, 0);
	}
	if (archive_chunk(s->output_path, &ended, s->uid, s->gid, now, archive,
			  len))
		ret = LTTNG_ERR_ROTATE_RENAME_FAIL_CONSUMER;
	s->rotation.rotation_count++;
	snprintf(s->rotation.last_archive, sizeof(s->rotation.last_archive),
		 "%s", ret == LTTNG_OK ? archive : "");
	rotation_schedule_timer_reset(s);
	DBG("Session %s: trace chunk %llu archived in %s", s->name,
	    (unsigned long long)ended.chunk_id, archive);
	return ret;
}

/* Snapshot mode: the buffers' contents go; they have no files. */
static int clear_buffers_only(struct session *s)
{
	if (ust_session_rotate(s, NULL, CONSUMER_ROTATE_DISCARD) ||
	    kernel_cmd_clear_buffers(s) != LTTNG_OK)
		return LTTNG_ERR_CLEAR_FAIL_CONSUMER;
	return LTTNG_OK;
}

int rotation_clear(struct session *s)
{
	struct session_rotation ended = s->rotation;
	char path[4096];
	int ret;

	if (!s->has_been_started)
		return LTTNG_OK;
	if (!rotation_available(s)) /* snapshot mode: the buffers only */
		return clear_buffers_only(s);
	ret = move_buffers(s, NULL, CONSUMER_ROTATE_DISCARD);
	if (ended.chunk_exists)
		delete_chunk(s->output_path, &ended);
	next_chunk(s, time(NULL));
	if (s->active && ret == LTTNG_OK) {
		ret = rotation_chunk_path(s, path, sizeof(path))
			      ? LTTNG_ERR_CLEAR_FAIL_CONSUMER
			      : move_buffers(s, path, 0);
	}
	DBG("Session %s: trace chunk %llu cleared", s->name,
	    (unsigned long long)ended.chunk_id);
	return ret == LTTNG_OK ? LTTNG_OK : LTTNG_ERR_CLEAR_FAIL_CONSUMER;
}

int rotation_destroy_session(struct session *s, char *archive, size_t len)
{
	struct session_rotation last = s->rotation;
	char output[sizeof(s->output_path)];
	bool archived = last.chunk_in_subdir && last.chunk_exists &&
			rotation_available(s);
	uid_t uid = s->uid;
	gid_t gid = s->gid;
	int ret;

	snprintf(output, sizeof(output), "%s", s->output_path);
	archive[0] = '\0';
	ret = session_destroy(s); /* the consumers close the chunk's files */
	if (archived &&
	    archive_chunk(output, &last, uid, gid, time(NULL), archive, len))
		archive[0] = '\0';
	/*
	 * Archived while stopped, never started again: an app that
	 * registered since had its files made for the next chunk, which
	 * never began (no event in them).
	 */
	if (last.chunk_in_subdir && !last.chunk_exists && output[0])
		delete_chunk(output, &last);
	return ret;
}

void rotation_destroy_all_sessions(void)
{
	char archive[4096];

	while (session_first())
		rotation_destroy_session(session_first(), archive,
					 sizeof(archive));
}
