/*
 * MI elements of recording event rules (schema type event_type), as
 * list shows a channel's rules.
 */
#ifndef LTTNG_CLI_MI_EVENT_H
#define LTTNG_CLI_MI_EVENT_H

#include <lttng/lttng.h>

#include "mi-writer.h"

/* "TRACEPOINT", "PROBE", "FUNCTION", "SYSCALL", ... */
const char *mi_event_type_name(enum lttng_event_type type);

/* "TRACE_INFO", "JUL_WARNING", ...: a log level in its domain. */
const char *mi_loglevel_name(enum lttng_domain_type domain, int loglevel);

/* "ALL", "RANGE", "SINGLE". */
const char *mi_loglevel_type_name(enum lttng_loglevel_type type);

/* One listed rule: <event> with its name, type, state and conditions. */
void mi_event_write_listed(struct mi_writer *mi, enum lttng_domain_type domain,
			   struct lttng_event *event);

#endif /* LTTNG_CLI_MI_EVENT_H */
