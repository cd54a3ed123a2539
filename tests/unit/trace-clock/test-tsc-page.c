/*
 * Unit tests of the converted TSC clock (trace-clock/tsc-page.h): the
 * steering's continuity, monotonicity and slope bound over simulated
 * NTP frequency changes (model test, seeded), that a page read at any
 * TSC value gives the function of the parameters in force there, two
 * processes mapping one page and reading it in turns while it is
 * updated (their values never go backwards), and the publisher keeping a
 * page on CLOCK_MONOTONIC.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "trace-clock/tsc-page.h"

static uint64_t rng_state;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void seed(void)
{
	const char *env = getenv("TSC_PAGE_SEED");

	rng_state = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL) | 1;
	printf("TSC_PAGE_SEED=%llu\n", (unsigned long long)rng_state);
}

/*
 * A simulated machine: the TSC at 2.5 GHz and CLOCK_MONOTONIC running at
 * 1 + ppm/1e6 of its nominal rate against it (NTP's correction), in
 * exact rational arithmetic: mono(t) = mono_at + (t - tsc_at) * rate.
 */
struct sim {
	uint64_t tsc_at;
	double mono_at;
	double rate; /* ns per cycle */
};

static double sim_mono(const struct sim *m, uint64_t tsc)
{
	return m->mono_at + (double)(tsc - m->tsc_at) * m->rate;
}

static void sim_set_ppm(struct sim *m, uint64_t tsc, double ppm)
{
	m->mono_at = sim_mono(m, tsc);
	m->tsc_at = tsc;
	m->rate = (1.0 + ppm / 1e6) / 2.5;
}

/*
 * Model test: 2 000 updates one simulated second apart, the frequency
 * correction jumping to a random value within +-500 ppm every 50
 * updates and the samples off by up to +-200 ns (a preempted sampler).
 * At every update: the new line starts on the old function (continuity,
 * exactly), the function is increasing across the switch, the slope
 * stays within TRACE_CLOCK_STEER_MAX_PPM of the measured rate, and a
 * reader of the page at any TSC value between the previous switch and
 * the next one gets the function of the lines in force there. Once
 * steered, the clock stays within 5 us of CLOCK_MONOTONIC.
 */
static void test_steering_model(void **state)
{
	const uint64_t second = 2500000000ULL;
	struct trace_clock_page page;
	struct trace_clock_steer st;
	struct trace_clock_params before;
	struct sim m = {.tsc_at = 1000, .mono_at = 5e9, .rate = 0.4};
	uint64_t tsc = 1000, prev_start = 1000;
	double worst = 0;
	int i;

	(void)state;
	seed();
	memset(&page, 0, sizeof(page));
	trace_clock_steer_start(&st, tsc, (uint64_t)sim_mono(&m, tsc),
				(0x100000000ULL * 2) / 5 +
					1000 /* 2.5 ppm off */);
	trace_clock_page_publish(&page, &st.params);
	for (i = 1; i <= 2000; i++) {
		uint64_t ns, start, j, lo, hi, probe;
		double mult_ppm;
		int k;

		tsc += second + rng() % 1000;
		if (i % 50 == 0)
			sim_set_ppm(&m, tsc, (double)(rng() % 1001) - 500.0);
		ns = (uint64_t)(sim_mono(&m, tsc) + (double)(rng() % 401) -
				200.0);
		before = st.params;
		trace_clock_steer_update(&st, tsc, ns, second / 2, second);
		trace_clock_page_publish(&page, &st.params);
		start = st.params.cur.tsc;
		assert_true(start > before.cur.tsc);
		/* continuity: the new line starts on the old function */
		assert_int_equal(st.params.cur.ns,
				 trace_clock_params_eval(&before, start));
		assert_memory_equal(&st.params.prev, &before.cur,
				    sizeof(before.cur));
		/* increasing across the switch */
		for (j = start - 3; j < start + 3; j++)
			assert_true(trace_clock_params_eval(&st.params, j) <=
				    trace_clock_params_eval(&st.params, j + 1));
		assert_true(trace_clock_params_eval(&st.params, start + 100) >
			    trace_clock_params_eval(&st.params, start - 100));
		/* the steering bound */
		mult_ppm = ((double)st.params.cur.mult / (double)st.rate_mult -
			    1.0) *
			   1e6;
		assert_true(mult_ppm <= TRACE_CLOCK_STEER_MAX_PPM + 0.01 &&
			    mult_ppm >= -TRACE_CLOCK_STEER_MAX_PPM - 0.01);
		/*
		 * The page read at TSC values from the previous switch to
		 * past this one: the lines in force there.
		 */
		lo = prev_start;
		hi = start + second / 4;
		for (k = 0; k < 64; k++) {
			struct trace_clock_params p;
			uint64_t seq = page.seq, want;

			probe = lo + rng() % (hi - lo);
			trace_clock_page_load(&page, &p, &seq);
			want = probe < start
				       ? trace_clock_line_eval(&before.cur,
							       probe)
				       : trace_clock_line_eval(&st.params.cur,
							       probe);
			assert_int_equal(trace_clock_params_eval(&p, probe),
					 want);
		}
		prev_start = start;
		/* after the first 20 s, and 5 s after each frequency jump */
		if (i > 20 && i % 50 >= 5) {
			double dev = (double)trace_clock_params_eval(&st.params,
								     tsc) -
				     sim_mono(&m, tsc);

			if (dev < 0)
				dev = -dev;
			if (dev > worst)
				worst = dev;
		}
	}
	printf("worst deviation from CLOCK_MONOTONIC once steered: %.0f ns\n",
	       worst);
	assert_true(worst < 5000);
}

