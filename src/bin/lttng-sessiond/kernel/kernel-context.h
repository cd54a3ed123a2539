/*
 * Context fields of kernel channels (lttng add-context -k): which of
 * lttng-add-context(1)'s kernel context types the tracefs-based domain
 * can record (those the consumer derives from a record's thread id, the
 * CPU and /proc), and their names as the consumer gets them.
 */
#ifndef SESSIOND_KERNEL_CONTEXT_H
#define SESSIOND_KERNEL_CONTEXT_H

#include <stddef.h>

#include "../context.h"

/*
 * LTTNG_OK when the kernel domain can record spec, else
 * LTTNG_ERR_KERN_CONTEXT_UNAVAILABLE (e.g. perf counters, call stacks,
 * namespaces: they need LTTng's kernel modules).
 */
int kernel_context_check(const struct lsc_context *spec);

/*
 * The name of a context type the kernel domain records, as the kernel
 * consumer gets it (LTTng's: "pid", "procname", ...), else NULL.
 */
const char *kernel_context_name(int type);

#endif /* SESSIOND_KERNEL_CONTEXT_H */
