/*
 * liblttng-ust: lttng_ust_init_thread() (<lttng/ust-thread.h>), which a
 * thread calls before it may hit a tracepoint where it must not block
 * or allocate (a signal handler, a real-time loop): it registers the
 * thread as a reader of the tracepoint read-copy-update and fills the
 * thread's context caches (tid, procname, namespaces), the work its
 * first event would otherwise do.
 */
#include <lttng/ust-thread.h>

#include "common/ust-log.h"
#include "context/context-values.h"
#include "tracepoint/tracepoint-rcu.h"

UST_API void lttng_ust_init_thread(void)
{
	lttng_ust_tp_rcu_read_lock();
	lttng_ust_tp_rcu_read_unlock();
	(void)ust_ctx_value_procname();
}
