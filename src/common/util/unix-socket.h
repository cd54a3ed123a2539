/*
 * Unix stream sockets for the daemons and their clients: listen with a
 * restrictive mode, connect, identify the peer (SO_PEERCRED) and move
 * exact byte counts with bounded waits. Used by sessiond and liblttng-ctl.
 */
#ifndef UTIL_UNIX_SOCKET_H
#define UTIL_UNIX_SOCKET_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

/*
 * Bind and listen on path (a stale socket file is replaced), then chmod
 * it to mode. Returns the fd or a negative errno.
 */
int usock_listen(const char *path, mode_t mode);

/* Connect to path; returns the fd or a negative errno. */
int usock_connect(const char *path);

/* The connected peer's pid, uid and gid. 0 or a negative errno. */
int usock_peer_cred(int fd, struct ucred *cred);

/* Bound every blocking send and receive on fd to timeout_ms. */
int usock_set_timeout(int fd, int timeout_ms);

/*
 * Send or receive exactly len bytes. Return 0, -ECONNRESET when the
 * peer closed the connection first, -EAGAIN on timeout, else -errno.
 * Sending never raises SIGPIPE.
 */
int usock_send_all(int fd, const void *data, size_t len);
/*
 * The error a failed socket transfer reports, from its errno: a timeout
 * (EWOULDBLOCK) is -EAGAIN, a peer gone (EPIPE) -ECONNRESET, anything
 * else -errno. Shared by every framed protocol over these sockets.
 */
int usock_transfer_error(int err);
int usock_recv_all(int fd, void *data, size_t len);

/*
 * Receive exactly len bytes into a malloc'd buffer (*out NULL when len
 * is 0 or on failure). Returns like usock_recv_all(), or -ENOMEM.
 */
int usock_recv_alloc(int fd, size_t len, uint8_t **out);

#endif /* UTIL_UNIX_SOCKET_H */
