/*
 * Unit tests of the kernel consumer's captured system call strings
 * (src/bin/lttng-consumerd/kernel/string-captures.c): a thread's marker
 * is taken once by the record after it, replaced by its next marker,
 * forgotten on a loss; retries are found by their exact key only. A
 * random model test checks that no lookup ever returns another key's
 * string, whatever the collisions (the seed is printed).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "string-captures.h"

static void marker(struct kernel_string_marker *m, uint64_t hash,
		   uint64_t pending, const char *str)
{
	m->args_hash = hash;
	m->pending_ts = pending;
	snprintf(m->str, sizeof(m->str), "%s", str);
}

static void test_a_record_takes_its_threads_last_marker_once(void **state)
{
	struct kernel_string_markers *m = kernel_string_markers_create();
	struct kernel_string_marker in, out;

	(void)state;
	assert_non_null(m);
	marker(&in, 1, 0, "/first");
	kernel_string_markers_put(m, 10, &in);
	marker(&in, 2, 0, "/second"); /* the first was an orphan */
	kernel_string_markers_put(m, 10, &in);
	marker(&in, 3, 0, "/other-thread");
	kernel_string_markers_put(m, 11, &in);
	assert_true(kernel_string_markers_take(m, 10, &out));
	assert_string_equal(out.str, "/second");
	assert_int_equal(out.args_hash, 2);
	/* Taken: the thread's next record gets none. */
	assert_false(kernel_string_markers_take(m, 10, &out));
	assert_false(kernel_string_markers_take(m, 12, &out));
	kernel_string_markers_clear(m); /* a loss in the stream */
	assert_false(kernel_string_markers_take(m, 11, &out));
	kernel_string_markers_destroy(m);
}

static void test_retries_are_found_by_exact_key(void **state)
{
	struct kernel_string_retries *r = kernel_string_retries_create();
	char out[KERNEL_CAPTURE_STRING_MAX];

	(void)state;
	assert_non_null(r);
	kernel_string_retries_keep(r, 20, 5000000, "/cold/path", 11);
	kernel_string_retries_keep(r, 21, 5000001, NULL, -14);
	assert_int_equal(kernel_string_retries_take(r, 20, 5000001, out), 0);
	assert_int_equal(kernel_string_retries_take(r, 21, 5000000, out), 0);
	assert_int_equal(kernel_string_retries_take(r, 20, 5000000, out), 1);
	assert_string_equal(out, "/cold/path");
	assert_int_equal(kernel_string_retries_take(r, 20, 5000000, out), 0);
	assert_int_equal(kernel_string_retries_take(r, 21, 5000001, out), -1);
	kernel_string_retries_destroy(r);
}

/*
 * Model: thousands of threads put markers and take them in random
 * order (far more than the slots): every take returns the thread's
 * last marker or nothing, never another thread's or an older one.
 */
static void test_random_markers_never_cross_threads(void **state)
{
	enum { THREADS = 3000, STEPS = 200000 };
	struct kernel_string_markers *m = kernel_string_markers_create();
	struct kernel_string_retries *r = kernel_string_retries_create();
	static unsigned int last[THREADS];
	struct kernel_string_marker in, out;
	char expect[64], got[KERNEL_CAPTURE_STRING_MAX];
	unsigned int seed = (unsigned int)time(NULL), i, tid;
	unsigned int lost = 0, taken = 0;

	(void)state;
	printf("seed %u\n", seed);
	srand(seed);
	for (i = 1; i <= STEPS; i++) {
		tid = (unsigned int)rand() % THREADS;
		if (rand() % 2) {
			snprintf(expect, sizeof(expect), "/t%u/%u", tid, i);
			marker(&in, i, 0, expect);
			kernel_string_markers_put(m, (int32_t)tid, &in);
			last[tid] = i;
			kernel_string_retries_keep(r, (int32_t)tid, i, expect,
						   (int32_t)strlen(expect) + 1);
			continue;
		}
		if (!kernel_string_markers_take(m, (int32_t)tid, &out)) {
			lost += last[tid] != 0;
			last[tid] = 0;
			continue;
		}
		taken++;
		assert_int_equal(out.args_hash, last[tid]);
		snprintf(expect, sizeof(expect), "/t%u/%u", tid, last[tid]);
		assert_string_equal(out.str, expect);
		if (kernel_string_retries_take(r, (int32_t)tid, last[tid],
					       got) == 1)
			assert_string_equal(got, expect);
		last[tid] = 0;
	}
	printf("%u taken, %u evicted\n", taken, lost);
	assert_true(taken > 0);
	kernel_string_markers_destroy(m);
	kernel_string_retries_destroy(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_a_record_takes_its_threads_last_marker_once),
		cmocka_unit_test(test_retries_are_found_by_exact_key),
		cmocka_unit_test(test_random_markers_never_cross_threads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
