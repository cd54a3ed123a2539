/*
 * Implementation of daemon-clock.h.
 */
#include <pthread.h>
#include <stdlib.h>

#include "daemon-clock.h"
#include "util/log.h"

static enum trace_clock_source source = TRACE_CLOCK_MONOTONIC;
static pthread_once_t described = PTHREAD_ONCE_INIT;
static struct trace_clock_desc description;

void daemon_clock_init(void)
{
	const char *requested = getenv("LTTNG_TRACE_CLOCK");
	bool fell_back;

	source = trace_clock_choose(requested, &fell_back);
	if (fell_back)
		WARN("LTTNG_TRACE_CLOCK=%s is not usable here: the trace clock "
		     "is CLOCK_MONOTONIC",
		     requested);
	if (source == TRACE_CLOCK_TSC)
		trace_clock_calibration_start();
	DBG("Trace clock: %s", trace_clock_source_name(source));
}

static void describe(void)
{
	trace_clock_describe(source, &description);
}

const struct trace_clock_desc *daemon_clock(void)
{
	pthread_once(&described, describe);
	return &description;
}
