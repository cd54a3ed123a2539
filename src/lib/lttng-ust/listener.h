/*
 * liblttng-ust: the session daemon listeners. One thread per session
 * daemon the process may register with (the root daemon's runtime
 * directory, paths_rundir(0), and the per-user $LTTNG_HOME/.lttng when
 * uid == euid; once when both are the same path) connects its command
 * and notify sockets, registers, applies the daemon's commands and
 * reconnects every UST_LISTENER_RECONNECT_MS while no daemon answers.
 * Started by the tracer's constructor, which waits for registration
 * (LTTNG_UST_REGISTER_TIMEOUT); restarted in a fork child.
 */
#ifndef UST_LISTENER_H
#define UST_LISTENER_H

#include <signal.h>

#include "common/ust-log.h"

#define UST_LISTENER_RECONNECT_MS 2000
/* Longest wait for the daemon's reply to an event registration. */
#define UST_NOTIFY_TIMEOUT_MS 5000
/* Longest wait to send one reply on the command socket. */
#define UST_COMMAND_SEND_TIMEOUT_MS 5000

/*
 * Starts the listener threads and waits until every daemon reached has
 * sent UST_CMD_REGISTER_DONE, or LTTNG_UST_REGISTER_TIMEOUT ms passed.
 * Called once, from the tracer's constructor.
 */
void ust_listener_start(void);

/*
 * In a listener thread: the name the thread had before it named itself
 * "<name>-ust" (the process name, as the daemon and the state dump's
 * procname event report it). Empty in any other thread.
 */
const char *ust_listener_procname(void);

/*
 * LTTng-UST 2.13's fork hooks (liblttng-ust-fork calls them around
 * fork()); pthread_atfork() handlers do the same work, once per fork.
 * before_fork blocks every signal, saving the mask in save_sigset;
 * the after_fork functions restore it. The child drops its parent's
 * sessions and registers with the daemons as a new application.
 */
UST_API void lttng_ust_before_fork(sigset_t *save_sigset);
UST_API void lttng_ust_after_fork_parent(sigset_t *restore_sigset);
UST_API void lttng_ust_after_fork_child(sigset_t *restore_sigset);

#endif /* UST_LISTENER_H */
