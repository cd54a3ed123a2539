/*
 * The kernel state dump seen from the session daemon: LTTng's
 * lttng_statedump_* events are listed among the kernel tracepoints
 * (`lttng list -k`), recording event rules designate them by name or
 * pattern like any tracepoint, and at each start of a session (and on
 * `lttng regenerate statedump`) the kernel consumer is asked to record
 * the state dump into each channel whose enabled rules designate some
 * of these events. The consumer reads the state from /proc and /sys
 * (lttng-consumerd/kernel/statedump.h).
 */
#ifndef SESSIOND_KERNEL_STATEDUMP_H
#define SESSIOND_KERNEL_STATEDUMP_H

#include <stdint.h>

#include "wire-codec/wire-codec.h"

struct kernel_session;

/* The number of state dump events (listed after the tracepoints). */
uint32_t kernel_statedump_event_count(void);

/* Appends the state dump events to a tracepoint listing. */
void kernel_statedump_list(struct wire_buf *reply);

/*
 * Records a state dump in the session's channels that want one (no-op
 * when none does or the consumer is not running). LTTNG_OK or
 * LTTNG_ERR_KERN_CONSUMER_FAIL.
 */
int kernel_statedump_record(struct kernel_session *ks);

#endif /* SESSIOND_KERNEL_STATEDUMP_H */
