/*
 * The session daemon's side of a session's kernel consumer daemon
 * (lttng-consumerd --kconsumerd, protocol in
 * src/bin/lttng-consumerd/kernel/kconsumer-protocol.h): started on the
 * session's first start with its channels, asked to flush on stop and
 * to quit on destroy.
 */
#ifndef SESSIOND_KERNEL_CONSUMER_H
#define SESSIOND_KERNEL_CONSUMER_H

struct kernel_session;

/*
 * Starts the consumer writing into output_dir/kernel. LTTNG_OK, or
 * LTTNG_ERR_KERN_CONSUMER_FAIL (logged) when it cannot run.
 */
int kernel_consumer_start(struct kernel_session *ks, const char *output_dir,
			  const char *trace_name);

/* Asks the consumer to drain and write everything; LTTNG_OK or error. */
int kernel_consumer_flush(struct kernel_session *ks);

/* Asks the consumer to finish, then reaps it (no-op when none). */
void kernel_consumer_quit(struct kernel_session *ks);

#endif /* SESSIOND_KERNEL_CONSUMER_H */
