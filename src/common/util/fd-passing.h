/*
 * File descriptors over Unix sockets (SCM_RIGHTS): a message of a few
 * bytes carrying up to FD_PASSING_MAX fds. The consumer daemon hands
 * ring buffer fds to the session daemon this way, which forwards them
 * to traced processes.
 */
#ifndef UTIL_FD_PASSING_H
#define UTIL_FD_PASSING_H

#include <stddef.h>

#define FD_PASSING_MAX 16

/*
 * Sends data[0..len) (len >= 1) with nr_fds fds attached to it. The fds
 * stay open in the caller. 0 or a negative errno.
 */
int fd_send(int sock, const void *data, size_t len, const int *fds,
	    size_t nr_fds);

/*
 * Receives exactly len bytes, and exactly nr_fds fds with the first
 * byte. On success the received fds (close-on-exec) are in fds. A
 * message with another number of fds is refused (-EBADMSG, any received
 * fd closed). -ECONNRESET when the peer closed first.
 */
int fd_recv(int sock, void *data, size_t len, int *fds, size_t nr_fds);

#endif /* UTIL_FD_PASSING_H */
