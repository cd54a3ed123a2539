/*
 * The trace clock of every trace this daemon writes (trace-clock.h):
 * its source, chosen once at start: the clock of LTTNG_UST_CLOCK_PLUGIN
 * when one is loaded, else from LTTNG_TRACE_CLOCK ("auto", the default,
 * "tsc" or "monotonic"); and its description (frequency, Epoch offset),
 * measured once at first use. Both domains' metadata (the user
 * space registry and the kernel consumer) declare this one description,
 * so babeltrace2 merges their events exactly: measured separately, NTP's
 * slewing of CLOCK_REALTIME would move the two apart by microseconds.
 * `lttng regenerate metadata` measures the offset again
 * (daemon_clock_resample); traces created later declare the new one.
 * Callers hold the session lock.
 */
#ifndef SESSIOND_DAEMON_CLOCK_H
#define SESSIOND_DAEMON_CLOCK_H

#include "trace-clock/calibration.h"

/* Chooses the source and starts the TSC calibration. */
void daemon_clock_init(void);

/* The description every user space trace's metadata declares. */
const struct trace_clock_desc *daemon_clock(void);

/*
 * The kernel domain's: the same, but for a plugin's clock (the kernel
 * cannot read it), where it is CLOCK_MONOTONIC.
 */
const struct trace_clock_desc *daemon_kernel_clock(void);

/*
 * Measures the Epoch offset of both descriptions again (the wall clock
 * may have been corrected since): same source and frequency.
 */
void daemon_clock_resample(void);

#endif /* SESSIOND_DAEMON_CLOCK_H */
