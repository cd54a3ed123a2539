/*
 * Implementation of process-attr-tracker.h.
 */
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>

#include "process-attr-tracker.h"

enum { UST_VPID, UST_VUID, UST_VGID };

void ust_trackers_init(struct ust_trackers *t)
{
	memset(t, 0, sizeof(*t));
	for (int i = 0; i < UST_TRACKER_COUNT; i++)
		t->trackers[i].policy = LTTNG_TRACKING_POLICY_INCLUDE_ALL;
}

void ust_trackers_fini(struct ust_trackers *t)
{
	for (int i = 0; i < UST_TRACKER_COUNT; i++)
		free(t->trackers[i].values);
	memset(t, 0, sizeof(*t));
}

struct process_attr_tracker *ust_trackers_get(struct ust_trackers *t,
					      enum lttng_process_attr attr)
{
	switch (attr) {
	case LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID:
		return &t->trackers[UST_VPID];
	case LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID:
		return &t->trackers[UST_VUID];
	case LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID:
		return &t->trackers[UST_VGID];
	default:
		return NULL;
	}
}

int process_attr_tracker_set_policy(struct process_attr_tracker *tracker,
				    enum lttng_tracking_policy policy)
{
	if (tracker->policy == policy)
		return LTTNG_OK;
	free(tracker->values);
	tracker->values = NULL;
	tracker->count = 0;
	tracker->policy = policy;
	return LTTNG_OK;
}

/* Two values are the same entry: same type and same number or name. */
static bool same_value(const struct tracker_value *a,
		       const struct tracker_value *b)
{
	if (a->type != b->type)
		return false;
	if (a->type == LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME ||
	    a->type == LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME)
		return !strcmp(a->name, b->name);
	return a->id == b->id;
}

static struct tracker_value *find_value(struct process_attr_tracker *tracker,
					const struct tracker_value *value)
{
	for (size_t i = 0; i < tracker->count; i++)
		if (same_value(&tracker->values[i], value))
			return &tracker->values[i];
	return NULL;
}

static bool includes_id(const struct process_attr_tracker *tracker, int64_t id)
{
	for (size_t i = 0; i < tracker->count; i++)
		if (tracker->values[i].id == id)
			return true;
	return false;
}

/* The ID of a user or group name, as the daemon's system knows it. */
static int resolve_name(struct tracker_value *value)
{
	if (value->type == LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME) {
		struct passwd *pw = getpwnam(value->name);

		if (!pw)
			return LTTNG_ERR_USER_NOT_FOUND;
		value->id = pw->pw_uid;
	} else if (value->type == LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME) {
		struct group *gr = getgrnam(value->name);

		if (!gr)
			return LTTNG_ERR_GROUP_NOT_FOUND;
		value->id = gr->gr_gid;
	}
	return LTTNG_OK;
}

int process_attr_tracker_add(struct process_attr_tracker *tracker,
			     const struct tracker_value *value)
{
	struct tracker_value resolved = *value, *grown;
	int ret;

	ret = resolve_name(&resolved);
	if (ret != LTTNG_OK)
		return ret;
	/* Adding a value makes the tracker include a set (an empty one). */
	if (tracker->policy != LTTNG_TRACKING_POLICY_INCLUDE_SET)
		process_attr_tracker_set_policy(
			tracker, LTTNG_TRACKING_POLICY_INCLUDE_SET);
	if (ret != LTTNG_OK)
		return ret;
	if (find_value(tracker, value) || includes_id(tracker, resolved.id))
		return LTTNG_ERR_PROCESS_ATTR_EXISTS;
	grown = realloc(tracker->values,
			(tracker->count + 1) * sizeof(*tracker->values));
	if (!grown)
		return LTTNG_ERR_NOMEM;
	tracker->values = grown;
	tracker->values[tracker->count++] = resolved;
	return LTTNG_OK;
}

int process_attr_tracker_remove(struct process_attr_tracker *tracker,
				const struct tracker_value *value)
{
	struct tracker_value resolved = *value, *found;
	size_t index;
	int ret = resolve_name(&resolved);

	if (ret != LTTNG_OK)
		return ret;
	if (tracker->policy != LTTNG_TRACKING_POLICY_INCLUDE_SET)
		return LTTNG_ERR_PROCESS_ATTR_MISSING;
	found = find_value(tracker, value);
	if (!found)
		return LTTNG_ERR_PROCESS_ATTR_MISSING;
	index = (size_t)(found - tracker->values);
	memmove(found, found + 1,
		(tracker->count - index - 1) * sizeof(*found));
	tracker->count--;
	return LTTNG_OK;
}

static bool tracker_includes(const struct process_attr_tracker *tracker,
			     int64_t id)
{
	switch (tracker->policy) {
	case LTTNG_TRACKING_POLICY_INCLUDE_ALL:
		return true;
	case LTTNG_TRACKING_POLICY_EXCLUDE_ALL:
		return false;
	default:
		return includes_id(tracker, id);
	}
}

bool ust_trackers_allow(const struct ust_trackers *t, pid_t vpid, uid_t vuid,
			gid_t vgid)
{
	return tracker_includes(&t->trackers[UST_VPID], vpid) &&
	       tracker_includes(&t->trackers[UST_VUID], vuid) &&
	       tracker_includes(&t->trackers[UST_VGID], vgid);
}
