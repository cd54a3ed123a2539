/*
 * The names LTTng 2.13 gives domains, buffer types, event rule types,
 * context types, log level types and process attributes in its session
 * configuration files and MI documents ("UST", "PER_UID", "TRACEPOINT",
 * "VPID", "RANGE", "vpid", "vpid_process_attr_tracker"): one table each
 * for the session daemon's writer, the CLI's MI printer and
 * liblttng-ctl's loader.
 */
#ifndef UTIL_LTTNG_NAMES_H
#define UTIL_LTTNG_NAMES_H

#include <stdint.h>

/*
 * Indexed by enum lttng_domain_type, from LTTNG_DOMAIN_KERNEL (1) on:
 * [0] is "NONE", which no file or document holds; ended by NULL.
 */
extern const char *const lttng_names_domain_types[];
/* The name of a domain; "NONE" for an unknown one. */
const char *lttng_names_domain_type(int32_t type);

/* Indexed by enum lttng_buffer_type ("PER_PID", ...); ended by NULL. */
extern const char *const lttng_names_buffer_types[];
/* The name of a buffer type; "GLOBAL" for an unknown one. */
const char *lttng_names_buffer_type(int32_t type);

/* The name of an enum lttng_event_type value; NULL for an unknown one. */
const char *lttng_names_event_type(int32_t type);

/*
 * The name of an enum lttng_event_context_type value without attributes;
 * NULL for an unknown one and for perf counters and application contexts,
 * which are written with their attributes instead.
 */
const char *lttng_names_context_type(int32_t type);

/*
 * Indexed by enum lttng_loglevel_type ("ALL", "RANGE", "SINGLE") and
 * ended by NULL, for readers that look a name up.
 */
extern const char *const lttng_names_loglevel_types[];
/* The name of a log level type; "ALL" for an unknown one. */
const char *lttng_names_loglevel_type(int32_t type);

/*
 * Indexed by enum lttng_process_attr and ended by NULL: the element of
 * a tracker's value ("pid", "vpid", "uid", "vuid", "gid", "vgid") and of
 * the tracker itself ("vpid_process_attr_tracker").
 */
extern const char *const lttng_names_process_attrs[];
extern const char *const lttng_names_process_attr_trackers[];
/* Lookups in the two tables above; "vgid..." past the last attribute. */
const char *lttng_names_process_attr(int32_t attr);
const char *lttng_names_process_attr_tracker(int32_t attr);

#endif /* UTIL_LTTNG_NAMES_H */
