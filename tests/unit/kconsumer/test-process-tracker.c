/*
 * Unit tests of the kernel consumer's process attribute trackers
 * (src/bin/lttng-consumerd/kernel/process-tracker.c): setting a
 * tracker (refusals) and which threads' records they keep.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "process-tracker.h"

static struct kernel_thread_info thread(int32_t vpid, uint32_t uid,
					uint32_t gid)
{
	struct kernel_thread_info t;

	memset(&t, 0, sizeof(t));
	t.tid = t.pid = vpid;
	t.vpid = t.vtid = vpid;
	t.uid = t.vuid = uid;
	t.gid = t.vgid = gid;
	t.ids_known = true;
	return t;
}

/* The tracker of attr restricted to ids[0..count). */
static int set_ids(struct kernel_process_trackers *t,
		   enum kernel_tracked_attr attr, const int64_t *ids,
		   size_t count)
{
	return kernel_process_trackers_set(t, attr, true, ids, count);
}

/* The tracker of attr keeping every value. */
static int set_all(struct kernel_process_trackers *t,
		   enum kernel_tracked_attr attr)
{
	return kernel_process_trackers_set(t, attr, false, NULL, 0);
}

static void test_no_tracker_keeps_everything(void **state)
{
	struct kernel_process_trackers t = {0};
	struct kernel_thread_info gone = {.tid = 5, .pid = 5};

	(void)state;
	assert_false(kernel_process_trackers_active(&t));
	assert_true(kernel_process_trackers_allow(&t, &gone));
	kernel_process_trackers_fini(&t);
}

static void test_sets_intersect(void **state)
{
	struct kernel_process_trackers t = {0};
	struct kernel_thread_info a = thread(10, 1000, 100);
	struct kernel_thread_info b = thread(11, 1000, 200);
	struct kernel_thread_info c = thread(12, 0, 100);

	(void)state;
	assert_int_equal(set_ids(&t, KERNEL_TRACKED_UID,
				 (const int64_t[]){1000, 1001}, 2),
			 0);
	assert_int_equal(
		set_ids(&t, KERNEL_TRACKED_VGID, (const int64_t[]){100}, 1), 0);
	assert_true(kernel_process_trackers_active(&t));
	assert_true(kernel_process_trackers_allow(&t, &a));
	assert_false(kernel_process_trackers_allow(&t, &b)); /* group */
	assert_false(kernel_process_trackers_allow(&t, &c)); /* user */
	assert_int_equal(set_all(&t, KERNEL_TRACKED_VGID), 0);
	assert_true(kernel_process_trackers_allow(&t, &b));
	kernel_process_trackers_fini(&t);
}

static void test_none_and_unknown_threads_keep_nothing(void **state)
{
	struct kernel_process_trackers t = {0};
	struct kernel_thread_info a = thread(10, 0, 0);
	struct kernel_thread_info gone = {.tid = 7, .pid = 7};

	(void)state;
	assert_int_equal(
		set_ids(&t, KERNEL_TRACKED_VPID, (const int64_t[]){7, 10}, 2),
		0);
	assert_true(kernel_process_trackers_allow(&t, &a));
	/* Exited before the consumer saw it: its ids cannot be checked. */
	assert_false(kernel_process_trackers_allow(&t, &gone));
	assert_int_equal(set_ids(&t, KERNEL_TRACKED_VPID, NULL, 0), 0);
	assert_false(kernel_process_trackers_allow(&t, &a));
	kernel_process_trackers_fini(&t);
}

/*
 * The process ID tracker checks the thread group, as LTTng-modules
 * checks current->tgid: every thread of the process, none of its
 * children; a thread already gone still has its thread group (from
 * saved_tgids), not its other ids.
 */
static void test_pid_tracker_keeps_the_thread_group(void **state)
{
	struct kernel_process_trackers t = {0};
	struct kernel_thread_info leader = thread(10, 0, 0);
	struct kernel_thread_info thread_of = thread(10, 0, 0);
	struct kernel_thread_info child = thread(12, 0, 0);
	struct kernel_thread_info other = thread(13, 0, 0);
	struct kernel_thread_info gone = {.tid = 14, .pid = 10};
	struct kernel_thread_info gone_child = {.tid = 15, .pid = 15};

	(void)state;
	thread_of.tid = 11;
	child.ppid = 10;
	/* A thread id of the process is not its process ID. */
	assert_int_equal(set_ids(&t, KERNEL_TRACKED_PID,
				 (const int64_t[]){10, 11, 13}, 3),
			 0);
	assert_true(kernel_process_trackers_active(&t));
	assert_true(kernel_process_trackers_allow(&t, &leader));
	assert_true(kernel_process_trackers_allow(&t, &thread_of));
	assert_false(kernel_process_trackers_allow(&t, &child));
	assert_true(kernel_process_trackers_allow(&t, &other));
	assert_true(kernel_process_trackers_allow(&t, &gone));
	assert_false(kernel_process_trackers_allow(&t, &gone_child));
	/* With a user ID tracker, the gone thread's unknown uid counts. */
	assert_int_equal(
		set_ids(&t, KERNEL_TRACKED_UID, (const int64_t[]){0}, 1), 0);
	assert_true(kernel_process_trackers_allow(&t, &thread_of));
	assert_false(kernel_process_trackers_allow(&t, &gone));
	assert_int_equal(set_all(&t, KERNEL_TRACKED_UID), 0);
	assert_int_equal(
		set_ids(&t, KERNEL_TRACKED_PID, (const int64_t[]){13}, 1), 0);
	assert_false(kernel_process_trackers_allow(&t, &thread_of));
	assert_true(kernel_process_trackers_allow(&t, &other));
	assert_int_equal(set_ids(&t, KERNEL_TRACKED_PID, NULL, 0), 0);
	assert_false(kernel_process_trackers_allow(&t, &other));
	assert_int_equal(set_all(&t, KERNEL_TRACKED_PID), 0);
	assert_false(kernel_process_trackers_active(&t));
	kernel_process_trackers_fini(&t);
}

static void test_bad_values_are_refused(void **state)
{
	struct kernel_process_trackers t = {0};

	(void)state;
	assert_int_equal(kernel_process_trackers_set(&t, KERNEL_TRACKED_COUNT,
						     true, NULL, 0),
			 -EINVAL);
	assert_int_equal(
		set_ids(&t, KERNEL_TRACKED_UID, (const int64_t[]){1, -1}, 2),
		-EINVAL);
	assert_int_equal(kernel_process_trackers_set(&t, KERNEL_TRACKED_UID,
						     false,
						     (const int64_t[]){1}, 1),
			 -EINVAL);
	assert_false(kernel_process_trackers_active(&t));
	kernel_process_trackers_fini(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_tracker_keeps_everything),
		cmocka_unit_test(test_sets_intersect),
		cmocka_unit_test(test_none_and_unknown_threads_keep_nothing),
		cmocka_unit_test(test_pid_tracker_keeps_the_thread_group),
		cmocka_unit_test(test_bad_values_are_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
