/*
 * The process ID tracker of a session's kernel domain (lttng track -k
 * --pid): every process (the default) or an inclusion set. Applied to
 * each channel's instance through set_event_pid, which tracefs checks
 * per thread: a tracked process's current threads are listed, and the
 * event-fork option adds the threads (and children) it creates. An empty
 * inclusion set records nothing: the instances stay off.
 */
#ifndef SESSIOND_KERNEL_TRACKER_H
#define SESSIOND_KERNEL_TRACKER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "tracefs/instance.h"

struct kernel_tracker {
	bool all; /* every process (no set) */
	size_t count;
	pid_t *pids;
};

void kernel_tracker_init(struct kernel_tracker *t);
void kernel_tracker_fini(struct kernel_tracker *t);

/*
 * track (pid -1: every process) or untrack (pid -1: none). LTTNG_OK,
 * LTTNG_ERR_PROCESS_ATTR_EXISTS, LTTNG_ERR_PROCESS_ATTR_MISSING,
 * LTTNG_ERR_NOMEM.
 */
int kernel_tracker_change(struct kernel_tracker *t, pid_t pid, bool track);

/* Whether the tracker lets no process record (an empty inclusion set). */
bool kernel_tracker_excludes_all(const struct kernel_tracker *t);

/* Writes set_event_pid (and event-fork) of an instance. LTTNG_OK or error. */
int kernel_tracker_apply(const struct kernel_tracker *t,
			 const struct tracefs_instance *instance);

#endif /* SESSIOND_KERNEL_TRACKER_H */
