/*
 * The loader of LTTNG_UST_CLOCK_PLUGIN: every process of a tracing
 * session (the applications through liblttng-ust, the session daemon
 * for the metadata's clock, the consumer for the packets it closes)
 * loads the plugin the environment variable names and installs the
 * clock it enables (<lttng/ust-clock.h>) as trace-clock.h's
 * TRACE_CLOCK_PLUGIN. Implemented and exported by liblttng-ust-common
 * (src/lib/lttng-ust/common/clock-override.c), which owns the override
 * the plugin sets: its users link that library, so that the plugin and
 * they share one override.
 */
#ifndef TRACE_CLOCK_PLUGIN_LOADER_H
#define TRACE_CLOCK_PLUGIN_LOADER_H

#include "trace-clock/trace-clock.h"

/*
 * Loads LTTNG_UST_CLOCK_PLUGIN (once) and returns the clock it enabled,
 * or NULL: no plugin, or one that could not be loaded (reported with
 * LTTNG_UST_DEBUG) or did not enable the override.
 */
__attribute__((visibility("default"))) const struct trace_clock_plugin *
ust_clock_plugin_load(void);

#endif /* TRACE_CLOCK_PLUGIN_LOADER_H */
