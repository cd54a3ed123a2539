/*
 * Thread health: every long-lived daemon thread owns a slot in its
 * process's health table and says, at each turn of its loop, that it is
 * alive (a heartbeat), or that it is about to wait in poll() and until
 * when. The session daemon's health server reads the tables (its own, and
 * those of its consumer daemons, which live in shared memory) and reports
 * a thread as bad once it has been stuck longer than the deadline:
 *
 *   in code:            no heartbeat for HEALTH_DEADLINE_NS
 *   in a bounded wait:  not back HEALTH_DEADLINE_NS after the wait's end
 *   in an endless wait: never bad (the thread is idle, as LTTng's "poll"
 *                       state)
 *
 * A whole process that is stopped (SIGSTOP) or hung therefore shows up as
 * bad through its threads with bounded waits. The thread types are
 * LTTng's (the bit positions of its health protocol, <lttng/health.h>).
 */
#ifndef HEALTH_HEALTH_H
#define HEALTH_HEALTH_H

#include <poll.h>
#include <stdint.h>

/* LTTng's default health check delay: 20 seconds. */
#define HEALTH_DEADLINE_NS (20ULL * 1000000000ULL)

/* LTTng 2.13's session daemon thread types (bit numbers). */
enum health_sessiond_type {
	HEALTH_SESSIOND_CMD = 0,
	HEALTH_SESSIOND_APP_MANAGE = 1,
	HEALTH_SESSIOND_APP_REG = 2,
	HEALTH_SESSIOND_KERNEL = 3,
	HEALTH_SESSIOND_CONSUMER = 4,
	HEALTH_SESSIOND_HT_CLEANUP = 5,
	HEALTH_SESSIOND_APP_MANAGE_NOTIFY = 6,
	HEALTH_SESSIOND_APP_REG_DISPATCH = 7,
	HEALTH_SESSIOND_NOTIFICATION = 8,
	HEALTH_SESSIOND_ROTATION = 9,
	HEALTH_SESSIOND_TIMER = 10,
	HEALTH_SESSIOND_ACTION_EXECUTOR = 11,
	HEALTH_SESSIOND_NR_TYPES,
};

/* LTTng 2.13's consumer daemon thread types (bit numbers). */
enum health_consumerd_type {
	HEALTH_CONSUMERD_CHANNEL = 0,
	HEALTH_CONSUMERD_METADATA = 1,
	HEALTH_CONSUMERD_DATA = 2,
	HEALTH_CONSUMERD_SESSIOND = 3,
	HEALTH_CONSUMERD_METADATA_TIMER = 4,
	HEALTH_CONSUMERD_NR_TYPES,
};

/* The health protocol (LTTng's): a 4-byte command, an 8-byte answer. */
#define HEALTH_CMD_CHECK 0
struct health_request {
	uint32_t cmd;
} __attribute__((packed));
struct health_reply {
	uint64_t bad_threads; /* bit n set: a thread of type n is bad */
} __attribute__((packed));

struct health_table;

/*
 * This process's table: private memory unless health_attach() gave it a
 * shared one. Created on first use; never freed.
 */
struct health_table *health_self(void);

/*
 * A table in a sealed-size memfd, for a child daemon to attach to; *fd
 * receives the memfd (close-on-exec). NULL on failure (errno set).
 */
struct health_table *health_table_create_shared(int *fd);
void health_table_destroy(struct health_table *table);

/* Make the table in memfd fd this process's table. 0 or -errno. */
int health_attach(int fd);

/*
 * Claim a slot of type in this process's table for the calling thread
 * (starts in code, with a heartbeat now), and give it back. A thread
 * that never registers is not watched.
 */
void health_register(int type);
void health_unregister(void);

/* The calling thread is alive and in code. */
void health_heartbeat(void);

/*
 * The calling thread waits for at most timeout_ms (< 0: no limit), then
 * is back in code. health_poll() is poll() between the two.
 */
void health_wait_enter(int timeout_ms);
void health_wait_exit(void);
int health_poll(struct pollfd *fds, nfds_t nfds, int timeout_ms);

/* Bit mask of the thread types with a bad thread in table, at now_ns. */
uint64_t health_table_check(const struct health_table *table, uint64_t now_ns);

/* CLOCK_MONOTONIC in ns, the clock of every health time stamp. */
uint64_t health_now_ns(void);

#endif /* HEALTH_HEALTH_H */
