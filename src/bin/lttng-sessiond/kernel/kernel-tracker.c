/*
 * Implementation of kernel-tracker.h.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng.h>

#include "kernel-tracker.h"
#include "util/log.h"

void kernel_tracker_init(struct kernel_tracker *t)
{
	t->all = true;
	t->count = 0;
	t->pids = NULL;
}

void kernel_tracker_fini(struct kernel_tracker *t)
{
	free(t->pids);
	kernel_tracker_init(t);
}

static ssize_t find(const struct kernel_tracker *t, pid_t pid)
{
	size_t i;

	for (i = 0; i < t->count; i++) {
		if (t->pids[i] == pid)
			return (ssize_t)i;
	}
	return -1;
}

static int add(struct kernel_tracker *t, pid_t pid)
{
	pid_t *pids = realloc(t->pids, (t->count + 1) * sizeof(*pids));

	if (!pids)
		return LTTNG_ERR_NOMEM;
	pids[t->count++] = pid;
	t->pids = pids;
	return LTTNG_OK;
}

int kernel_tracker_change(struct kernel_tracker *t, pid_t pid, bool track)
{
	ssize_t at;

	if (pid == -1) {
		t->all = track;
		t->count = 0;
		return LTTNG_OK;
	}
	at = t->all ? -1 : find(t, pid);
	if (track) {
		if (at >= 0)
			return LTTNG_ERR_PROCESS_ATTR_EXISTS;
		if (t->all) {
			t->all = false;
			t->count = 0;
		}
		return add(t, pid);
	}
	if (at < 0)
		return LTTNG_ERR_PROCESS_ATTR_MISSING;
	t->pids[at] = t->pids[--t->count];
	return LTTNG_OK;
}

bool kernel_tracker_excludes_all(const struct kernel_tracker *t)
{
	return !t->all && !t->count;
}

/* Appends pid and its current threads ("/proc/PID/task/TID") to text. */
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

	if (t->all || !t->count) {
		/* Truncating the file clears the list: every process. */
		if (tracefs_instance_write(instance, "set_event_pid", " ", err,
					   sizeof(err)))
			goto fail;
		return LTTNG_OK;
	}
	for (i = 0; i < t->count; i++)
		append_threads(text, sizeof(text), t->pids[i]);
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
