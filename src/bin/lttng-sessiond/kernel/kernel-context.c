/*
 * Implementation of kernel-context.h.
 */
#include <stdio.h>
#include <string.h>

#include "kernel-context.h"

struct kernel_context_name {
	int type;
	const char *name;
};

static const struct kernel_context_name supported[] = {
	{LTTNG_EVENT_CONTEXT_PID, "pid"},
	{LTTNG_EVENT_CONTEXT_TID, "tid"},
	{LTTNG_EVENT_CONTEXT_VPID, "vpid"},
	{LTTNG_EVENT_CONTEXT_VTID, "vtid"},
	{LTTNG_EVENT_CONTEXT_PPID, "ppid"},
	{LTTNG_EVENT_CONTEXT_VPPID, "vppid"},
	{LTTNG_EVENT_CONTEXT_PROCNAME, "procname"},
	{LTTNG_EVENT_CONTEXT_PRIO, "prio"},
	{LTTNG_EVENT_CONTEXT_HOSTNAME, "hostname"},
	{LTTNG_EVENT_CONTEXT_NICE, "nice"},
	{LTTNG_EVENT_CONTEXT_INTERRUPTIBLE, "interruptible"},
	{LTTNG_EVENT_CONTEXT_PREEMPTIBLE, "preemptible"},
	{LTTNG_EVENT_CONTEXT_NEED_RESCHEDULE, "need_reschedule"},
	{LTTNG_EVENT_CONTEXT_CGROUP_NS, "cgroup_ns"},
	{LTTNG_EVENT_CONTEXT_IPC_NS, "ipc_ns"},
	{LTTNG_EVENT_CONTEXT_MNT_NS, "mnt_ns"},
	{LTTNG_EVENT_CONTEXT_NET_NS, "net_ns"},
	{LTTNG_EVENT_CONTEXT_PID_NS, "pid_ns"},
	{LTTNG_EVENT_CONTEXT_TIME_NS, "time_ns"},
	{LTTNG_EVENT_CONTEXT_USER_NS, "user_ns"},
	{LTTNG_EVENT_CONTEXT_UTS_NS, "uts_ns"},
	{LTTNG_EVENT_CONTEXT_UID, "uid"},
	{LTTNG_EVENT_CONTEXT_EUID, "euid"},
	{LTTNG_EVENT_CONTEXT_SUID, "suid"},
	{LTTNG_EVENT_CONTEXT_GID, "gid"},
	{LTTNG_EVENT_CONTEXT_EGID, "egid"},
	{LTTNG_EVENT_CONTEXT_SGID, "sgid"},
	{LTTNG_EVENT_CONTEXT_VUID, "vuid"},
	{LTTNG_EVENT_CONTEXT_VEUID, "veuid"},
	{LTTNG_EVENT_CONTEXT_VSUID, "vsuid"},
	{LTTNG_EVENT_CONTEXT_VGID, "vgid"},
	{LTTNG_EVENT_CONTEXT_VEGID, "vegid"},
	{LTTNG_EVENT_CONTEXT_VSGID, "vsgid"},
};

const char *kernel_context_name(int type)
{
	size_t i;

	for (i = 0; i < sizeof(supported) / sizeof(*supported); i++) {
		if (supported[i].type == type)
			return supported[i].name;
	}
	return NULL;
}

int kernel_context_check(const struct lsc_context *spec)
{
	return kernel_context_name(spec->type)
		       ? LTTNG_OK
		       : LTTNG_ERR_KERN_CONTEXT_UNAVAILABLE;
}
