/*
 * Choosing and describing the trace clock (trace-clock.h), in the session
 * daemon: which source this machine can use, and the frequency and Epoch
 * offset that a trace's metadata declares for it. The TSC's frequency is
 * measured against CLOCK_MONOTONIC_RAW between
 * trace_clock_calibration_start() (at daemon start) and the first
 * trace_clock_describe(), at least TRACE_CLOCK_CALIBRATION_NS apart: the
 * longer the interval, the closer the frequency. It is measured once:
 * the TSC's trace time then drifts from CLOCK_MONOTONIC by the
 * calibration error plus whatever frequency correction NTP applies to
 * CLOCK_MONOTONIC (doc/trace-clock.md has the measured figures).
 */
#ifndef TRACE_CLOCK_CALIBRATION_H
#define TRACE_CLOCK_CALIBRATION_H

#include <stdbool.h>
#include <stdint.h>

#include "trace-clock/trace-clock.h"

#define TRACE_CLOCK_CALIBRATION_NS 20000000ULL

#define TRACE_CLOCK_NAME_MAX 128
#define TRACE_CLOCK_DESCRIPTION_MAX 256
#define TRACE_CLOCK_UUID_LEN 16

/* What a trace's metadata says of its clock. */
struct trace_clock_desc {
	enum trace_clock_source source;
	char name[TRACE_CLOCK_NAME_MAX]; /* "monotonic", or the plugin's */
	char description[TRACE_CLOCK_DESCRIPTION_MAX];
	bool has_uuid; /* monotonic and TSC: the boot id, as LTTng */
	uint8_t uuid[TRACE_CLOCK_UUID_LEN];
	uint64_t freq;	  /* Hz */
	int64_t offset_s; /* the clock's 0, after the Epoch: offset_s s */
	int64_t offset;	  /* plus offset cycles */
};

#define TRACE_CLOCK_SYSFS_CLOCKSOURCE                                          \
	"/sys/devices/system/clocksource/clocksource0"

/*
 * Why the TSC cannot be the trace clock, or NULL when it can: it must be
 * invariant (constant_tsc and nonstop_tsc in `cpuinfo`'s flags) and the
 * kernel must trust it, in `clocksource_dir`: `tsc` among its
 * available_clocksource and as its current_clocksource. The kernel
 * leaves the TSC when its watchdog finds it unstable (the TSC of a
 * migrated virtual machine, or one that stopped in a suspend).
 */
const char *trace_clock_tsc_unusable_reason(const char *cpuinfo,
					    const char *clocksource_dir);

/* trace_clock_tsc_unusable_reason() of this machine is NULL. */
bool trace_clock_tsc_usable(void);

/*
 * The source to use: `requested` ("monotonic", "tsc", "tsc-ns" or
 * "auto"; NULL means auto). Auto is the converted TSC (TRACE_CLOCK_TSC_NS)
 * where the TSC is usable, else CLOCK_MONOTONIC (doc/trace-clock.md).
 * A TSC request on a machine without a usable TSC, or an unknown name,
 * falls back to monotonic; *fell_back tells.
 */
enum trace_clock_source trace_clock_choose(const char *requested,
					   bool *fell_back);

/*
 * What the TSC may differ from CLOCK_MONOTONIC_RAW over the time since
 * the calibration started before trace_clock_tsc_inconsistency() calls
 * it inconsistent: the calibration's own error stays well below it.
 */
#define TRACE_CLOCK_TSC_TOLERANCE_NS 1000000
#define TRACE_CLOCK_TSC_TOLERANCE_PPM 1000

/*
 * Why the TSC described by desc (after trace_clock_describe()) no longer
 * counts the time CLOCK_MONOTONIC_RAW counted since the calibration
 * started, or NULL while it does: it went backwards (reset by a suspend)
 * or runs at another rate (a virtual machine migrated to another host).
 */
const char *trace_clock_tsc_inconsistency(const struct trace_clock_desc *desc);

/* Takes the first calibration sample. Idempotent. */
void trace_clock_calibration_start(void);

/*
 * Describes `source` now: for the TSC, ends the calibration (sleeping
 * until TRACE_CLOCK_CALIBRATION_NS have passed since its start). The
 * monotonic clock is described as LTTng does: 1 GHz, offset in ns. The
 * plugin's comes from its callbacks (trace_clock_plugin_set()); without
 * a plugin, the monotonic clock is described.
 */
void trace_clock_describe(enum trace_clock_source source,
			  struct trace_clock_desc *out);

/*
 * Measures desc's Epoch offset again (lttng regenerate metadata, after
 * the wall clock was corrected, e.g. by NTP): same source, name and
 * frequency; new offset_s and offset.
 */
void trace_clock_resample_offset(struct trace_clock_desc *desc);

/* Parses "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx": 0, or -EINVAL. */
int trace_clock_uuid_parse(const char *text, uint8_t uuid[TRACE_CLOCK_UUID_LEN]);

/*
 * Converts values of a trace clock to CLOCK_MONOTONIC nanoseconds, for
 * matching them with what the kernel stamps with that clock (BPF's
 * bpf_ktime_get_ns). Exact for the monotonic source; for the TSC, a line
 * through one sample at the calibrated frequency, so it drifts from
 * CLOCK_MONOTONIC as the TSC trace clock does: by the calibration error
 * and NTP's frequency correction (20 ppm is 72 ms per hour).
 */
struct trace_clock_converter {
	enum trace_clock_source source;
	uint64_t freq; /* Hz */
	uint64_t tsc;  /* the sample */
	uint64_t ns;
};

void trace_clock_converter_init(struct trace_clock_converter *conv,
				enum trace_clock_source source, uint64_t freq);
uint64_t trace_clock_to_monotonic_ns(const struct trace_clock_converter *conv,
				     uint64_t value);

#endif /* TRACE_CLOCK_CALIBRATION_H */
