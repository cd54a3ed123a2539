/*
 * liblttng-ust-tracepoint: the read-copy-update that lets every thread of
 * the application run tracepoint probes without a lock while the tracer
 * changes them. Readers (the inline tracepoint code, through
 * lttng_ust_tp_rcu_read_lock/unlock) touch only a counter of their own
 * thread, in initial-exec TLS; writers (probe, filter and context
 * provider changes) wait in lttng_ust_tp_rcu_synchronize() until every
 * read-side section that may still see the old data has ended.
 *
 * Algorithm: a global grace-period counter with a phase bit, flipped
 * twice per grace period; a reader copies it when it enters its outermost
 * section and a writer waits for every reader still in the old phase.
 * The fences readers would need are taken by the writer for them with
 * membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED); without that system call,
 * readers fall back to full fences. Readers register themselves on their
 * first section (no registration call, as with liburcu-bp) and leave the
 * registry when their thread exits; a forked child keeps only itself.
 * Sections may begin in signal handlers, whatever the interrupted thread
 * was doing (its own registration, exit or grace period included).
 */
#ifndef UST_TRACEPOINT_RCU_H
#define UST_TRACEPOINT_RCU_H

#include "../common/ust-log.h"

/* Sets the writer's fences up (membarrier); idempotent. */
void lttng_ust_tp_rcu_init(void);

/* Enters / leaves a read-side section; sections nest. */
UST_API void lttng_ust_tp_rcu_read_lock(void);
UST_API void lttng_ust_tp_rcu_read_unlock(void);

/*
 * Waits until every read-side section begun before the call has ended.
 * Must not be called from inside a read-side section. Internal to this
 * library: liblttng-ust waits through LTTng's exported prune call
 * (tracepoint-lttng-abi.h).
 */
void lttng_ust_tp_rcu_synchronize(void);

#endif /* UST_TRACEPOINT_RCU_H */