/* A frequency jump larger than the bound: the slope stays clamped. */
static void test_steering_bound(void **state)
{
	struct trace_clock_steer st;
	uint64_t mult0 = 0x66666666ULL; /* 0.4 ns per cycle */
	uint64_t tsc = 0, ns = 0;
	int i;

	(void)state;
	trace_clock_steer_start(&st, tsc, ns, mult0);
	/* the sampler says the clock is 1 ms behind: a large error */
	for (i = 0; i < 10; i++) {
		double ppm;

		tsc += 2500000000ULL;
		ns += 1000000000ULL;
		trace_clock_steer_update(&st, tsc, ns + 1000000, 1250000000ULL,
					 2500000000ULL);
		ppm = ((double)st.params.cur.mult / (double)st.rate_mult - 1) *
		      1e6;
		assert_true(ppm <= TRACE_CLOCK_STEER_MAX_PPM + 0.01);
		assert_true(ppm >= -TRACE_CLOCK_STEER_MAX_PPM - 0.01);
		ns += 1000000;
	}
}

static uint64_t cycles_per_ms(void)
{
	uint64_t t0, n0, t1, n1;
	struct timespec d = {0, 20000000};

	trace_clock_tsc_mono_sample(&t0, &n0);
	nanosleep(&d, NULL);
	trace_clock_tsc_mono_sample(&t1, &n1);
	return (t1 - t0) * 1000000 / (n1 - n0);
}

struct shared {
	struct trace_clock_page page;
	uint32_t lock;
	uint32_t stop;
	uint64_t last;
	uint64_t reads[2];
	uint64_t backwards;
};

static void take(uint32_t *lock)
{
	/* yields: the holder may be preempted on a loaded machine */
	while (__atomic_exchange_n(lock, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(lock, __ATOMIC_RELAXED))
			sched_yield();
}

/*
 * Reads the clock in turns with the other process: under the lock, the
 * reads are ordered in time, so their values must not decrease whoever
 * read them (the lfence read: the TSC is read after the lock is taken).
 */
static void read_in_turns(struct shared *sh, int who)
{
	while (!__atomic_load_n(&sh->stop, __ATOMIC_ACQUIRE)) {
		uint64_t v;

		take(&sh->lock);
		v = trace_clock_page_read(&sh->page, true);
		if (v < sh->last)
			sh->backwards++;
		sh->last = v;
		sh->reads[who]++;
		__atomic_store_n(&sh->lock, 0, __ATOMIC_RELEASE);
		if (sh->reads[who] % 64 == 0)
			sched_yield();
	}
}

/*
 * Two processes map one page; the parent publishes 300 new lines, one
 * every 2 ms (half a millisecond ahead) from real TSC and CLOCK_MONOTONIC
 * samples, with every update's slope pushed to the bound alternately up
 * and down, while both read it in turns.
 */
static void test_two_processes(void **state)
{
	struct shared *sh;
	struct trace_clock_steer st;
	uint64_t ms = cycles_per_ms(), tsc, ns;
	pid_t child;
	int status, i;

	(void)state;
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	assert_true(sh != MAP_FAILED);
	memset(sh, 0, sizeof(*sh));
	trace_clock_tsc_mono_sample(&tsc, &ns);
	trace_clock_steer_start(&st, tsc, ns, ((uint64_t)1000000 << 32) / ms);
	trace_clock_page_publish(&sh->page, &st.params);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		read_in_turns(sh, 1);
		_exit(0);
	}
	for (i = 0; i < 300; i++) {
		struct timespec d = {0, 2000000};
		uint64_t wobble = i & 1 ? 1000 : 0; /* 1 us off: steers */

		nanosleep(&d, NULL);
		trace_clock_tsc_mono_sample(&tsc, &ns);
		trace_clock_steer_update(&st, tsc, ns + wobble, ms / 2, ms);
		trace_clock_page_publish(&sh->page, &st.params);
		/* the parent reads between updates too */
		for (int k = 0; k < 20; k++) {
			uint64_t v;

			take(&sh->lock);
			v = trace_clock_page_read(&sh->page, true);
			if (v < sh->last)
				sh->backwards++;
			sh->last = v;
			sh->reads[0]++;
			__atomic_store_n(&sh->lock, 0, __ATOMIC_RELEASE);
		}
	}
	__atomic_store_n(&sh->stop, 1, __ATOMIC_RELEASE);
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	printf("reads: parent %llu, child %llu, backwards %llu\n",
	       (unsigned long long)sh->reads[0],
	       (unsigned long long)sh->reads[1],
	       (unsigned long long)sh->backwards);
	assert_true(sh->reads[0] > 0 && sh->reads[1] > 0);
	assert_int_equal(sh->backwards, 0);
	munmap(sh, sizeof(*sh));
}

