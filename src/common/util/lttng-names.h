/*
 * The names LTTng 2.13 gives event rule types and context types in its
 * session configuration files and MI documents ("TRACEPOINT", "VPID"):
 * one table for the session daemon's writer and the CLI's MI printer.
 */
#ifndef UTIL_LTTNG_NAMES_H
#define UTIL_LTTNG_NAMES_H

#include <stdint.h>

/* The name of an enum lttng_event_type value; NULL for an unknown one. */
const char *lttng_names_event_type(int32_t type);

/*
 * The name of an enum lttng_event_context_type value without attributes;
 * NULL for an unknown one and for perf counters and application contexts,
 * which are written with their attributes instead.
 */
const char *lttng_names_context_type(int32_t type);

#endif /* UTIL_LTTNG_NAMES_H */
