/*
 * Implementation of rotation.h: the trace chunk state of each session,
 * immediate rotations, clear, and the archive of the last chunk at
 * destroy. The schedules' thread is rotation-schedule.c.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <lttng/lttng-error.h>

#include "consumer.h"
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

uint64_t rotation_chunk_id(const struct session *s)
{
	return rotation_available(s) ? s->rotation.chunk_id
				     : CONSUMER_CHUNK_NONE;
}

void rotation_chunk_desc(const struct session *s, struct consumer_chunk_desc *d)
{
	memset(d, 0, sizeof(*d));
	d->session_id = s->id;
	d->chunk_id = s->rotation.chunk_id;
	d->begin = (int64_t)s->rotation.chunk_begin;
	d->in_subdir = s->rotation.chunk_in_subdir;
	d->owner_uid = (uint32_t)s->uid;
	d->owner_gid = (uint32_t)s->gid;
	snprintf(d->output, sizeof(d->output), "%s", s->output_path);
}

/*
 * Points every domain's buffers at chunk_id of the session
 * (CONSUMER_CHUNK_NONE: at none), ending the previous one (flags:
 * CONSUMER_ROTATE_*).
 */
static int move_buffers(struct session *s, uint64_t chunk_id, uint32_t flags)
{
	int ret = ust_session_rotate(s, chunk_id, flags);
	int kret = kernel_cmd_rotate(s, chunk_id, flags);

	return ret || kret != LTTNG_OK ? LTTNG_ERR_ROTATION_FAIL_CONSUMER
				       : LTTNG_OK;
}

/*
 * The consumers hear of the session's new current (or prepared) chunk:
 * the kernel consumer, and the user space one once the session has
 * buffers there (the first buffer set announces it otherwise). 0 or
 * -errno (logged).
 */
static int announce_chunk(struct session *s)
{
	struct consumer_chunk_desc desc;
	int ret = 0;

	rotation_chunk_desc(s, &desc);
	if (s->ust_buffers)
		ret = consumer_chunk_create(&desc, true);
	if (ret)
		ERR("Session %s: the consumer did not take trace chunk %llu: "
		    "%s",
		    s->name, (unsigned long long)desc.chunk_id, strerror(-ret));
	if (kernel_cmd_chunk_create(s, &desc) != LTTNG_OK && !ret)
		ret = -EIO;
	return ret;
}

/*
 * Chunk r of session_id (its files closed) ends with command: the user
 * space consumer lets it go, then this daemon, its owner, performs the
 * command (the kernel consumer's part is kernel_cmd_chunk_close, or its
 * exit); archive receives the archive's path. 0 or -errno (logged).
 */
static int end_chunk(uint64_t session_id, const char *output,
		     const struct session_rotation *r, uid_t uid, gid_t gid,
		     enum trace_chunk_close_command command, time_t end,
		     char *archive, size_t len)
{
	const struct consumer_chunk_close close = {
		.session_id = session_id,
		.chunk_id = r->chunk_id,
		.end = (int64_t)end,
		.command = command,
	};
	struct trace_chunk *chunk;
	struct ctf_error err;
	int ret = consumer_chunk_close(&close);

	if (ret)
		ERR("The consumer did not let trace chunk %llu go: %s",
		    (unsigned long long)r->chunk_id, strerror(-ret));
	chunk = chunk_of(output, r, uid, gid);
	if (!chunk)
		return -ENAMETOOLONG;
	ret = trace_chunk_close(chunk, command, end, archive, len, &err);
	if (ret)
		ERR("Cannot close trace chunk %llu: %s",
		    (unsigned long long)r->chunk_id, err.message);
	trace_chunk_put(chunk);
	return ret;
}

/* end_chunk() of a live session, whose kernel consumer lets it go too. */
static int end_session_chunk(struct session *s,
			     const struct session_rotation *r,
			     enum trace_chunk_close_command command, time_t end,
			     char *archive, size_t len)
{
	const struct consumer_chunk_close close = {
		.session_id = s->id,
		.chunk_id = r->chunk_id,
		.end = (int64_t)end,
		.command = command,
	};

	kernel_cmd_chunk_close(s, &close);
	return end_chunk(s->id, s->output_path, r, s->uid, s->gid, command, end,
			 archive, len);
}

/*
 * The next chunk's id and begin date, where the session is now,
 * announced to the consumers. 0 or -errno (logged).
 */
