/*
 * Crash recovery of a stream whose producers died (rb_stream_recover):
 * packets a dead producer left incomplete are truncated to their proven
 * committed prefix and delivered, so the consumer keeps every record
 * committed before the death and never sees a half-written one. Called
 * by the consumer daemon; "CRASH SAFETY" in producer.c is the rationale.
 */
#include <assert.h>
#include <errno.h>

#include "ringbuffer/consumer.h"
#include "ringbuffer/error.h"
#include "ringbuffer/packet.h"

/* The state of one packet of the stream, as recovery sees it. */
struct packet_state {
	uint64_t gidx;
	uint64_t commit;   /* the slot's commit word */
	uint32_t filled;   /* bytes committed in this pass */
	uint32_t reserved; /* bytes reserved in this pass */
	uint32_t prefix;   /* proven committed prefix, bytes */
	uint32_t lost;	   /* committed records past the prefix */
};

static struct packet_state packet_state_of(struct rb_stream *s, uint64_t gidx,
					   uint64_t offset)
{
	struct rb_shm_slot *slot = &s->slots[gidx & s->count_mask];
	uint64_t pass_bytes = (gidx >> s->count_order) << s->subbuf_order;
	uint64_t start = gidx << s->subbuf_order;
	uint64_t prefix = __atomic_load_n(&slot->prefix, __ATOMIC_ACQUIRE);
	struct packet_state st;

	st.gidx = gidx;
	st.commit = rb_slot_committed(slot);
	st.filled = rb_slot_filled(st.commit, pass_bytes);
	st.reserved = offset - start < s->subbuf_size
			      ? (uint32_t)(offset - start)
			      : (uint32_t)s->subbuf_size;
	st.prefix = (uint32_t)prefix;
	if (st.prefix > st.reserved)
		st.prefix = 0;
	st.lost = (uint32_t)((st.commit - pass_bytes - st.filled) >> 32) -
		  (uint32_t)(prefix >> 32);
	return st;
}

/* The physical sub-buffer of gidx's slot, if it holds packet gidx. */
static struct rb_shm_phys *phys_if_current(struct rb_stream *s, uint64_t gidx)
{
	uint64_t w = __atomic_load_n(&s->slots[gidx & s->count_mask].wsb,
				     __ATOMIC_ACQUIRE);
	uint64_t phys = s->mode == RB_MODE_DISCARD ? (gidx & s->count_mask)
						   : (w & ~RB_NOREF);

	return &s->phys[phys];
}

/*
 * Makes the incomplete packet st deliverable: a fresh packet header if
 * even that was not committed, content_size cut to the proven prefix,
 * the missing bytes committed. Returns the packet's timestamp_end.
 */
static uint64_t repair(struct rb_stream *s, const struct packet_state *st,
		       uint64_t ts_floor, uint64_t ts_next)
{
	uint64_t start = st->gidx << s->subbuf_order;
	uint32_t content = st->prefix;
	uint64_t ts_begin, ts_end, last_ts, discarded;

	if (content < CTF_PACKET_HEADER_LEN) {
		rb_packet_begin(s, start, ts_floor);
		content = CTF_PACKET_HEADER_LEN;
	}
	ts_begin = phys_if_current(s, st->gidx)->ts_begin;
	last_ts = __atomic_load_n(&s->shm->last_ts, __ATOMIC_RELAXED);
	ts_end = last_ts < ts_next ? last_ts : ts_next;
	if (ts_end < ts_begin)
		ts_end = ts_begin;
	/* The records past the prefix, and the dead one, are discarded. */
	discarded = __atomic_add_fetch(
		&s->shm->discarded, (uint64_t)st->lost + 1, __ATOMIC_RELAXED);
	rb_packet_end(s, st->gidx, content, ts_end, discarded);
	rb_commit_add(s, start, s->subbuf_size - st->filled);
	return ts_end;
}

/* timestamp_begin of packet gidx if its header is known good, else max. */
static uint64_t proven_begin(struct rb_stream *s, uint64_t gidx,
			     uint64_t offset)
{
	struct packet_state st;

	if ((gidx << s->subbuf_order) >= offset)
		return UINT64_MAX;
	st = packet_state_of(s, gidx, offset);
	if (st.filled != st.reserved && st.prefix < CTF_PACKET_HEADER_LEN)
		return UINT64_MAX;
	return phys_if_current(s, gidx)->ts_begin;
}

int rb_stream_check_recoverable(struct rb_stream *s)
{
	uint64_t offset = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE);
	uint64_t consumed =
		__atomic_load_n(&s->shm->consumed, __ATOMIC_ACQUIRE);
	uint64_t end = (offset + s->subbuf_mask) >> s->subbuf_order;
	uint64_t gidx = consumed >> s->subbuf_order;
	struct packet_state st;

	if (consumed > offset || (consumed & s->subbuf_mask))
		return rb_error(-EPROTO,
				"stream %u: read position %llu is not a "
				"packet start at or before the write "
				"position %llu",
				s->cpu, (unsigned long long)consumed,
				(unsigned long long)offset);
	if (end - gidx > s->count_mask + 1)
		gidx = end - (s->count_mask + 1);
	for (; gidx < end; gidx++) {
		st = packet_state_of(s, gidx, offset);
		if (st.filled != s->subbuf_size && st.filled > st.reserved)
			return rb_error(-EPROTO,
					"stream %u: packet %llu has %u bytes "
					"committed of %u reserved",
					s->cpu, (unsigned long long)gidx,
					st.filled, st.reserved);
	}
	return 0;
}

int rb_stream_recover(struct rb_stream *s, rb_clock_fn clock)
{
	uint64_t offset = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE);
	uint64_t consumed =
		__atomic_load_n(&s->shm->consumed, __ATOMIC_ACQUIRE);
	uint64_t end = (offset + s->subbuf_mask) >> s->subbuf_order;
	uint64_t gidx = consumed >> s->subbuf_order;
	uint64_t ts_floor =
		__atomic_load_n(&s->shm->last_end_ts, __ATOMIC_RELAXED);
	bool open_repaired = false;
	struct packet_state st;
	int repaired = 0;

	/* Overwrite mode: only the last N packets can still be in the ring. */
	if (end - gidx > s->count_mask + 1)
		gidx = end - (s->count_mask + 1);
	for (; gidx < end; gidx++) {
		st = packet_state_of(s, gidx, offset);
		if (st.filled == s->subbuf_size)
			rb_deliver_after_crash(s, gidx << s->subbuf_order);
		if (st.filled == s->subbuf_size || st.filled == st.reserved)
			continue;
		assert(st.filled < st.reserved);
		ts_floor = repair(s, &st, ts_floor,
				  proven_begin(s, gidx + 1, offset));
		repaired++;
		open_repaired = gidx + 1 == end && (offset & s->subbuf_mask);
	}
	if (!open_repaired)
		rb_stream_switch(s, clock);
	else
		__atomic_store_n(&s->shm->offset, end << s->subbuf_order,
				 __ATOMIC_RELEASE);
	return repaired;
}
