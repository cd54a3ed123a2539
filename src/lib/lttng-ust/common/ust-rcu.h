/*
 * liblttng-ust-common: the RCU flavour every UST library shares (liburcu's
 * "bulletproof" flavour: readers need no registration, so any thread of
 * the application may hit a tracepoint). liblttng-ust-tracepoint's
 * readers and writers go through these functions only.
 */
#ifndef UST_RCU_H
#define UST_RCU_H

#include "ust-log.h"

UST_API void lttng_ust_urcu_read_lock(void);
UST_API void lttng_ust_urcu_read_unlock(void);

/* Returns once every read-side section that began before has ended. */
UST_API void lttng_ust_urcu_synchronize_rcu(void);

#endif /* UST_RCU_H */
