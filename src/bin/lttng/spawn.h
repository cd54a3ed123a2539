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

/*
 * The relay daemon a live session without a URL needs (--relayd-path,
 * $LTTNG_RELAYD_PATH, or lttng-relayd beside lttng). This toolkit has no
 * relay daemon: prints LTTng's messages for a missing one, or says that
 * live sessions are not supported. Returns a CMD_* error.
 */
int spawn_relayd_for_live(void);

#endif /* LTTNG_CLI_SPAWN_H */
