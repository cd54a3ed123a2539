/*
 * Unit tests of liblttng-ust-tracepoint's RCU (tracepoint-rcu.h): nested
 * sections, a grace period waiting for a section in progress, readers
 * never seeing reclaimed data under a writer that replaces it in a loop
 * (AddressSanitizer reports any use after free), exited threads, and a
 * child of fork whose parent had a reader inside a section.
 */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tracepoint/tracepoint-rcu.h"

#define LIVE 0x11111111U
#define DEAD 0xdeaddeadU
#define READERS 3
#define REPLACEMENTS 300

struct shared_value {
	unsigned int magic;
	unsigned int generation;
};

static struct shared_value *published;
static int stop_readers;
static int reader_saw_dead;

static void pause_ms(long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&t, NULL);
}

static void test_nested_sections(void **state)
{
	(void)state;
	lttng_ust_tp_rcu_read_lock();
	lttng_ust_tp_rcu_read_lock();
	lttng_ust_tp_rcu_read_unlock();
	lttng_ust_tp_rcu_read_unlock();
	lttng_ust_tp_rcu_synchronize(); /* returns: nothing is held */
}

struct long_reader {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int inside;
	int left;
};

/* Returns once the reader thread is inside its section. */
static void wait_until_inside(struct long_reader *lr)
{
	pthread_mutex_lock(&lr->lock);
	while (!lr->inside)
		pthread_cond_wait(&lr->cond, &lr->lock);
	pthread_mutex_unlock(&lr->lock);
}

static void *hold_section(void *arg)
{
	struct long_reader *lr = arg;

	lttng_ust_tp_rcu_read_lock();
	pthread_mutex_lock(&lr->lock);
	lr->inside = 1;
	pthread_cond_signal(&lr->cond);
	pthread_mutex_unlock(&lr->lock);
	pause_ms(150);
	__atomic_store_n(&lr->left, 1, __ATOMIC_RELEASE);
	lttng_ust_tp_rcu_read_unlock();
	return NULL;
}

static void test_grace_period_waits_for_reader(void **state)
{
	struct long_reader lr = {PTHREAD_MUTEX_INITIALIZER,
				 PTHREAD_COND_INITIALIZER, 0, 0};
	pthread_t t;

	(void)state;
	assert_int_equal(pthread_create(&t, NULL, hold_section, &lr), 0);
	wait_until_inside(&lr);
	lttng_ust_tp_rcu_synchronize();
	assert_int_equal(__atomic_load_n(&lr.left, __ATOMIC_ACQUIRE), 1);
	pthread_join(t, NULL);
}

static void *read_in_loop(void *arg)
{
	(void)arg;
	while (!__atomic_load_n(&stop_readers, __ATOMIC_RELAXED)) {
		struct shared_value *v;

		lttng_ust_tp_rcu_read_lock();
		v = __atomic_load_n(&published, __ATOMIC_ACQUIRE);
		if (v->magic != LIVE)
			__atomic_store_n(&reader_saw_dead, 1, __ATOMIC_RELAXED);
		sched_yield(); /* widen the window */
		if (v->magic != LIVE)
			__atomic_store_n(&reader_saw_dead, 1, __ATOMIC_RELAXED);
		lttng_ust_tp_rcu_read_unlock();
	}
	return NULL;
}

static void test_readers_never_see_reclaimed_data(void **state)
{
	pthread_t readers[READERS];
	unsigned int i;

	(void)state;
	published = calloc(1, sizeof(*published));
	published->magic = LIVE;
	for (i = 0; i < READERS; i++)
		assert_int_equal(
			pthread_create(&readers[i], NULL, read_in_loop, NULL),
			0);
	for (i = 1; i <= REPLACEMENTS; i++) {
		struct shared_value *next = calloc(1, sizeof(*next));
		struct shared_value *old;

		next->magic = LIVE;
		next->generation = i;
		old = __atomic_exchange_n(&published, next, __ATOMIC_ACQ_REL);
		lttng_ust_tp_rcu_synchronize();
		old->magic = DEAD;
		free(old);
	}
	__atomic_store_n(&stop_readers, 1, __ATOMIC_RELAXED);
	for (i = 0; i < READERS; i++)
		pthread_join(readers[i], NULL);
	assert_int_equal(reader_saw_dead, 0);
	assert_int_equal(published->generation, REPLACEMENTS);
	free(published);
}

static void *enter_and_exit(void *arg)
{
	(void)arg;
	lttng_ust_tp_rcu_read_lock();
	lttng_ust_tp_rcu_read_unlock();
	return NULL;
}

static void test_exited_threads_leave_the_registry(void **state)
{
	unsigned int i;

	(void)state;
	for (i = 0; i < 50; i++) {
		pthread_t t;

		assert_int_equal(
			pthread_create(&t, NULL, enter_and_exit, NULL), 0);
		pthread_join(t, NULL);
	}
	lttng_ust_tp_rcu_synchronize();
}

static void *stay_inside(void *arg)
{
	struct long_reader *lr = arg;

	lttng_ust_tp_rcu_read_lock();
	pthread_mutex_lock(&lr->lock);
	lr->inside = 1;
	pthread_cond_signal(&lr->cond);
	while (!lr->left)
		pthread_cond_wait(&lr->cond, &lr->lock);
	pthread_mutex_unlock(&lr->lock);
	lttng_ust_tp_rcu_read_unlock();
	return NULL;
}

static void test_fork_child_forgets_parent_readers(void **state)
{
	struct long_reader lr = {PTHREAD_MUTEX_INITIALIZER,
				 PTHREAD_COND_INITIALIZER, 0, 0};
	pthread_t t;
	pid_t child;
	int status;

	(void)state;
	lttng_ust_tp_rcu_read_lock(); /* this thread is a reader too */
	lttng_ust_tp_rcu_read_unlock();
	assert_int_equal(pthread_create(&t, NULL, stay_inside, &lr), 0);
	wait_until_inside(&lr);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		alarm(10); /* a hang is a failure, not a stuck test */
		lttng_ust_tp_rcu_synchronize();
		lttng_ust_tp_rcu_read_lock();
		lttng_ust_tp_rcu_read_unlock();
		_exit(0);
	}
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	pthread_mutex_lock(&lr.lock);
	lr.left = 1;
	pthread_cond_signal(&lr.cond);
	pthread_mutex_unlock(&lr.lock);
	pthread_join(t, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nested_sections),
		cmocka_unit_test(test_grace_period_waits_for_reader),
		cmocka_unit_test(test_readers_never_see_reclaimed_data),
		cmocka_unit_test(test_exited_threads_leave_the_registry),
		cmocka_unit_test(test_fork_child_forgets_parent_readers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
