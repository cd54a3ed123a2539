/*
 * <lttng/tracepoint-rcu.h>: the read-side of the read-copy-update that
 * protects tracepoint probes, for code that reads data the tracer
 * publishes the same way (as LTTng-UST documents it):
 *
 *   lttng_ust_tp_rcu_read_lock()     enters a read-side section
 *   lttng_ust_tp_rcu_read_unlock()   leaves it (sections nest)
 *   lttng_ust_tp_rcu_dereference(p)  reads the pointer p inside one
 *   LTTNG_UST_TP_RCU_LINK_TEST()     true once liblttng-ust-tracepoint
 *                                    is loaded (the two calls above
 *                                    must not be made before)
 *
 * and their LTTng-UST 2.12 names (tp_rcu_read_lock, ..., TP_RCU_LINK_TEST)
 * unless LTTNG_UST_COMPAT_API_VERSION is 1 or more. The calls go through
 * this module's handle on liblttng-ust-tracepoint (<lttng/tracepoint.h>).
 */
#ifndef LTTNG_UST_TRACEPOINT_RCU_H
#define LTTNG_UST_TRACEPOINT_RCU_H

#include <lttng/tracepoint.h>
#include <lttng/ust-api-compat.h>

#define lttng_ust_tp_rcu_read_lock (*lttng_ust__tracepoint_lib.rcu_read_lock)
#define lttng_ust_tp_rcu_read_unlock                                           \
	(*lttng_ust__tracepoint_lib.rcu_read_unlock)
/* A dependent load: what p points to is read after p (consume order). */
#define lttng_ust_tp_rcu_dereference(p) __atomic_load_n(&(p), __ATOMIC_CONSUME)
#define LTTNG_UST_TP_RCU_LINK_TEST()                                           \
	(lttng_ust__tracepoint_lib.rcu_read_lock != NULL)

#if LTTNG_UST_COMPAT_API(0)
#define tp_rcu_read_lock lttng_ust_tp_rcu_read_lock
#define tp_rcu_read_unlock lttng_ust_tp_rcu_read_unlock
#define tp_rcu_dereference lttng_ust_tp_rcu_dereference
#define TP_RCU_LINK_TEST LTTNG_UST_TP_RCU_LINK_TEST
#endif

#endif /* LTTNG_UST_TRACEPOINT_RCU_H */
