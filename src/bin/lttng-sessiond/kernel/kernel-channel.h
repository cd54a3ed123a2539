/*
 * Kernel channels: LTTng's attribute checks for the kernel domain and
 * their mapping onto the channel's tracefs instance: sub-buffer size x
 * count -> buffer_size_kb (per CPU), --overwrite -> options/overwrite,
 * the trace clock of user space traces (daemon-clock.h): `x86-tsc` for
 * the TSC, `mono` for CLOCK_MONOTONIC. Timers and the output type are kept for the consumer.
 */
#ifndef SESSIOND_KERNEL_CHANNEL_H
#define SESSIOND_KERNEL_CHANNEL_H

#include <stdbool.h>

#include "../channel.h"
#include "kernel-domain.h"

/* The default attributes of a kernel channel (lttng-enable-channel(1)). */
void kernel_channel_defaults(struct lsc_channel *out);

/*
 * Creates a kernel channel of the session: checks the attributes,
 * creates and configures its tracefs instance, adds it to ks. Returns
 * LTTNG_OK, LTTNG_ERR_INVALID, LTTNG_ERR_KERN_CHAN_FAIL, ...
 */
int kernel_channel_create(struct kernel_session *ks,
			  const struct lsc_channel *req, bool snapshot);

#endif /* SESSIOND_KERNEL_CHANNEL_H */
