/*
 * Whether the ring buffers a channel asks for fit in memory: one buffer
 * of num_subbuf sub-buffers of subbuf_size bytes per possible CPU,
 * against the memory the kernel says is available. Checked by
 * enable-channel (and so by lttng load) for both domains, as LTTng
 * does, so that a channel that cannot be allocated is refused before
 * any app or tracefs instance would silently miss its buffers.
 */
#ifndef SESSIOND_CHANNEL_MEMORY_H
#define SESSIOND_CHANNEL_MEMORY_H

#include <lttng/lttng.h>

/*
 * LTTNG_OK; LTTNG_ERR_OVERFLOW when the total does not fit in 64 bits;
 * LTTNG_ERR_NOMEM when it exceeds /proc/meminfo's MemAvailable (MemTotal
 * on kernels without it). A count or size of 0 is left to the attribute
 * checks (LTTNG_OK here).
 */
int channel_check_memory(const struct lttng_channel_attr *attr);

#endif /* SESSIOND_CHANNEL_MEMORY_H */
