/*
 * MI elements of recording sessions, shared by create, destroy, list,
 * start, stop and set-session.
 */
#ifndef LTTNG_CLI_MI_SESSION_H
#define LTTNG_CLI_MI_SESSION_H

#include <stdbool.h>

#include <lttng/lttng.h>

#include "mi-writer.h"

/*
 * Open <session> and write name, path, enabled, snapshot_mode and
 * live_timer_interval; the caller closes it.
 */
void mi_session_open(struct mi_writer *mi, const struct lttng_session *session);

/* <session> with name and enabled only (start, stop). */
void mi_session_short(struct mi_writer *mi, const char *name, bool enabled);

/*
 * Whole documents of the session commands. create: the new session as
 * the daemon lists it (name: its final name).
 */
void mi_session_print_created(const char *name);

/*
 * start and stop: <sessions><session> name and its new state when ret
 * is 0, else an empty <sessions/>.
 */
void mi_session_print_state(const char *command, const char *name, int ret,
			    bool enabled);

/*
 * destroy: begin the document and its <sessions>, then add each
 * destroyed session; end with mi_command_end.
 */
void mi_session_list_begin(const char *command);
void mi_session_list_add(const struct lttng_session *session);

/* set-session: the session's name. */
void mi_session_print_set(const char *name);
#endif /* LTTNG_CLI_MI_SESSION_H */
