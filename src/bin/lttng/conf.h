/*
 * The per-user CLI configuration file $LTTNG_HOME/.lttngrc, which holds
 * the current session as "session=NAME". create and set-session write
 * it, destroy removes it when it names the destroyed session.
 */
#ifndef LTTNG_CLI_CONF_H
#define LTTNG_CLI_CONF_H

#include <stddef.h>

/* Path of the file into buf; 0 or a negative errno. */
int conf_path(char *buf, size_t len);

/* The current session (malloc'd) or NULL when none is set. */
char *conf_get_session(void);

/* Make name the current session; 0 or a negative errno. */
int conf_set_session(const char *name);

/* Forget the current session if it is name; 0 or a negative errno. */
int conf_forget_session(const char *name);

#endif /* LTTNG_CLI_CONF_H */
