/*
 * Implementation of calibration.h. A sample pairs a TSC value with a
 * clock reading taken between two TSC reads; of several tries, the one
 * with the closest TSC reads wins, which bounds its error by half their
 * distance (tens of ns on an idle machine, microseconds when the thread
 * is preempted between the reads of every try): over 20 ms, a frequency
 * error of a few ppm to a few hundred ppm.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "trace-clock/calibration.h"

#define SAMPLE_TRIES 16

/* A counter's value (the TSC's, or a plugin clock's) and a clock's. */
struct clock_sample {
	uint64_t count;
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

/* The counter's value at the moment clock `id` read sample->ns. */
static void take_counter_sample(clockid_t id, uint64_t (*counter)(void),
				struct clock_sample *sample)
{
	uint64_t best = UINT64_MAX;
	int i;

	for (i = 0; i < SAMPLE_TRIES; i++) {
		uint64_t before = counter();
		uint64_t ns = clock_ns(id);
		uint64_t after = counter();

		if (after - before < best) {
			best = after - before;
			sample->count = before + (after - before) / 2;
			sample->ns = ns;
		}
	}
}

/* The TSC at the moment clock `id` read sample->ns. */
static void take_sample(clockid_t id, struct clock_sample *sample)
{
	take_counter_sample(id, trace_clock_tsc_fn, sample);
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

/* The whole of the small file dir/name, in buf; false if unreadable. */
static bool read_small_file(const char *dir, const char *name, char *buf,
			    size_t size)
{
	char path[4096];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		return false;
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
	return true;
}

const char *trace_clock_tsc_unusable_reason(const char *cpuinfo,
					    const char *clocksource_dir)
{
	char flags[8192];
	char text[512];

	if (!TRACE_CLOCK_HAVE_TSC)
		return "this CPU has no TSC";
	if (!read_line(cpuinfo, "flags", flags, sizeof(flags)) ||
	    !has_word(flags, "constant_tsc") || !has_word(flags, "nonstop_tsc"))
		return "the TSC is not invariant (constant_tsc, nonstop_tsc)";
	if (!read_small_file(clocksource_dir, "available_clocksource", text,
			     sizeof(text)) ||
	    !has_word(text, "tsc"))
		return "the kernel does not offer the TSC as a clocksource "
		       "(marked unstable)";
	if (!read_small_file(clocksource_dir, "current_clocksource", text,
			     sizeof(text)) ||
	    !has_word(text, "tsc"))
		return "the kernel's clocksource is not the TSC";
	return NULL;
}

bool trace_clock_tsc_usable(void)
{
	return !trace_clock_tsc_unusable_reason("/proc/cpuinfo",
						TRACE_CLOCK_SYSFS_CLOCKSOURCE);
}

enum trace_clock_source trace_clock_choose(const char *requested,
					   bool *fell_back)
{
	enum trace_clock_source source = TRACE_CLOCK_MONOTONIC;

	*fell_back = false;
	if (!requested || !strcmp(requested, "auto"))
		return TRACE_CLOCK_HAVE_TSC && trace_clock_tsc_usable()
			       ? TRACE_CLOCK_TSC_NS
			       : TRACE_CLOCK_MONOTONIC;
	if (trace_clock_source_parse(requested, &source)) {
		*fell_back = true;
		return TRACE_CLOCK_MONOTONIC;
	}
	if (source == TRACE_CLOCK_MONOTONIC)
		return source;
	if (trace_clock_tsc_usable())
		return source;
	*fell_back = true;
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
	return (uint64_t)((unsigned __int128)(end.count -
					      calibration_start.count) *
			  1000000000U / (end.ns - calibration_start.ns));
}

const char *trace_clock_tsc_inconsistency(const struct trace_clock_desc *desc)
{
	struct clock_sample now;
	struct clock_sample start;
	int64_t tsc_ns, raw_ns, error;

	pthread_mutex_lock(&calibration_lock);
	start = calibration_start;
	pthread_mutex_unlock(&calibration_lock);
	if (desc->source != TRACE_CLOCK_TSC || !desc->freq)
		return NULL;
	take_sample(CLOCK_MONOTONIC_RAW, &now);
	if (now.count < start.count)
		return "the TSC went backwards (reset by a suspend?)";
	tsc_ns = (int64_t)((unsigned __int128)(now.count - start.count) *
			   1000000000U / desc->freq);
	raw_ns = (int64_t)(now.ns - start.ns);
	error = tsc_ns > raw_ns ? tsc_ns - raw_ns : raw_ns - tsc_ns;
	if (error > TRACE_CLOCK_TSC_TOLERANCE_NS +
			    raw_ns / 1000000 * TRACE_CLOCK_TSC_TOLERANCE_PPM)
		return "the TSC no longer counts at its calibrated rate "
		       "(suspend and resume, or a migrated virtual machine?)";
	return NULL;
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
 * The Epoch offset of a counter of out->freq Hz: CLOCK_REALTIME at its
 * value 0, as whole seconds plus cycles.
 */
static void describe_offset(uint64_t (*counter)(void),
			    struct trace_clock_desc *out)
{
	struct clock_sample now;
	unsigned __int128 real_cycles;
	int64_t offset;

	take_counter_sample(CLOCK_REALTIME, counter, &now);
	real_cycles = (unsigned __int128)now.ns * out->freq / 1000000000U;
	offset = (int64_t)(real_cycles - now.count);
	out->offset_s = offset / (int64_t)out->freq;
	out->offset = offset % (int64_t)out->freq;
	if (out->offset < 0) {
		out->offset += (int64_t)out->freq;
		out->offset_s--;
	}
}

/* The boot id: LTTng's clock UUID for CLOCK_MONOTONIC. */
static bool read_boot_id(uint8_t uuid[TRACE_CLOCK_UUID_LEN])
{
	char text[64] = "";
	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
	bool ok;

	if (!f)
		return false;
	ok = fgets(text, sizeof(text), f) &&
	     !trace_clock_uuid_parse(text, uuid);
	fclose(f);
	return ok;
}

/* The plugin's name, description and UUID; false without a plugin. */
static bool describe_plugin(struct trace_clock_desc *out)
{
	const struct trace_clock_plugin *plugin = trace_clock_plugin();
	char uuid[40] = "";

	if (!plugin)
		return false;
	snprintf(out->name, sizeof(out->name), "%s", plugin->name());
	snprintf(out->description, sizeof(out->description), "%s",
		 plugin->description());
	out->has_uuid = plugin->uuid && plugin->uuid(uuid) == 0 &&
			!trace_clock_uuid_parse(uuid, out->uuid);
	out->freq = plugin->freq();
	if (!out->freq)
		return false;
	describe_offset(plugin->read64, out);
	return true;
}

void trace_clock_describe(enum trace_clock_source source,
			  struct trace_clock_desc *out)
{
	memset(out, 0, sizeof(*out));
	out->source = source;
	if (source == TRACE_CLOCK_PLUGIN && describe_plugin(out))
		return;
	snprintf(out->name, sizeof(out->name), "monotonic");
	snprintf(out->description, sizeof(out->description), "Monotonic Clock");
	out->has_uuid = read_boot_id(out->uuid);
	if (source == TRACE_CLOCK_TSC) {
		out->freq = measure_tsc_freq();
		describe_offset(trace_clock_tsc_fn, out);
	} else {
		/* The converted TSC counts CLOCK_MONOTONIC's ns: the same. */
		if (source != TRACE_CLOCK_TSC_NS)
			out->source = TRACE_CLOCK_MONOTONIC;
		describe_monotonic(out);
	}
}

void trace_clock_resample_offset(struct trace_clock_desc *desc)
{
	const struct trace_clock_plugin *plugin = trace_clock_plugin();

	if (desc->source == TRACE_CLOCK_TSC)
		describe_offset(trace_clock_tsc_fn, desc);
	else if (desc->source == TRACE_CLOCK_PLUGIN && plugin && desc->freq)
		describe_offset(plugin->read64, desc);
	else
		describe_monotonic(desc);
}

int trace_clock_uuid_parse(const char *text, uint8_t uuid[TRACE_CLOCK_UUID_LEN])
{
	unsigned int b[TRACE_CLOCK_UUID_LEN];
	int i;

	if (sscanf(text, "%2x%2x%2x%2x-%2x%2x-%2x%2x-%2x%2x-%2x%2x%2x%2x%2x%2x",
		   &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &b[6], &b[7],
		   &b[8], &b[9], &b[10], &b[11], &b[12], &b[13], &b[14],
		   &b[15]) != TRACE_CLOCK_UUID_LEN)
		return -EINVAL;
	for (i = 0; i < TRACE_CLOCK_UUID_LEN; i++)
		uuid[i] = (uint8_t)b[i];
	return 0;
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
	conv->tsc = now.count;
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
