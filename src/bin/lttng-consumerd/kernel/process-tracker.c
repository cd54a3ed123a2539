/*
 * Implementation of process-tracker.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "process-tracker.h"

static void set_clear(struct kernel_id_set *set)
{
	free(set->ids);
	memset(set, 0, sizeof(*set));
}

int kernel_process_trackers_set(struct kernel_process_trackers *t,
				enum kernel_tracked_attr attr, bool restricted,
				const int64_t *ids, size_t count)
{
	struct kernel_id_set *set;
	size_t i;

	if ((unsigned int)attr >= KERNEL_TRACKED_COUNT ||
	    (!restricted && count))
		return -EINVAL;
	for (i = 0; i < count; i++) {
		if (ids[i] < 0)
			return -EINVAL;
	}
	set = &t->sets[attr];
	set_clear(set);
	set->restricted = restricted;
	if (!count)
		return 0;
	set->ids = malloc(count * sizeof(*set->ids));
	if (!set->ids) {
		set->restricted = false;
		return -ENOMEM;
	}
	memcpy(set->ids, ids, count * sizeof(*set->ids));
	set->count = count;
	return 0;
}

bool kernel_process_trackers_active(const struct kernel_process_trackers *t)
{
	size_t i;

	for (i = 0; i < KERNEL_TRACKED_COUNT; i++) {
		if (t->sets[i].restricted)
			return true;
	}
	return false;
}

static bool set_has(const struct kernel_id_set *set, int64_t id)
{
	size_t i;

	if (!set->restricted)
		return true;
	for (i = 0; i < set->count; i++) {
		if (set->ids[i] == id)
			return true;
	}
	return false;
}

bool kernel_process_trackers_allow(const struct kernel_process_trackers *t,
				   const struct kernel_thread_info *info)
{
	size_t i;

	if (!kernel_process_trackers_active(t))
		return true;
	/* The thread group is known even for a thread gone already. */
	if (!set_has(&t->sets[KERNEL_TRACKED_PID], info->pid))
		return false;
	for (i = KERNEL_TRACKED_PID + 1;
	     !info->ids_known && i < KERNEL_TRACKED_COUNT; i++) {
		if (t->sets[i].restricted)
			return false;
	}
	return set_has(&t->sets[KERNEL_TRACKED_VPID], info->vpid) &&
	       set_has(&t->sets[KERNEL_TRACKED_UID], info->uid) &&
	       set_has(&t->sets[KERNEL_TRACKED_VUID], info->vuid) &&
	       set_has(&t->sets[KERNEL_TRACKED_GID], info->gid) &&
	       set_has(&t->sets[KERNEL_TRACKED_VGID], info->vgid);
}

void kernel_process_trackers_fini(struct kernel_process_trackers *t)
{
	size_t i;

	for (i = 0; i < KERNEL_TRACKED_COUNT; i++)
		set_clear(&t->sets[i]);
}
