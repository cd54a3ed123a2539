/*
 * Unit tests of liblttng-ust-tracepoint's RCU (tracepoint-rcu.h): nested
 * sections, a grace period waiting for a section in progress, readers
 * never seeing reclaimed data under a writer that replaces it in a loop
 * (AddressSanitizer reports any use after free), exited threads, a
 * child of fork whose parent had a reader inside a section, and signal
 * handlers with sections of their own interrupting grace periods and
 * first registrations.
 */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
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

/* ---- signal handlers that trace ---- */

#define STORM_WRITERS 2
#define STORM_GRACE_PERIODS 300
#define STORM_THREADS 200
#define STORM_STALL_S 30 /* no progress that long: a deadlock */

static struct {
	unsigned long handler_sections;
	unsigned long kills_in_gp; /* sent while the writer synchronized */
	unsigned long grace_periods;
	unsigned long threads;
	int in_grace_period[STORM_WRITERS];
	int stop_writers;
	int done;
} storm;

static __thread unsigned int signals_taken;

/* The handler: a read-side section, as a tracepoint in a handler. */
static void storm_handler(int sig)
{
	struct shared_value *v;

	(void)sig;
	lttng_ust_tp_rcu_read_lock();
	v = __atomic_load_n(&published, __ATOMIC_ACQUIRE);
	if (v->magic != LIVE)
		__atomic_store_n(&reader_saw_dead, 1, __ATOMIC_RELAXED);
	lttng_ust_tp_rcu_read_unlock();
	__atomic_add_fetch(&storm.handler_sections, 1, __ATOMIC_RELAXED);
	signals_taken++;
}

