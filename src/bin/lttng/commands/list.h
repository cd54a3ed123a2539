/*
 * Shared by lttng list and lttng status: print one session in detail.
 */
#ifndef LTTNG_CLI_LIST_H
#define LTTNG_CLI_LIST_H

#include <lttng/lttng.h>

/*
 * Print session name as `lttng list NAME` does: only_domain restricts
 * the listing to one domain (LTTNG_DOMAIN_NONE: all, with headers),
 * channel to one channel (NULL: all); domains_only prints the domain
 * names only. Returns a CMD_* result.
 */
int list_print_session(const char *name, enum lttng_domain_type only_domain,
		       const char *channel, int domains_only);

/* Print the session's rotation schedules, if any (list_rotation.c). */
int list_rotation_schedules(const char *session);

#endif /* LTTNG_CLI_LIST_H */
