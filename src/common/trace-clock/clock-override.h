/*
 * The trace clock override of <lttng/ust-clock.h>, as liblttng-ust-common
 * keeps it for every process of a tracing session: the applications
 * (liblttng-ust), the session daemon (the metadata's clock) and the
 * consumer (the packets it closes) link that library, whose constructor
 * loads the LTTNG_UST_CLOCK_PLUGIN the environment names; the clock the
 * plugin enables becomes trace-clock.h's TRACE_CLOCK_PLUGIN.
 *
 * lttng_ust_trace_clock is LTTng-UST 2.13's own ABI symbol of
 * liblttng-ust-common, under its name and layout (LTTng's struct
 * lttng_ust_trace_clock has trace_clock_plugin's five callbacks in the
 * same order): NULL until the override is enabled, then the enabled
 * callbacks, never changed again.
 */
#ifndef TRACE_CLOCK_OVERRIDE_H
#define TRACE_CLOCK_OVERRIDE_H

#include "trace-clock/trace-clock.h"

extern struct trace_clock_plugin *lttng_ust_trace_clock;

/* The enabled override, or NULL. */
static inline const struct trace_clock_plugin *ust_clock_override(void)
{
	return __atomic_load_n(&lttng_ust_trace_clock, __ATOMIC_ACQUIRE);
}

/*
 * The override's clock, or CLOCK_MONOTONIC without one, read through
 * lttng_ust_trace_clock at each call: what liblttng-ust's records read
 * (as LTTng's do), since a plugin may enable the override after that
 * library's constructor ran (one that links liblttng-ust has it run
 * from inside its own dlopen()).
 */
static inline uint64_t ust_clock_override_read(void)
{
	const struct trace_clock_plugin *clock = ust_clock_override();

	return clock ? clock->read64() : trace_clock_monotonic();
}

#endif /* TRACE_CLOCK_OVERRIDE_H */
