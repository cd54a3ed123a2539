/*
 * The process attribute trackers the kernel consumer applies (lttng
 * track -k --pid/--vpid/--uid/--vuid/--gid/--vgid), as LTTng-modules
 * checks them on the thread that emits an event: process ID = its
 * thread group id in the root pid namespace (every thread of a tracked
 * process, none of its children), virtual process ID, real user and
 * group IDs and their virtual forms. tracefs cannot check these:
 * set_event_pid is per thread and, with event-fork, also follows
 * children; the session daemon uses it only to keep other processes'
 * records out of the buffers, and the exact check is here. Each
 * record's thread is looked up in the process table; a record is kept
 * when every restricted attribute of its thread is in that tracker's
 * set. The thread group of a thread gone before the consumer first saw
 * it comes from tracefs's saved_tgids; its other ids, when no
 * credentials source knows them, are unknown, and such a thread is not
 * kept by a restricting tracker of those ids.
 *
 * Set from the session daemon's CONSUMER_CMD_KERNEL_TRACKER_SET
 * (consumer-protocol.h); the attributes are in enum lttng_process_attr's
 * order.
 */
#ifndef KCONSUMER_PROCESS_TRACKER_H
#define KCONSUMER_PROCESS_TRACKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "process-table.h"

enum kernel_tracked_attr {
	KERNEL_TRACKED_PID,
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

/*
 * Sets one tracker: every value (restricted false, no ids), or exactly
 * the count ids (none: no thread is kept). 0, -EINVAL (an unknown
 * attribute, a negative id, ids with every value) or -ENOMEM.
 */
int kernel_process_trackers_set(struct kernel_process_trackers *t,
				enum kernel_tracked_attr attr, bool restricted,
				const int64_t *ids, size_t count);

/* Whether any tracker restricts the processes. */
bool kernel_process_trackers_active(const struct kernel_process_trackers *t);

/* Whether a record of thread info passes every tracker. */
bool kernel_process_trackers_allow(const struct kernel_process_trackers *t,
				   const struct kernel_thread_info *info);

void kernel_process_trackers_fini(struct kernel_process_trackers *t);

#endif /* KCONSUMER_PROCESS_TRACKER_H */
