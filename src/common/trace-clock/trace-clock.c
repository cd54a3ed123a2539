/*
 * Implementation of trace-clock.h's out-of-line part: function-pointer
 * readers, the installed plugin and the source names used on command
 * lines.
 */
#include <errno.h>
#include <string.h>

#include "trace-clock/trace-clock.h"

static const struct trace_clock_plugin *installed_plugin;

void trace_clock_plugin_set(const struct trace_clock_plugin *plugin)
{
	__atomic_store_n(&installed_plugin, plugin, __ATOMIC_RELEASE);
}

const struct trace_clock_plugin *trace_clock_plugin(void)
{
	return __atomic_load_n(&installed_plugin, __ATOMIC_ACQUIRE);
}

uint64_t trace_clock_plugin_read(void)
{
	const struct trace_clock_plugin *plugin = trace_clock_plugin();

	return plugin ? plugin->read64() : trace_clock_monotonic();
}

uint64_t trace_clock_monotonic_fn(void)
{
	return trace_clock_monotonic();
}

uint64_t trace_clock_tsc_fn(void)
{
	return trace_clock_tsc();
}

uint64_t trace_clock_tsc_ns_fn(void)
{
	return trace_clock_monotonic();
}

uint64_t (*trace_clock_reader(enum trace_clock_source source))(void)
{
	if (source == TRACE_CLOCK_TSC_NS)
		return trace_clock_tsc_ns_fn;
	if (source == TRACE_CLOCK_TSC)
		return trace_clock_tsc_fn;
	if (source == TRACE_CLOCK_PLUGIN)
		return trace_clock_plugin_read;
	return trace_clock_monotonic_fn;
}

const char *trace_clock_source_name(enum trace_clock_source source)
{
	switch (source) {
	case TRACE_CLOCK_MONOTONIC:
		return "monotonic";
	case TRACE_CLOCK_TSC:
		return "tsc";
	case TRACE_CLOCK_PLUGIN:
		return "plugin";
	case TRACE_CLOCK_TSC_NS:
		return "tsc-ns";
	}
	return NULL;
}

int trace_clock_source_parse(const char *name, enum trace_clock_source *out)
{
	if (!strcmp(name, "monotonic")) {
		*out = TRACE_CLOCK_MONOTONIC;
		return 0;
	}
	if (!strcmp(name, "tsc-ns") && TRACE_CLOCK_HAVE_TSC) {
		*out = TRACE_CLOCK_TSC_NS;
		return 0;
	}
	if (!strcmp(name, "tsc") && TRACE_CLOCK_HAVE_TSC) {
		*out = TRACE_CLOCK_TSC;
		return 0;
	}
	return -EINVAL;
}
