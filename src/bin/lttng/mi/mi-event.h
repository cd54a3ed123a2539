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

/*
 * enable-event: begin the document and its <events>, then add each
 * rule the command created (enabled and success both say whether the
 * daemon accepted it, the exclusion names as given); end with
 * mi_command_end.
 */
void mi_event_list_begin(const char *command);
void mi_event_add_enabled(enum lttng_domain_type domain,
			  const struct lttng_event *event,
			  char *const *exclusions, int exclusion_count,
			  bool success);
/*
 * disable-event: begin the document with <channel> (channel: its name
 * as messages show it) and its <events>, then add each rule the command
 * disabled (or failed to); end with mi_command_end.
 */
void mi_event_disable_begin(const char *channel);
void mi_event_add_disabled(const char *name, bool success);

/*
 * End the document. aborted: a rule could not even be sent (bad log
 * level, exclusions, ...); LTTng then writes <success> inside <output>.
 */
void mi_event_list_end(bool aborted, bool success);

#endif /* LTTNG_CLI_MI_EVENT_H */
