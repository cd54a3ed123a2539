/*
 * liblttng-ust-common: the trace clock override (<lttng/ust-clock.h>) as
 * the processes of a tracing session use it: each loads the plugin
 * LTTNG_UST_CLOCK_PLUGIN names and installs the clock it enables as
 * trace-clock.h's TRACE_CLOCK_PLUGIN.
 */
#ifndef UST_CLOCK_OVERRIDE_H
#define UST_CLOCK_OVERRIDE_H

#include "trace-clock/trace-clock.h"
#include "ust-log.h"

/*
 * Loads LTTNG_UST_CLOCK_PLUGIN (once) and returns the clock it enabled,
 * or NULL: no plugin, or one that could not be loaded (reported with
 * LTTNG_UST_DEBUG) or did not enable the override.
 */
UST_API const struct trace_clock_plugin *ust_clock_plugin_load(void);

#endif /* UST_CLOCK_OVERRIDE_H */
