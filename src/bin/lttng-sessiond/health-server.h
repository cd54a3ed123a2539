/*
 * The session daemon's health server: one thread answering LTTng's
 * health protocol on <rundir>/sessiond-health for the session daemon's
 * own threads and on <rundir>/ustconsumerd64/health (kconsumerd/health
 * for the kernel consumers) for the consumer daemons it started, whose
 * health tables it maps (see common/health/health.h). A consumer's socket
 * exists while that consumer runs; several kernel consumers (one per
 * session) answer as one: a type is bad when it is bad in any of them.
 */
#ifndef SESSIOND_HEALTH_SERVER_H
#define SESSIOND_HEALTH_SERVER_H

#include <sys/types.h>

#include <lttng/health.h>

#include "health/health.h"

int health_server_start(void);
void health_server_stop(void);

/*
 * Before starting a consumer: a shared health table for it. Returns the
 * memfd the consumer attaches to (--health-fd), or -1 (the consumer then
 * runs unwatched).
 */
int health_server_consumer_prepare(struct health_table **table);

/*
 * After the fork: watch table as consumer pid's (pid < 0: the fork
 * failed, the table is dropped). Closes memfd either way.
 */
void health_server_consumer_started(enum lttng_health_consumerd kind, pid_t pid,
				    struct health_table *table, int memfd);

/* Consumer pid exited: its table goes, with its socket if it was last. */
void health_server_consumer_exited(pid_t pid);

#endif /* SESSIOND_HEALTH_SERVER_H */
