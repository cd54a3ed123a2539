/*
 * Implementation of rotation.h: the trace chunk state of each session,
 * immediate rotations, clear, and the archive of the last chunk at
 * destroy. The schedules' thread is rotation-schedule.c.
 */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lttng/lttng-error.h>

#include "consumer-comm/consumer-protocol.h"
#include "kernel/kernel-cmd.h"
#include "rotation.h"
#include "session.h"
#include "ust-session.h"
#include "util/log.h"
#include "util/output-dir.h"
#include "util/user-path.h"

#define CHUNK_DATE_LEN sizeof("YYYYmmddTHHMMSS+hhmm")

/* The domain directories a chunk at the output's root is made of. */
static const char *const domain_dirs[] = {"ust", "kernel"};

/* "20231114T221320+0000" in local time, as LTTng names chunks. */
static void chunk_date(time_t t, char *buf, size_t len)
{
	struct tm tm;

	localtime_r(&t, &tm);
	if (!strftime(buf, len, "%Y%m%dT%H%M%S%z", &tm))
		buf[0] = '\0';
}

static int chunk_path_of(const char *output, const struct session_rotation *r,
			 char *buf, size_t len)
{
	char begin[CHUNK_DATE_LEN];
	int n;

	if (!r->chunk_in_subdir) {
		n = snprintf(buf, len, "%s", output);
	} else {
		chunk_date(r->chunk_begin, begin, sizeof(begin));
		n = snprintf(buf, len, "%s/%s-%llu", output, begin,
			     (unsigned long long)r->chunk_id);
	}
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int rotation_chunk_path(const struct session *s, char *buf, size_t len)
{
	return chunk_path_of(s->output_path, &s->rotation, buf, len);
}

static bool rotation_available(const struct session *s)
{
	return !session_keeps_buffers(s);
}

/* rename(from, to) as the owner when from exists; 0 or -errno (logged). */
static int move_if_present(const char *from, const char *to, uid_t uid,
			   gid_t gid)
{
	int ret;

	if (access(from, F_OK))
		return 0;
	ret = user_path_rename(&(struct user_creds){.uid = uid, .gid = gid},
			       from, to);
	if (ret)
		ERR("Cannot move %s to %s: %s", from, to, strerror(-ret));
	return ret;
}

/*
 * Renames the ended chunk r of the output directory to
 * archives/<BEGIN>-<END>-<ID>; its path goes to archive.
 */
static int archive_chunk(const char *output, const struct session_rotation *r,
			 uid_t uid, gid_t gid, time_t end, char *archive,
			 size_t len)
{
	char begin_date[CHUNK_DATE_LEN], end_date[CHUNK_DATE_LEN];
	char from[4200], to[4200];
	int n, ret;

	chunk_date(r->chunk_begin, begin_date, sizeof(begin_date));
	chunk_date(end, end_date, sizeof(end_date));
	n = snprintf(archive, len, "%s/archives/%s-%s-%llu", output, begin_date,
		     end_date, (unsigned long long)r->chunk_id);
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	snprintf(to, sizeof(to), "%s/archives", output);
	ret = output_dir_create(to, uid, gid);
	if (ret)
		return ret;
	if (r->chunk_in_subdir) {
		ret = chunk_path_of(output, r, from, sizeof(from));
		if (!ret)
			ret = move_if_present(from, archive, uid, gid);
		if (!ret && access(archive, F_OK))
			ret = output_dir_create(archive, uid, gid);
		return ret;
	}
	ret = output_dir_create(archive, uid, gid);
	for (size_t i = 0;
	     !ret && i < sizeof(domain_dirs) / sizeof(*domain_dirs); i++) {
		snprintf(from, sizeof(from), "%s/%s", output, domain_dirs[i]);
		snprintf(to, sizeof(to), "%s/%s", archive, domain_dirs[i]);
		ret = move_if_present(from, to, uid, gid);
	}
	return ret;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	if (remove(path))
		WARN("Cannot remove %s: %s", path, strerror(errno));
	return 0;
}

static void remove_tree(const char *path)
{
	if (!access(path, F_OK))
		nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Deletes the files of the ended chunk r (lttng clear). */
static void delete_chunk(const char *output, const struct session_rotation *r)
{
	char path[4200];

	if (r->chunk_in_subdir) {
		if (!chunk_path_of(output, r, path, sizeof(path)))
			remove_tree(path);
		return;
	}
	for (size_t i = 0; i < sizeof(domain_dirs) / sizeof(*domain_dirs);
	     i++) {
		snprintf(path, sizeof(path), "%s/%s", output, domain_dirs[i]);
		remove_tree(path);
	}
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
	char output[sizeof(s->output_path)], path[4200];
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
	if (last.chunk_in_subdir && !last.chunk_exists && output[0] &&
	    !chunk_path_of(output, &last, path, sizeof(path)))
		remove_tree(path);
	return ret;
}

void rotation_destroy_all_sessions(void)
{
	char archive[4096];

	while (session_first())
		rotation_destroy_session(session_first(), archive,
					 sizeof(archive));
}
