/*
 * MI elements of recording sessions, shared by create, destroy, list,
 * start, stop and set-session.
 */
#ifndef LTTNG_CLI_MI_SESSION_H
#define LTTNG_CLI_MI_SESSION_H

#include <lttng/lttng.h>

#include "mi-writer.h"

/*
 * Open <session> and write name, path, enabled, snapshot_mode and
 * live_timer_interval; the caller closes it.
 */
void mi_session_open(struct mi_writer *mi, const struct lttng_session *session);

/* <session> with name and enabled only (start, stop). */
void mi_session_short(struct mi_writer *mi, const char *name, bool enabled);

#endif /* LTTNG_CLI_MI_SESSION_H */
