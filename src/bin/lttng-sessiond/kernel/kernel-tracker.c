/*
 * Implementation of kernel-tracker.h.
 */
#include <dirent.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng.h>

#include "kernel-tracker.h"
#include "util/log.h"

void kernel_tracker_init(struct kernel_tracker *t)
{
	t->policy = LTTNG_TRACKING_POLICY_INCLUDE_ALL;
	t->count = 0;
	t->values = NULL;
}

static void clear_values(struct kernel_tracker *t)
{
	size_t i;

	for (i = 0; i < t->count; i++)
		free(t->values[i].name);
	free(t->values);
	t->values = NULL;
	t->count = 0;
}

void kernel_tracker_fini(struct kernel_tracker *t)
{
	clear_values(t);
	kernel_tracker_init(t);
}

int kernel_tracker_set_policy(struct kernel_tracker *t,
			      enum lttng_tracking_policy policy)
{
	if (policy != LTTNG_TRACKING_POLICY_INCLUDE_SET)
		clear_values(t);
	t->policy = policy;
	return LTTNG_OK;
}

static ssize_t find(const struct kernel_tracker *t, int64_t id)
{
	size_t i;

	for (i = 0; i < t->count; i++) {
		if (t->values[i].id == id)
			return (ssize_t)i;
	}
	return -1;
}

/* The value types each process attribute takes. */
static bool type_fits(enum lttng_process_attr attr,
		      enum lttng_process_attr_value_type type)
{
	switch (attr) {
	case LTTNG_PROCESS_ATTR_PROCESS_ID:
	case LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID:
		return type == LTTNG_PROCESS_ATTR_VALUE_TYPE_PID;
	case LTTNG_PROCESS_ATTR_USER_ID:
	case LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID:
		return type == LTTNG_PROCESS_ATTR_VALUE_TYPE_UID ||
		       type == LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME;
	case LTTNG_PROCESS_ATTR_GROUP_ID:
	case LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID:
		return type == LTTNG_PROCESS_ATTR_VALUE_TYPE_GID ||
		       type == LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME;
	}
	return false;
}

/* The id of a user or group name; LTTNG_OK or *_NOT_FOUND. */
static int resolve_name(enum lttng_process_attr_value_type type,
			const char *name, int64_t *id)
{
	char buf[4096];
	int ret;

	if (type == LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME) {
		struct passwd pw, *found = NULL;

		ret = getpwnam_r(name, &pw, buf, sizeof(buf), &found);
		if (ret || !found)
			return LTTNG_ERR_USER_NOT_FOUND;
		*id = found->pw_uid;
	} else {
		struct group gr, *found = NULL;

		ret = getgrnam_r(name, &gr, buf, sizeof(buf), &found);
		if (ret || !found)
			return LTTNG_ERR_GROUP_NOT_FOUND;
		*id = found->gr_gid;
	}
	return LTTNG_OK;
}

static int add_value(struct kernel_tracker *t,
		     enum lttng_process_attr_value_type type, int64_t id,
		     const char *name)
{
	struct kernel_tracker_value *values;
	char *copy = name ? strdup(name) : NULL;

	if (name && !copy)
		return LTTNG_ERR_NOMEM;
	values = realloc(t->values, (t->count + 1) * sizeof(*values));
	if (!values) {
		free(copy);
		return LTTNG_ERR_NOMEM;
	}
	values[t->count].type = type;
	values[t->count].id = id;
	values[t->count].name = copy;
	t->count++;
	t->values = values;
	return LTTNG_OK;
}

