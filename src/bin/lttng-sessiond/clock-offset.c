/*
 * Implementation of clock-offset.h.
 */
#include <pthread.h>
#include <time.h>

#include "clock-offset.h"

static pthread_once_t measured = PTHREAD_ONCE_INIT;
static int64_t offset_ns;

static void measure(void)
{
	struct timespec mono, real;

	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &real);
	offset_ns = ((int64_t)real.tv_sec - mono.tv_sec) * 1000000000 +
		    ((int64_t)real.tv_nsec - mono.tv_nsec);
}

int64_t sessiond_clock_offset(void)
{
	pthread_once(&measured, measure);
	return offset_ns;
}
