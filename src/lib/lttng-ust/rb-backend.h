/*
 * liblttng-ust: the ring buffer recording backend. A channel the session
 * daemon created is recorded through rb_reserve/rb_commit into the
 * shared-memory streams the consumer daemon made (mapped once every
 * stream fd arrived). Records are laid out as
 *
 *   event header (rb_reserve) | context fields | payload (the probe)
 *
 * with timestamps of the trace clock the consumer set in the streams
 * (trace-clock.h: the TSC or CLOCK_MONOTONIC). The fast path checks one
 * flag, `recording`, which is true only while the channel is enabled,
 * its session started and its streams mapped.
 */
#ifndef UST_RB_BACKEND_H
#define UST_RB_BACKEND_H

#include <stddef.h>

#include <lttng/ust-events.h>

#include "common/ust-log.h"
#include "ringbuffer/channel.h"

struct ust_ctx_values; /* context/context-record.h */

/*
 * The channel's context fields (UST_CMD_CONTEXT_ADD), written between
 * the event header and the payload in the order the metadata declares
 * them. Provided by the context module (context/context-set.h): size()
 * reads this record's values into `values` and returns the bytes its
 * context fields take; write() stores exactly that many bytes at dst
 * from the same `values`, which the backend keeps on its stack frame
 * in between (one per record, nested records included). Both run on
 * the fast path, in the traced thread.
 */
struct ust_context_writer {
	size_t (*size)(const struct ust_context_writer *writer,
		       const struct lttng_ust_record_ctx *ctx,
		       struct ust_ctx_values *values);
	void (*write)(const struct ust_context_writer *writer, char *dst,
		      const struct lttng_ust_record_ctx *ctx,
		      const struct ust_ctx_values *values);
};

struct ust_rb_channel {
	struct rb_channel *rb; /* NULL until every stream is mapped */
	int recording;	       /* enabled && session active && rb mapped */
	/*
	 * NULL: no context field. Set before the channel's first rule
	 * (the record layout must not change under running probes).
	 */
	const struct ust_context_writer *context;
	/* The session the channel belongs to (state dumps, statedump.h). */
	const void *session;
};

/* The ops every ring buffer channel records through. */
UST_API extern const struct lttng_ust_recorder_ops ust_rb_recorder_ops;

/*
 * Starts or stops recording into the channel (release store; probes
 * already past the check finish their record). Recording requires
 * chan->rb.
 */
UST_API void ust_rb_channel_set_recording(struct ust_rb_channel *chan,
					  int recording);

#endif /* UST_RB_BACKEND_H */
