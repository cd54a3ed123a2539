/*
 * clock-drift-app: emits clock_drift:sample every PERIOD_MS for SECONDS,
 * each carrying the CLOCK_MONOTONIC time read just before the event.
 * clock-drift.py compares that field with the event's timestamp as
 * babeltrace2 decodes it, which measures how far the trace clock drifts
 * from CLOCK_MONOTONIC. Prints "done N" when finished.
 *
 *   clock-drift-app SECONDS [PERIOD_MS]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "drift-tp.h"

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 600;
	long period_ms = argc > 2 ? atol(argv[2]) : 10;
	uint64_t start = monotonic_ns();
	uint64_t end = start + (uint64_t)(seconds * 1e9);
	struct timespec pause = {period_ms / 1000,
				 (period_ms % 1000) * 1000000L};
	unsigned long n = 0;

	for (;;) {
		uint64_t now = monotonic_ns();

		if (now >= end)
			break;
		lttng_ust_tracepoint(clock_drift, sample, now);
		n++;
		nanosleep(&pause, NULL);
	}
	printf("done %lu\n", n);
	return 0;
}
