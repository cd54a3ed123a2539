/*
 * The process attribute trackers of a session's kernel domain (lttng
 * track -k --pid/--vpid/--uid/--vuid/--gid/--vgid): per attribute, a
 * tracking policy (every process, none, or an inclusion set) and the set
 * (values as given, user and group names resolved to ids on addition;
 * duplicates are found by id, as LTTng does).
 *
 * LTTng records the events of a tracked process ID's threads (its
 * thread group: threads created later and the image it execs included),
 * not those of its children. The process ID tracker is applied to each
 * channel's instance through set_event_pid, which tracefs checks per
 * thread: a tracked process's current threads are listed, and the
 * event-fork option adds the threads it creates, but also its children;
 * so the kernel consumer also checks each record's thread group against
 * the set, as it checks the other attributes, which tracefs knows
 * nothing of (kernel_tracker_consumer_desc(), doc/kernel-domain.md).
 * An empty set records nothing: the instances stay off.
 */
#ifndef SESSIOND_KERNEL_TRACKER_H
#define SESSIOND_KERNEL_TRACKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <lttng/tracker.h>

#include "consumer-comm/consumer-protocol.h"
#include "tracefs/instance.h"

#define KERNEL_TRACKER_COUNT 6 /* enum lttng_process_attr */

struct kernel_tracker_value {
	enum lttng_process_attr_value_type type;
	int64_t id; /* the pid, uid or gid (names resolved) */
	char *name; /* user or group name as given, else NULL */
};

struct kernel_tracker {
	enum lttng_tracking_policy policy;
	size_t count;
	struct kernel_tracker_value *values;
};

void kernel_tracker_init(struct kernel_tracker *t);
void kernel_tracker_fini(struct kernel_tracker *t);

/*
 * Sets the policy; INCLUDE_ALL and EXCLUDE_ALL empty the set. LTTNG_OK.
 */
int kernel_tracker_set_policy(struct kernel_tracker *t,
			      enum lttng_tracking_policy policy);

/*
 * Adds (add) or removes a value of attribute attr: type and id, or a
 * user/group name (resolved here). Adding to a tracker that tracks
 * every process or none makes it an inclusion set first. LTTNG_OK,
 * LTTNG_ERR_PROCESS_ATTR_EXISTS, LTTNG_ERR_PROCESS_ATTR_MISSING,
 * LTTNG_ERR_USER_NOT_FOUND, LTTNG_ERR_GROUP_NOT_FOUND,
 * LTTNG_ERR_INVALID (a value type the attribute does not take),
 * LTTNG_ERR_NOMEM.
 */
int kernel_tracker_change(struct kernel_tracker *t,
			  enum lttng_process_attr attr, bool add,
			  enum lttng_process_attr_value_type type, int64_t id,
			  const char *name);

/* Whether the tracker lets no process record. */
bool kernel_tracker_excludes_all(const struct kernel_tracker *t);

/* Writes set_event_pid (and event-fork) of an instance. LTTNG_OK or error. */
int kernel_tracker_apply(const struct kernel_tracker *t,
			 const struct tracefs_instance *instance);

/*
 * The consumer's form of the tracker of attr (consumer-protocol.h):
 * every value, or the set of ids (none: no process). d->ids is malloc'd
 * (consumer_kernel_tracker_desc_fini()). LTTNG_OK, LTTNG_ERR_INVALID or
 * LTTNG_ERR_NOMEM.
 */
int kernel_tracker_consumer_desc(const struct kernel_tracker *t,
				 enum lttng_process_attr attr,
				 struct consumer_kernel_tracker_desc *d);

#endif /* SESSIOND_KERNEL_TRACKER_H */
