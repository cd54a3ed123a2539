/*
 * Unit tests of health/health.h: when a thread counts as stuck (in code
 * without a heartbeat, past the end of a bounded wait; never in an
 * endless wait), which bit reports it, and a table shared with a child
 * process through its memfd. health_table_check() takes the time as an
 * argument, so no test sleeps for the deadline. One thread beats while
 * another checks: also run under TSan.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "health/health.h"

#define MS 1000000ULL

static void *stuck_in_code(void *arg)
{
	(void)arg;
	health_register(HEALTH_SESSIOND_APP_REG);
	health_heartbeat();
	return NULL; /* leaves its slot registered, as a hung thread would */
}

static void test_code_without_heartbeat_is_bad_after_the_deadline(void **s)
{
	struct health_table *table = health_self();
	pthread_t t;
	uint64_t before, now;

	(void)s;
	before = health_now_ns(); /* the heartbeat comes after */
	assert_int_equal(pthread_create(&t, NULL, stuck_in_code, NULL), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	now = health_now_ns();
	assert_int_equal(health_table_check(table, now), 0);
	assert_int_equal(
		health_table_check(table, before + HEALTH_DEADLINE_NS - MS), 0);
	assert_int_equal(
		health_table_check(table, now + HEALTH_DEADLINE_NS + MS),
		1ULL << HEALTH_SESSIOND_APP_REG);
}

/* Runs the child, which attaches to fd (before any use of its own table). */
static void run_child(int fd, int timeout_ms)
{
	int status;

	if (fork() == 0) {
		int ret = health_attach(fd);

		health_register(HEALTH_CONSUMERD_DATA);
		health_wait_enter(timeout_ms);
		_exit(ret ? 1 : 0);
	}
	assert_true(wait(&status) > 0);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* First: a child that attaches must not have inherited a table. */
static void test_waits(void **s)
{
	struct health_table *table;
	uint64_t before, now, bad = 1ULL << HEALTH_CONSUMERD_DATA;
	int fd;

	(void)s;
	/* A table of its own: the other tests' threads stay out of it. */
	table = health_table_create_shared(&fd);
	assert_non_null(table);
	run_child(fd, -1);
	/* The child's endless wait, seen through the shared memory. */
	now = health_now_ns();
	assert_int_equal(health_table_check(table, now + 1000 * 1000 * MS), 0);
	health_table_destroy(table);
	close(fd);

	table = health_table_create_shared(&fd);
	assert_non_null(table);
	before = health_now_ns();
	run_child(fd, 100);
	now = health_now_ns();
	/* Bounded: bad only once the deadline has passed since its end. */
	assert_int_equal(
		health_table_check(table,
				   before + 100 * MS + HEALTH_DEADLINE_NS - MS),
		0);
	assert_int_equal(
		health_table_check(table,
				   now + 100 * MS + HEALTH_DEADLINE_NS + MS),
		bad);
	health_table_destroy(table);
	close(fd);
}

static volatile int beating = 1;

static void *beater(void *arg)
{
	(void)arg;
	health_register(HEALTH_SESSIOND_CMD);
	while (__atomic_load_n(&beating, __ATOMIC_RELAXED)) {
		health_wait_enter(1);
		usleep(100);
		health_wait_exit();
	}
	health_unregister();
	return NULL;
}

static void test_a_beating_thread_is_good_while_checked(void **s)
{
	uint64_t mask = 1ULL << HEALTH_SESSIOND_CMD;
	pthread_t t;

	(void)s;
	assert_int_equal(pthread_create(&t, NULL, beater, NULL), 0);
	for (int i = 0; i < 2000; i++)
		assert_int_equal(
			health_table_check(health_self(), health_now_ns()) &
				mask,
			0);
	__atomic_store_n(&beating, 0, __ATOMIC_RELAXED);
	assert_int_equal(pthread_join(t, NULL), 0);
	/* Unregistered: no longer watched at all. */
	assert_int_equal(
		health_table_check(health_self(),
				   health_now_ns() + 2 * HEALTH_DEADLINE_NS) &
			mask,
		0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_waits),
		cmocka_unit_test(
			test_code_without_heartbeat_is_bad_after_the_deadline),
		cmocka_unit_test(test_a_beating_thread_is_good_while_checked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