/* Replaces the published value, never reading it outside handlers. */
static void *storm_writer(void *arg)
{
	int *in_grace_period = arg;
	unsigned int i;

	for (i = 0; !__atomic_load_n(&storm.stop_writers, __ATOMIC_ACQUIRE);
	     i++) {
		struct shared_value *next = calloc(1, sizeof(*next));
		struct shared_value *old;

		next->magic = LIVE;
		old = __atomic_exchange_n(&published, next, __ATOMIC_ACQ_REL);
		__atomic_store_n(in_grace_period, 1, __ATOMIC_RELAXED);
		lttng_ust_tp_rcu_synchronize();
		__atomic_store_n(in_grace_period, 0, __ATOMIC_RELAXED);
		old->magic = DEAD;
		free(old);
		__atomic_add_fetch(&storm.grace_periods, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

/*
 * A short-lived thread under a timer signal of its own every 20 us: its
 * registration happens in a handler or is interrupted by one. It stays
 * until it took a few signals.
 */
static void *storm_newcomer(void *arg)
{
	struct sigevent sev;
	struct itimerspec its = {{0, 20000}, {0, 20000}};
	timer_t timer;
	unsigned int i;

	(void)arg;
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGUSR1;
	sev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
	assert_int_equal(timer_create(CLOCK_MONOTONIC, &sev, &timer), 0);
	assert_int_equal(timer_settime(timer, 0, &its, NULL), 0);
	for (i = 0; i < 100000 && signals_taken < 3; i++) {
		lttng_ust_tp_rcu_read_lock();
		lttng_ust_tp_rcu_read_unlock();
	}
	timer_delete(timer);
	return NULL;
}

static void *storm_churn(void *arg)
{
	unsigned int i;

	(void)arg;
	for (i = 0; i < STORM_THREADS; i++) {
		pthread_t t;

		assert_int_equal(pthread_create(&t, NULL, storm_newcomer, NULL),
				 0);
		pthread_join(t, NULL);
		__atomic_add_fetch(&storm.threads, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

/* Signals the writers, mostly inside their grace periods, until done. */
static void *storm_sender(void *arg)
{
	pthread_t *writers = arg;
	unsigned int i = 0;

	while (!__atomic_load_n(&storm.done, __ATOMIC_ACQUIRE)) {
		unsigned int w = i++ % STORM_WRITERS;

		if (__atomic_load_n(&storm.in_grace_period[w],
				    __ATOMIC_RELAXED))
			__atomic_add_fetch(&storm.kills_in_gp, 1,
					   __ATOMIC_RELAXED);
		pthread_kill(writers[w], SIGUSR1);
		if (i % 16 == 0)
			pause_ms(0);
	}
	return NULL;
}

static unsigned long storm_progress(void)
{
	return __atomic_load_n(&storm.grace_periods, __ATOMIC_RELAXED) +
	       __atomic_load_n(&storm.threads, __ATOMIC_RELAXED);
}

/* A stall: print every thread's stack (gdb, if any) and fail loudly. */
static void storm_hung(void)
{
	char cmd[128];

	fprintf(stderr,
		"DEADLOCK: no grace period or thread finished in %d s "
		"(%lu grace periods, %lu threads, %lu handler sections); "
		"backtraces follow (gdb -p %d, thread apply all bt)\n",
		STORM_STALL_S, storm.grace_periods, storm.threads,
		storm.handler_sections, (int)getpid());
	snprintf(cmd, sizeof(cmd),
		 "gdb -p %d -batch -ex 'thread apply all bt' >&2 "
		 "2>/dev/null </dev/null",
		 (int)getpid());
	if (system(cmd) != 0)
		fprintf(stderr, "(gdb could not attach)\n");
	_exit(1);
}

static void
test_signal_handlers_trace_in_grace_periods_and_registrations(void **state)
{
	pthread_t writers[STORM_WRITERS], churn, sender;
	struct sigaction sa;
	unsigned long last = 0, now;
	time_t stalled_since = time(NULL);
	unsigned int i;

	(void)state;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = storm_handler;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, NULL);
	reader_saw_dead = 0;
	published = calloc(1, sizeof(*published));
	published->magic = LIVE;
	for (i = 0; i < STORM_WRITERS; i++)
		assert_int_equal(pthread_create(&writers[i], NULL, storm_writer,
						&storm.in_grace_period[i]),
				 0);
	assert_int_equal(pthread_create(&churn, NULL, storm_churn, NULL), 0);
	assert_int_equal(pthread_create(&sender, NULL, storm_sender, writers),
			 0);
	/*
	 * Until every newcomer is done, the writers have done their grace
	 * periods and enough signals reached them inside one.
	 */
	while (__atomic_load_n(&storm.threads, __ATOMIC_RELAXED) <
		       STORM_THREADS ||
	       __atomic_load_n(&storm.grace_periods, __ATOMIC_RELAXED) <
		       STORM_WRITERS * STORM_GRACE_PERIODS ||
	       __atomic_load_n(&storm.kills_in_gp, __ATOMIC_RELAXED) < 1000) {
		pause_ms(50);
		now = storm_progress();
		if (now != last) {
			last = now;
			stalled_since = time(NULL);
		} else if (time(NULL) - stalled_since > STORM_STALL_S) {
			storm_hung();
		}
	}
	__atomic_store_n(&storm.done, 1, __ATOMIC_RELEASE);
	pthread_join(sender, NULL);
	__atomic_store_n(&storm.stop_writers, 1, __ATOMIC_RELEASE);
	for (i = 0; i < STORM_WRITERS; i++)
		pthread_join(writers[i], NULL);
	pthread_join(churn, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGUSR1, &sa, NULL);
	printf("%lu handler sections, %lu signals sent in grace periods\n",
	       storm.handler_sections, storm.kills_in_gp);
	assert_int_equal(reader_saw_dead, 0);
	assert_true(storm.kills_in_gp >= 1000);
	free(published);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nested_sections),
		cmocka_unit_test(test_grace_period_waits_for_reader),
		cmocka_unit_test(test_readers_never_see_reclaimed_data),
		cmocka_unit_test(test_exited_threads_leave_the_registry),
		cmocka_unit_test(test_fork_child_forgets_parent_readers),
		cmocka_unit_test(
			test_signal_handlers_trace_in_grace_periods_and_registrations),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
