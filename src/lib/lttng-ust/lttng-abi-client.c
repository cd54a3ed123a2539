/*
 * liblttng-ust: what a probe compiled against LTTng-UST 2.13's headers
 * is called with, and the ring-buffer client operations it calls.
 *
 * LTTng's generated probe receives, as its tracepoint data, an event
 * object and walks from it to a recorder, a channel, its session and
 * the channel's operations table:
 *
 *   lttng213_event_common --child--> lttng213_event_recorder --chan-->
 *   lttng213_channel_buffer --ops--> { event_reserve, event_write,
 *   event_strcpy, event_pstrcpy_pad, event_commit }
 *        \--parent--> lttng213_channel_common --session--> {active}
 *
 * One such set of objects (struct ust_lttng_client) is built for each of
 * our recorders of an LTTng-built event; the probe is attached with it
 * instead of the recorder. The operations forward to the recorder's own
 * backend: event_reserve() reserves the event's payload size (computed
 * by the probe) with the recorder's reserve(), which writes the event
 * header and the channel's contexts; the writes append to the payload
 * in order, byte-packed as both layouts are on the hosts we build for
 * (LTTng aligns only where unaligned access is slow); event_commit()
 * commits. The reservation in progress lives in a small per-thread
 * stack, since LTTng's ring-buffer context has no room for ours and a
 * signal handler may trace while a probe writes.
 *
 * The filter: LTTng's probe lays its arguments out on an "interpreter
 * stack" (8 bytes per integer, enumeration, float or string pointer; a
 * count and a pointer per array or sequence) and calls run_filter(),
 * which rebuilds our per-field values (lttng-abi-provider.c's plan) and
 * asks the recorder's filters.
 */
#include <stdlib.h>
#include <string.h>

#include "lttng-abi.h"
#include "recorder.h"

struct ust_lttng_client {
	struct lttng213_event_common common;
	struct lttng213_event_recorder recorder;
	struct lttng213_channel_buffer chan;
	struct lttng213_channel_common chan_common;
	struct lttng213_session session;
	struct ust_recorder *rec;
	const struct ust_lttng_event *event;
};

/* A reservation in progress, between event_reserve() and commit. */
struct lttng_reservation {
	struct lttng_ust_record_ctx rctx;
	char *cursor;
	char *end;
};

/* Nesting: a probe, a signal handler's probe inside it, and so on. */
#define RESERVATION_NESTING 4

static __thread struct {
	unsigned int depth;
	struct lttng_reservation slot[RESERVATION_NESTING];
} reservations __attribute__((tls_model("initial-exec")));

static struct ust_lttng_client *client_of_recorder(void *recorder)
{
	return (struct ust_lttng_client *)((char *)recorder -
					   offsetof(struct ust_lttng_client,
						    recorder));
}

static int event_reserve(struct lttng_ust_ring_buffer_ctx *ctx)
{
	struct ust_lttng_client *c = client_of_recorder(ctx->client_priv);
	struct lttng_ust_event_recorder *pub = &c->rec->pub;
	struct lttng_reservation *r;
	char *dst;

	if (__builtin_expect(reservations.depth >= RESERVATION_NESTING, 0))
		return -1;
	r = &reservations.slot[reservations.depth];
	memset(&r->rctx, 0, sizeof(r->rctx));
	r->rctx.event = pub;
	r->rctx.ip = ctx->probe_ctx ? ctx->probe_ctx->ip : NULL;
	r->rctx.payload_len = ctx->data_size;
	dst = pub->ops->reserve(pub, ctx->data_size, &r->rctx);
	if (!dst)
		return -1;
	reservations.depth++;
	r->cursor = dst;
	r->end = dst + ctx->data_size;
	ctx->priv = (struct lttng_ust_ring_buffer_ctx_private *)r;
	return 0;
}

static void event_commit(struct lttng_ust_ring_buffer_ctx *ctx)
{
	struct lttng_reservation *r = (struct lttng_reservation *)ctx->priv;

	r->rctx.event->ops->commit(&r->rctx);
	reservations.depth--;
}

/* Room left in the reservation for a write of len bytes. */
static size_t room(const struct lttng_reservation *r, size_t len)
{
	size_t left = (size_t)(r->end - r->cursor);

	return len < left ? len : left;
}

static void event_write(struct lttng_ust_ring_buffer_ctx *ctx, const void *src,
			size_t len, size_t alignment)
{
	struct lttng_reservation *r = (struct lttng_reservation *)ctx->priv;

	(void)alignment; /* records are byte-packed */
	len = room(r, len);
	memcpy(r->cursor, src, len);
	r->cursor += len;
}

/*
 * A string of len bytes, terminator included (the probe measured it
 * beforehand): when it got shorter meanwhile, the rest is '#' as in
 * LTTng's traces, so the record keeps the size the probe reserved.
 */
static void event_strcpy(struct lttng_ust_ring_buffer_ctx *ctx, const char *src,
			 size_t len)
{
	struct lttng_reservation *r = (struct lttng_reservation *)ctx->priv;
	size_t i;

	len = room(r, len);
	if (!len)
		return;
	for (i = 0; i < len - 1 && src[i]; i++)
		r->cursor[i] = src[i];
	memset(r->cursor + i, '#', len - 1 - i);
	r->cursor[len - 1] = '\0';
	r->cursor += len;
}

