/*
 * Implementation of calibration.h. A sample pairs a TSC value with a
 * clock reading taken between two TSC reads; of several tries, the one
 * with the closest TSC reads wins, which bounds its error by half their
 * distance (tens of ns), hence about 1 ppm over 20 ms.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "trace-clock/calibration.h"

#define SAMPLE_TRIES 16

struct clock_sample {
	uint64_t tsc;
	uint64_t ns;
};

static pthread_mutex_t calibration_lock = PTHREAD_MUTEX_INITIALIZER;
static bool calibration_started;
static struct clock_sample calibration_start;

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* The TSC at the moment clock `id` read sample->ns. */
static void take_sample(clockid_t id, struct clock_sample *sample)
{
	uint64_t best = UINT64_MAX;
	int i;

	for (i = 0; i < SAMPLE_TRIES; i++) {
		uint64_t before = trace_clock_tsc();
		uint64_t ns = clock_ns(id);
		uint64_t after = trace_clock_tsc();

		if (after - before < best) {
			best = after - before;
			sample->tsc = before + (after - before) / 2;
			sample->ns = ns;
		}
	}
}

/* Whether the space-separated `list` holds `word`. */
static bool has_word(const char *list, const char *word)
{
	size_t len = strlen(word);
	const char *p = list;

	while ((p = strstr(p, word)) != NULL) {
		bool starts = p == list || p[-1] == ' ' || p[-1] == '\t';
		char end = p[len];

		if (starts && (end == ' ' || end == '\n' || end == '\0'))
			return true;
		p += len;
	}
	return false;
}

/* The first line of `path` starting with `prefix`, in buf. */
static bool read_line(const char *path, const char *prefix, char *buf,
		      size_t size)
{
	FILE *f = fopen(path, "r");
	bool found = false;

	if (!f)
		return false;
	while (fgets(buf, (int)size, f)) {
		if (!strncmp(buf, prefix, strlen(prefix))) {
			found = true;
			break;
		}
	}
	fclose(f);
	return found;
}

bool trace_clock_tsc_usable(void)
{
	static char flags[8192];
	char sources[512];

	if (!TRACE_CLOCK_HAVE_TSC)
		return false;
	if (!read_line("/proc/cpuinfo", "flags", flags, sizeof(flags)) ||
	    !has_word(flags, "constant_tsc") || !has_word(flags, "nonstop_tsc"))
		return false;
	if (has_word(flags, "tsc_reliable"))
		return true;
	return read_line("/sys/devices/system/clocksource/clocksource0/"
			 "available_clocksource",
			 "", sources, sizeof(sources)) &&
	       has_word(sources, "tsc");
}

enum trace_clock_source trace_clock_choose(const char *requested,
					   bool *fell_back)
{
	enum trace_clock_source source = TRACE_CLOCK_TSC;

	*fell_back = false;
	if (requested && strcmp(requested, "auto") &&
	    trace_clock_source_parse(requested, &source)) {
		*fell_back = true;
		return TRACE_CLOCK_MONOTONIC;
	}
	if (source == TRACE_CLOCK_MONOTONIC)
		return source;
	if (trace_clock_tsc_usable())
		return TRACE_CLOCK_TSC;
	*fell_back = requested && !strcmp(requested, "tsc");
	return TRACE_CLOCK_MONOTONIC;
}

void trace_clock_calibration_start(void)
{
	pthread_mutex_lock(&calibration_lock);
	if (!calibration_started) {
		take_sample(CLOCK_MONOTONIC_RAW, &calibration_start);
		calibration_started = true;
	}
	pthread_mutex_unlock(&calibration_lock);
}

/* The TSC frequency from the calibration start to now, in Hz. */
static uint64_t measure_tsc_freq(void)
{
	struct clock_sample end;
	uint64_t elapsed;

	trace_clock_calibration_start();
	elapsed = clock_ns(CLOCK_MONOTONIC_RAW) - calibration_start.ns;
	if (elapsed < TRACE_CLOCK_CALIBRATION_NS) {
		uint64_t rest = TRACE_CLOCK_CALIBRATION_NS - elapsed;
		struct timespec pause = {0, (long)rest};

		while (nanosleep(&pause, &pause) && errno == EINTR)
			;
	}
	take_sample(CLOCK_MONOTONIC_RAW, &end);
	return (uint64_t)((unsigned __int128)(end.tsc - calibration_start.tsc) *
			  1000000000U / (end.ns - calibration_start.ns));
}

static void describe_monotonic(struct trace_clock_desc *out)
{
	uint64_t mono = clock_ns(CLOCK_MONOTONIC);
	uint64_t real = clock_ns(CLOCK_REALTIME);

	out->freq = 1000000000;
	out->offset_s = 0;
	out->offset = (int64_t)(real - mono);
}

/*
 * The Epoch offset of the TSC: CLOCK_REALTIME at TSC 0, as whole seconds
 * plus cycles.
 */
static void describe_tsc(struct trace_clock_desc *out)
{
	struct clock_sample now;
	unsigned __int128 real_cycles;
	int64_t offset;

	out->freq = measure_tsc_freq();
	take_sample(CLOCK_REALTIME, &now);
	real_cycles = (unsigned __int128)now.ns * out->freq / 1000000000U;
	offset = (int64_t)(real_cycles - now.tsc);
	out->offset_s = offset / (int64_t)out->freq;
	out->offset = offset % (int64_t)out->freq;
	if (out->offset < 0) {
		out->offset += (int64_t)out->freq;
		out->offset_s--;
	}
}

void trace_clock_describe(enum trace_clock_source source,
			  struct trace_clock_desc *out)
{
	memset(out, 0, sizeof(*out));
	out->source = source;
	if (source == TRACE_CLOCK_TSC)
		describe_tsc(out);
	else
		describe_monotonic(out);
}

void trace_clock_converter_init(struct trace_clock_converter *conv,
				enum trace_clock_source source, uint64_t freq)
{
	struct clock_sample now;

	memset(conv, 0, sizeof(*conv));
	conv->source = source;
	conv->freq = freq ? freq : 1000000000;
	if (source != TRACE_CLOCK_TSC)
		return;
	take_sample(CLOCK_MONOTONIC, &now);
	conv->tsc = now.tsc;
	conv->ns = now.ns;
}

uint64_t trace_clock_to_monotonic_ns(const struct trace_clock_converter *conv,
				     uint64_t value)
{
	__int128 cycles;

	if (conv->source != TRACE_CLOCK_TSC)
		return value;
	cycles = (__int128)value - (__int128)conv->tsc;
	return (uint64_t)((__int128)conv->ns +
			  cycles * 1000000000 / (__int128)conv->freq);
}
