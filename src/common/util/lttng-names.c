/*
 * Implementation of lttng-names.h.
 */
#include <stddef.h>

#include <lttng/lttng.h>

#include "util/lttng-names.h"

static const char *const context_type_names[] = {
	[LTTNG_EVENT_CONTEXT_PID] = "PID",
	[LTTNG_EVENT_CONTEXT_PROCNAME] = "PROCNAME",
	[LTTNG_EVENT_CONTEXT_PRIO] = "PRIO",
	[LTTNG_EVENT_CONTEXT_NICE] = "NICE",
	[LTTNG_EVENT_CONTEXT_VPID] = "VPID",
	[LTTNG_EVENT_CONTEXT_TID] = "TID",
	[LTTNG_EVENT_CONTEXT_VTID] = "VTID",
	[LTTNG_EVENT_CONTEXT_PPID] = "PPID",
	[LTTNG_EVENT_CONTEXT_VPPID] = "VPPID",
	[LTTNG_EVENT_CONTEXT_PTHREAD_ID] = "PTHREAD_ID",
	[LTTNG_EVENT_CONTEXT_HOSTNAME] = "HOSTNAME",
	[LTTNG_EVENT_CONTEXT_IP] = "IP",
	[LTTNG_EVENT_CONTEXT_INTERRUPTIBLE] = "INTERRUPTIBLE",
	[LTTNG_EVENT_CONTEXT_PREEMPTIBLE] = "PREEMPTIBLE",
	[LTTNG_EVENT_CONTEXT_NEED_RESCHEDULE] = "NEED_RESCHEDULE",
	[LTTNG_EVENT_CONTEXT_MIGRATABLE] = "MIGRATABLE",
	[LTTNG_EVENT_CONTEXT_CALLSTACK_KERNEL] = "CALLSTACK_KERNEL",
	[LTTNG_EVENT_CONTEXT_CALLSTACK_USER] = "CALLSTACK_USER",
	[LTTNG_EVENT_CONTEXT_CGROUP_NS] = "CGROUP_NS",
	[LTTNG_EVENT_CONTEXT_IPC_NS] = "IPC_NS",
	[LTTNG_EVENT_CONTEXT_MNT_NS] = "MNT_NS",
	[LTTNG_EVENT_CONTEXT_NET_NS] = "NET_NS",
	[LTTNG_EVENT_CONTEXT_PID_NS] = "PID_NS",
	[LTTNG_EVENT_CONTEXT_USER_NS] = "USER_NS",
	[LTTNG_EVENT_CONTEXT_UTS_NS] = "UTS_NS",
	[LTTNG_EVENT_CONTEXT_UID] = "UID",
	[LTTNG_EVENT_CONTEXT_EUID] = "EUID",
	[LTTNG_EVENT_CONTEXT_SUID] = "SUID",
	[LTTNG_EVENT_CONTEXT_GID] = "GID",
	[LTTNG_EVENT_CONTEXT_EGID] = "EGID",
	[LTTNG_EVENT_CONTEXT_SGID] = "SGID",
	[LTTNG_EVENT_CONTEXT_VUID] = "VUID",
	[LTTNG_EVENT_CONTEXT_VEUID] = "VEUID",
	[LTTNG_EVENT_CONTEXT_VSUID] = "VSUID",
	[LTTNG_EVENT_CONTEXT_VGID] = "VGID",
	[LTTNG_EVENT_CONTEXT_VEGID] = "VEGID",
	[LTTNG_EVENT_CONTEXT_VSGID] = "VSGID",
	[LTTNG_EVENT_CONTEXT_TIME_NS] = "TIME_NS",
};

const char *const lttng_names_domain_types[] = {
	[LTTNG_DOMAIN_NONE] = "NONE",
	[LTTNG_DOMAIN_KERNEL] = "KERNEL",
	[LTTNG_DOMAIN_UST] = "UST",
	[LTTNG_DOMAIN_JUL] = "JUL",
	[LTTNG_DOMAIN_LOG4J] = "LOG4J",
	[LTTNG_DOMAIN_PYTHON] = "PYTHON",
	NULL,
};

