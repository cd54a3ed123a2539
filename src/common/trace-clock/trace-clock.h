/*
 * The trace clock: what every record's timestamp counts. The session
 * daemon chooses one source per daemon and declares it in every trace's
 * metadata; the consumers stamp packets with it and liblttng-ust reads it
 * on every record (the source travels in each stream's shared memory,
 * ringbuffer/shm-layout.h). Three sources:
 *
 *   TRACE_CLOCK_MONOTONIC  CLOCK_MONOTONIC in ns (freq 1 GHz), LTTng's
 *                          clock and the default; about 25 ns per read
 *                          through the vDSO here. It follows NTP's
 *                          frequency corrections, as the kernel's `mono`
 *                          tracefs clock does.
 *   TRACE_CLOCK_TSC        the x86 time-stamp counter in cycles, declared
 *                          at one frequency measured against
 *                          CLOCK_MONOTONIC_RAW (LTTNG_TRACE_CLOCK=tsc; see
 *                          doc/trace-clock.md). A CTF clock has one fixed
 *                          frequency, so this clock does not follow NTP:
 *                          trace time drifts from CLOCK_MONOTONIC by the
 *                          frequency correction NTP applies (20 ppm is
 *                          72 ms per hour), plus the calibration error.
 *   TRACE_CLOCK_TSC_NS     the default where the TSC is usable:
 *                          CLOCK_MONOTONIC's nanoseconds (freq 1 GHz, as
 *                          the monotonic source) computed from the TSC
 *                          with parameters the consumer daemon keeps
 *                          steered onto CLOCK_MONOTONIC in each stream's
 *                          clock page (tsc-page.h); about 10 ns per read
 *                          on a CPU-local stream, 20 ns on a stream
 *                          written from several CPUs.
 *   TRACE_CLOCK_PLUGIN     the clock of an LTTNG_UST_CLOCK_PLUGIN, which
 *                          every process involved loads (the kernel
 *                          domain keeps its own monotonic clock then).
 *
 * Every reader is ordered after the loads that precede it: the ring
 * buffer reads the clock after loading the stream's offset, and a record
 * reserved from another CPU must not get a timestamp older than the
 * record it follows (producer.c, TIME). The vDSO orders its own TSC read;
 * trace_clock_tsc() does the same with lfence. The converted TSC
 * (tsc-page.h) takes the bare read only on streams whose writers all run
 * on one CPU (producer.h, rb_stream_reserve says why that suffices).
 *
 * The readers are inline so that the ring buffer's inline reserve can
 * take them as its constant clock function.
 */
#ifndef TRACE_CLOCK_H
#define TRACE_CLOCK_H

#include <stdint.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define TRACE_CLOCK_HAVE_TSC 1
#else
#define TRACE_CLOCK_HAVE_TSC 0
#endif

enum trace_clock_source {
	TRACE_CLOCK_MONOTONIC = 0,
	TRACE_CLOCK_TSC = 1,
	TRACE_CLOCK_PLUGIN = 2,
	TRACE_CLOCK_TSC_NS = 3,
};

#define TRACE_CLOCK_SOURCE_MAX TRACE_CLOCK_TSC_NS

/* A plugin's clock: LTTng-UST's override callbacks (<lttng/ust-clock.h>). */
struct trace_clock_plugin {
	uint64_t (*read64)(void);
	uint64_t (*freq)(void);
	int (*uuid)(char *uuid); /* NULL: no UUID */
	const char *(*name)(void);
	const char *(*description)(void);
};

/* Installs the plugin's clock (NULL: none) for TRACE_CLOCK_PLUGIN. */
void trace_clock_plugin_set(const struct trace_clock_plugin *plugin);

/* The installed plugin, or NULL. */
const struct trace_clock_plugin *trace_clock_plugin(void);

/* The plugin's clock, or CLOCK_MONOTONIC when none is installed. */
uint64_t trace_clock_plugin_read(void);

/* CLOCK_MONOTONIC in nanoseconds. */
static inline uint64_t trace_clock_monotonic(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * The time-stamp counter, read after every earlier load has completed.
 * rdtsc alone may execute before a load that precedes it: a producer
 * could then stamp its record with a time from before it loaded the
 * stream offset that another CPU's record had just moved, and the
 * stream's timestamps would go backwards. lfence waits for the earlier
 * instructions (loads included) to complete before rdtsc executes, as
 * the kernel's rdtsc_ordered() does; it costs about 10 ns here (the
 * read goes from 10 to 20 ns). rdtscp would order it too, at the same
 * cost on this machine.
 */
static inline uint64_t trace_clock_tsc(void)
{
#if TRACE_CLOCK_HAVE_TSC
	_mm_lfence();
	return __rdtsc();
#else
	return trace_clock_monotonic();
#endif
}

/* The current value of `source`. */
static inline uint64_t trace_clock_read(enum trace_clock_source source)
{
	if (source == TRACE_CLOCK_TSC)
		return trace_clock_tsc();
	if (source == TRACE_CLOCK_PLUGIN)
		return trace_clock_plugin_read();
	return trace_clock_monotonic();
}

/* Out-of-line readers, for callers that need a function pointer. */
uint64_t trace_clock_monotonic_fn(void);
uint64_t trace_clock_tsc_fn(void);

/*
 * The converted TSC clock's function. The ring buffer recognises it and
 * reads the stream's clock page instead (producer.h, rb_stream_clock);
 * called directly, with no stream at hand, it reads CLOCK_MONOTONIC,
 * which the converted clock follows within microseconds.
 */
uint64_t trace_clock_tsc_ns_fn(void);

/* The reader of `source` as a function pointer. */
uint64_t (*trace_clock_reader(enum trace_clock_source source))(void);

/* "monotonic", "tsc", "tsc-ns" or "plugin"; NULL for an unknown value. */
const char *trace_clock_source_name(enum trace_clock_source source);

/*
 * Parses "monotonic", "tsc" or "tsc-ns" (a plugin is never named). 0, or
 * -EINVAL.
 */
int trace_clock_source_parse(const char *name, enum trace_clock_source *out);

#endif /* TRACE_CLOCK_H */
