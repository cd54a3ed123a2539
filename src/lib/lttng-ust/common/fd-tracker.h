/*
 * liblttng-ust-common: the file descriptors the tracer owns (session daemon
 * sockets, ring buffer fds), so that an application closing every fd
 * through liblttng-ust-fd.so (close, fclose, closefrom, close_range)
 * cannot close
 * them: such a close fails with EBADF, as with LTTng-UST 2.13.
 *
 * One lock orders fd creation/closing by the tracer against the
 * application's closes: the tracer holds it from creating an fd until
 * the fd is tracked, and from untracking until it is closed. It nests
 * per thread (and the tracer's own close() calls, which go through the
 * wrapper too, pass straight through while it is held).
 *
 * Every other library reaches the tracker through LTTng-UST 2.13's
 * exported names below; lttng_ust_safe_close_range_fd() is the one
 * later LTTng-UST releases added (liblttng-ust-fd's close_range()).
 */
#ifndef UST_FD_TRACKER_H
#define UST_FD_TRACKER_H

#include <stdio.h>
#include <unistd.h>

#include "ust-log.h"

/*
 * LTTng-UST 2.13's fd tracker API (liblttng-ust-ctl and the consumer
 * call it too): lock, unlock, track and untrack; track and untrack with
 * the lock held. Any fd number can be tracked.
 *
 * lttng_ust_add_fd_to_tracker() returns the fd the caller must use from
 * then on: a standard fd (0, 1 or 2, given when the application had
 * closed its standard streams) is moved above them and closed, so that
 * the application's later open() or dup2() of its standard streams
 * never lands on the tracer's fd. On failure it returns -errno and the
 * given fd is still open, untracked: the caller closes it.
 */
UST_API void lttng_ust_lock_fd_tracker(void);
UST_API void lttng_ust_unlock_fd_tracker(void);
UST_API int lttng_ust_add_fd_to_tracker(int fd);
UST_API void lttng_ust_delete_fd_from_tracker(int fd);

/* Untracks and closes one of the tracer's fds (takes the lock). */
static inline void ust_fd_close(int fd)
{
	if (fd < 0)
		return;
	lttng_ust_lock_fd_tracker();
	lttng_ust_delete_fd_from_tracker(fd);
	close(fd);
	lttng_ust_unlock_fd_tracker();
}

/*
 * The LTTng-UST 2.13 entry points of liblttng-ust-fd: close through the
 * callback unless the fd (the stream's fd) is the tracer's (-1, EBADF).
 * closefrom closes every fd >= lowfd but the tracer's.
 */
UST_API int lttng_ust_safe_close_fd(int fd, int (*close_cb)(int fd));
UST_API int lttng_ust_safe_fclose_stream(FILE *stream,
					 int (*fclose_cb)(FILE *stream));
UST_API int lttng_ust_safe_closefrom_fd(int lowfd, int (*close_cb)(int fd));

/*
 * close_range(2) over [first, last] but the tracer's fds: the range is
 * split around them (flags apply to every piece). 0, or -1 with errno
 * (EINVAL for first > last, or the first failing piece's).
 */
UST_API int lttng_ust_safe_close_range_fd(
	unsigned int first, unsigned int last, int flags,
	int (*close_range_cb)(unsigned int first, unsigned int last,
			      int flags));

#endif /* UST_FD_TRACKER_H */
