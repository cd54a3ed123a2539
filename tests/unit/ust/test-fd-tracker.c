/*
 * The tracer's fd tracker (src/lib/lttng-ust/common/fd-tracker.c): a
 * standard fd given to it is moved above 2 and the copy is the one
 * tracked; any fd number is tracked, however far past the fd limit or a
 * fixed bound; the liblttng-ust-fd entry points (close, fclose,
 * closefrom, close_range) refuse or skip exactly the tracked fds.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "fd-tracker.h"

/* What the callbacks were asked to close. */
static struct {
	unsigned int first[16], last[16];
	int n;
} closed;

static int record_close(int fd)
{
	closed.first[closed.n] = closed.last[closed.n] = (unsigned int)fd;
	closed.n++;
	return 0;
}

static int record_fclose(FILE *stream)
{
	return record_close(fileno(stream));
}

static int record_close_range(unsigned int first, unsigned int last, int flags)
{
	(void)flags;
	closed.first[closed.n] = first;
	closed.last[closed.n] = last;
	closed.n++;
	return 0;
}

static int track(int fd)
{
	int ret;

	lttng_ust_lock_fd_tracker();
	ret = lttng_ust_add_fd_to_tracker(fd);
	lttng_ust_unlock_fd_tracker();
	return ret;
}

static void untrack(int fd)
{
	lttng_ust_lock_fd_tracker();
	lttng_ust_delete_fd_from_tracker(fd);
	lttng_ust_unlock_fd_tracker();
}

static int refused_close(int fd)
{
	closed.n = 0;
	errno = 0;
	return lttng_ust_safe_close_fd(fd, record_close) == -1 &&
	       errno == EBADF && closed.n == 0;
}

/* Open /dev/null as fd 0 (the test's stdin), with or without CLOEXEC. */
static void null_on_stdin(int flags)
{
	close(0);
	assert_int_equal(open("/dev/null", O_RDONLY | flags), 0);
}

static void test_standard_fd_is_moved_above_2(void **state)
{
	static const int flags[] = {0, O_CLOEXEC};
	struct stat want, got;
	unsigned int i;
	int fd;

	(void)state;
	assert_int_equal(stat("/dev/null", &want), 0);
	for (i = 0; i < 2; i++) {
		null_on_stdin(flags[i]);
		fd = track(0);
		assert_true(fd > 2);
		/* 0 is free again for the application's own open() */
		assert_int_equal(fcntl(0, F_GETFD), -1);
		assert_int_equal(fstat(fd, &got), 0);
		assert_true(got.st_rdev == want.st_rdev);
		assert_int_equal(fcntl(fd, F_GETFD) & FD_CLOEXEC,
				 flags[i] ? FD_CLOEXEC : 0);
		assert_true(refused_close(fd));
		/* the standard fd was not tracked: the application's own */
		closed.n = 0;
		assert_int_equal(lttng_ust_safe_close_fd(0, record_close), 0);
		assert_int_equal(closed.n, 1);
		untrack(fd);
		close(fd);
	}
}

static void test_closed_standard_fd_is_an_error(void **state)
{
	(void)state;
	close(0);
	assert_int_equal(track(0), -EBADF);
	assert_int_equal(track(-1), -EBADF);
	null_on_stdin(0); /* the next tests' fds are above 2 */
}

static void test_fd_numbers_past_any_bound_are_tracked(void **state)
{
	static const int fds[] = {3, 63, 64, 65535, 65536, 70000, 1 << 22};
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(fds) / sizeof(fds[0]); i++)
		assert_int_equal(track(fds[i]), fds[i]);
	for (i = 0; i < sizeof(fds) / sizeof(fds[0]); i++)
		assert_true(refused_close(fds[i]));
	/* neighbours are not */
	closed.n = 0;
	assert_int_equal(lttng_ust_safe_close_fd(69999, record_close), 0);
	assert_int_equal(lttng_ust_safe_close_fd((1 << 22) + 1, record_close),
			 0);
	assert_int_equal(closed.n, 2);
	for (i = 0; i < sizeof(fds) / sizeof(fds[0]); i++) {
		untrack(fds[i]);
		closed.n = 0;
		assert_int_equal(lttng_ust_safe_close_fd(fds[i], record_close),
				 0);
		assert_int_equal(closed.n, 1);
	}
}

static void test_close_range_skips_every_tracked_fd(void **state)
{
	static const unsigned int want[][2] = {{3, 4},
					       {6, 69999},
					       {70001, (1U << 22) - 1},
					       {(1U << 22) + 1, ~0U}};
	unsigned int i;

	(void)state;
	track(5);
	track(70000);
	track(1 << 22);
	closed.n = 0;
	assert_int_equal(
		lttng_ust_safe_close_range_fd(3, ~0U, 0, record_close_range),
		0);
	assert_int_equal(closed.n, 4);
	for (i = 0; i < 4; i++) {
		assert_int_equal(closed.first[i], want[i][0]);
		assert_int_equal(closed.last[i], want[i][1]);
	}
	/* a range ending on a tracked fd, and one inside the gaps */
	closed.n = 0;
	assert_int_equal(
		lttng_ust_safe_close_range_fd(6, 70000, 0, record_close_range),
		0);
	assert_int_equal(closed.n, 1);
	assert_int_equal(closed.first[0], 6);
	assert_int_equal(closed.last[0], 69999);
	closed.n = 0;
	assert_int_equal(
		lttng_ust_safe_close_range_fd(5, 5, 0, record_close_range), 0);
	assert_int_equal(closed.n, 0);
	errno = 0;
	assert_int_equal(
		lttng_ust_safe_close_range_fd(9, 8, 0, record_close_range), -1);
	assert_int_equal(errno, EINVAL);
	untrack(5);
	untrack(70000);
	untrack(1 << 22);
}

static void test_fclose_of_a_tracked_stream_is_refused(void **state)
{
	FILE *f = fopen("/dev/null", "r");
	int fd;

	(void)state;
	assert_non_null(f);
	fd = track(fileno(f));
	assert_int_equal(fd, fileno(f));
	closed.n = 0;
	errno = 0;
	assert_int_equal(lttng_ust_safe_fclose_stream(f, record_fclose), -1);
	assert_int_equal(errno, EBADF);
	assert_int_equal(closed.n, 0);
	untrack(fd);
	assert_int_equal(lttng_ust_safe_fclose_stream(f, fclose), 0);
}

static void test_closefrom_keeps_tracked_fds_open(void **state)
{
	int a, b, c;

	(void)state;
	a = open("/dev/null", O_RDONLY);
	b = open("/dev/null", O_RDONLY);
	c = open("/dev/null", O_RDONLY);
	assert_true(a > 2 && b > a && c > b);
	assert_int_equal(track(b), b);
	assert_int_equal(lttng_ust_safe_closefrom_fd(a, close), 0);
	assert_int_equal(fcntl(a, F_GETFD), -1);
	assert_true(fcntl(b, F_GETFD) >= 0);
	assert_int_equal(fcntl(c, F_GETFD), -1);
	errno = 0;
	assert_int_equal(lttng_ust_safe_closefrom_fd(-1, close), -1);
	assert_int_equal(errno, EBADF);
	untrack(b);
	close(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_standard_fd_is_moved_above_2),
		cmocka_unit_test(test_closed_standard_fd_is_an_error),
		cmocka_unit_test(test_fd_numbers_past_any_bound_are_tracked),
		cmocka_unit_test(test_close_range_skips_every_tracked_fd),
		cmocka_unit_test(test_fclose_of_a_tracked_stream_is_refused),
		cmocka_unit_test(test_closefrom_keeps_tracked_fds_open),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
