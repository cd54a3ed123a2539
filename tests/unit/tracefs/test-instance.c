/*
 * Tracefs instance life cycle against the running kernel: create, control
 * file writes and reads, a refused value reported with the file and value,
 * no reuse of an existing instance, removal, and cleanup of instances left
 * by a dead owner while a live owner's survive. Skipped where tracefs is
 * not writable.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "tracefs/instance.h"

static char root[256];

static int setup(void **state)
{
	char err[256], path[300];

	(void)state;
	if (tracefs_find_root(root, sizeof(root), err, sizeof(err))) {
		print_message("skipped: %s\n", err);
		root[0] = '\0';
		return 0;
	}
	snprintf(path, sizeof(path), "%s/instances", root);
	if (access(path, W_OK)) {
		print_message("skipped: %s is not writable\n", path);
		root[0] = '\0';
	}
	return 0;
}

static bool exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

static void test_instance_life_cycle(void **state)
{
	struct tracefs_instance inst, again;
	char name[64], err[512], *text;

	(void)state;
	if (!root[0])
		skip();
	snprintf(name, sizeof(name), "lttng-%d-unit", (int)getpid());
	assert_int_equal(tracefs_instance_create(root, name, &inst, err,
						 sizeof(err)),
			 0);
	assert_true(exists(inst.path));

	assert_int_equal(tracefs_instance_write(&inst, "trace_clock", "mono",
						err, sizeof(err)),
			 0);
	assert_int_equal(tracefs_instance_read(&inst, "trace_clock", &text, err,
					       sizeof(err)),
			 0);
	assert_non_null(strstr(text, "[mono]"));
	free(text);

	assert_int_equal(tracefs_instance_write(&inst,
						"events/sched/sched_switch/enable",
						"1", err, sizeof(err)),
			 0);
	assert_int_equal(tracefs_instance_read(&inst,
					       "events/sched/sched_switch/enable",
					       &text, err, sizeof(err)),
			 0);
	assert_string_equal(text, "1\n");
	free(text);

	assert_int_equal(tracefs_instance_write(&inst, "trace_clock",
						"no-such-clock", err,
						sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "the kernel refused 'no-such-clock' in "));
	assert_non_null(strstr(err, "/trace_clock: Invalid argument"));

	assert_int_equal(tracefs_instance_create(root, name, &again, err,
						 sizeof(err)),
			 -EEXIST);
	assert_non_null(strstr(err, "cannot create tracefs instance"));
	assert_int_equal(tracefs_instance_create(root, "a/b", &again, err,
						 sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "invalid tracefs instance name 'a/b'");

	{
		char path[512];

		snprintf(path, sizeof(path), "%s", inst.path);
		assert_int_equal(tracefs_instance_destroy(&inst, err,
							  sizeof(err)),
				 0);
		assert_false(exists(path));
	}
}

static void test_stale_instances_of_dead_owners_are_removed(void **state)
{
	struct tracefs_instance dead, alive;
	char name[64], err[512], dead_path[512];
	pid_t child;
	int status;

	(void)state;
	if (!root[0])
		skip();
	child = fork();
	assert_true(child >= 0);
	if (child == 0)
		_exit(0);
	assert_int_equal(waitpid(child, &status, 0), child);

	snprintf(name, sizeof(name), "lttng-%d-stale", (int)child);
	assert_int_equal(tracefs_instance_create(root, name, &dead, err,
						 sizeof(err)),
			 0);
	snprintf(dead_path, sizeof(dead_path), "%s", dead.path);
	tracefs_instance_fini(&dead);
	snprintf(name, sizeof(name), "lttng-%d-alive", (int)getpid());
	assert_int_equal(tracefs_instance_create(root, name, &alive, err,
						 sizeof(err)),
			 0);

	assert_true(tracefs_remove_stale_instances(root) >= 1);
	assert_false(exists(dead_path));
	assert_true(exists(alive.path));
	assert_int_equal(tracefs_instance_destroy(&alive, err, sizeof(err)), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_instance_life_cycle),
		cmocka_unit_test(test_stale_instances_of_dead_owners_are_removed),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
