/*
 * The consumption thread: waits on the wakeup fds of every stream (the
 * producers signal each completed packet) with a read timer, and writes
 * complete packets to the trace files; runs the channels' switch timers.
 */
#ifndef CONSUMERD_CONSUME_THREAD_H
#define CONSUMERD_CONSUME_THREAD_H

int consume_thread_start(void);
/* Asks the thread to stop and joins it. */
void consume_thread_stop(void);
/* Tells the thread that channels were added or removed. */
void consume_thread_wake(void);

#endif /* CONSUMERD_CONSUME_THREAD_H */
