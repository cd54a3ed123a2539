/*
 * Unit tests of the kernel consumer's captured system call strings
 * (src/bin/lttng-consumerd/kernel/string-captures.c): matching by thread
 * and time, pending captures and their retries, giving up, buckets
 * changing thread.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "string-captures.h"

static int setup(void **state)
{
	*state = kernel_string_captures_create();
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	kernel_string_captures_destroy(*state);
	return 0;
}

static void keep(struct kernel_string_captures *sc, int32_t tid, uint64_t ts,
		 const char *str, bool pending)
{
	kernel_string_captures_keep(sc, tid, ts, str,
				    str ? (int32_t)strlen(str) + 1 : -14,
				    pending);
}

static void test_records_take_their_threads_closest_capture(void **state)
{
	struct kernel_string_captures *sc = *state;
	char out[KERNEL_CAPTURE_STRING_MAX];
	uint64_t pending = 0;

	keep(sc, 10, 1000000, "/first", false);
	keep(sc, 10, 1500000, "/second", false);
	keep(sc, 11, 1000100, "/other-thread", false);
	assert_int_equal(
		kernel_string_captures_take(sc, 10, 1499000, out, &pending), 1);
	assert_string_equal(out, "/second");
	/* Taken once: the next record of the thread gets the other one. */
	assert_int_equal(
		kernel_string_captures_take(sc, 10, 1499000, out, &pending), 1);
	assert_string_equal(out, "/first");
	assert_int_equal(
		kernel_string_captures_take(sc, 10, 1499000, out, &pending), 0);
	/* More than 2 ms away: not this record's. */
	assert_int_equal(
		kernel_string_captures_take(sc, 11, 4000000, out, &pending), 0);
	assert_int_equal(
		kernel_string_captures_take(sc, 11, 1000000, out, &pending), 1);
	assert_string_equal(out, "/other-thread");
	assert_int_equal(
		kernel_string_captures_take(sc, 12, 1000000, out, &pending), 0);
}

static void test_pending_capture_completed_by_its_retry(void **state)
{
	struct kernel_string_captures *sc = *state;
	char out[KERNEL_CAPTURE_STRING_MAX];
	uint64_t pending = 0;

	keep(sc, 20, 5000000, NULL, true); /* not resident at the entry */
	assert_int_equal(
		kernel_string_captures_take(sc, 20, 5000200, out, &pending),
		-EAGAIN);
	assert_int_equal(pending, 5000000);
	keep(sc, 20, 5000000, "/cold/path", false); /* the exit's retry */
	assert_int_equal(
		kernel_string_captures_take(sc, 20, 5000200, out, &pending), 1);
	assert_string_equal(out, "/cold/path");
}

static void test_given_up_capture_is_not_taken_again(void **state)
{
	struct kernel_string_captures *sc = *state;
	char out[KERNEL_CAPTURE_STRING_MAX];
	uint64_t pending = 0;

	keep(sc, 30, 7000000, NULL, true);
	assert_int_equal(
		kernel_string_captures_take(sc, 30, 7000000, out, &pending),
		-EAGAIN);
	kernel_string_captures_give_up(sc, 30, pending);
	assert_int_equal(
		kernel_string_captures_take(sc, 30, 7000000, out, &pending), 0);
	/* A failed read (no string) is an empty string, not pending. */
	keep(sc, 30, 8000000, NULL, false);
	assert_int_equal(
		kernel_string_captures_take(sc, 30, 8000000, out, &pending), 1);
	assert_string_equal(out, "");
}

static void test_long_strings_are_cut_and_buckets_change_thread(void **state)
{
	struct kernel_string_captures *sc = *state;
	char out[KERNEL_CAPTURE_STRING_MAX];
	char text[KERNEL_CAPTURE_STRING_MAX + 50];
	uint64_t pending = 0;
	int32_t other = 40;

	memset(text, 'a', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	keep(sc, 40, 9000000, text, false);
	assert_int_equal(
		kernel_string_captures_take(sc, 40, 9000000, out, &pending), 1);
	assert_int_equal(strlen(out), KERNEL_CAPTURE_STRING_MAX - 1);
	/* Another thread hashing to the same bucket replaces the first. */
	for (other = 41; other < 1000000; other++) {
		uint64_t ts = 10000000 + (uint64_t)other * 10000000;

		keep(sc, 40, ts, "/kept", false);
		keep(sc, other, ts, "/x", false);
		if (!kernel_string_captures_take(sc, 40, ts, out, &pending))
			break;
		assert_string_equal(out, "/kept");
		assert_int_equal(kernel_string_captures_take(sc, other, ts, out,
							     &pending),
				 1);
	}
	assert_true(other < 1000000);
	assert_int_equal(kernel_string_captures_take(
				 sc, other,
				 10000000 + (uint64_t)other * 10000000, out,
				 &pending),
			 1);
	assert_string_equal(out, "/x");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_records_take_their_threads_closest_capture, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_pending_capture_completed_by_its_retry, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_given_up_capture_is_not_taken_again, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_long_strings_are_cut_and_buckets_change_thread,
			setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