/*
 * Both processes compute the same values: the child evaluates the
 * mapped page at TSC values the parent chose, the parent compares.
 */
static void test_two_processes_same_values(void **state)
{
	enum { N = 4096 };
	struct {
		struct trace_clock_page page;
		uint64_t tsc[N], child_ns[N];
	} * sh;
	struct trace_clock_steer st;
	struct trace_clock_params p;
	uint64_t seq, base = 1ULL << 40;
	pid_t child;
	int status, i;

	(void)state;
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	assert_true(sh != MAP_FAILED);
	memset(sh, 0, sizeof(*sh));
	trace_clock_steer_start(&st, base, 7000000000ULL, 0x66666666ULL);
	trace_clock_steer_update(&st, base + 2500000000ULL,
				 7000000000ULL + 1000000500ULL, 1250000000ULL,
				 2500000000ULL);
	trace_clock_page_publish(&sh->page, &st.params);
	for (i = 0; i < N; i++)
		sh->tsc[i] = base + rng() % 10000000000ULL;
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		seq = __atomic_load_n(&sh->page.seq, __ATOMIC_ACQUIRE);
		trace_clock_page_load(&sh->page, &p, &seq);
		for (i = 0; i < N; i++)
			sh->child_ns[i] =
				trace_clock_params_eval(&p, sh->tsc[i]);
		_exit(0);
	}
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	for (i = 0; i < N; i++)
		assert_int_equal(
			sh->child_ns[i],
			trace_clock_params_eval(&st.params, sh->tsc[i]));
	munmap(sh, sizeof(*sh));
}

/* The publisher keeps a page on CLOCK_MONOTONIC across its updates. */
static void test_publisher_follows_monotonic(void **state)
{
	static struct trace_clock_page page;
	uint64_t last = 0;
	int64_t worst = 0;
	struct timespec d = {0, 50000000};
	int i;

	(void)state;
	assert_int_equal(trace_clock_publisher_add(&page), 0);
	/* 3 s: three updates */
	for (i = 0; i < 60; i++) {
		uint64_t before = trace_clock_monotonic();
		uint64_t v = trace_clock_page_read(&page, true);
		uint64_t after = trace_clock_monotonic();
		int64_t off = 0;

		assert_true(v >= last);
		last = v;
		/* within 100 us of the bracket (the first rate: 10 ms) */
		if (v < before)
			off = (int64_t)(before - v);
		else if (v > after)
			off = (int64_t)(v - after);
		if (off > worst)
			worst = off;
		nanosleep(&d, NULL);
	}
	trace_clock_publisher_remove(&page);
	printf("publisher: worst distance to CLOCK_MONOTONIC %lld ns, %llu "
	       "updates\n",
	       (long long)worst, (unsigned long long)page.seq);
	assert_true(page.seq >= 3);
	assert_true(worst < 100000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_steering_model),
		cmocka_unit_test(test_steering_bound),
		cmocka_unit_test(test_two_processes_same_values),
		cmocka_unit_test(test_two_processes),
		cmocka_unit_test(test_publisher_follows_monotonic),
	};

	if (!TRACE_CLOCK_HAVE_TSC)
		return 77;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
