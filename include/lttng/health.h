/*
 * Health checks of the LTTng daemons (LTTng 2.13 API): ask a session
 * daemon, a consumer daemon or a relay daemon, through its health socket,
 * which of its threads are stuck.
 */
#ifndef LTTNG_HEALTH_H
#define LTTNG_HEALTH_H

#ifdef __cplusplus
extern "C" {
#endif

struct lttng_health;
struct lttng_health_thread;

/* Which consumer daemon lttng_health_create_consumerd() asks. */
enum lttng_health_consumerd {
	LTTNG_HEALTH_CONSUMERD_UST_32,
	LTTNG_HEALTH_CONSUMERD_UST_64,
	LTTNG_HEALTH_CONSUMERD_KERNEL,

	NR_LTTNG_HEALTH_CONSUMERD,
};

/*
 * A health object for the session daemon of the caller (the root one for
 * root and members of the tracing group), a consumer daemon of it, or the
 * relay daemon listening on the health socket at path. NULL on error.
 * Nothing is asked before lttng_health_query().
 */
struct lttng_health *lttng_health_create_sessiond(void);
struct lttng_health *
lttng_health_create_consumerd(enum lttng_health_consumerd consumerd);
struct lttng_health *lttng_health_create_relayd(const char *path);

void lttng_health_destroy(struct lttng_health *health);

/*
 * Ask the daemon. 0 when it answered (whatever its health), else a
 * negative value (-1 when its health socket cannot be reached).
 */
int lttng_health_query(struct lttng_health *health);

/*
 * 0 when the last answer had every thread good; negative when a thread
 * is bad or no query succeeded yet.
 */
int lttng_health_state(const struct lttng_health *health);

/* Number of threads the component has (>= 0), or a negative value. */
int lttng_health_get_nr_threads(const struct lttng_health *health);

/*
 * Thread nth_thread of health, valid until lttng_health_destroy(), or
 * NULL when out of range.
 */
const struct lttng_health_thread *
lttng_health_get_thread(const struct lttng_health *health,
			unsigned int nth_thread);

/* 0 when the thread is good, negative when it is bad. */
int lttng_health_thread_state(const struct lttng_health_thread *thread);

/* The thread's name, NULL on error. */
const char *lttng_health_thread_name(const struct lttng_health_thread *thread);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_HEALTH_H */
