/*
 * ust-test-app: an instrumented process driven line by line on stdin by
 * the integration tests, so a test decides when it records and when it
 * dies. Each command is answered with "ok" on stdout once done:
 *
 *   emit N    records N testapp:values events (seq continues across
 *             commands: 0, 1, 2, ...) then one testapp:tick
 *   spin T    starts T threads that record testapp:values until the
 *             process dies, thread k the seqs k, k + T, k + 2T, ...
 *             ("ok" once each has recorded one)
 *   kill      SIGKILL itself (a process killed mid-run)
 *   quit      exits normally
 *
 * It prints "ready" first. End of input is "quit".
 */
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testapp-tp.h"

static uint64_t next_seq;

/* One testapp:values event with the fields of seq. */
static void emit_one(uint64_t seq)
{
	int32_t triple[3] = {(int32_t)seq, -1, 7};
	unsigned int nr = (unsigned int)(seq % 4);
	uint16_t items[4];
	char name[32];

	for (unsigned int j = 0; j < nr; j++)
		items[j] = (uint16_t)(seq + j);
	snprintf(name, sizeof(name), "event-%llu", (unsigned long long)seq);
	lttng_ust_tracepoint(testapp, values, seq, name, triple, items, nr);
}

static void emit(unsigned long count)
{
	for (unsigned long i = 0; i < count; i++, next_seq++)
		emit_one(next_seq);
	lttng_ust_tracepoint(testapp, tick);
}

struct spinner {
	uint64_t first, step;
};

static unsigned int spinners_started;

static void *spin(void *arg)
{
	const struct spinner *sp = arg;

	for (uint64_t seq = sp->first;; seq += sp->step) {
		emit_one(seq);
		if (seq == sp->first)
			__atomic_add_fetch(&spinners_started, 1,
					   __ATOMIC_RELEASE);
	}
	return NULL;
}

/* Starts `count` recording threads, returns once each recorded once. */
static void spin_threads(unsigned int count)
{
	struct spinner *sp = calloc(count, sizeof(*sp));
	pthread_t thread;

	if (!sp)
		abort();
	for (unsigned int k = 0; k < count; k++) {
		sp[k].first = k;
		sp[k].step = count;
		if (pthread_create(&thread, NULL, spin, &sp[k]))
			abort();
		pthread_detach(thread);
	}
	while (__atomic_load_n(&spinners_started, __ATOMIC_ACQUIRE) < count)
		sched_yield();
}

int main(void)
{
	char line[128];

	setvbuf(stdout, NULL, _IOLBF, 0);
	puts("ready");
	while (fgets(line, sizeof(line), stdin)) {
		if (!strncmp(line, "emit ", 5))
			emit(strtoul(line + 5, NULL, 10));
		else if (!strncmp(line, "spin ", 5))
			spin_threads((unsigned int)strtoul(line + 5, NULL, 10));
		else if (!strncmp(line, "kill", 4))
			raise(SIGKILL);
		else if (!strncmp(line, "quit", 4))
			break;
		puts("ok");
	}
	return 0;
}
