/*
 * liblttng-ust: the environment variables of lttng-ust(3) that govern
 * the session daemon listener and recording, read once:
 *   LTTNG_UST_REGISTER_TIMEOUT  ms the constructor waits for the
 *                               daemons (default 3000, 0 none, -1 forever)
 *   LTTNG_UST_ALLOW_BLOCKING    blocking channels may make the app wait
 * LTTNG_UST_DEBUG is common/ust-log.c's; LTTNG_HOME and LTTNG_RUNDIR
 * are read by util/paths.c when the listener builds its socket paths.
 */
#ifndef UST_LISTENER_ENV_H
#define UST_LISTENER_ENV_H

#define UST_REGISTER_TIMEOUT_DEFAULT_MS 3000

/* Milliseconds to wait for registration; -1 means forever. */
int ust_env_register_timeout_ms(void);

/* Whether LTTNG_UST_ALLOW_BLOCKING is set. */
int ust_env_allow_blocking(void);

#endif /* UST_LISTENER_ENV_H */
