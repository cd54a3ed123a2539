/*
 * Implementation of trace-clock.h's out-of-line part: function-pointer
 * readers and the source names used on command lines.
 */
#include <errno.h>
#include <string.h>

#include "trace-clock/trace-clock.h"

uint64_t trace_clock_monotonic_fn(void)
{
	return trace_clock_monotonic();
}

uint64_t trace_clock_tsc_fn(void)
{
	return trace_clock_tsc();
}

uint64_t (*trace_clock_reader(enum trace_clock_source source))(void)
{
	return source == TRACE_CLOCK_TSC ? trace_clock_tsc_fn
					 : trace_clock_monotonic_fn;
}

const char *trace_clock_source_name(enum trace_clock_source source)
{
	switch (source) {
	case TRACE_CLOCK_MONOTONIC:
		return "monotonic";
	case TRACE_CLOCK_TSC:
		return "tsc";
	}
	return NULL;
}

int trace_clock_source_parse(const char *name, enum trace_clock_source *out)
{
	if (!strcmp(name, "monotonic")) {
		*out = TRACE_CLOCK_MONOTONIC;
		return 0;
	}
	if (!strcmp(name, "tsc") && TRACE_CLOCK_HAVE_TSC) {
		*out = TRACE_CLOCK_TSC;
		return 0;
	}
	return -EINVAL;
}
