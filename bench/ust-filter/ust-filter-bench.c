/*
 * Cost per event of filters and context fields in the generated probe
 * (issue 6: a filter of two integer comparisons adds at most 15 ns, an
 * event the filter rejects costs less than recording it, a context
 * field at most 5 ns; perf counters reported apart). The backend copies
 * each record into a static buffer (sized and written like a ring
 * buffer slot, context fields included), so the figures are the
 * tracer's own cost without the ring buffer's. Prints figures, never
 * pass/fail.
 *
 *   ust-filter-bench [EVENTS [CASE]]
 *
 * With CASE (an index in the table, from 0), runs only that case, once:
 * under valgrind --tool=callgrind, total instructions / EVENTS are the
 * instructions per event.
 */
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "bench-tp.h"

#include "channel.h"
#include "context/context-set.h"
#include "event-rule.h"
#include "filter/filter.h"

static char slot[4096];
static unsigned long committed;

static void *bench_reserve(struct lttng_ust_event_recorder *event,
			   size_t payload_len, struct lttng_ust_record_ctx *ctx)
{
	struct ust_ctx_values values;
	size_t ctx_len = ust_ctx_set_prepare(event->contexts, ctx, &values);

	if (ctx_len + payload_len > sizeof(slot))
		return NULL;
	ust_ctx_set_write(event->contexts, ctx, &values, slot);
	return slot + ctx_len;
}

static void bench_commit(struct lttng_ust_record_ctx *ctx)
{
	(void)ctx;
	committed++;
}

static const struct lttng_ust_recorder_ops ops = {bench_reserve, bench_commit};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Best of 5 runs of `events` events, in ns per event. */
static double run(unsigned long events)
{
	double best = 1e30;
	int rep;

	for (rep = 0; rep < 5; rep++) {
		double start = now_ns(), t;
		unsigned long i;

		for (i = 0; i < events; i++)
			lttng_ust_tracepoint(ust_bench_filter, ev, (int)(i & 7),
					     (long)(i & 63), "abcdef");
		t = (now_ns() - start) / events;
		if (t < best)
			best = t;
	}
	return best;
}

struct bench_case {
	const char *name;
	const char *filter;	  /* NULL: none */
	const uint32_t *contexts; /* 0-terminated */
	uint32_t perf_config;	  /* software counter, with contexts[0]=0 */
};

static const uint32_t no_ctx[] = {0};
static const uint32_t vtid[] = {UST_CONTEXT_VTID, 0};
static const uint32_t vpid[] = {UST_CONTEXT_VPID, 0};
static const uint32_t procname[] = {UST_CONTEXT_PROCNAME, 0};
static const uint32_t pthread_id[] = {UST_CONTEXT_PTHREAD_ID, 0};
static const uint32_t cpu_id[] = {UST_CONTEXT_CPU_ID, 0};
static const uint32_t net_ns[] = {UST_CONTEXT_NET_NS, 0};
static const uint32_t vuid[] = {UST_CONTEXT_VUID, 0};
static const uint32_t five[] = {UST_CONTEXT_VPID,	UST_CONTEXT_VTID,
				UST_CONTEXT_PROCNAME,	UST_CONTEXT_IP,
				UST_CONTEXT_PTHREAD_ID, 0};

static const struct bench_case cases[] = {
	{"no filter, no context (baseline)", NULL, no_ctx, 0},
	{"filter a < 100 && b >= 0 (passes)", "a < 100 && b >= 0", no_ctx, 0},
	{"filter a > 100 && b >= 0 (rejects)", "a > 100 && b >= 0", no_ctx, 0},
	{"filter s == \"abc*\" (passes)", "s == \"abc*\"", no_ctx, 0},
	{"filter $ctx.vtid > 0 (passes)", "$ctx.vtid > 0", no_ctx, 0},
	{"context vtid", NULL, vtid, 0},
	{"context vpid", NULL, vpid, 0},
	{"context procname", NULL, procname, 0},
	{"context pthread_id", NULL, pthread_id, 0},
	{"context cpu_id", NULL, cpu_id, 0},
	{"context net_ns", NULL, net_ns, 0},
	{"context vuid", NULL, vuid, 0},
	{"contexts vpid vtid procname ip pthread_id", NULL, five, 0},
	{"context perf:thread:page-fault", NULL, no_ctx,
	 PERF_COUNT_SW_PAGE_FAULTS + 1},
	{"context perf:thread:task-clock", NULL, no_ctx,
	 PERF_COUNT_SW_TASK_CLOCK + 1},
};

