/*
 * Choosing and describing the trace clock (trace-clock.h), in the session
 * daemon: which source this machine can use, and the frequency and Epoch
 * offset that a trace's metadata declares for it. The TSC's frequency is
 * measured against CLOCK_MONOTONIC_RAW between
 * trace_clock_calibration_start() (at daemon start) and the first
 * trace_clock_describe(), at least TRACE_CLOCK_CALIBRATION_NS apart: the
 * longer the interval, the closer the frequency.
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

/*
 * Whether the TSC can be the trace clock: invariant (constant_tsc and
 * nonstop_tsc) and synchronized between CPUs, as the kernel says with
 * the tsc_reliable flag or by keeping tsc as its clocksource (it leaves
 * it when its watchdog finds the TSC unstable).
 */
bool trace_clock_tsc_usable(void);

/*
 * The source to use: `requested` ("monotonic", "tsc" or "auto"; NULL
 * means auto), where auto picks the TSC when usable. A TSC request on a
 * machine without a usable TSC falls back to monotonic; *fell_back tells.
 */
enum trace_clock_source trace_clock_choose(const char *requested,
					   bool *fell_back);

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

struct ctf_clock_desc;

/* The metadata's clock block for `desc` (pointers into desc). */
void trace_clock_to_ctf(const struct trace_clock_desc *desc,
			struct ctf_clock_desc *out);

/* Parses "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx": 0, or -EINVAL. */
int trace_clock_uuid_parse(const char *text, uint8_t uuid[TRACE_CLOCK_UUID_LEN]);

/*
 * Converts values of a trace clock to CLOCK_MONOTONIC nanoseconds, for
 * matching them with what the kernel stamps with that clock (BPF's
 * bpf_ktime_get_ns). Exact for the monotonic source; for the TSC, a line
 * through one sample, so within microseconds over hours.
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
