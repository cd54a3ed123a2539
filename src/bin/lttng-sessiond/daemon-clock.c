/*
 * Implementation of daemon-clock.h.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "trace-clock/clock-override.h"
#include "daemon-clock.h"
#include "util/log.h"

static enum trace_clock_source source = TRACE_CLOCK_MONOTONIC;
static pthread_once_t described = PTHREAD_ONCE_INIT;
static struct trace_clock_desc description;

/* Where the kernel says which clocksource it trusts. */
static const char *clocksource_dir(void)
{
	const char *dir = getenv("LTTNG_SESSIOND_CLOCKSOURCE_DIR");

	return dir && *dir ? dir : TRACE_CLOCK_SYSFS_CLOCKSOURCE;
}

void daemon_clock_init(void)
{
	const char *requested = getenv("LTTNG_TRACE_CLOCK");
	const struct trace_clock_plugin *plugin = ust_clock_override();
	const char *why = NULL;
	bool fell_back;

	if (plugin) {
		trace_clock_plugin_set(plugin);
		source = TRACE_CLOCK_PLUGIN;
		DBG("Trace clock: the plugin's, %s", plugin->name());
		return;
	}
	source = trace_clock_choose(requested, &fell_back);
	if (source == TRACE_CLOCK_TSC || source == TRACE_CLOCK_TSC_NS) {
		why = trace_clock_tsc_unusable_reason("/proc/cpuinfo",
						      clocksource_dir());
		if (why) {
			source = TRACE_CLOCK_MONOTONIC;
			/* auto: CLOCK_MONOTONIC is its answer there */
			fell_back = requested && strcmp(requested, "auto");
		}
	}
	if (why && !fell_back)
		DBG("The TSC is not usable here (%s): the trace clock is "
		    "CLOCK_MONOTONIC",
		    why);
	if (fell_back)
		WARN("LTTNG_TRACE_CLOCK=%s is not usable here%s%s: the trace "
		     "clock is CLOCK_MONOTONIC",
		     requested, why ? ": " : "", why ? why : "");
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

static pthread_once_t kernel_described = PTHREAD_ONCE_INIT;
static struct trace_clock_desc kernel_description;

static void describe_kernel(void)
{
	/* tracefs's `mono` counts what the converted TSC counts. */
	if (daemon_clock()->source == TRACE_CLOCK_PLUGIN ||
	    daemon_clock()->source == TRACE_CLOCK_TSC_NS)
		trace_clock_describe(TRACE_CLOCK_MONOTONIC,
				     &kernel_description);
	else
		kernel_description = *daemon_clock();
}

const struct trace_clock_desc *daemon_kernel_clock(void)
{
	pthread_once(&kernel_described, describe_kernel);
	return &kernel_description;
}

void daemon_clock_check(void)
{
	const char *why;

	if (source != TRACE_CLOCK_TSC && source != TRACE_CLOCK_TSC_NS)
		return;
	why = trace_clock_tsc_unusable_reason("/proc/cpuinfo",
					      clocksource_dir());
	if (!why && source == TRACE_CLOCK_TSC)
		why = trace_clock_tsc_inconsistency(daemon_clock());
	if (!why)
		return;
	/* Both descriptions exist, so neither pthread_once runs again. */
	daemon_kernel_clock();
	source = TRACE_CLOCK_MONOTONIC;
	trace_clock_describe(TRACE_CLOCK_MONOTONIC, &description);
	kernel_description = description;
	WARN("The TSC is no longer usable as the trace clock: %s. Sessions "
	     "created from now on record with CLOCK_MONOTONIC; traces "
	     "created before keep the TSC and may go backwards",
	     why);
}

void daemon_clock_resample(void)
{
	struct trace_clock_desc *kernel = &kernel_description;

	daemon_clock();
	daemon_kernel_clock();
	trace_clock_resample_offset(&description);
	if (kernel->source == description.source)
		*kernel = description;
	else
		trace_clock_resample_offset(kernel);
	DBG("Trace clock offset measured again: %lld s + %lld cycles",
	    (long long)description.offset_s, (long long)description.offset);
}

void daemon_clock_resample_trace(struct trace_clock_desc *trace)
{
	const struct trace_clock_desc *now =
		trace->source == description.source ? &description
		: trace->source == kernel_description.source
			? &kernel_description
			: NULL;

	if (now && now->freq == trace->freq) {
		trace->offset_s = now->offset_s;
		trace->offset = now->offset;
	} else {
		trace_clock_resample_offset(trace);
	}
}
