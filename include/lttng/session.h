/*
 * Recording sessions: create, list, start, stop and destroy them. The
 * session daemon keeps them; these calls ask it over its client socket.
 */
#ifndef LTTNG_SESSION_H
#define LTTNG_SESSION_H

#include <stdint.h>

#include <lttng/constant.h>
#include <lttng/lttng-error.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LTTNG_SESSION_PADDING1 8

struct lttng_session {
	char name[LTTNG_NAME_MAX];
	char path[LTTNG_PATH_MAX]; /* Trace output; "" when none. */
	uint32_t enabled;	   /* 1: active (started), 0: inactive */
	uint32_t snapshot_mode;
	unsigned int live_timer_interval;
	/* Aligns extended on 8 bytes on 32- and 64-bit builds alike. */
	char alignment_padding[4];
	union {
		char padding[LTTNG_SESSION_PADDING1];
		void *ptr;
	} extended;
};

/*
 * Create a session writing to url ("file:///abs/path" or an absolute
 * path; NULL: no output). Returns 0 or a negative LTTNG_ERR_* code.
 */
int lttng_create_session(const char *name, const char *url);

/* Create a snapshot-mode session whose snapshot output is url. */
int lttng_create_session_snapshot(const char *name, const char *snapshot_url);

/*
 * When a session listed by lttng_list_sessions() was created, in seconds
 * since the epoch. LTTNG_OK, or LTTNG_ERR_INVALID (NULL argument, or a
 * session lttng_list_sessions() did not fill).
 */
enum lttng_error_code
lttng_session_get_creation_time(const struct lttng_session *session,
				uint64_t *creation_time);

/*
 * A live session (timer_interval in us, not 0; url NULL: net://127.0.0.1).
 * Returns -LTTNG_ERR_RELAYD_CONNECT_FAIL for valid arguments: this
 * toolkit has no relay daemon yet.
 */
int lttng_create_session_live(const char *name, const char *url,
			      unsigned int timer_interval);

struct lttng_destruction_handle;
/*
 * Destroys a session without waiting for its data; handle (may be NULL)
 * then tells the outcome and the archive of its last trace chunk.
 */
enum lttng_error_code
lttng_destroy_session_ext(const char *session_name,
			  struct lttng_destruction_handle **handle);

/* Stop (waiting for data) and destroy a session. 0 or negative code. */
int lttng_destroy_session(const char *name);
int lttng_destroy_session_no_wait(const char *name);

/*
 * Sets *sessions to a malloc'd array, newest first; returns the count or
 * a negative code.
 */
int lttng_list_sessions(struct lttng_session **sessions);

int lttng_start_tracing(const char *session_name);
int lttng_stop_tracing(const char *session_name);
int lttng_stop_tracing_no_wait(const char *session_name);

/*
 * 1 while a stopped session still has data to write out, 0 when all
 * of it is on disk, or a negative code.
 */
int lttng_data_pending(const char *session_name);

/*
 * Regenerates the metadata of an active recording session: the offset
 * between the monotonic clock and the wall time is sampled again and
 * every metadata stream file of the session is written again with it.
 * 0 or a negative LTTng error code (-LTTNG_ERR_SESSION_NOT_STARTED,
 * -LTTNG_ERR_PER_PID_SESSION, -LTTNG_ERR_LIVE_SESSION, ...).
 */
int lttng_regenerate_metadata(const char *session_name);

/* Deprecated: the former name of lttng_regenerate_metadata(). */
int lttng_metadata_regenerate(const char *session_name);

/*
 * Regenerates the state dump event records of an active recording
 * session. 0 or a negative LTTng error code.
 */
int lttng_regenerate_statedump(const char *session_name);

/*
 * Sets the directory in which the user space ring buffers of a session
 * that was never started are kept as files (lttng create --shm-path),
 * so that lttng-crash(1) can recover them after a crash. shm_path is
 * used as is; the lttng CLI appends /<session>-<date>-<time>. 0 or a
 * negative LTTng error code (-LTTNG_ERR_SESSION_STARTED once started).
 */
int lttng_set_session_shm_path(const char *session_name, const char *shm_path);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_SESSION_H */
