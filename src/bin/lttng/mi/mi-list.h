/*
 * `lttng --mi xml list` (and status): the recording sessions, one
 * session in detail, or a domain's instrumentation points, as MI
 * documents. Each function prints the whole document and returns the
 * command's result (enum cmd_result).
 */
#ifndef LTTNG_CLI_MI_LIST_H
#define LTTNG_CLI_MI_LIST_H

#include <lttng/lttng.h>

int mi_list_sessions(void);

/*
 * One session: only_domain (or LTTNG_DOMAIN_NONE for all), channel (or
 * NULL for all), domains_only for `list -d`.
 */
int mi_list_session(const char *name, enum lttng_domain_type only_domain,
		    const char *channel, int domains_only);

/*
 * The instrumentation points of the domains set in wanted (indexed by
 * enum lttng_domain_type), with their fields when fields is set; the
 * kernel's system calls instead of its tracepoints when syscalls is set.
 */
int mi_list_points(const int *wanted, int fields, int syscalls);

#endif /* LTTNG_CLI_MI_LIST_H */
