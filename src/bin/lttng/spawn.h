/*
 * Starting a session daemon for `lttng create` when none runs. The
 * daemon is lttng-sessiond next to this executable, or the one named by
 * --sessiond-path or $LTTNG_SESSIOND_PATH.
 */
#ifndef LTTNG_CLI_SPAWN_H
#define LTTNG_CLI_SPAWN_H

/*
 * Spawn a session daemon unless one answers (or --no-sessiond). Prints
 * "Spawning a session daemon" and waits until it accepts clients.
 * Returns 0, or -1 after printing LTTng's error messages.
 */
int spawn_sessiond_if_needed(void);

#endif /* LTTNG_CLI_SPAWN_H */
