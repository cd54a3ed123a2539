/*
 * rb-bench: the cost of the ring buffer's fast path, reserve + write
 * 8 bytes + commit, with an injected clock (a thread-local counter, so the
 * clock read is excluded). Prints ns/record for one thread and for two
 * threads pinned on two CPUs, and the throughput ratio. Figures only.
 *
 *   rb-bench [--records N] [--mode discard|overwrite] [--locked-commits]
 *            [--atomic-reserve]
 *     --locked-commits: atomic adds instead of CPU-local commits
 *     --atomic-reserve: atomic compare-and-swaps instead of CPU-local
 *                       reservations
 *   valgrind --tool=callgrind --instr-atstart=no rb-bench --callgrind
 *     counts only the timed loop of one thread: instructions per record
 *     = the "Collected" Ir total / N (printed by rb-bench).
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <valgrind/callgrind.h>

#include "ringbuffer/local-commit.h"
#include "ringbuffer/ringbuffer.h"

#define REPEATS 5
#define DRAIN_EVERY 65536

static __thread uint64_t bench_tick;

/* The injected clock: inlined into rb_reserve, one TLS increment. */
static uint64_t bench_clock(void)
{
	return ++bench_tick;
}

struct bench_thread {
	struct rb_channel *chan;
	int cpu;
	uint64_t records;
	bool callgrind;
	uint64_t ns;
	uint64_t refused;
	pthread_t tid;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* Gives every complete packet of the thread's stream back (discard). */
static void drain(struct rb_stream *s)
{
	struct rb_packet p;

	while (rb_stream_get(s, &p) == 0)
		rb_stream_put(s);
}

/* The measured loop; kept out of line so callgrind can be told about it. */
static __attribute__((noinline)) uint64_t record_loop(struct rb_channel *chan,
						      uint64_t records)
{
	const uint64_t payload = 0x0123456789abcdefULL;
	struct rb_reserve_ctx ctx;
	uint64_t i, refused = 0;

	for (i = 0; i < records; i++) {
		if (RB_UNLIKELY(rb_reserve(chan, &ctx, 1, 8, bench_clock))) {
			refused++;
			continue;
		}
		memcpy(ctx.payload, &payload, 8);
		rb_commit(&ctx);
		if (RB_UNLIKELY((i & (DRAIN_EVERY - 1)) == 0))
			drain(ctx.stream);
	}
	return refused;
}

static void *bench_run(void *arg)
{
	struct bench_thread *t = arg;
	cpu_set_t set;
	uint64_t start;

	CPU_ZERO(&set);
	CPU_SET(t->cpu, &set);
	if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set))
		fprintf(stderr, "rb-bench: cannot pin to CPU %d\n", t->cpu);
	record_loop(t->chan, t->records / 100); /* warm the pages */
	if (t->callgrind)
		CALLGRIND_START_INSTRUMENTATION;
	start = now_ns();
	t->refused = record_loop(t->chan, t->records);
	t->ns = now_ns() - start;
	if (t->callgrind)
		CALLGRIND_STOP_INSTRUMENTATION;
	return NULL;
}

/* --atomic-reserve: atomic compare-and-swap instead of CPU-local ones. */
static bool atomic_reserve;

static struct rb_channel *make_channel(enum rb_mode mode)
{
	struct rb_config conf = {
		.subbuf_size = 1 << 20,
		.subbuf_count = 4,
		.mode = mode,
		.nr_streams = 2,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.local_reserve = !atomic_reserve,
	};
	struct rb_channel *chan;

	if (rb_channel_create(&conf, &chan)) {
		fprintf(stderr, "rb-bench: %s\n", rb_last_error());
		exit(1);
	}
	return chan;
}

/* Runs nr threads (CPUs 0..nr-1) once; returns the slowest one's ns. */
static uint64_t run_once(enum rb_mode mode, int nr, uint64_t records,
			 bool callgrind)
{
	struct bench_thread t[2];
	struct rb_channel *chan = make_channel(mode);
	uint64_t worst = 0;
	int i;

	for (i = 0; i < nr; i++) {
		t[i] = (struct bench_thread){.chan = chan,
					     .cpu = i,
					     .records = records,
					     .callgrind = callgrind};
		pthread_create(&t[i].tid, NULL, bench_run, &t[i]);
	}
	for (i = 0; i < nr; i++) {
		pthread_join(t[i].tid, NULL);
		if (t[i].ns > worst)
			worst = t[i].ns;
		if (t[i].refused)
			fprintf(stderr, "rb-bench: %llu records refused\n",
				(unsigned long long)t[i].refused);
	}
	rb_channel_destroy(chan);
	return worst;
}

/* Best of REPEATS runs, in ns per record per thread. */
static double best_ns_per_record(enum rb_mode mode, int nr, uint64_t records)
{
	uint64_t best = UINT64_MAX, ns;
	int i;

	for (i = 0; i < REPEATS; i++) {
		ns = run_once(mode, nr, records, false);
		if (ns < best)
			best = ns;
	}
	return (double)best / (double)records;
}

int main(int argc, char **argv)
{
	enum rb_mode mode = RB_MODE_DISCARD;
	uint64_t records = 20000000;
	bool callgrind = false, locked = false;
	double one, two;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--records") && i + 1 < argc)
			records = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--mode") && i + 1 < argc)
			mode = strcmp(argv[++i], "overwrite")
				       ? RB_MODE_DISCARD
				       : RB_MODE_OVERWRITE;
		else if (!strcmp(argv[i], "--callgrind"))
			callgrind = true;
		else if (!strcmp(argv[i], "--locked-commits"))
			locked = true;
		else if (!strcmp(argv[i], "--atomic-reserve"))
			atomic_reserve = true;
		else {
			fprintf(stderr,
				"usage: %s [--records N] [--mode "
				"discard|overwrite] [--callgrind] "
				"[--locked-commits] [--atomic-reserve]\n",
				argv[0]);
			return 2;
		}
	}
	if (!locked)
		rb_local_commit_enable();
	printf("mode %s, %llu records of 8 bytes per thread, "
	       "1 MiB x 4 sub-buffers per CPU, %s commits, %s reservations\n",
	       mode == RB_MODE_DISCARD ? "discard" : "overwrite",
	       (unsigned long long)records,
	       rb_local_commit_enabled ? "CPU-local" : "atomic",
	       atomic_reserve ? "atomic" : "CPU-local");
	if (callgrind) {
		if (records == 20000000)
			records = 1000000;
		run_once(mode, 1, records, true);
		printf("callgrind: instructions per record = collected Ir / "
		       "%llu\n",
		       (unsigned long long)records);
		return 0;
	}
	one = best_ns_per_record(mode, 1, records);
	two = best_ns_per_record(mode, 2, records);
	printf("1 thread : %.2f ns/record (%.1f M records/s)\n", one,
	       1000.0 / one);
	printf("2 threads: %.2f ns/record per thread (%.1f M records/s)\n", two,
	       2000.0 / two);
	printf("throughput ratio 2 threads / 1 thread: %.2f\n",
	       (2000.0 / two) / (1000.0 / one));
	return 0;
}
