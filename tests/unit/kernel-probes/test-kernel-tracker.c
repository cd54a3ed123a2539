/*
 * Unit tests of the kernel domain's process attribute trackers
 * (src/bin/lttng-sessiond/kernel/kernel-tracker.c): policies, values
 * added and removed by id or by name (duplicates found by id), errors,
 * and the form the kernel consumer gets.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <lttng/lttng.h>

#include "kernel/kernel-tracker.h"

static int add(struct kernel_tracker *t, enum lttng_process_attr attr,
	       enum lttng_process_attr_value_type type, int64_t id,
	       const char *name)
{
	return kernel_tracker_change(t, attr, true, type, id, name);
}

static int del(struct kernel_tracker *t, enum lttng_process_attr attr,
	       enum lttng_process_attr_value_type type, int64_t id,
	       const char *name)
{
	return kernel_tracker_change(t, attr, false, type, id, name);
}

/*
 * The consumer's form of t's tracker of attr: restricted or not, and
 * exactly the ids expected[0..count).
 */
static void assert_consumer_form(const struct kernel_tracker *t,
				 enum lttng_process_attr attr, bool restricted,
				 const int64_t *expected, size_t count)
{
	struct consumer_kernel_tracker_desc d;

	assert_int_equal(kernel_tracker_consumer_desc(t, attr, &d), LTTNG_OK);
	assert_int_equal(d.attr, attr);
	assert_int_equal(d.restricted, restricted);
	assert_int_equal(d.nr_ids, count);
	if (count)
		assert_memory_equal(d.ids, expected, count * sizeof(*expected));
	free(d.ids);
}

static void test_new_tracker_includes_every_process(void **state)
{
	struct kernel_tracker t;

	(void)state;
	kernel_tracker_init(&t);
	assert_int_equal(t.policy, LTTNG_TRACKING_POLICY_INCLUDE_ALL);
	assert_false(kernel_tracker_excludes_all(&t));
	assert_consumer_form(&t, LTTNG_PROCESS_ATTR_USER_ID, false, NULL, 0);
	/* The consumer checks the process ID tracker too (thread groups). */
	assert_consumer_form(&t, LTTNG_PROCESS_ATTR_PROCESS_ID, false, NULL, 0);
	kernel_tracker_fini(&t);
}

static void test_adding_makes_an_inclusion_set(void **state)
{
	struct kernel_tracker t;

	(void)state;
	kernel_tracker_init(&t);
	assert_int_equal(add(&t, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, 12, NULL),
			 LTTNG_OK);
	assert_int_equal(add(&t, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, 13, NULL),
			 LTTNG_OK);
	assert_int_equal(t.policy, LTTNG_TRACKING_POLICY_INCLUDE_SET);
	assert_consumer_form(&t, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID, true,
			     (const int64_t[]){12, 13}, 2);
	assert_int_equal(add(&t, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, 12, NULL),
			 LTTNG_ERR_PROCESS_ATTR_EXISTS);
	assert_int_equal(del(&t, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, 12, NULL),
			 LTTNG_OK);
	assert_int_equal(del(&t, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, 12, NULL),
			 LTTNG_ERR_PROCESS_ATTR_MISSING);
	assert_int_equal(del(&t, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, 13, NULL),
			 LTTNG_OK);
	/* An empty inclusion set records nothing. */
	assert_true(kernel_tracker_excludes_all(&t));
	assert_consumer_form(&t, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID, true,
			     NULL, 0);
	kernel_tracker_fini(&t);
}

static void test_names_resolve_and_match_their_ids(void **state)
{
	struct kernel_tracker t;

	(void)state;
	kernel_tracker_init(&t);
	assert_int_equal(add(&t, LTTNG_PROCESS_ATTR_USER_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME, 0,
			     "root"),
			 LTTNG_OK);
	assert_int_equal(t.values[0].id, 0);
	assert_string_equal(t.values[0].name, "root");
	assert_int_equal(add(&t, LTTNG_PROCESS_ATTR_USER_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, 0, NULL),
			 LTTNG_ERR_PROCESS_ATTR_EXISTS);
	assert_int_equal(add(&t, LTTNG_PROCESS_ATTR_USER_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME, 0,
			     "no-such-user-here"),
			 LTTNG_ERR_USER_NOT_FOUND);
	assert_int_equal(add(&t, LTTNG_PROCESS_ATTR_GROUP_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME, 0,
			     "no-such-group-here"),
			 LTTNG_ERR_GROUP_NOT_FOUND);
	/* Removing by id what was added by name. */
	assert_int_equal(del(&t, LTTNG_PROCESS_ATTR_USER_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, 0, NULL),
			 LTTNG_OK);
	assert_int_equal(t.count, 0);
	kernel_tracker_fini(&t);
}

static void test_wrong_value_types_are_invalid(void **state)
{
	struct kernel_tracker t;

	(void)state;
	kernel_tracker_init(&t);
	assert_int_equal(add(&t, LTTNG_PROCESS_ATTR_PROCESS_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, 1, NULL),
			 LTTNG_ERR_INVALID);
	assert_int_equal(add(&t, LTTNG_PROCESS_ATTR_GROUP_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME, 0,
			     "root"),
			 LTTNG_ERR_INVALID);
	assert_int_equal(add(&t, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, -4, NULL),
			 LTTNG_ERR_INVALID);
	assert_int_equal(t.policy, LTTNG_TRACKING_POLICY_INCLUDE_ALL);
	kernel_tracker_fini(&t);
}

static void test_policies_empty_the_set(void **state)
{
	struct kernel_tracker t;

	(void)state;
	kernel_tracker_init(&t);
	add(&t, LTTNG_PROCESS_ATTR_GROUP_ID, LTTNG_PROCESS_ATTR_VALUE_TYPE_GID,
	    100, NULL);
	kernel_tracker_set_policy(&t, LTTNG_TRACKING_POLICY_EXCLUDE_ALL);
	assert_int_equal(t.count, 0);
	assert_true(kernel_tracker_excludes_all(&t));
	assert_consumer_form(&t, LTTNG_PROCESS_ATTR_GROUP_ID, true, NULL, 0);
	/* Removing from a tracker that is not a set: not in it. */
	assert_int_equal(del(&t, LTTNG_PROCESS_ATTR_GROUP_ID,
			     LTTNG_PROCESS_ATTR_VALUE_TYPE_GID, 100, NULL),
			 LTTNG_ERR_PROCESS_ATTR_MISSING);
	kernel_tracker_set_policy(&t, LTTNG_TRACKING_POLICY_INCLUDE_ALL);
	assert_false(kernel_tracker_excludes_all(&t));
	kernel_tracker_fini(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_tracker_includes_every_process),
		cmocka_unit_test(test_adding_makes_an_inclusion_set),
		cmocka_unit_test(test_names_resolve_and_match_their_ids),
		cmocka_unit_test(test_wrong_value_types_are_invalid),
		cmocka_unit_test(test_policies_empty_the_set),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
