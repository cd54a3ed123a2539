/*
 * ust-bench: the cost of an LTTng-UST tracepoint in this tracer, single
 * thread pinned on one CPU, no session daemon in the hot path:
 *   enabled   lttng_ust_tracepoint(ust_bench, enabled_event, i): probe,
 *             clock read, ring buffer reserve, one int field,
 *             commit (the real liblttng-ust ring buffer backend, on a
 *             channel made here as the consumer daemon makes it);
 *   disabled  the same call on an event no rule enables.
 * Prints ns/event (best of 5 runs of N events) and the records the
 * consumer side counted. Figures only, never pass/fail.
 *
 *   ust-bench [N [CLOCK [cpu]]]   (default 10000000, monotonic)
 * CLOCK: monotonic, tsc or tsc-ns, the trace clock the channel records
 * with (tsc-ns: this process publishes the streams' clock pages).
 * cpu: time with the thread's CPU time instead of CLOCK_MONOTONIC, so
 * that time spent preempted on a loaded machine does not count.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench-tp.h"
#include "channel.h"
#include "event-rule.h"
#include "rb-backend.h"
#include "ringbuffer/ringbuffer.h"
#include "trace-clock/tsc-page.h"

#define REPEATS 5
#define BATCH 65536

/* What times the runs: CLOCK_MONOTONIC, or the thread's CPU time. */
static clockid_t timing_clock = CLOCK_MONOTONIC;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(timing_clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* Hand every complete packet back, as the consumer daemon would. */
static uint64_t drain(struct rb_channel *chan)
{
	struct rb_packet p;
	uint64_t bytes = 0;
	unsigned int i;

	for (i = 0; i < chan->nr_streams; i++)
		while (rb_stream_get(&chan->streams[i], &p) == 0) {
			bytes += p.content_size;
			rb_stream_put(&chan->streams[i]);
		}
	return bytes;
}

static void pin_to_cpu0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		perror("sched_setaffinity (not pinned)");
}

/* ns/event of the enabled tracepoint; batches drained outside timing. */
static double run_enabled(struct rb_channel *chan, long n)
{
	uint64_t ns = 0, start;
	long done, i;

	for (done = 0; done < n; done += BATCH) {
		long batch = n - done < BATCH ? n - done : BATCH;

		start = now_ns();
		for (i = 0; i < batch; i++)
			lttng_ust_tracepoint(ust_bench, enabled_event, (int)i);
		ns += now_ns() - start;
		drain(chan);
	}
	return (double)ns / (double)n;
}

static double run_disabled(long n)
{
	uint64_t start = now_ns();
	long i;

	for (i = 0; i < n; i++)
		lttng_ust_tracepoint(ust_bench, disabled_event, (int)i);
	return (double)(now_ns() - start) / (double)n;
}

static struct rb_channel *make_channel(uint32_t clock_source)
{
	struct rb_config conf = {
		.subbuf_size = 1 << 20,
		.subbuf_count = 4,
		.mode = RB_MODE_DISCARD,
		.wakeup = RB_WAKEUP_NONE,
		.nr_streams = 2,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.clock_source = clock_source,
		/* as lttng-consumerd decides (ust-channel.c) */
		.local_reserve =
			rb_local_commit_enable() && rb_cpu_can_run_on_all(2)};
	struct rb_channel *chan;

	if (rb_channel_create(&conf, &chan)) {
		fprintf(stderr, "ust-bench: %s\n", rb_last_error());
		exit(1);
	}
	/* The converted TSC: this process publishes, as the consumer does. */
	for (unsigned int i = 0;
	     clock_source == TRACE_CLOCK_TSC_NS && i < chan->nr_streams; i++)
		if (trace_clock_publisher_add(
			    &chan->streams[i].shm->clock_page)) {
			fprintf(stderr,
				"ust-bench: cannot publish the clock\n");
			exit(1);
		}
	return chan;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 10000000L;
	enum trace_clock_source clock = TRACE_CLOCK_MONOTONIC;
	struct ust_event_rule_attr attr = {.pattern =
						   "ust_bench:enabled_event"};
	struct ust_rb_channel backend = {0};
	struct rb_stream_stats st;
	struct ust_event_rule *rule;
	struct ust_channel *uchan;
	double best_on = 1e9, best_off = 1e9, x;
	uint64_t discarded = 0;
	unsigned int i;
	int r;

	if (argc > 2 && trace_clock_source_parse(argv[2], &clock)) {
		fprintf(stderr, "ust-bench: unknown clock %s\n", argv[2]);
		return 2;
	}
	if (argc > 3 && !strcmp(argv[3], "cpu"))
		timing_clock = CLOCK_THREAD_CPUTIME_ID;
	/* The consumer daemon that makes channels is not pinned. */
	backend.rb = make_channel(clock);
	pin_to_cpu0();
	if (ust_channel_create(&ust_rb_recorder_ops, &backend, &uchan) ||
	    ust_event_rule_create(uchan, &attr, &rule)) {
		fprintf(stderr, "ust-bench: cannot set up the channel\n");
		return 1;
	}
	ust_rb_channel_set_recording(&backend, 1);
	for (r = 0; r < REPEATS; r++) {
		x = run_enabled(backend.rb, n);
		best_on = x < best_on ? x : best_on;
		x = run_disabled(n);
		best_off = x < best_off ? x : best_off;
	}
	for (i = 0; i < backend.rb->nr_streams; i++) {
		rb_stream_stats(&backend.rb->streams[i], &st);
		discarded += st.discarded_events;
	}
	printf("clock=%s enabled_ns_per_event=%.2f disabled_ns_per_event=%.3f "
	       "events=%ld repeats=%d discarded=%llu reservations=%s\n",
	       trace_clock_source_name(clock), best_on, best_off, n, REPEATS,
	       (unsigned long long)discarded,
	       __atomic_load_n(&backend.rb->streams[0].shm->atomic_reserve,
			       __ATOMIC_RELAXED) == RB_RESERVE_LOCAL
		       ? "local"
		       : "atomic");
	ust_rb_channel_set_recording(&backend, 0);
	ust_channel_destroy(uchan);
	rb_channel_destroy(backend.rb);
	return 0;
}
