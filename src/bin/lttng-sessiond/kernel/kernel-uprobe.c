/*
 * Implementation of kernel-uprobe.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lttng/lttng.h>

#include "elf-probe.h"
#include "kernel-domain.h"
#include "kernel-uprobe.h"
#include "util/log.h"

#define UPROBE_EVENTS "uprobe_events"

static unsigned int uprobe_counter;

/* The tracefs root as an "instance" to write its top-level files. */
static struct tracefs_instance root_files(void)
{
	return (struct tracefs_instance){.name = "",
					 .path = (char *)kernel_tracefs_root()};
}

static bool is_event_name(const char *name)
{
	size_t i;

	if (!name[0] || (name[0] >= '0' && name[0] <= '9'))
		return false;
	for (i = 0; name[i]; i++) {
		char c = name[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '_'))
			return false;
	}
	return true;
}

/*
 * Splits "elf:PATH:SYMBOL" / "sdt:PATH:PROVIDER:NAME" (PATH may hold
 * ':' only before the last fields) and resolves the file offset.
 */
static int resolve(const char *location, char *path, size_t path_len,
		   uint64_t *offset)
{
	char copy[4096], err[512], *last, *provider;
	bool semaphore = false;
	int ret;

	if (snprintf(copy, sizeof(copy), "%s", location) >= (int)sizeof(copy))
		return LTTNG_ERR_PROBE_LOCATION_INVAL;
	last = strrchr(copy, ':');
	if (!last || last == copy)
		return LTTNG_ERR_PROBE_LOCATION_INVAL;
	*last++ = '\0';
	if (!strncmp(copy, "elf:", 4)) {
		snprintf(path, path_len, "%s", copy + 4);
		ret = elf_function_offset(path, last, offset, err, sizeof(err));
	} else if (!strncmp(copy, "sdt:", 4)) {
		provider = strrchr(copy + 4, ':');
		if (!provider)
			return LTTNG_ERR_PROBE_LOCATION_INVAL;
		*provider++ = '\0';
		snprintf(path, path_len, "%s", copy + 4);
		ret = elf_sdt_offset(path, provider, last, offset, &semaphore,
				     err, sizeof(err));
		if (!ret && semaphore)
			return LTTNG_ERR_SDT_PROBE_SEMAPHORE;
	} else {
		return LTTNG_ERR_PROBE_LOCATION_INVAL;
	}
	if (ret) {
		ERR("User space probe %s: %s", location, err);
		return LTTNG_ERR_PROBE_LOCATION_INVAL;
	}
	return LTTNG_OK;
}

static int define_uprobe(struct kernel_uprobe *u, const char *path,
			 uint64_t offset)
{
	struct tracefs_instance root = root_files();
	char line[4600], err[512];

	snprintf(line, sizeof(line), "p:%s/%s %s:0x%llx", u->group, u->event,
		 path, (unsigned long long)offset);
	if (tracefs_instance_append(&root, UPROBE_EVENTS, line, err,
				    sizeof(err))) {
		ERR("User space probe %s: %s", u->location, err);
		return LTTNG_ERR_KERN_ENABLE_FAIL;
	}
	return LTTNG_OK;
}

int kernel_uprobe_get(struct kernel_uprobe **list, const char *name,
		      const char *location, struct kernel_uprobe **out)
{
	struct kernel_uprobe *u;
	char path[4096];
	uint64_t offset;
	int ret;

	for (u = *list; u; u = u->next) {
		if (!strcmp(u->event, name) && !strcmp(u->location, location)) {
			*out = u;
			return LTTNG_OK;
		}
	}
	if (!is_event_name(name) || strlen(name) >= sizeof(u->event))
		return LTTNG_ERR_INVALID_EVENT_NAME;
	ret = resolve(location, path, sizeof(path), &offset);
	if (ret != LTTNG_OK)
		return ret;
	u = calloc(1, sizeof(*u));
	if (!u || !(u->location = strdup(location))) {
		free(u);
		return LTTNG_ERR_NOMEM;
	}
	snprintf(u->group, sizeof(u->group), "%s%d_%u",
		 KERNEL_UPROBE_GROUP_PREFIX, (int)getpid(), uprobe_counter++);
	snprintf(u->event, sizeof(u->event), "%s", name);
	ret = define_uprobe(u, path, offset);
	if (ret != LTTNG_OK) {
		free(u->location);
		free(u);
		return ret;
	}
	u->next = *list;
	*list = u;
	*out = u;
	return LTTNG_OK;
}

static void remove_definition(const char *group, const char *event)
{
	struct tracefs_instance root = root_files();
	char line[512], err[512];

	snprintf(line, sizeof(line), "-:%s/%s", group, event);
	if (tracefs_instance_append(&root, UPROBE_EVENTS, line, err,
				    sizeof(err)))
		WARN("%s", err);
}

void kernel_uprobe_remove_all(struct kernel_uprobe *list)
{
	struct kernel_uprobe *next;

	for (; list; list = next) {
		next = list->next;
		remove_definition(list->group, list->event);
		free(list->location);
		free(list);
	}
}

/* The daemon pid in "lttngu<pid>_<n>", or 0. */
static pid_t group_owner(const char *group)
{
	size_t prefix = strlen(KERNEL_UPROBE_GROUP_PREFIX);
	char *end;
	long pid;

	if (strncmp(group, KERNEL_UPROBE_GROUP_PREFIX, prefix))
		return 0;
	pid = strtol(group + prefix, &end, 10);
	return *end == '_' && pid > 0 ? (pid_t)pid : 0;
}

void kernel_uprobe_remove_stale(void)
{
	struct tracefs_instance root = root_files();
	char *text, *line, *save = NULL, err[512];

	if (tracefs_instance_read(&root, UPROBE_EVENTS, &text, err,
				  sizeof(err)))
		return;
	/* Lines: "p:GROUP/EVENT PATH:OFFSET". */
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char group[256], event[256];
		pid_t pid;

		if (sscanf(line, "%*c:%255[^/]/%255s", group, event) != 2)
			continue;
		pid = group_owner(group);
		if (pid && !tracefs_process_is_running(pid))
			remove_definition(group, event);
	}
	free(text);
}
