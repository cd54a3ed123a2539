/*
 * What the session daemon does when a session's kernel consumer daemon
 * dies mid-session (SIGKILL, a crash, the OOM killer), noticed at once
 * by its watcher (consumer-watch.h): reap it, log the cause, stop the
 * session's recording, cut its kernel trace back to what a reader can
 * open (trace-salvage.h: stream files to their last indexed packet,
 * metadata to its last whole packet; the consumer wrote each packet's
 * declarations before the packet) and put the session in error
 * (session.consumer_lost = LTTNG_ERR_NO_KERNCONSUMERD): every later
 * command on it fails, destroy with LTTng's "Trace chunk close failed".
 * Whatever the kernel's buffers held then is lost.
 */
#ifndef SESSIOND_KERNEL_CONSUMER_LOSS_H
#define SESSIOND_KERNEL_CONSUMER_LOSS_H

#include <sys/types.h>

/* The consumer_exit_cb of every kernel consumer daemon. */
void kernel_consumer_loss_handle(pid_t pid);

struct kernel_session;

/*
 * The same for a consumer the session daemon already reaped and forgot
 * (kernel_consumer_forget()): one that died or stopped answering while
 * a command waited for it (logged then). Called with the session lock
 * held; no-op when the session is already in error.
 */
void kernel_consumer_loss_report(struct kernel_session *ks);

#endif /* SESSIOND_KERNEL_CONSUMER_LOSS_H */
