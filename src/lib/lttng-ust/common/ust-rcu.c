/*
 * liblttng-ust-common: RCU read-side sections and grace periods over
 * liburcu-bp, for liblttng-ust-tracepoint's probe arrays.
 */
#include <urcu/urcu-bp.h>

#include "ust-rcu.h"

void lttng_ust_urcu_read_lock(void)
{
	urcu_bp_read_lock();
}

void lttng_ust_urcu_read_unlock(void)
{
	urcu_bp_read_unlock();
}

void lttng_ust_urcu_synchronize_rcu(void)
{
	urcu_bp_synchronize_rcu();
}
