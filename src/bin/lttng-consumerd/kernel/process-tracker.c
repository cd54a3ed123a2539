/*
 * Implementation of process-tracker.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "process-tracker.h"

static const char *const attr_names[KERNEL_TRACKED_COUNT] = {
	[KERNEL_TRACKED_PID] = "pid", [KERNEL_TRACKED_VPID] = "vpid",
	[KERNEL_TRACKED_UID] = "uid", [KERNEL_TRACKED_VUID] = "vuid",
	[KERNEL_TRACKED_GID] = "gid", [KERNEL_TRACKED_VGID] = "vgid",
};

static void set_clear(struct kernel_id_set *set)
{
	free(set->ids);
	memset(set, 0, sizeof(*set));
}

/* Parses "ID[,ID]..." into set (cleared first). 0, -EINVAL, -ENOMEM. */
static int parse_ids(struct kernel_id_set *set, const char *list)
{
	const char *p = list;
	size_t max = 1;
	char *end;

	for (; *p; p++)
		max += *p == ',';
	set_clear(set);
	if (!*list || p[-1] == ',')
		return -EINVAL;
	set->ids = calloc(max, sizeof(*set->ids));
	if (!set->ids)
		return -ENOMEM;
	set->restricted = true;
	for (p = list; *p;) {
		long long id = strtoll(p, &end, 10);

		if (end == p || id < 0 || (*end && *end != ',')) {
			set_clear(set);
			return -EINVAL;
		}
		set->ids[set->count++] = id;
		p = *end ? end + 1 : end;
	}
	return 0;
}

int kernel_process_trackers_set(struct kernel_process_trackers *t,
				const char *spec)
{
	const char *equal = strchr(spec, '=');
	size_t i, len;

	if (!equal)
		return -EINVAL;
	len = (size_t)(equal - spec);
	for (i = 0; i < KERNEL_TRACKED_COUNT; i++) {
		if (strlen(attr_names[i]) == len &&
		    !strncmp(spec, attr_names[i], len))
			break;
	}
	if (i == KERNEL_TRACKED_COUNT)
		return -EINVAL;
	if (!strcmp(equal + 1, "all")) {
		set_clear(&t->sets[i]);
		return 0;
	}
	if (!strcmp(equal + 1, "none")) {
		set_clear(&t->sets[i]);
		t->sets[i].restricted = true;
		return 0;
	}
	return parse_ids(&t->sets[i], equal + 1);
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
