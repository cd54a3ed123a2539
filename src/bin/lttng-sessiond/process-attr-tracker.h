/*
 * Process attribute trackers of a session's user space domain (virtual
 * process, user and group IDs): each is a tracking policy (include all,
 * exclude all, or include a set) and an inclusion set of values, numbers
 * or user/group names resolved when added. An app records events for a
 * session only when all three trackers include it (ust-app-sync.c asks
 * process_attr_trackers_allow). Used with the session lock held.
 */
#ifndef SESSIOND_PROCESS_ATTR_TRACKER_H
#define SESSIOND_PROCESS_ATTR_TRACKER_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include <lttng/lttng.h>

#define TRACKER_NAME_MAX 256

/* One value of an inclusion set. */
struct tracker_value {
	enum lttng_process_attr_value_type type;
	int64_t id;		     /* pid, uid or gid (names: resolved) */
	char name[TRACKER_NAME_MAX]; /* user or group name, else "" */
};

struct process_attr_tracker {
	enum lttng_tracking_policy policy;
	struct tracker_value *values; /* insertion order */
	size_t count;
};

/* The user space domain's trackers, indexed by ust_tracker_index(). */
#define UST_TRACKER_COUNT 3

struct ust_trackers {
	struct process_attr_tracker trackers[UST_TRACKER_COUNT];
	bool used; /* a tracker command changed one: the domain exists */
};

void ust_trackers_init(struct ust_trackers *t);
void ust_trackers_fini(struct ust_trackers *t);

/*
 * The tracker of attr in the user space domain, or NULL for the
 * attributes only the kernel domain tracks (PROCESS_ID, USER_ID,
 * GROUP_ID).
 */
struct process_attr_tracker *ust_trackers_get(struct ust_trackers *t,
					      enum lttng_process_attr attr);

/* Setting a policy empties the inclusion set. LTTNG_OK. */
int process_attr_tracker_set_policy(struct process_attr_tracker *tracker,
				    enum lttng_tracking_policy policy);

/*
 * Add/remove a value. Names are resolved (user names for UID types,
 * group names for GID types); a value whose ID is already in the set
 * exists; adding to a tracker that includes all or none makes it include
 * a set first (emptied). Returns LTTNG_OK, LTTNG_ERR_PROCESS_ATTR_EXISTS,
 * LTTNG_ERR_PROCESS_ATTR_MISSING (also when not including a set),
 * LTTNG_ERR_USER_NOT_FOUND, LTTNG_ERR_GROUP_NOT_FOUND or
 * LTTNG_ERR_NOMEM.
 */
int process_attr_tracker_add(struct process_attr_tracker *tracker,
			     const struct tracker_value *value);
int process_attr_tracker_remove(struct process_attr_tracker *tracker,
				const struct tracker_value *value);

/* Whether the app with these IDs records events for the session. */
bool ust_trackers_allow(const struct ust_trackers *t, pid_t vpid, uid_t vuid,
			gid_t vgid);

#endif /* SESSIOND_PROCESS_ATTR_TRACKER_H */