int kernel_tracker_change(struct kernel_tracker *t,
			  enum lttng_process_attr attr, bool add,
			  enum lttng_process_attr_value_type type, int64_t id,
			  const char *name)
{
	bool named = type == LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME ||
		     type == LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME;
	ssize_t at;
	int ret;

	if (!type_fits(attr, type) || (named && (!name || !*name)) ||
	    (!named && (id < 0 || id > INT32_MAX)))
		return LTTNG_ERR_INVALID;
	if (named) {
		ret = resolve_name(type, name, &id);
		if (ret != LTTNG_OK)
			return ret;
	} else {
		name = NULL;
	}
	at = t->policy == LTTNG_TRACKING_POLICY_INCLUDE_SET ? find(t, id) : -1;
	if (!add) {
		if (at < 0)
			return LTTNG_ERR_PROCESS_ATTR_MISSING;
		free(t->values[at].name);
		memmove(&t->values[at], &t->values[at + 1],
			(t->count - (size_t)at - 1) * sizeof(*t->values));
		t->count--;
		return LTTNG_OK;
	}
	if (at >= 0)
		return LTTNG_ERR_PROCESS_ATTR_EXISTS;
	if (t->policy != LTTNG_TRACKING_POLICY_INCLUDE_SET)
		kernel_tracker_set_policy(t, LTTNG_TRACKING_POLICY_INCLUDE_SET);
	return add_value(t, type, id, name);
}

bool kernel_tracker_excludes_all(const struct kernel_tracker *t)
{
	return t->policy == LTTNG_TRACKING_POLICY_EXCLUDE_ALL ||
	       (t->policy == LTTNG_TRACKING_POLICY_INCLUDE_SET && !t->count);
}

int kernel_tracker_consumer_desc(const struct kernel_tracker *t,
				 enum lttng_process_attr attr,
				 struct consumer_kernel_tracker_desc *d)
{
	size_t i;

	memset(d, 0, sizeof(*d));
	if (attr >= KERNEL_TRACKER_COUNT)
		return LTTNG_ERR_INVALID;
	d->attr = (uint32_t)attr;
	d->restricted = t->policy != LTTNG_TRACKING_POLICY_INCLUDE_ALL;
	if (t->policy != LTTNG_TRACKING_POLICY_INCLUDE_SET || !t->count)
		return LTTNG_OK;
	d->ids = calloc(t->count, sizeof(*d->ids));
	if (!d->ids)
		return LTTNG_ERR_NOMEM;
	for (i = 0; i < t->count; i++)
		d->ids[i] = t->values[i].id;
	d->nr_ids = (uint32_t)t->count;
	return LTTNG_OK;
}

/*
 * Appends pid and its current threads ("/proc/PID/task/TID") to text.
 * set_event_pid is per thread: with event-fork, tracefs adds the threads
 * and the children each listed thread creates later, so the buffers get
 * a superset of the process's records; the consumer keeps those of its
 * thread group only (its "pid=" tracker), as LTTng records them.
 */
static void append_threads(char *text, size_t len, pid_t pid)
{
	char dir_path[64];
	struct dirent *de;
	size_t used = strlen(text);
	DIR *dir;

	snprintf(dir_path, sizeof(dir_path), "/proc/%d/task", (int)pid);
	dir = opendir(dir_path);
	if (!dir) {
		snprintf(text + used, len - used, "%d ", (int)pid);
		return;
	}
	while ((de = readdir(dir)) && used < len) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		snprintf(text + used, len - used, "%s ", de->d_name);
		used = strlen(text);
	}
	closedir(dir);
}

int kernel_tracker_apply(const struct kernel_tracker *t,
			 const struct tracefs_instance *instance)
{
	char text[16384] = "", err[512];
	size_t i;

	if (t->policy != LTTNG_TRACKING_POLICY_INCLUDE_SET || !t->count) {
		/* Truncating the file clears the list: every process. */
		if (tracefs_instance_write(instance, "set_event_pid", " ", err,
					   sizeof(err)))
			goto fail;
		return LTTNG_OK;
	}
	for (i = 0; i < t->count; i++)
		append_threads(text, sizeof(text), (pid_t)t->values[i].id);
	if (tracefs_instance_write(instance, "options/event-fork", "1", err,
				   sizeof(err)) ||
	    tracefs_instance_write(instance, "set_event_pid", text, err,
				   sizeof(err)))
		goto fail;
	return LTTNG_OK;
fail:
	ERR("Process ID tracker: %s", err);
	return LTTNG_ERR_KERN_ENABLE_FAIL;
}