static int next_chunk(struct session *s, time_t begin)
{
	s->rotation.chunk_id++;
	s->rotation.chunk_begin = begin;
	s->rotation.chunk_exists = s->active;
	if (!s->active)
		s->rotation.changed_since_stop = true;
	return announce_chunk(s);
}

void rotation_session_starting(struct session *s)
{
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
	move_buffers(s, s->rotation.chunk_id, 0);
}

void rotation_session_stopped(struct session *s)
{
	s->rotation.changed_since_stop = false;
}

int rotation_rotate(struct session *s, char *archive, size_t len)
{
	struct session_rotation ended = s->rotation;
	time_t now = time(NULL);
	int ret, announced;

	if (!rotation_available(s))
		return LTTNG_ERR_ROTATION_NOT_AVAILABLE;
	if (!s->has_been_started)
		return LTTNG_ERR_START_SESSION_ONCE;
	if (!s->active && s->rotation.changed_since_stop)
		return LTTNG_ERR_ROTATION_MULTIPLE_AFTER_STOP;
	s->rotation.chunk_in_subdir = true;
	announced = next_chunk(s, now);
	ret = move_buffers(
		s, s->active ? s->rotation.chunk_id : CONSUMER_CHUNK_NONE, 0);
	if (announced)
		ret = LTTNG_ERR_ROTATION_FAIL_CONSUMER;
	if (end_session_chunk(s, &ended, TRACE_CHUNK_CLOSE_ARCHIVE, now,
			      archive, len))
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
	if (ust_session_rotate(s, CONSUMER_CHUNK_NONE,
			       CONSUMER_ROTATE_DISCARD) ||
	    kernel_cmd_clear_buffers(s) != LTTNG_OK)
		return LTTNG_ERR_CLEAR_FAIL_CONSUMER;
	return LTTNG_OK;
}

int rotation_clear(struct session *s)
{
	struct session_rotation ended = s->rotation;
	char none[1];
	int ret;

	if (!s->has_been_started)
		return LTTNG_OK;
	if (!rotation_available(s)) /* snapshot mode: the buffers only */
		return clear_buffers_only(s);
	ret = move_buffers(s, CONSUMER_CHUNK_NONE, CONSUMER_ROTATE_DISCARD);
	/* a chunk prepared while stopped never began: its files stay */
	if (end_session_chunk(s, &ended,
			      ended.chunk_exists ? TRACE_CHUNK_CLOSE_REMOVE
						 : TRACE_CHUNK_CLOSE_NONE,
			      time(NULL), none, sizeof(none)))
		WARN("Session %s: trace chunk %llu not cleared whole", s->name,
		     (unsigned long long)ended.chunk_id);
	if (next_chunk(s, time(NULL)) && ret == LTTNG_OK)
		ret = LTTNG_ERR_CLEAR_FAIL_CONSUMER;
	if (s->active && ret == LTTNG_OK)
		ret = move_buffers(s, s->rotation.chunk_id, 0);
	DBG("Session %s: trace chunk %llu cleared", s->name,
	    (unsigned long long)ended.chunk_id);
	return ret == LTTNG_OK ? LTTNG_OK : LTTNG_ERR_CLEAR_FAIL_CONSUMER;
}

int rotation_destroy_session(struct session *s, char *archive, size_t len)
{
	struct session_rotation last = s->rotation;
	char output[sizeof(s->output_path)];
	bool chunks = rotation_available(s) && s->has_been_started;
	enum trace_chunk_close_command command = TRACE_CHUNK_CLOSE_NONE;
	uint64_t session_id = s->id;
	uid_t uid = s->uid;
	gid_t gid = s->gid;
	int ret;

	if (last.chunk_in_subdir && last.chunk_exists)
		command = TRACE_CHUNK_CLOSE_ARCHIVE;
	/*
	 * Archived while stopped, never started again: an app that
	 * registered since had its files made for the next chunk, which
	 * never began (no event in them).
	 */
	else if (last.chunk_in_subdir)
		command = TRACE_CHUNK_CLOSE_REMOVE;
	snprintf(output, sizeof(output), "%s", s->output_path);
	archive[0] = '\0';
	/* the consumers close the chunk's files; the kernel one exits */
	ret = session_destroy(s);
	if (chunks && end_chunk(session_id, output, &last, uid, gid, command,
				time(NULL), archive, len))
		archive[0] = '\0';
	return ret;
}

void rotation_destroy_all_sessions(void)
{
	char archive[4096];

	while (session_first())
		rotation_destroy_session(session_first(), archive,
					 sizeof(archive));
}
