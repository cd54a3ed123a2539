/*
 * The stop request: SIGTERM and SIGINT, blocked in every thread and
 * reported by a signalfd, so that the client loop ends between commands
 * and a wait on a peer (a consumer daemon's answer) is cut short when the
 * daemon is asked to stop in the middle of a command.
 *
 * Life: stop_request_init() once at startup, before any thread starts;
 * the client loop polls stop_request_fd(); stop_request_acknowledge()
 * when shutdown begins: from then on only a new signal cuts waits short
 * (a second SIGTERM stops a shutdown stuck on a peer).
 */
#ifndef SESSIOND_STOP_REQUEST_H
#define SESSIOND_STOP_REQUEST_H

#include <stdbool.h>

/* Blocks the stop signals; 0 or -1 (errno set). */
int stop_request_init(void);

/* The signalfd, readable while a stop signal is pending. */
int stop_request_fd(void);

/* Whether a stop signal is pending (never blocks). */
bool stop_request_pending(void);

/* Consumes the pending stop signals: shutdown has begun. */
void stop_request_acknowledge(void);

void stop_request_fini(void);

#endif /* SESSIOND_STOP_REQUEST_H */
