/*
 * The trace clock of the traces this daemon writes (trace-clock.h): its
 * source, chosen at start: the clock of LTTNG_UST_CLOCK_PLUGIN when one
 * is loaded, else from LTTNG_TRACE_CLOCK ("auto" or "monotonic", the
 * default CLOCK_MONOTONIC, or "tsc"); and its description (frequency,
 * Epoch offset), measured once at first use. Each trace (a user space
 * registry, a kernel session) keeps a copy of the description it was
 * created with, so both domains' metadata declare one description and
 * babeltrace2 merges their events exactly: measured separately, NTP's
 * slewing of CLOCK_REALTIME would move the two apart by microseconds.
 * A TSC that the kernel stops trusting, or that stops counting at its
 * calibrated rate, is replaced by CLOCK_MONOTONIC for the traces created
 * afterwards (daemon_clock_check, with a warning in the log).
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
 * Before a session is created: when the source is the TSC and the kernel
 * no longer trusts it (LTTNG_SESSIOND_CLOCKSOURCE_DIR, for tests, replaces
 * /sys/devices/system/clocksource/clocksource0), or it no longer counts
 * CLOCK_MONOTONIC_RAW's time at its calibrated rate (a suspend, a
 * migrated virtual machine), the source becomes CLOCK_MONOTONIC for every
 * trace created from now on, and the log says so.
 */
void daemon_clock_check(void);

/*
 * Measures the Epoch offset of both descriptions again (the wall clock
 * may have been corrected since): same source and frequency.
 */
void daemon_clock_resample(void);

/*
 * After daemon_clock_resample(): gives a trace's own description the new
 * offset (the daemon's when it describes the same clock, so that both
 * domains keep one offset; else measured for it).
 */
void daemon_clock_resample_trace(struct trace_clock_desc *trace);

#endif /* SESSIOND_DAEMON_CLOCK_H */
