/*
 * Implementation of fd-tracker.h: a bitmap of the tracer's fds and one
 * mutex, taken once per thread however deeply lttng_ust_lock_fd_tracker()
 * nests.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fd-tracker.h"

static pthread_mutex_t fd_mutex = PTHREAD_MUTEX_INITIALIZER;
static uint64_t tracked[UST_FD_TRACKED_MAX / 64];
static __thread int fd_nesting __attribute__((tls_model("initial-exec")));

void lttng_ust_lock_fd_tracker(void)
{
	if (fd_nesting++ == 0)
		pthread_mutex_lock(&fd_mutex);
}

void lttng_ust_unlock_fd_tracker(void)
{
	if (--fd_nesting == 0)
		pthread_mutex_unlock(&fd_mutex);
}

static int in_range(int fd)
{
	return fd >= 0 && fd < UST_FD_TRACKED_MAX;
}

int lttng_ust_add_fd_to_tracker(int fd)
{
	if (in_range(fd))
		tracked[fd / 64] |= UINT64_C(1) << (fd % 64);
	return fd;
}

void lttng_ust_delete_fd_from_tracker(int fd)
{
	if (in_range(fd))
		tracked[fd / 64] &= ~(UINT64_C(1) << (fd % 64));
}

static int is_tracked(int fd)
{
	return in_range(fd) && (tracked[fd / 64] >> (fd % 64)) & 1;
}

int lttng_ust_safe_close_fd(int fd, int (*close_cb)(int fd))
{
	int ret;

	if (fd_nesting) /* the tracer itself, lock held */
		return close_cb(fd);
	lttng_ust_lock_fd_tracker();
	if (is_tracked(fd)) {
		errno = EBADF;
		ret = -1;
	} else {
		ret = close_cb(fd);
	}
	lttng_ust_unlock_fd_tracker();
	return ret;
}

int lttng_ust_safe_fclose_stream(FILE *stream, int (*fclose_cb)(FILE *stream))
{
	int ret, fd;

	if (fd_nesting)
		return fclose_cb(stream);
	lttng_ust_lock_fd_tracker();
	fd = fileno(stream);
	if (fd >= 0 && is_tracked(fd)) {
		errno = EBADF;
		ret = -1;
	} else {
		ret = fclose_cb(stream);
	}
	lttng_ust_unlock_fd_tracker();
	return ret;
}

/* Close [first, last] at once, or one by one without close_range(). */
static void close_span(unsigned int first, unsigned int last,
		       int (*close_cb)(int fd))
{
	long fd, max;

	if (first > last)
		return;
	if (syscall(SYS_close_range, first, last, 0) == 0)
		return;
	max = sysconf(_SC_OPEN_MAX);
	if (max < 0 || max > INT32_MAX)
		max = UST_FD_TRACKED_MAX;
	for (fd = first; fd <= (long)last && fd < max; fd++)
		close_cb((int)fd);
}

int lttng_ust_safe_closefrom_fd(int lowfd, int (*close_cb)(int fd))
{
	unsigned int from;
	int fd;

	if (lowfd < 0) {
		errno = EBADF;
		return -1;
	}
	lttng_ust_lock_fd_tracker();
	from = (unsigned int)lowfd;
	for (fd = lowfd; fd < UST_FD_TRACKED_MAX; fd++) {
		if (!is_tracked(fd))
			continue;
		if (from < (unsigned int)fd)
			close_span(from, (unsigned int)fd - 1, close_cb);
		from = (unsigned int)fd + 1;
	}
	close_span(from, ~0U, close_cb);
	lttng_ust_unlock_fd_tracker();
	return 0;
}

int lttng_ust_safe_close_range_fd(
	unsigned int first, unsigned int last, int flags,
	int (*close_range_cb)(unsigned int first, unsigned int last, int flags))
{
	unsigned int from = first, fd, end;
	int ret = 0;

	if (fd_nesting)
		return close_range_cb(first, last, flags);
	if (first > last) {
		errno = EINVAL;
		return -1;
	}
	lttng_ust_lock_fd_tracker();
	end = last < UST_FD_TRACKED_MAX - 1 ? last : UST_FD_TRACKED_MAX - 1;
	for (fd = first; fd <= end && ret == 0; fd++) {
		if (!is_tracked((int)fd))
			continue;
		if (from < fd)
			ret = close_range_cb(from, fd - 1, flags);
		from = fd + 1;
	}
	if (ret == 0 && from <= last)
		ret = close_range_cb(from, last, flags);
	lttng_ust_unlock_fd_tracker();
	return ret;
}
