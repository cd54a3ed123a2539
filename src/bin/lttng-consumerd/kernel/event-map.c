/*
 * Implementation of event-map.h: the renaming rules of
 * doc/kernel-event-mapping.md.
 */
#include <stdio.h>
#include <string.h>

#include "event-map.h"

/* The kernel's MAX_RT_PRIO: LTTng records prio - MAX_RT_PRIO. */
#define KERNEL_MAX_RT_PRIO 100

struct field_rename {
	const char *tracefs;
	const char *lttng;
};

/* Scheduler fields holding thread ids, which LTTng calls tids. */
static const struct field_rename sched_renames[] = {
	{"pid", "tid"},
	{"prev_pid", "prev_tid"},
	{"next_pid", "next_tid"},
	{"old_pid", "old_tid"},
	{"parent_pid", "parent_tid"},
	{"child_pid", "child_tid"},
};

static const char *const sched_prio_fields[] = {
	"prio", "prev_prio", "next_prio", "oldprio", "newprio",
};

static bool has_prefix(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

void kernel_event_name(const char *system, const char *name, char *out,
		       size_t len)
{
	if (!strcmp(system, "syscalls") && has_prefix(name, "sys_enter_"))
		snprintf(out, len, "syscall_entry_%s",
			 name + strlen("sys_enter_"));
	else if (!strcmp(system, "syscalls") && has_prefix(name, "sys_exit_"))
		snprintf(out, len, "syscall_exit_%s",
			 name + strlen("sys_exit_"));
	else
		snprintf(out, len, "%s", name);
}

const char *kernel_field_name(const char *system, const char *event,
			      const char *field)
{
	size_t i;

	(void)event;
	if (has_prefix(field, "common_"))
		return NULL;
	/* uprobes (and kprobes): LTTng names the probed address "ip". */
	if (!strcmp(field, "__probe_ip"))
		return "ip";
	if (!strcmp(system, "syscalls"))
		return strcmp(field, "__syscall_nr") ? field : NULL;
	if (strcmp(system, "sched"))
		return field;
	for (i = 0; i < sizeof(sched_renames) / sizeof(*sched_renames); i++) {
		if (!strcmp(field, sched_renames[i].tracefs))
			return sched_renames[i].lttng;
	}
	return field;
}

int64_t kernel_field_bias(const char *system, const char *field)
{
	size_t i;

	if (strcmp(system, "sched"))
		return 0;
	for (i = 0; i < sizeof(sched_prio_fields) / sizeof(*sched_prio_fields);
	     i++) {
		if (!strcmp(field, sched_prio_fields[i]))
			return -KERNEL_MAX_RT_PRIO;
	}
	return 0;
}

struct syscall_arg_type {
	const char *ctype;
	unsigned int size;
	bool is_signed;
};

static const struct syscall_arg_type syscall_arg_types[] = {
	{"int", 4, true},
	{"unsigned int", 4, false},
	{"long", 8, true},
	{"unsigned long", 8, false},
	{"size_t", 8, false},
	{"ssize_t", 8, true},
	{"pid_t", 4, true},
	{"uid_t", 4, false},
	{"gid_t", 4, false},
	{"umode_t", 2, false},
	{"mode_t", 4, false},
	{"off_t", 8, true},
	{"loff_t", 8, true},
	{"key_t", 4, true},
	{"clockid_t", 4, true},
	{"qid_t", 4, false},
	{"u32", 4, false},
	{"u64", 8, false},
	{"s32", 4, true},
	{"__s32", 4, true},
	{"__u32", 4, false},
	{"__u64", 8, false},
	{"aio_context_t", 8, false},
	{"timer_t", 4, true},
	{"mqd_t", 4, true},
	{"rwf_t", 4, true},
};

bool kernel_syscall_arg_type(const char *ctype, unsigned int *size,
			     bool *is_signed)
{
	size_t i;

	for (i = 0; i < sizeof(syscall_arg_types) / sizeof(*syscall_arg_types);
	     i++) {
		if (!strcmp(ctype, syscall_arg_types[i].ctype)) {
			*size = syscall_arg_types[i].size;
			*is_signed = syscall_arg_types[i].is_signed;
			return true;
		}
	}
	return false;
}
