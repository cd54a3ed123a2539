/*
 * The context fields a kernel channel records with every event (lttng
 * add-context -k): which ones the consumer can derive, their CTF types
 * in the stream event context (LTTng's names and types). The page
 * converter lays out their values for each record, from the record's
 * thread id, the CPU, the process table and the record's common flags
 * (interruptible = interrupts on, preemptible = no preemption-disabling
 * nesting nor interrupt context, need_reschedule = TIF_NEED_RESCHED, as
 * lttng-modules computes them at the tracepoint).
 */
#ifndef KCONSUMER_CONTEXT_FIELDS_H
#define KCONSUMER_CONTEXT_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "ctf/type.h"
#include "process-table.h"

enum kernel_context_kind {
	KERNEL_CONTEXT_PID,
	KERNEL_CONTEXT_TID,
	KERNEL_CONTEXT_VPID,
	KERNEL_CONTEXT_VTID,
	KERNEL_CONTEXT_PPID,
	KERNEL_CONTEXT_VPPID,
	KERNEL_CONTEXT_PROCNAME,
	KERNEL_CONTEXT_PRIO,
	KERNEL_CONTEXT_CPU_ID,
	KERNEL_CONTEXT_HOSTNAME,
	KERNEL_CONTEXT_NICE,
	/* From the record's common_flags / common_preempt_count. */
	KERNEL_CONTEXT_INTERRUPTIBLE,
	KERNEL_CONTEXT_PREEMPTIBLE,
	KERNEL_CONTEXT_NEED_RESCHEDULE,
	/* Namespace inodes (/proc/<tid>/ns/...), in kernel_ns order. */
	KERNEL_CONTEXT_CGROUP_NS,
	KERNEL_CONTEXT_IPC_NS,
	KERNEL_CONTEXT_MNT_NS,
	KERNEL_CONTEXT_NET_NS,
	KERNEL_CONTEXT_PID_NS,
	KERNEL_CONTEXT_TIME_NS,
	KERNEL_CONTEXT_USER_NS,
	KERNEL_CONTEXT_UTS_NS,
	/* Credentials (/proc/<tid>/status), root then own namespace. */
	KERNEL_CONTEXT_UID,
	KERNEL_CONTEXT_EUID,
	KERNEL_CONTEXT_SUID,
	KERNEL_CONTEXT_GID,
	KERNEL_CONTEXT_EGID,
	KERNEL_CONTEXT_SGID,
	KERNEL_CONTEXT_VUID,
	KERNEL_CONTEXT_VEUID,
	KERNEL_CONTEXT_VSUID,
	KERNEL_CONTEXT_VGID,
	KERNEL_CONTEXT_VEGID,
	KERNEL_CONTEXT_VSGID,
};

#define KERNEL_CONTEXT_MAX 40
#define KERNEL_HOSTNAME_LEN 64

struct kernel_context_set {
	size_t count;
	enum kernel_context_kind kinds[KERNEL_CONTEXT_MAX];
	char hostname[KERNEL_HOSTNAME_LEN + 1];
};

/* An empty set (and this host's name, for the hostname context). */
void kernel_context_set_init(struct kernel_context_set *set);

/*
 * Adds the context of LTTng's name `name` ("pid", "procname", ...).
 * -EINVAL for an unknown or repeated name, or one too many.
 */
int kernel_context_set_add(struct kernel_context_set *set, const char *name);

/*
 * Parses "pid+tid+procname" (or "" for none) into *set, as
 * kernel_context_set_add() each (the tests' and benchmarks' notation).
 */
int kernel_context_set_parse(const char *list, struct kernel_context_set *set);

/* The stream event context structure, or NULL when the set is empty. */
struct ctf_type *kernel_context_type(const struct kernel_context_set *set);

#endif /* KCONSUMER_CONTEXT_FIELDS_H */
