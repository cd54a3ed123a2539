/*
 * What the session daemon does when its user space consumer daemon dies
 * while it still holds sessions' buffers (SIGKILL, a crash, the OOM
 * killer): reap it at once, log what happened, and put each session
 * that had buffers in it in error (session.consumer_lost), with its
 * trace's metadata written out by the session daemon so that what
 * reached the disk stays readable. Sessions created afterwards get a
 * new consumer daemon (consumer_ensure_started()).
 */
#ifndef SESSIOND_CONSUMER_LOSS_H
#define SESSIOND_CONSUMER_LOSS_H

#include <stddef.h>
#include <sys/types.h>

/* The consumer_exit_cb of every user space consumer daemon. */
void consumer_loss_handle(pid_t pid);

/*
 * How a consumer ended, for the log: "was killed by signal 9 (Killed)",
 * "exited with status 1", or "exited" (status -1: unknown).
 */
void consumer_loss_describe_exit(int status, char *buf, size_t len);

#endif /* SESSIOND_CONSUMER_LOSS_H */
