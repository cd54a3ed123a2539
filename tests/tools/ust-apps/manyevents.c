/*
 * ust-many-events-app: emits each of its 120 event classes (many:ev000
 * to many:ev119, manyevents-list.h) in turn, in rounds about a
 * millisecond apart, from a thread, until "quit" or the end of its
 * input, and one whole round after it: an event enabled before the
 * test says "quit" is recorded at least once. It prints "ready" first. A test enables the events one by one
 * while it runs, so the metadata of the session keeps growing
 * (test_metadata_live_read.py).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "manyevents-tp.h"

static atomic_bool stopping;

#define MANY_EMIT(n) lttng_ust_tracepoint(many, ev##n, seq);

static void *emit_rounds(void *arg)
{
	const struct timespec pause = {.tv_nsec = 1000 * 1000};
	uint64_t seq = 0;

	(void)arg;
	for (;;) {
		bool last = atomic_load(&stopping);

		MANY_EVENTS(MANY_EMIT, MANY_EMIT, MANY_EMIT, MANY_EMIT)
		seq++;
		if (last)
			return NULL;
		nanosleep(&pause, NULL);
	}
}

int main(void)
{
	char line[64];
	pthread_t emitter;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (pthread_create(&emitter, NULL, emit_rounds, NULL))
		return 1;
	puts("ready");
	while (fgets(line, sizeof(line), stdin) && strncmp(line, "quit", 4))
		;
	atomic_store(&stopping, true);
	pthread_join(emitter, NULL);
	return 0;
}
