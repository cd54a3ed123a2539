/*
 * Notices at once that a consumer daemon the session daemon spawned has
 * exited, whatever the cause (SIGKILL, a crash, the OOM killer): one
 * thread per consumer waits for the process and calls back with its pid
 * as soon as it ends. The callback reaps it (no zombie is left until the
 * next consumer starts) and decides what the loss means.
 */
#ifndef SESSIOND_CONSUMER_WATCH_H
#define SESSIOND_CONSUMER_WATCH_H

#include <sys/types.h>

typedef void (*consumer_exit_cb)(pid_t pid);

/*
 * Starts watching pid (a child of this process). 0, or -errno (logged:
 * the exit is then noticed at the next call to the consumer).
 */
int consumer_watch_start(pid_t pid, consumer_exit_cb on_exit);

/*
 * Waits until every watcher has returned from its callback (their
 * consumers exited): at shutdown, once the consumers were stopped.
 */
void consumer_watch_drain(void);

#endif /* SESSIOND_CONSUMER_WATCH_H */
