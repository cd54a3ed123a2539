/*
 * The kernel consumer's side of the consumer protocol
 * (consumer-protocol.h, CONSUMER_CMD_KERNEL_*): one request read from
 * the session daemon's socket, decoded (kernel-codec.h), run on the
 * trace through a table of handlers, and answered.
 */
#ifndef KCONSUMER_COMMANDS_H
#define KCONSUMER_COMMANDS_H

#include <stdbool.h>

struct kconsumer;

/*
 * Serves one request from fd. 0 when it was answered (*stop set by
 * CONSUMER_CMD_KERNEL_STOP, *status then the exit status), or a
 * negative errno when the socket is closed or unusable (the session
 * daemon is gone).
 */
int kconsumer_serve_request(struct kconsumer *kc, int fd, bool *stop,
			    int *status);

#endif /* KCONSUMER_COMMANDS_H */
