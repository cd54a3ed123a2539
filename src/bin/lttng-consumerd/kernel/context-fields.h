/*
 * The context fields a kernel channel records with every event (lttng
 * add-context -k): which ones the consumer can derive, their CTF types
 * in the stream event context (LTTng's names and types). The page
 * converter lays out their values for each record, from the record's
 * thread id, the CPU and the process table.
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
};

#define KERNEL_CONTEXT_MAX 16
#define KERNEL_HOSTNAME_LEN 64

struct kernel_context_set {
	size_t count;
	enum kernel_context_kind kinds[KERNEL_CONTEXT_MAX];
	char hostname[KERNEL_HOSTNAME_LEN + 1];
};

/*
 * Parses "pid+tid+procname" (or "" for none) into *set. -EINVAL for an
 * unknown or repeated name, or too many.
 */
int kernel_context_set_parse(const char *list, struct kernel_context_set *set);

/* The stream event context structure, or NULL when the set is empty. */
struct ctf_type *kernel_context_type(const struct kernel_context_set *set);

#endif /* KCONSUMER_CONTEXT_FIELDS_H */
