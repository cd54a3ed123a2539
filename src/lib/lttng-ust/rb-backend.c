/*
 * Implementation of rb-backend.h: reserve and commit of the recording
 * backend interface on top of the ring buffer's inline fast path. The
 * reservation's stream, begin offset and length travel to commit in the
 * record context's backend slots.
 */
#include <assert.h>
#include <stdint.h>

#include "rb-backend.h"
#include "statedump.h"
#include "ringbuffer/producer.h"
#include "trace-clock/trace-clock.h"

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
static inline int reserve_record(struct rb_channel *rb,
				 struct rb_reserve_ctx *r, uint32_t id,
				 uint32_t len)
{
	uint32_t source = rb->streams[0].clock_source;

	if (RB_LIKELY(source == TRACE_CLOCK_TSC))
		return rb_reserve(rb, r, id, len, trace_clock_tsc);
	if (source == TRACE_CLOCK_PLUGIN)
		return rb_reserve(rb, r, id, len, trace_clock_plugin_read);
	return rb_reserve(rb, r, id, len, trace_clock_monotonic);
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

static void *rb_backend_reserve(struct lttng_ust_event_recorder *event,
				size_t payload_len,
				struct lttng_ust_record_ctx *ctx)
{
	struct ust_rb_channel *chan = event->channel;
	const struct ust_context_writer *context;
	struct rb_reserve_ctx r;
	size_t context_len = 0;

	if (RB_UNLIKELY(!__atomic_load_n(&chan->recording, __ATOMIC_ACQUIRE)))
		return NULL;
	/* A state dump goes to the session that started only. */
	if (RB_UNLIKELY(ust_statedump_session != NULL) &&
	    ust_statedump_session != chan->session)
		return NULL;
	context = chan->context;
	if (context)
		context_len = context->size(context, ctx);
	if (RB_UNLIKELY(context_len + payload_len > UINT32_MAX))
		return NULL;
	if (reserve_record(chan->rb, &r, event->id,
			   (uint32_t)(context_len + payload_len)))
		return NULL;
	if (context)
		context->write(context, r.payload, ctx);
	save_reservation(ctx, &r);
	return r.payload + context_len;
}

static void rb_backend_commit(struct lttng_ust_record_ctx *ctx)
{
	struct rb_reserve_ctx r;

	load_reservation(ctx, &r);
	rb_commit(&r);
}

const struct lttng_ust_recorder_ops ust_rb_recorder_ops = {
	.reserve = rb_backend_reserve,
	.commit = rb_backend_commit,
};

void ust_rb_channel_set_recording(struct ust_rb_channel *chan, int recording)
{
	assert(!recording || chan->rb);
	__atomic_store_n(&chan->recording, recording, __ATOMIC_RELEASE);
}