static int setup_case(const struct bench_case *c, struct ust_channel **chan,
		      struct ust_event_rule **rule)
{
	struct ust_event_rule_attr attr = {"ust_bench_filter:ev", NULL, 0,
					   UST_LOGLEVEL_ALL, 0};
	struct filter_bytecode *bc = NULL;
	struct filter_error err;
	size_t i;
	int ret;

	if (ust_channel_create(&ops, NULL, chan))
		return -1;
	for (i = 0; c->contexts[i]; i++) {
		struct ust_context_desc d = {.type = c->contexts[i]};

		if (ust_channel_add_context(*chan, &d))
			return -1;
	}
	if (c->perf_config) {
		struct ust_context_desc d = {
			.type = UST_CONTEXT_PERF_THREAD_COUNTER,
			.perf_type = PERF_TYPE_SOFTWARE,
			.perf_config = c->perf_config - 1,
			.name = "perf_counter",
		};

		if (ust_channel_add_context(*chan, &d))
			return -1;
	}
	if (c->filter) {
		if (filter_compile(c->filter, &bc, &err)) {
			fprintf(stderr, "%s\n", err.message);
			return -1;
		}
		attr.filter = bc->data;
		attr.filter_len = bc->len;
	}
	ret = ust_event_rule_create(*chan, &attr, rule);
	free(bc);
	return ret;
}

#define NR_CASES (sizeof(cases) / sizeof(cases[0]))
#define ROUNDS 3

/* One run of `events` events of case c (no repetition). */
static double measure_once(const struct bench_case *c, unsigned long events)
{
	struct ust_channel *chan;
	struct ust_event_rule *rule;
	double start, t;
	unsigned long i;

	if (setup_case(c, &chan, &rule))
		return -1;
	start = now_ns();
	for (i = 0; i < events; i++)
		lttng_ust_tracepoint(ust_bench_filter, ev, (int)(i & 7),
				     (long)(i & 63), "abcdef");
	t = (now_ns() - start) / events;
	ust_channel_destroy(chan);
	return t;
}

/* One measurement of case c; negative when it cannot be set up. */
static double measure(const struct bench_case *c, unsigned long events)
{
	struct ust_channel *chan;
	struct ust_event_rule *rule;
	double t;

	if (setup_case(c, &chan, &rule)) {
		fprintf(stderr, "ust-filter-bench: cannot set up %s\n",
			c->name);
		return -1;
	}
	/* perf counters cost a system call: fewer events. */
	t = run(c->perf_config ? events / 20 : events);
	ust_channel_destroy(chan);
	return t;
}

int main(int argc, char **argv)
{
	unsigned long events = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
	double best[NR_CASES];
	size_t i;
	int round;

	if (argc > 2) {
		i = strtoul(argv[2], NULL, 10);
		if (i >= NR_CASES)
			return 2;
		printf("%s: %.1f ns/event\n", cases[i].name,
		       measure_once(&cases[i], events));
		return 0;
	}

	/* Rounds interleave the cases, so a noisy moment hits them all. */
	for (i = 0; i < NR_CASES; i++)
		best[i] = 1e30;
	for (round = 0; round < ROUNDS; round++) {
		for (i = 0; i < NR_CASES; i++) {
			double t = measure(&cases[i], events);

			if (t < 0)
				return 1;
			if (t < best[i])
				best[i] = t;
		}
	}
	printf("| case | ns/event | added vs baseline |\n|---|---|---|\n");
	for (i = 0; i < NR_CASES; i++)
		printf("| %s | %.1f | %+.1f |\n", cases[i].name, best[i],
		       best[i] - best[0]);
	return committed ? 0 : 1;
}