/* Text of a fixed len: stops at a NUL and pads with NULs. */
static void event_pstrcpy_pad(struct lttng_ust_ring_buffer_ctx *ctx,
			      const char *src, size_t len)
{
	struct lttng_reservation *r = (struct lttng_reservation *)ctx->priv;
	size_t i;

	len = room(r, len);
	for (i = 0; i < len && src[i]; i++)
		r->cursor[i] = src[i];
	memset(r->cursor + i, 0, len - i);
	r->cursor += len;
}

static struct lttng213_channel_buffer_ops client_ops = {
	.struct_size = sizeof(struct lttng213_channel_buffer_ops),
	.event_reserve = event_reserve,
	.event_commit = event_commit,
	.event_write = event_write,
	.event_strcpy = event_strcpy,
	.event_pstrcpy_pad = event_pstrcpy_pad,
};

/* One field's value from the interpreter stack (see the plan's kinds). */
static void stack_value(const struct lttng213_stack_field *f, const char *stack,
			struct lttng_ust_filter_value *v)
{
	const char *slot = stack + f->offset;
	unsigned long count;
	const char *ptr;

	switch (f->kind) {
	case LTTNG213_STACK_S64:
	case LTTNG213_STACK_U64:
		memcpy(&v->u.u64, slot, 8);
		break;
	case LTTNG213_STACK_DOUBLE:
		memcpy(&v->u.dbl, slot, 8);
		break;
	case LTTNG213_STACK_STRING:
		memcpy(&ptr, slot, sizeof(ptr));
		v->u.str.ptr = ptr;
		v->u.str.len = strlen(ptr);
		break;
	case LTTNG213_STACK_ARRAY:
		memcpy(&count, slot, sizeof(count));
		memcpy(&ptr, slot + sizeof(count), sizeof(ptr));
		v->u.array.ptr = ptr;
		v->u.array.count = count;
		break;
	case LTTNG213_STACK_SEQ_LEN:
		memcpy(&count, slot, sizeof(count));
		v->u.u64 = count;
		break;
	}
}

static int run_filter(const struct lttng213_event_common *event,
		      const char *stack, struct lttng_ust_probe_ctx *probe_ctx,
		      void *filter_ctx)
{
	const struct ust_lttng_client *c = (const void *)event;
	const struct lttng_ust_event_desc *desc = &c->event->desc;
	struct lttng_ust_filter_value values[desc->nr_fields + 1];
	struct lttng_ust_record_ctx rctx;
	unsigned int i;

	(void)filter_ctx;
	memset(values, 0, sizeof(values));
	for (i = 0; i < desc->nr_fields; i++)
		stack_value(&c->event->stack[i], stack, &values[i]);
	memset(&rctx, 0, sizeof(rctx));
	rctx.event = &c->rec->pub;
	rctx.ip = probe_ctx ? probe_ctx->ip : NULL;
	return lttng_ust_event_filter_accepts(&c->rec->pub, values, &rctx)
		       ? LTTNG213_FILTER_ACCEPT
		       : LTTNG213_FILTER_REJECT;
}

int ust_lttng_client_create(struct ust_recorder *rec,
			    const struct ust_lttng_event *event)
{
	struct ust_lttng_client *c = calloc(1, sizeof(*c));

	if (!c)
		return -1;
	c->rec = rec;
	c->event = event;
	c->session.struct_size = sizeof(c->session);
	c->session.active = 1; /* the backend decides what it records */
	c->chan_common.struct_size = sizeof(c->chan_common);
	c->chan_common.child = &c->chan;
	c->chan_common.enabled = 1;
	c->chan_common.session = &c->session;
	c->chan.struct_size = sizeof(c->chan);
	c->chan.parent = &c->chan_common;
	c->chan.ops = &client_ops;
	c->recorder.struct_size = sizeof(c->recorder);
	c->recorder.parent = &c->common;
	c->recorder.chan = &c->chan;
	c->common.struct_size = sizeof(c->common);
	c->common.type = LTTNG213_EVENT_TYPE_RECORDER;
	c->common.child = &c->recorder;
	c->common.run_filter = run_filter;
	rec->lttng = c;
	return 0;
}

void ust_lttng_client_destroy(struct ust_recorder *rec)
{
	free(rec->lttng);
	rec->lttng = NULL;
}

void *ust_lttng_client_probe_data(struct ust_recorder *rec)
{
	return &rec->lttng->common;
}

void ust_lttng_client_sync(struct ust_recorder *rec)
{
	struct ust_lttng_client *c = rec->lttng;

	__atomic_store_n(&c->common.eval_filter,
			 __atomic_load_n(&rec->pub.filter, __ATOMIC_RELAXED) !=
				 NULL,
			 __ATOMIC_RELEASE);
	__atomic_store_n(&c->common.enabled,
			 __atomic_load_n(&rec->pub.enabled, __ATOMIC_RELAXED),
			 __ATOMIC_RELEASE);
}
