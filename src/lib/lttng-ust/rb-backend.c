/*
 * Implementation of rb-backend.h: reserve and commit of the recording
 * backend interface on top of the ring buffer's inline fast path. The
 * reservation's stream, begin offset and length travel to commit in the
 * record context's backend slots.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "context/context-record.h"
#include "rb-backend.h"
#include "recorder.h"
#include "statedump.h"
#include "ringbuffer/producer.h"
#include "trace-clock/clock-override.h"

/* Record context slots used between reserve and commit. */
enum {
	SLOT_STREAM,
	SLOT_BEGIN,	 /* low bits of the begin offset */
	SLOT_LEN,	 /* bytes to commit */
	SLOT_BEGIN_HIGH, /* high 32 bits, where pointers are 32-bit */
};

/*
 * rb_reserve with the channel's trace clock, inlined as a constant
 * function on each side of predictable branches.
 */
RB_INLINE int reserve_record(struct rb_channel *rb,
				 struct rb_reserve_ctx *r, uint32_t id,
				 uint32_t len)
{
	uint32_t source = rb->streams[0].clock_source;

	/* The converted TSC reads each stream's clock page (producer.h). */
	if (RB_LIKELY(source == TRACE_CLOCK_TSC_NS))
		return rb_reserve(rb, r, id, len, trace_clock_tsc_ns_fn);
	if (RB_LIKELY(source == TRACE_CLOCK_MONOTONIC))
		return rb_reserve(rb, r, id, len, trace_clock_monotonic);
	if (source == TRACE_CLOCK_TSC)
		return rb_reserve(rb, r, id, len, trace_clock_tsc);
	return rb_reserve(rb, r, id, len, ust_clock_override_read);
}

static void save_reservation(struct lttng_ust_record_ctx *ctx,
			     const struct rb_reserve_ctx *r)
{
	ctx->backend[SLOT_STREAM] = r->stream;
	ctx->backend[SLOT_BEGIN] = (void *)(uintptr_t)r->begin;
	ctx->backend[SLOT_LEN] = (void *)(uintptr_t)r->commit_len;
#if UINTPTR_MAX < UINT64_MAX
	ctx->backend[SLOT_BEGIN_HIGH] = (void *)(uintptr_t)(r->begin >> 32);
#endif
}

static void load_reservation(const struct lttng_ust_record_ctx *ctx,
			     struct rb_reserve_ctx *r)
{
	r->stream = ctx->backend[SLOT_STREAM];
	r->begin = (uint64_t)(uintptr_t)ctx->backend[SLOT_BEGIN];
#if UINTPTR_MAX < UINT64_MAX
	r->begin |= (uint64_t)(uintptr_t)ctx->backend[SLOT_BEGIN_HIGH] << 32;
#endif
	r->commit_len = (uint32_t)(uintptr_t)ctx->backend[SLOT_LEN];
}

/*
 * Whether the channel takes a record now: it is recording, and a state
 * dump in progress in this thread goes to the session that started only.
 */
static inline bool channel_takes_record(const struct ust_rb_channel *chan)
{
	if (RB_UNLIKELY(!__atomic_load_n(&chan->recording, __ATOMIC_ACQUIRE)))
		return false;
	return RB_LIKELY(ust_statedump_session == NULL) ||
	       ust_statedump_session == chan->session;
}

/*
 * reserve() of a channel with context fields: the record's varying
 * context values live in this frame from sizing to writing, so a record
 * nested in a signal handler (its own frame) cannot swap them.
 */
static __attribute__((noinline)) void *
reserve_with_context(struct ust_rb_channel *chan,
		     struct lttng_ust_event_recorder *event, size_t payload_len,
		     struct lttng_ust_record_ctx *ctx)
{
	const struct ust_context_writer *context = chan->context;
	struct ust_ctx_values values;
	struct rb_reserve_ctx r;
	size_t context_len;

	context_len = context->size(context, ctx, &values);
	if (RB_UNLIKELY(context_len + payload_len > UINT32_MAX))
		return NULL;
	if (reserve_record(chan->rb, &r, event->id,
			   (uint32_t)(context_len + payload_len)))
		return NULL;
	context->write(context, r.payload, ctx, &values);
	save_reservation(ctx, &r);
	return r.payload + context_len;
}

static void *rb_backend_reserve(struct lttng_ust_event_recorder *event,
				size_t payload_len,
				struct lttng_ust_record_ctx *ctx)
{
	struct ust_rb_channel *chan = event->channel;
	struct rb_reserve_ctx r;

	if (!channel_takes_record(chan))
		return NULL;
	if (chan->context)
		return reserve_with_context(chan, event, payload_len, ctx);
	if (RB_UNLIKELY(payload_len > UINT32_MAX))
		return NULL;
	if (reserve_record(chan->rb, &r, event->id, (uint32_t)payload_len))
		return NULL;
	save_reservation(ctx, &r);
	return r.payload;
}

static void rb_backend_commit(struct lttng_ust_record_ctx *ctx)
{
	struct rb_reserve_ctx r;

	load_reservation(ctx, &r);
	rb_commit(&r);
}

/* Copies the at most LTTNG_UST_RECORD_MAX bytes of a record() payload. */
static inline void copy_small_payload(char *dst, const char *src, size_t len)
{
	for (; len >= 8; len -= 8, dst += 8, src += 8)
		memcpy(dst, src, 8);
	if (len & 4) {
		memcpy(dst, src, 4);
		dst += 4;
		src += 4;
	}
	if (len & 2) {
		memcpy(dst, src, 2);
		dst += 2;
		src += 2;
	}
	if (len & 1)
		*dst = *src;
}

/*
 * Reserve, copy and commit in one call, with the reservation kept in
 * registers. Channels with context fields take the general path, whose
 * context writers need a record context.
 */
static void rb_backend_record(struct lttng_ust_event_recorder *event,
			      const void *payload, size_t payload_len, void *ip)
{
	struct ust_rb_channel *chan = event->channel;
	struct rb_reserve_ctx r;

	if (RB_UNLIKELY(chan->context != NULL)) {
		ust_record_through_reserve(event, payload, payload_len, ip);
		return;
	}
	if (!channel_takes_record(chan))
		return;
	if (reserve_record(chan->rb, &r, event->id, (uint32_t)payload_len))
		return;
	copy_small_payload(r.payload, payload, payload_len);
	rb_commit(&r);
}

const struct lttng_ust_recorder_ops ust_rb_recorder_ops = {
	.reserve = rb_backend_reserve,
	.commit = rb_backend_commit,
	.record = rb_backend_record,
};

void ust_rb_channel_set_recording(struct ust_rb_channel *chan, int recording)
{
	assert(!recording || chan->rb);
	__atomic_store_n(&chan->recording, recording, __ATOMIC_RELEASE);
}
