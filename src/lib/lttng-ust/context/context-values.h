/*
 * liblttng-ust: the values of the fixed user space contexts (vpid,
 * vtid, procname, pthread_id, cpu_id, the v*id credentials and the
 * namespace inodes) for the calling thread, cached where LTTng caches
 * them: the process ids and credentials per process, the thread id,
 * procname and namespaces per thread. Caches are dropped in the child
 * after fork() and by ust_ctx_values_reset() (setuid/setns/unshare
 * wrappers call it). The fast path reads a cache: no system call.
 */
#ifndef UST_CONTEXT_VALUES_H
#define UST_CONTEXT_VALUES_H

#include <stdint.h>
#include <sys/types.h>

#include "common/ust-log.h"
#include "ust-context/context-desc.h"

/* The value of integer context `type` (a fixed INTEGER type, not ip). */
int64_t ust_ctx_value_integer(uint32_t type);

/* The thread's name, NUL padded to UST_CTX_PROCNAME_LEN bytes. */
const char *ust_ctx_value_procname(void);

/* The current CPU (the rseq area when glibc registered one). */
int32_t ust_ctx_value_cpu_id(void);

/* Drops every cache (credentials or namespaces may have changed). */
UST_API void ust_ctx_values_reset(void);

#endif /* UST_CONTEXT_VALUES_H */
