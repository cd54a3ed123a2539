/*
 * liblttng-ust-common: LTTng-UST 2.13's public read-copy-update flavor
 * (urcu-ust.c). liblttng-ust-tracepoint's grace period waits for its
 * readers too, since modules built with LTTng's headers and
 * _LGPL_SOURCE read the probe arrays inside its sections.
 */
#ifndef UST_URCU_UST_H
#define UST_URCU_UST_H

#include "ust-log.h"

struct urcu_ust_reader;

/* The calling thread's reader, NULL until its first section. */
extern __thread struct urcu_ust_reader *lttng_ust_urcu_reader;

UST_API void lttng_ust_urcu_register(void);
UST_API void lttng_ust_urcu_synchronize_rcu(void);
UST_API void lttng_ust_urcu_before_fork(void);
UST_API void lttng_ust_urcu_after_fork_parent(void);
UST_API void lttng_ust_urcu_after_fork_child(void);

#endif /* UST_URCU_UST_H */
