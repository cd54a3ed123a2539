/*
 * Implementation of unix-socket.h. Partial transfers and EINTR are
 * retried here so that callers only see complete messages or an error.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "util/unix-socket.h"

static int fill_address(struct sockaddr_un *addr, const char *path)
{
	memset(addr, 0, sizeof(*addr));
	addr->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(addr->sun_path))
		return -ENAMETOOLONG;
	strcpy(addr->sun_path, path);
	return 0;
}

/* A stream socket and the address of path: the fd or -errno. */
static int open_socket(const char *path, struct sockaddr_un *addr)
{
	int fd, ret = fill_address(addr, path);

	if (ret)
		return ret;
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	return fd < 0 ? -errno : fd;
}

int usock_listen(const char *path, mode_t mode)
{
	struct sockaddr_un addr;
	int ret, fd = open_socket(path, &addr);

	if (fd < 0)
		return fd;
	(void)unlink(path);
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) ||
	    chmod(path, mode) || listen(fd, 64)) {
		ret = -errno;
		close(fd);
		return ret;
	}
	return fd;
}

int usock_connect(const char *path)
{
	struct sockaddr_un addr;
	int ret, fd = open_socket(path, &addr);

	if (fd < 0)
		return fd;
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		ret = -errno;
		close(fd);
		return ret;
	}
	return fd;
}

int usock_peer_cred(int fd, struct ucred *cred)
{
	socklen_t len = sizeof(*cred);

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, cred, &len))
		return -errno;
	return len == sizeof(*cred) ? 0 : -EPROTO;
}

int usock_set_timeout(int fd, int timeout_ms)
{
	struct timeval tv = {
		.tv_sec = timeout_ms / 1000,
		.tv_usec = (timeout_ms % 1000) * 1000,
	};

	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) ||
	    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv)))
		return -errno;
	return 0;
}

int usock_transfer_error(int err)
{
	if (err == EWOULDBLOCK)
		return -EAGAIN;
	if (err == EPIPE)
		return -ECONNRESET;
	return -err;
}

int usock_send_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len > 0) {
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return usock_transfer_error(errno);
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int usock_recv_all(int fd, void *data, size_t len)
{
	char *p = data;

	while (len > 0) {
		ssize_t n = recv(fd, p, len, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return usock_transfer_error(errno);
		if (n == 0)
			return -ECONNRESET;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int usock_recv_alloc(int fd, size_t len, uint8_t **out)
{
	int ret;

	*out = NULL;
	if (len == 0)
		return 0;
	*out = malloc(len);
	if (!*out)
		return -ENOMEM;
	ret = usock_recv_all(fd, *out, len);
	if (ret) {
		free(*out);
		*out = NULL;
	}
	return ret;
}
