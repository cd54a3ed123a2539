/*
 * liblttng-ust: the state dump (lttng-ust(3)): when a session starts,
 * its listener thread records lttng_ust_statedump:start, procname, one
 * bin_info (with build_id and debug_link when the file has them) per
 * loaded object, and end, into that session only.
 * LTTNG_UST_WITHOUT_PROCNAME_STATEDUMP and
 * LTTNG_UST_WITHOUT_BADDR_STATEDUMP leave their parts out.
 */
#ifndef UST_STATEDUMP_H
#define UST_STATEDUMP_H

/*
 * The session the calling thread is dumping its state to, NULL when
 * none. While it is set, the ring buffer backend records only into
 * channels of that session (rb-backend.c), so a state dump reaches the
 * session that started and no other.
 */
extern __thread const void *ust_statedump_session
	__attribute__((tls_model("initial-exec")));

/*
 * Registers the state dump provider and this library's tracepoint
 * sites ahead of their constructors (from the tracer's constructor,
 * before the listeners start).
 */
void ust_statedump_init(void);

/* Records a state dump into `session` (a struct ust_app_session). */
void ust_statedump_run(const void *session);

#endif /* UST_STATEDUMP_H */
