/*
 * Implementation of fd-passing.h.
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "util/fd-passing.h"
#include "util/unix-socket.h"

int fd_send(int sock, const void *data, size_t len, const int *fds,
	    size_t nr_fds)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * FD_PASSING_MAX)];
		struct cmsghdr align;
	} control;
	struct iovec iov = {.iov_base = (void *)data, .iov_len = 1};
	struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
	struct cmsghdr *cmsg;
	ssize_t sent;

	if (len < 1 || nr_fds > FD_PASSING_MAX)
		return -EINVAL;
	if (nr_fds) {
		memset(&control, 0, sizeof(control));
		msg.msg_control = control.buf;
		msg.msg_controllen = CMSG_SPACE(sizeof(int) * nr_fds);
		cmsg = CMSG_FIRSTHDR(&msg);
		cmsg->cmsg_level = SOL_SOCKET;
		cmsg->cmsg_type = SCM_RIGHTS;
		cmsg->cmsg_len = CMSG_LEN(sizeof(int) * nr_fds);
		memcpy(CMSG_DATA(cmsg), fds, sizeof(int) * nr_fds);
	}
	do {
		sent = sendmsg(sock, &msg, MSG_NOSIGNAL);
	} while (sent < 0 && errno == EINTR);
	if (sent < 0)
		return -errno;
	if (len > 1)
		return usock_send_all(sock, (const char *)data + 1, len - 1);
	return 0;
}

static void close_all(const int *fds, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		close(fds[i]);
}

/* Copies the fds of the control message; their count in *nr. */
static int collect_fds(struct msghdr *msg, int *fds, size_t max, size_t *nr)
{
	struct cmsghdr *cmsg;
	int ret = 0;

	*nr = 0;
	for (cmsg = CMSG_FIRSTHDR(msg); cmsg; cmsg = CMSG_NXTHDR(msg, cmsg)) {
		size_t count;
		int tmp[FD_PASSING_MAX + 1];

		if (cmsg->cmsg_level != SOL_SOCKET ||
		    cmsg->cmsg_type != SCM_RIGHTS)
			continue;
		count = (cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		if (count > FD_PASSING_MAX + 1)
			count = FD_PASSING_MAX + 1;
		memcpy(tmp, CMSG_DATA(cmsg), count * sizeof(int));
		for (size_t i = 0; i < count; i++) {
			if (*nr < max)
				fds[(*nr)++] = tmp[i];
			else {
				close(tmp[i]);
				ret = -EBADMSG;
			}
		}
	}
	if (msg->msg_flags & MSG_CTRUNC)
		ret = -EBADMSG;
	return ret;
}

int fd_recv(int sock, void *data, size_t len, int *fds, size_t nr_fds)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * (FD_PASSING_MAX + 1))];
		struct cmsghdr align;
	} control;
	struct iovec iov = {.iov_base = data, .iov_len = 1};
	struct msghdr msg = {.msg_iov = &iov,
			     .msg_iovlen = 1,
			     .msg_control = control.buf,
			     .msg_controllen = sizeof(control.buf)};
	size_t got_fds;
	ssize_t got;
	int ret;

	if (len < 1 || nr_fds > FD_PASSING_MAX)
		return -EINVAL;
	do {
		got = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
	} while (got < 0 && errno == EINTR);
	if (got < 0)
		return errno == EWOULDBLOCK ? -EAGAIN : -errno;
	if (got == 0)
		return -ECONNRESET;
	ret = collect_fds(&msg, fds, nr_fds, &got_fds);
	if (!ret && got_fds != nr_fds)
		ret = -EBADMSG;
	if (!ret && len > 1)
		ret = usock_recv_all(sock, (char *)data + 1, len - 1);
	if (ret)
		close_all(fds, got_fds);
	return ret;
}
