/*
 * burst-app THREADS EVENTS: records burst:start from a constructor
 * (which runs after the tracer's, and after this program's provider
 * registered: burst-tp.c is linked first) and from main's first line,
 * then THREADS threads each record EVENTS burst:ev as fast as they can,
 * all starting at once. Prints "emitted=N" (every event recorded).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "burst-tp.h"

static uint32_t per_thread;
static pthread_barrier_t go;

static void __attribute__((constructor)) first_constructor_event(void)
{
	lttng_ust_tracepoint(burst, start, 0);
}

static void *burst(void *arg)
{
	uint32_t thread = (uint32_t)(uintptr_t)arg, i;

	pthread_barrier_wait(&go);
	for (i = 0; i < per_thread; i++)
		lttng_ust_tracepoint(burst, ev, thread, i);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t threads[64];
	unsigned long nr, i;

	lttng_ust_tracepoint(burst, start, 1);
	if (argc != 3) {
		fprintf(stderr, "usage: %s THREADS EVENTS\n", argv[0]);
		return 2;
	}
	nr = strtoul(argv[1], NULL, 10);
	per_thread = (uint32_t)strtoul(argv[2], NULL, 10);
	if (nr < 1 || nr > 64)
		return 2;
	pthread_barrier_init(&go, NULL, (unsigned int)nr);
	for (i = 0; i < nr; i++)
		if (pthread_create(&threads[i], NULL, burst,
				   (void *)(uintptr_t)i))
			return 1;
	for (i = 0; i < nr; i++)
		pthread_join(threads[i], NULL);
	printf("emitted=%llu\n", 2ULL + (unsigned long long)nr * per_thread);
	return 0;
}
