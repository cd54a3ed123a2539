/*
 * liblttng-ust: the values of the fixed user space contexts (vpid,
 * vtid, procname, pthread_id, cpu_id, the v*id credentials and the
 * namespace inodes) for the calling thread, cached where LTTng caches
 * them: the process ids and credentials per process, the thread id,
 * procname and namespaces per thread. Caches are dropped in the child
 * after fork() and by the lttng_ust_after_*() hooks below, which
 * liblttng-ust-fork.so's setns/unshare/set*id wrappers call. The fast
 * path reads a cache: no system call.
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
UST_API void lttng_ust_context_procname_reset(void);

/* The current CPU (the rseq area when glibc registered one). */
int32_t ust_ctx_value_cpu_id(void);

/* What ust_ctx_values_reset() drops. */
#define UST_CTX_RESET_IDS 0x1u /* vpid, vtid, procname */
#define UST_CTX_RESET_NS 0x2u  /* the namespace inodes */
#define UST_CTX_RESET_UID 0x4u /* vuid, veuid, vsuid */
#define UST_CTX_RESET_GID 0x8u /* vgid, vegid, vsgid */
#define UST_CTX_RESET_ALL 0xfu

/*
 * Drops the cached values of the groups in `what`, in every thread: the
 * next event of each thread reads them again.
 */
void ust_ctx_values_reset(unsigned int what);

/*
 * LTTng-UST 2.13's hooks, called by liblttng-ust-fork.so after the C
 * library's setns(), unshare() and set*id() returned: the namespace and
 * credential contexts of later events carry the new values.
 */
UST_API void lttng_ust_after_setns(void);
UST_API void lttng_ust_after_unshare(void);
UST_API void lttng_ust_after_setuid(void);
UST_API void lttng_ust_after_seteuid(void);
UST_API void lttng_ust_after_setreuid(void);
UST_API void lttng_ust_after_setresuid(void);
UST_API void lttng_ust_after_setgid(void);
UST_API void lttng_ust_after_setegid(void);
UST_API void lttng_ust_after_setregid(void);
UST_API void lttng_ust_after_setresgid(void);

#endif /* UST_CONTEXT_VALUES_H */