const char *lttng_names_domain_type(int32_t type)
{
	if (type < LTTNG_DOMAIN_KERNEL || type > LTTNG_DOMAIN_PYTHON)
		type = LTTNG_DOMAIN_NONE;
	return lttng_names_domain_types[type];
}

const char *const lttng_names_buffer_types[] = {
	[LTTNG_BUFFER_PER_PID] = "PER_PID",
	[LTTNG_BUFFER_PER_UID] = "PER_UID",
	[LTTNG_BUFFER_GLOBAL] = "GLOBAL",
	NULL,
};

const char *lttng_names_buffer_type(int32_t type)
{
	if (type < LTTNG_BUFFER_PER_PID || type > LTTNG_BUFFER_GLOBAL)
		type = LTTNG_BUFFER_GLOBAL;
	return lttng_names_buffer_types[type];
}

const char *lttng_names_event_type(int32_t type)
{
	switch (type) {
	case LTTNG_EVENT_ALL:
		return "ALL";
	case LTTNG_EVENT_TRACEPOINT:
		return "TRACEPOINT";
	case LTTNG_EVENT_PROBE:
		return "PROBE";
	case LTTNG_EVENT_FUNCTION:
		return "FUNCTION";
	case LTTNG_EVENT_FUNCTION_ENTRY:
		return "FUNCTION_ENTRY";
	case LTTNG_EVENT_NOOP:
		return "NOOP";
	case LTTNG_EVENT_SYSCALL:
		return "SYSCALL";
	case LTTNG_EVENT_USERSPACE_PROBE:
		return "USERSPACE_PROBE";
	default:
		return NULL;
	}
}

const char *lttng_names_context_type(int32_t type)
{
	if (type < 0 || (size_t)type >= sizeof(context_type_names) /
						sizeof(context_type_names[0]))
		return NULL;
	return context_type_names[type];
}

const char *const lttng_names_loglevel_types[] = {
	[LTTNG_EVENT_LOGLEVEL_ALL] = "ALL",
	[LTTNG_EVENT_LOGLEVEL_RANGE] = "RANGE",
	[LTTNG_EVENT_LOGLEVEL_SINGLE] = "SINGLE",
	NULL,
};

const char *lttng_names_loglevel_type(int32_t type)
{
	if (type != LTTNG_EVENT_LOGLEVEL_RANGE &&
	    type != LTTNG_EVENT_LOGLEVEL_SINGLE)
		type = LTTNG_EVENT_LOGLEVEL_ALL;
	return lttng_names_loglevel_types[type];
}

const char *const lttng_names_process_attrs[] = {
	[LTTNG_PROCESS_ATTR_PROCESS_ID] = "pid",
	[LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID] = "vpid",
	[LTTNG_PROCESS_ATTR_USER_ID] = "uid",
	[LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID] = "vuid",
	[LTTNG_PROCESS_ATTR_GROUP_ID] = "gid",
	[LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID] = "vgid",
	NULL,
};

const char *const lttng_names_process_attr_trackers[] = {
	[LTTNG_PROCESS_ATTR_PROCESS_ID] = "pid_process_attr_tracker",
	[LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID] = "vpid_process_attr_tracker",
	[LTTNG_PROCESS_ATTR_USER_ID] = "uid_process_attr_tracker",
	[LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID] = "vuid_process_attr_tracker",
	[LTTNG_PROCESS_ATTR_GROUP_ID] = "gid_process_attr_tracker",
	[LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID] = "vgid_process_attr_tracker",
	NULL,
};

static int32_t known_process_attr(int32_t attr)
{
	return attr >= LTTNG_PROCESS_ATTR_PROCESS_ID &&
			       attr < LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID
		       ? attr
		       : LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID;
}

const char *lttng_names_process_attr(int32_t attr)
{
	return lttng_names_process_attrs[known_process_attr(attr)];
}

const char *lttng_names_process_attr_tracker(int32_t attr)
{
	return lttng_names_process_attr_trackers[known_process_attr(attr)];
}
