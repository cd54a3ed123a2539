/*
 * <lttng/ust-thread.h>: lttng_ust_init_thread() prepares the calling
 * thread for tracing (its read-side registration and per-thread
 * caches), so that its first tracepoint hit neither allocates nor takes
 * a lock: call it at the start of a thread whose first event may come
 * from a signal handler.
 */
#ifndef LTTNG_UST_THREAD_H
#define LTTNG_UST_THREAD_H

#include <signal.h>

#ifdef __cplusplus
extern "C" {
#endif

void lttng_ust_init_thread(void);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_THREAD_H */
