/*
 * Implementation of fd-tracker.h: a bitmap of the tracer's fds, grown to
 * cover the highest fd it tracks (so every fd number the kernel can hand
 * out is covered, whatever the fd limit was or becomes), and one mutex,
 * taken once per thread however deeply lttng_ust_lock_fd_tracker() nests.
 * Every access to the bitmap holds the mutex, so growing it in place is
 * safe.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fd-tracker.h"

/* The first sizing covers the fd limit, up to this many fds (128 KiB). */
#define INITIAL_FDS_MAX (1U << 20)

static pthread_mutex_t fd_mutex = PTHREAD_MUTEX_INITIALIZER;
static uint64_t *tracked; /* bit fd % 64 of word fd / 64 */
static size_t tracked_words;
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

/* Words covering the current soft fd limit (capped), or 0 if unknown. */
static size_t limit_words(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == 0)
		return 0;
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > INITIAL_FDS_MAX)
		return INITIAL_FDS_MAX / 64;
	return ((size_t)rl.rlim_cur + 63) / 64;
}

/* Grow the bitmap to cover fd: 0, or -ENOMEM (the bitmap unchanged). */
static int cover(int fd)
{
	size_t need = (size_t)fd / 64 + 1, words;
	uint64_t *grown;

	if (need <= tracked_words)
		return 0;
	words = tracked_words ? tracked_words * 2 : limit_words();
	if (words < need)
		words = need;
	grown = realloc(tracked, words * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	memset(grown + tracked_words, 0,
	       (words - tracked_words) * sizeof(*grown));
	tracked = grown;
	tracked_words = words;
	return 0;
}

static int is_tracked(int fd)
{
	return fd >= 0 && (size_t)fd / 64 < tracked_words &&
	       (tracked[fd / 64] >> (fd % 64)) & 1;
}

/*
 * A copy of a standard fd (0, 1 or 2) above them, with the same
 * close-on-exec flag, or -errno.
 */
static int copy_above_std(int fd)
{
	int flags, copy;

	flags = fcntl(fd, F_GETFD);
	if (flags < 0)
		return -errno;
	copy = fcntl(fd, flags & FD_CLOEXEC ? F_DUPFD_CLOEXEC : F_DUPFD,
		     STDERR_FILENO + 1);
	return copy < 0 ? -errno : copy;
}

int lttng_ust_add_fd_to_tracker(int fd)
{
	int use = fd, ret;

	if (fd < 0)
		return -EBADF;
	/*
	 * A standard fd is where the application's later open() or dup2()
	 * of its standard streams lands: the tracer uses a copy above.
	 */
	if (fd <= STDERR_FILENO) {
		use = copy_above_std(fd);
		if (use < 0)
			return use;
	}
	ret = cover(use);
	if (ret) {
		if (use != fd)
			close(use);
		return ret;
	}
	if (use != fd)
		close(fd);
	tracked[use / 64] |= UINT64_C(1) << (use % 64);
	return use;
}

void lttng_ust_delete_fd_from_tracker(int fd)
{
	if (is_tracked(fd))
		tracked[fd / 64] &= ~(UINT64_C(1) << (fd % 64));
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
	int ret;

	if (fd_nesting)
		return fclose_cb(stream);
	lttng_ust_lock_fd_tracker();
	if (is_tracked(fileno(stream))) {
		errno = EBADF;
		ret = -1;
	} else {
		ret = fclose_cb(stream);
	}
	lttng_ust_unlock_fd_tracker();
	return ret;
}

/*
 * The first tracked fd in [from, last], or -1: a word at a time, so a
 * scan costs the bitmap's size, not the span's.
 */
static long next_tracked(unsigned int from, unsigned int last)
{
	size_t word = from / 64;
	uint64_t bits;
	unsigned long fd;

	if (word >= tracked_words)
		return -1;
	bits = tracked[word] & (~UINT64_C(0) << (from % 64));
	for (;;) {
		if (bits) {
			fd = word * 64 + (unsigned long)__builtin_ctzll(bits);
			return fd <= last ? (long)fd : -1;
		}
		if (++word >= tracked_words || word * 64 > last)
			return -1;
		bits = tracked[word];
	}
}

/* Close [first, last] at once, or one by one without close_range(). */
static void close_span(unsigned int first, unsigned int last,
		       int (*close_cb)(int fd))
{
	long fd, max;

	if (syscall(SYS_close_range, first, last, 0) == 0)
		return;
	max = sysconf(_SC_OPEN_MAX);
	if (max < 0 || max > INT_MAX)
		max = INT_MAX;
	for (fd = first; fd <= (long)last && fd < max; fd++)
		close_cb((int)fd);
}

int lttng_ust_safe_closefrom_fd(int lowfd, int (*close_cb)(int fd))
{
	unsigned int from;
	long fd;

	if (lowfd < 0) {
		errno = EBADF;
		return -1;
	}
	lttng_ust_lock_fd_tracker();
	from = (unsigned int)lowfd;
	while ((fd = next_tracked(from, ~0U)) >= 0) {
		if (from < (unsigned long)fd)
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
	unsigned int from = first;
	int ret = 0;
	long fd;

	if (fd_nesting)
		return close_range_cb(first, last, flags);
	if (first > last) {
		errno = EINVAL;
		return -1;
	}
	lttng_ust_lock_fd_tracker();
	while (ret == 0 && (fd = next_tracked(from, last)) >= 0) {
		if (from < (unsigned long)fd)
			ret = close_range_cb(from, (unsigned int)fd - 1, flags);
		from = (unsigned int)fd + 1;
	}
	if (ret == 0 && from <= last)
		ret = close_range_cb(from, last, flags);
	lttng_ust_unlock_fd_tracker();
	return ret;
}
