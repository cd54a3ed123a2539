/*
 * Implementation of tsc-page.h's out-of-line part: publishing a clock
 * page, the steering of its parameters towards CLOCK_MONOTONIC, and the
 * per-process publisher thread that keeps the registered pages current.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trace-clock/tsc-page.h"

void trace_clock_page_publish(struct trace_clock_page *page,
			      const struct trace_clock_params *p)
{
	uint64_t seq = __atomic_load_n(&page->seq, __ATOMIC_RELAXED) + 1;
	uint64_t *dst = (uint64_t *)&page->params[seq & 1];
	const uint64_t *src = (const uint64_t *)p;
	unsigned int i;

	/*
	 * Release stores: each is ordered after the previous store of seq
	 * (which told readers to stop using this copy), so a reader that
	 * sees one of them sees that seq moved (tsc-page.h). Plain stores
	 * on x86; unlike a fence, ThreadSanitizer understands them.
	 */
	for (i = 0; i < sizeof(*p) / sizeof(uint64_t); i++)
		__atomic_store_n(&dst[i], src[i], __ATOMIC_RELEASE);
	__atomic_store_n(&page->seq, seq, __ATOMIC_RELEASE);
}

void trace_clock_steer_start(struct trace_clock_steer *st, uint64_t tsc,
			     uint64_t ns, uint64_t mult)
{
	memset(st, 0, sizeof(*st));
	st->params.cur.tsc = tsc;
	st->params.cur.ns = ns;
	st->params.cur.mult = mult ? mult : 1;
	st->params.prev = st->params.cur;
	st->sample_tsc = tsc;
	st->sample_ns = ns;
	st->rate_mult = st->params.cur.mult;
}

