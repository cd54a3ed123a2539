/*
 * The process attribute trackers the kernel consumer applies: virtual
 * process ID, user ID, virtual user ID, group ID and virtual group ID
 * (lttng track -k --vpid/--uid/--vuid/--gid/--vgid), which tracefs
 * cannot check (the process ID tracker is tracefs's set_event_pid). Each
 * record's thread is looked up in the process table; a record is kept
 * when every restricted attribute of its thread is in that tracker's
 * set. A thread whose ids are unknown (it exited before the consumer
 * first saw it) is not kept by a restricted tracker.
 *
 * Set from --tracker options and the 'T' command: "ATTR=all",
 * "ATTR=none" or "ATTR=ID[,ID]...", ATTR one of vpid, uid, vuid, gid,
 * vgid.
 */
#ifndef KCONSUMER_PROCESS_TRACKER_H
#define KCONSUMER_PROCESS_TRACKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "process-table.h"

enum kernel_tracked_attr {
	KERNEL_TRACKED_VPID,
	KERNEL_TRACKED_UID,
	KERNEL_TRACKED_VUID,
	KERNEL_TRACKED_GID,
	KERNEL_TRACKED_VGID,
	KERNEL_TRACKED_COUNT,
};

struct kernel_id_set {
	bool restricted; /* false: every value */
	size_t count;
	int64_t *ids;
};

struct kernel_process_trackers {
	struct kernel_id_set sets[KERNEL_TRACKED_COUNT];
};

/* Applies one "ATTR=..." spec. 0, -EINVAL (bad spec) or -ENOMEM. */
int kernel_process_trackers_set(struct kernel_process_trackers *t,
				const char *spec);

/* Whether any tracker restricts the processes. */
bool kernel_process_trackers_active(const struct kernel_process_trackers *t);

/* Whether a record of thread info passes every tracker. */
bool kernel_process_trackers_allow(const struct kernel_process_trackers *t,
				   const struct kernel_thread_info *info);

void kernel_process_trackers_fini(struct kernel_process_trackers *t);

#endif /* KCONSUMER_PROCESS_TRACKER_H */
