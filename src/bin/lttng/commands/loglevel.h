/*
 * Log level names of lttng enable-event (--loglevel, --loglevel-only):
 * LTTng-UST's TRACE_* levels and the agent domains' levels, matched
 * without regard to case, with or without their domain prefix.
 */
#ifndef LTTNG_CLI_LOGLEVEL_H
#define LTTNG_CLI_LOGLEVEL_H

#include <lttng/lttng.h>

/* The value of a level name in a domain, or -1 when unknown. */
int loglevel_parse(enum lttng_domain_type domain, const char *name);

#endif /* LTTNG_CLI_LOGLEVEL_H */
