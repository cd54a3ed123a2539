/*
 * Unit tests of liblttng-ust-common's LTTng-UST 2.13 RCU flavor
 * (common/urcu-ust.c), the read side that modules built with LTTng's
 * headers and _LGPL_SOURCE inline: liblttng-ust-tracepoint's grace
 * period (lttng_ust_tp_rcu_synchronize) must wait for its readers, which
 * is what protects the probe arrays such modules iterate. A grace period
 * waits for a section in progress; readers never see reclaimed data
 * under a writer that replaces it in a loop (AddressSanitizer reports a
 * use after free); a reader thread that exits leaves the registry.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <cmocka.h>

#include "common/urcu-ust.h"
#include "tracepoint/tracepoint-rcu.h"

void lttng_ust_urcu_read_lock(void);
void lttng_ust_urcu_read_unlock(void);
int lttng_ust_urcu_read_ongoing(void);

#define LIVE 0x22222222U
#define DEAD 0xdeaddeadU
#define READERS 3
#define REPLACEMENTS 200

struct shared_value {
	unsigned int magic;
};

static struct shared_value *published;
static int stop_readers;
static int reader_saw_dead;

static void pause_ms(long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&t, NULL);
}

static int in_section;
static int section_done;

static void *slow_reader(void *arg)
{
	(void)arg;
	lttng_ust_urcu_read_lock();
	lttng_ust_urcu_read_lock(); /* nested */
	__atomic_store_n(&in_section, 1, __ATOMIC_RELEASE);
	pause_ms(200);
	__atomic_store_n(&section_done, 1, __ATOMIC_RELEASE);
	lttng_ust_urcu_read_unlock();
	lttng_ust_urcu_read_unlock();
	return NULL;
}

static void test_grace_period_waits_for_a_section(void **state)
{
	pthread_t t;

	(void)state;
	assert_int_equal(pthread_create(&t, NULL, slow_reader, NULL), 0);
	while (!__atomic_load_n(&in_section, __ATOMIC_ACQUIRE))
		pause_ms(1);
	lttng_ust_tp_rcu_synchronize();
	assert_int_equal(__atomic_load_n(&section_done, __ATOMIC_ACQUIRE), 1);
	pthread_join(t, NULL);
}

static void *reader(void *arg)
{
	(void)arg;
	assert_int_equal(lttng_ust_urcu_read_ongoing(), 0);
	while (!__atomic_load_n(&stop_readers, __ATOMIC_ACQUIRE)) {
		struct shared_value *v;

		lttng_ust_urcu_read_lock();
		v = __atomic_load_n(&published, __ATOMIC_ACQUIRE);
		if (v && __atomic_load_n(&v->magic, __ATOMIC_RELAXED) != LIVE)
			__atomic_store_n(&reader_saw_dead, 1, __ATOMIC_RELAXED);
		lttng_ust_urcu_read_unlock();
	}
	return NULL;
}

static void test_readers_never_see_reclaimed_data(void **state)
{
	pthread_t t[READERS];
	int i;

	(void)state;
	published = calloc(1, sizeof(*published));
	published->magic = LIVE;
	for (i = 0; i < READERS; i++)
		assert_int_equal(pthread_create(&t[i], NULL, reader, NULL), 0);
	for (i = 0; i < REPLACEMENTS; i++) {
		struct shared_value *next = calloc(1, sizeof(*next));
		struct shared_value *old;

		next->magic = LIVE;
		old = __atomic_exchange_n(&published, next, __ATOMIC_ACQ_REL);
		lttng_ust_tp_rcu_synchronize();
		__atomic_store_n(&old->magic, DEAD, __ATOMIC_RELAXED);
		free(old);
	}
	__atomic_store_n(&stop_readers, 1, __ATOMIC_RELEASE);
	for (i = 0; i < READERS; i++)
		pthread_join(t[i], NULL);
	assert_int_equal(reader_saw_dead, 0);
	free(published);
}

static void *short_lived_reader(void *arg)
{
	(void)arg;
	lttng_ust_urcu_read_lock();
	lttng_ust_urcu_read_unlock();
	return NULL;
}

static void test_exited_readers_leave_the_registry(void **state)
{
	pthread_t t;
	int i;

	(void)state;
	for (i = 0; i < 20; i++) {
		assert_int_equal(
			pthread_create(&t, NULL, short_lived_reader, NULL), 0);
		pthread_join(t, NULL);
	}
	/* A grace period does not wait for (or touch) exited threads. */
	lttng_ust_urcu_synchronize_rcu();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grace_period_waits_for_a_section),
		cmocka_unit_test(test_readers_never_see_reclaimed_data),
		cmocka_unit_test(test_exited_readers_leave_the_registry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
