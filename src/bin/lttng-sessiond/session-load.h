/*
 * Loading recording session configurations when the session daemon
 * starts (lttng-sessiond(8)): the --load PATH file or directory, else
 * the auto-load directories $LTTNG_HOME/.lttng/sessions/auto and
 * /etc/lttng/sessions/auto when the daemon's user owns them. The files
 * are loaded by liblttng-ctl talking to this daemon, from a thread that
 * runs once the client socket listens.
 */
#ifndef SESSIOND_SESSION_LOAD_H
#define SESSIOND_SESSION_LOAD_H

/* Called once the loading is over (the daemon is then ready). */
typedef void (*session_load_done_cb)(int ready_fd);

/*
 * Start the loading thread (load_path NULL: the auto-load directories).
 * Returns 0 when the thread runs and will call done(ready_fd), -1 when
 * it could not start (the caller then calls done itself).
 */
int session_load_start(const char *load_path, const char *home,
		       session_load_done_cb done, int ready_fd);

#endif /* SESSIOND_SESSION_LOAD_H */