static __int128 clamp128(__int128 v, __int128 lo, __int128 hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

void trace_clock_steer_update(struct trace_clock_steer *st, uint64_t tsc,
			      uint64_t ns, uint64_t lead, uint64_t horizon)
{
	struct trace_clock_line next;
	__int128 target, mult, bound;
	uint64_t start;

	if (tsc > st->sample_tsc && ns > st->sample_ns)
		st->rate_mult =
			(uint64_t)(((unsigned __int128)(ns - st->sample_ns)
				    << TRACE_CLOCK_PAGE_SHIFT) /
				   (tsc - st->sample_tsc));
	if (!st->rate_mult)
		st->rate_mult = 1;
	st->sample_tsc = tsc;
	st->sample_ns = ns;
	if (!horizon)
		horizon = 1;
	/* The new line starts after the current one, lead cycles ahead. */
	start = tsc + lead;
	if (start <= st->params.cur.tsc)
		start = st->params.cur.tsc + 1;
	next.tsc = start;
	next.ns = trace_clock_params_eval(&st->params, start);
	/* CLOCK_MONOTONIC horizon cycles after start, at the measured rate. */
	target = (__int128)ns +
		 (((__int128)(start + horizon - tsc) * st->rate_mult) >>
		  TRACE_CLOCK_PAGE_SHIFT);
	mult = ((target - (__int128)next.ns) << TRACE_CLOCK_PAGE_SHIFT) /
	       (__int128)horizon;
	bound = (__int128)st->rate_mult * TRACE_CLOCK_STEER_MAX_PPM / 1000000;
	mult = clamp128(mult, (__int128)st->rate_mult - bound,
			(__int128)st->rate_mult + bound);
	next.mult = mult > 0 ? (uint64_t)mult : 1;
	st->params.prev = st->params.cur;
	st->params.cur = next;
}

void trace_clock_tsc_mono_sample(uint64_t *tsc, uint64_t *ns)
{
	uint64_t best = UINT64_MAX;
	int i;

	for (i = 0; i < 7; i++) {
		uint64_t t1 = trace_clock_tsc(), t2, mono;

		mono = trace_clock_monotonic();
		t2 = trace_clock_tsc();
		if (t2 >= t1 && t2 - t1 < best) {
			best = t2 - t1;
			*tsc = t1 + (t2 - t1) / 2;
			*ns = mono;
		}
	}
	if (best == UINT64_MAX) {
		*tsc = trace_clock_tsc();
		*ns = trace_clock_monotonic();
	}
}

/* The publisher: its pages, its steering, and the thread. */
static pthread_mutex_t publisher_lock = PTHREAD_MUTEX_INITIALIZER;
static struct trace_clock_page **pages;
static size_t nr_pages, pages_cap;
static struct trace_clock_steer steer;
static bool publisher_started;

#define CALIBRATION_NS 10000000ULL /* the first rate: over 10 ms */

static void sleep_ns(uint64_t ns)
{
	struct timespec ts = {(time_t)(ns / 1000000000ULL),
			      (long)(ns % 1000000000ULL)};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* Half a period in cycles: how far ahead each update takes effect. */
static uint64_t cycles_of(uint64_t ns)
{
	return (uint64_t)(((unsigned __int128)ns << TRACE_CLOCK_PAGE_SHIFT) /
			  steer.rate_mult);
}

static void *publisher_thread(void *arg)
{
	(void)arg;
	for (;;) {
		uint64_t tsc, ns;
		size_t i;

		sleep_ns(TRACE_CLOCK_PUBLISH_PERIOD_NS);
		trace_clock_tsc_mono_sample(&tsc, &ns);
		pthread_mutex_lock(&publisher_lock);
		trace_clock_steer_update(
			&steer, tsc, ns,
			cycles_of(TRACE_CLOCK_PUBLISH_PERIOD_NS / 2),
			cycles_of(TRACE_CLOCK_PUBLISH_PERIOD_NS));
		for (i = 0; i < nr_pages; i++)
			trace_clock_page_publish(pages[i], &steer.params);
		pthread_mutex_unlock(&publisher_lock);
	}
	return NULL;
}

/* Calibrates the first rate and starts the thread; under the lock. */
static int publisher_start(void)
{
	uint64_t tsc0, ns0, tsc1, ns1, mult;
	pthread_attr_t attr;
	pthread_t thread;
	int ret;

	trace_clock_tsc_mono_sample(&tsc0, &ns0);
	sleep_ns(CALIBRATION_NS);
	trace_clock_tsc_mono_sample(&tsc1, &ns1);
	if (tsc1 <= tsc0 || ns1 <= ns0)
		return -EIO;
	mult = (uint64_t)(((unsigned __int128)(ns1 - ns0)
			   << TRACE_CLOCK_PAGE_SHIFT) /
			  (tsc1 - tsc0));
	trace_clock_steer_start(&steer, tsc1, ns1, mult);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	ret = pthread_create(&thread, &attr, publisher_thread, NULL);
	pthread_attr_destroy(&attr);
	if (ret)
		return -ret;
	publisher_started = true;
	return 0;
}

int trace_clock_publisher_add(struct trace_clock_page *page)
{
	int ret = 0;

	pthread_mutex_lock(&publisher_lock);
	if (!publisher_started)
		ret = publisher_start();
	if (!ret && nr_pages == pages_cap) {
		size_t cap = pages_cap ? pages_cap * 2 : 64;
		struct trace_clock_page **grown =
			realloc(pages, cap * sizeof(*pages));

		if (grown) {
			pages = grown;
			pages_cap = cap;
		} else {
			ret = -ENOMEM;
		}
	}
	if (!ret) {
		trace_clock_page_publish(page, &steer.params);
		pages[nr_pages++] = page;
	}
	pthread_mutex_unlock(&publisher_lock);
	return ret;
}

void trace_clock_publisher_remove(struct trace_clock_page *page)
{
	size_t i;

	pthread_mutex_lock(&publisher_lock);
	for (i = 0; i < nr_pages; i++) {
		if (pages[i] == page) {
			pages[i] = pages[--nr_pages];
			break;
		}
	}
	pthread_mutex_unlock(&publisher_lock);
}
