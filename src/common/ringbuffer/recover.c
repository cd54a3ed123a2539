/*
 * Crash recovery of a stream whose producers died (rb_stream_recover):
 * packets a dead producer left incomplete are truncated to their proven
 * committed prefix and delivered, so the consumer keeps every record
 * committed before the death and never sees a half-written one; a prefix
 * word that cannot be proven to belong to the packet's pass is not
 * trusted. Called by the consumer daemon and lttng-crash, which reports
 * what was dropped; "CRASH SAFETY" in producer.c is the rationale.
 */
#include <assert.h>
#include <errno.h>
#include <string.h>

#include "ringbuffer/consumer.h"
#include "ringbuffer/error.h"
#include "ringbuffer/packet.h"
#include "ringbuffer/producer.h"

/* The state of one packet of the stream, as recovery sees it. */
struct packet_state {
	uint64_t gidx;
	uint64_t commit;   /* the slot's commit word */
	uint32_t filled;   /* bytes committed in this pass */
	uint32_t reserved; /* bytes reserved in this pass */
	uint32_t prefix;   /* proven committed prefix, bytes (0: none) */
	uint32_t lost;	   /* committed records past the prefix */
};

/*
 * The committed prefix of packet gidx that the slot's prefix word proves,
 * in bytes, and in *lost the committed records past it; 0 when the word
 * proves nothing about this pass (producer.c, CRASH SAFETY). *lost is a
 * lower bound (0) only if the pass's `opened` word is not this pass's,
 * which a stream the producers left intact never shows.
 */
static uint32_t proven_prefix(const struct rb_stream *s,
			      const struct packet_state *st, uint32_t records,
			      uint32_t *lost)
{
	const struct rb_shm_slot *slot = &s->slots[st->gidx & s->count_mask];
	uint64_t prefix = __atomic_load_n(&slot->prefix, __ATOMIC_ACQUIRE);
	uint64_t opened = __atomic_load_n(&slot->opened, __ATOMIC_ACQUIRE);
	uint32_t pass = (uint32_t)(st->gidx >> s->count_order);
	uint32_t r0 = (uint32_t)opened, proved = (uint32_t)(prefix >> 32);
	uint32_t len = (uint32_t)prefix;

	if ((uint32_t)(opened >> 32) != pass) {
		*lost = 0;
		return 0;
	}
	/* From this pass: at least one record of it, none it has not. */
	if (proved - r0 == 0 || proved - r0 > records - r0 ||
	    len < CTF_PACKET_HEADER_LEN || len > st->filled ||
	    len > st->reserved || len >= s->subbuf_size) {
		*lost = records - r0;
		return 0;
	}
	*lost = records - proved;
	return len;
}

static struct packet_state packet_state_of(struct rb_stream *s, uint64_t gidx,
					   uint64_t offset)
{
	struct rb_shm_slot *slot = &s->slots[gidx & s->count_mask];
	uint64_t pass_bytes = (gidx >> s->count_order) << s->subbuf_order;
	uint64_t start = gidx << s->subbuf_order;
	struct packet_state st;
	uint32_t records;

	st.gidx = gidx;
	st.commit = rb_slot_committed(slot);
	st.filled = rb_slot_filled(st.commit, pass_bytes);
	st.reserved = offset - start < s->subbuf_size
			      ? (uint32_t)(offset - start)
			      : (uint32_t)s->subbuf_size;
	records = (uint32_t)((st.commit - pass_bytes - st.filled) >> 32);
	st.prefix = proven_prefix(s, &st, records, &st.lost);
	return st;
}

/* The physical sub-buffer of gidx's slot, if it holds packet gidx. */
static struct rb_shm_phys *phys_if_current(struct rb_stream *s, uint64_t gidx)
{
	uint64_t w = __atomic_load_n(&s->slots[gidx & s->count_mask].wsb,
				     __ATOMIC_ACQUIRE);
	uint64_t phys = s->mode == RB_MODE_DISCARD ? (gidx & s->count_mask)
						   : (w & ~RB_NOREF);

	/* rb_stream_check_recoverable() refused any other; a racer stays in */
	if (phys > s->count_mask + 1)
		phys = rb_phys_out_of_range(s, gidx & s->count_mask, phys);
	return &s->phys[phys];
}

/*
 * Makes the incomplete packet st deliverable: a fresh packet header (at
 * ts_floor) if even that was not proven committed, content_size cut to
 * the proven prefix, events_discarded `discarded`, the missing bytes
 * committed. Returns the packet's timestamp_end.
 */
static uint64_t repair(struct rb_stream *s, const struct packet_state *st,
		       uint64_t ts_floor, uint64_t ts_next, uint64_t discarded,
		       struct rb_recover_report *report)
{
	uint64_t start = st->gidx << s->subbuf_order;
	uint32_t content = st->prefix;
	uint64_t ts_begin, ts_end, last_ts;

	if (content < CTF_PACKET_HEADER_LEN) {
		rb_packet_begin(s, start,
				ts_floor < ts_next ? ts_floor : ts_next);
		content = CTF_PACKET_HEADER_LEN;
	}
	ts_begin = phys_if_current(s, st->gidx)->ts_begin;
	last_ts = __atomic_load_n(&s->shm->last_ts, __ATOMIC_RELAXED);
	ts_end = last_ts < ts_next ? last_ts : ts_next;
	if (ts_end < ts_begin)
		ts_end = ts_begin;
	/* The records past the prefix, and the dead one, are discarded. */
	__atomic_add_fetch(&s->shm->discarded, (uint64_t)st->lost + 1,
			   __ATOMIC_RELAXED);
	rb_packet_end(s, st->gidx, content, ts_end, discarded);
	rb_commit_add(s, start, s->subbuf_size - st->filled);
	report->packets++;
	if (st->reserved > content)
		report->bytes_dropped += st->reserved - content;
	report->events_discarded += (uint64_t)st->lost + 1;
	return ts_end;
}

/* The closed packet gidx's rb_shm_phys, or NULL (not closed, or gone). */
static struct rb_shm_phys *closed_phys(struct rb_stream *s, uint64_t gidx,
				       uint64_t offset)
{
	struct rb_shm_phys *phys = phys_if_current(s, gidx);

	if (packet_state_of(s, gidx, offset).filled != s->subbuf_size ||
	    phys->seq != gidx)
		return NULL;
	/* A content size no closed packet has: damaged, not to be trusted. */
	if (phys->content < CTF_PACKET_HEADER_LEN ||
	    phys->content >= s->subbuf_size)
		return NULL;
	return phys;
}

/*
 * events_discarded of the first packet closed before the crash past
 * gidx, or `total` (the stream's count at the crash) if none is.
 */
static uint64_t next_closed_discarded(struct rb_stream *s, uint64_t gidx,
				      uint64_t end, uint64_t offset,
				      uint64_t total)
{
	const struct rb_shm_phys *phys;

	for (gidx++; gidx < end; gidx++) {
		phys = closed_phys(s, gidx, offset);
		if (phys)
			return phys->discarded < total ? phys->discarded
						       : total;
	}
	return total;
}

/*
 * Discard mode: a producer that died between a packet's final commit
 * and the claim of its delivery keeps the slot from opening its next
 * pass (check_room in producer.c), even once the consumer took the
 * packet: claims the consumed packets (before `first`, the first one
 * not consumed) that are still the last of their slot before `end`.
 */
static void claim_consumed(struct rb_stream *s, uint64_t first, uint64_t end,
			   uint64_t offset)
{
	uint64_t lap = s->count_mask + 1;
	uint64_t gidx = end > lap ? end - lap : 0;

	for (; gidx < first; gidx++)
		if (packet_state_of(s, gidx, offset).filled == s->subbuf_size)
			rb_deliver_after_crash(s, gidx << s->subbuf_order);
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

/*
 * Overwrite mode: the physical sub-buffer of every slot (wsb) and the
 * consumer's spare (reader_phys) must be one of the N + 1, or recovery
 * would write outside the buffer (a damaged file). One may be held twice
 * (a consumer that died in the middle of a swap): that stays inside.
 */
static int check_phys_indexes(const struct rb_stream *s)
{
	uint64_t nr_phys = s->count_mask + 2;

	for (uint64_t i = 0; i < nr_phys; i++) {
		uint64_t phys = i <= s->count_mask
					? __atomic_load_n(&s->slots[i].wsb,
							  __ATOMIC_ACQUIRE) &
						  ~RB_NOREF
					: s->shm->reader_phys;

		if (phys >= nr_phys)
			return rb_error(-EPROTO,
					"stream %u: sub-buffer %llu is not one "
					"of its %llu",
					s->cpu, (unsigned long long)phys,
					(unsigned long long)nr_phys);
	}
	return 0;
}

int rb_stream_check_recoverable(struct rb_stream *s)
{
	uint64_t offset = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE);
	uint64_t consumed =
		__atomic_load_n(&s->shm->consumed, __ATOMIC_ACQUIRE);
	uint64_t end = (offset + s->subbuf_mask) >> s->subbuf_order;
	uint64_t gidx = consumed >> s->subbuf_order;
	struct packet_state st;
	int ret = s->mode == RB_MODE_OVERWRITE ? check_phys_indexes(s) : 0;

	if (ret)
		return ret;
	/* Packet counts below round the write position up: no overflow. */
	if (offset > UINT64_MAX - s->subbuf_mask)
		return rb_error(-EPROTO,
				"stream %u: write position %llu is past the "
				"end of any stream",
				s->cpu, (unsigned long long)offset);
	if (consumed > offset || (consumed & s->subbuf_mask))
		return rb_error(-EPROTO,
				"stream %u: read position %llu is not a "
				"packet start at or before the write "
				"position %llu",
				s->cpu, (unsigned long long)consumed,
				(unsigned long long)offset);
	/* A producer reserves a packet's header as it opens the packet. */
	if ((offset & s->subbuf_mask) &&
	    (offset & s->subbuf_mask) < CTF_PACKET_HEADER_LEN)
		return rb_error(-EPROTO,
				"stream %u: write position %llu is inside a "
				"packet header",
				s->cpu, (unsigned long long)offset);
	/* Discard mode: producers never get a ring ahead of the reader. */
	if (s->mode == RB_MODE_DISCARD && end - gidx > s->count_mask + 1)
		return rb_error(-EPROTO,
				"stream %u: write position %llu is more than "
				"%llu packets ahead of the read position %llu",
				s->cpu, (unsigned long long)offset,
				(unsigned long long)s->count_mask + 1,
				(unsigned long long)consumed);
	if (end - gidx > s->count_mask + 1)
		gidx = end - (s->count_mask + 1);
	/*
	 * No packet has more committed than reserved: not even the open
	 * one "complete" (recovery would close it, committing its padding
	 * past the end of the sub-buffer).
	 */
	for (; gidx < end; gidx++) {
		st = packet_state_of(s, gidx, offset);
		if (st.filled > st.reserved)
			return rb_error(-EPROTO,
					"stream %u: packet %llu has %u bytes "
					"committed of %u reserved",
					s->cpu, (unsigned long long)gidx,
					st.filled, st.reserved);
	}
	return 0;
}

/*
 * The events_discarded running totals must not decrease along the
 * stream, yet packets after a repaired one may have been closed before
 * the crash with smaller counts: each packet gets the count it carried
 * (a repaired one: that of the next packet closed, or the count at the
 * crash) plus what recovery discarded up to it, rewriting the closed
 * ones.
 */
int rb_stream_recover_report(struct rb_stream *s, rb_clock_fn clock,
			     struct rb_recover_report *report)
{
	uint64_t offset = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE);
	uint64_t consumed =
		__atomic_load_n(&s->shm->consumed, __ATOMIC_ACQUIRE);
	uint64_t total = __atomic_load_n(&s->shm->discarded, __ATOMIC_RELAXED);
	uint64_t end = (offset + s->subbuf_mask) >> s->subbuf_order;
	uint64_t gidx = consumed >> s->subbuf_order;
	uint64_t ts_floor =
		__atomic_load_n(&s->shm->last_end_ts, __ATOMIC_RELAXED);
	struct rb_shm_phys *phys;
	bool open_repaired = false;
	struct packet_state st;
	uint64_t extra = 0;

	memset(report, 0, sizeof(*report));
	/*
	 * Overwrite mode: only the last N packets can still be in the ring.
	 * A producer that died right after opening a packet did not move
	 * consumed past the one it replaced: do it for it (push_consumed).
	 */
	if (end - gidx > s->count_mask + 1)
		gidx = end - (s->count_mask + 1);
	if (s->mode == RB_MODE_OVERWRITE &&
	    gidx > (consumed >> s->subbuf_order)) {
		__atomic_add_fetch(&s->shm->lost_packets,
				   gidx - (consumed >> s->subbuf_order),
				   __ATOMIC_RELAXED);
		__atomic_store_n(&s->shm->consumed, gidx << s->subbuf_order,
				 __ATOMIC_RELEASE);
	}
	if (gidx && (phys = closed_phys(s, gidx - 1, offset)))
		ts_floor = phys->ts_end;
	if (s->mode == RB_MODE_DISCARD)
		claim_consumed(s, gidx, end, offset);
	for (; gidx < end; gidx++) {
		st = packet_state_of(s, gidx, offset);
		if (st.filled == s->subbuf_size) {
			rb_deliver_after_crash(s, gidx << s->subbuf_order);
			phys = closed_phys(s, gidx, offset);
			if (phys && extra)
				rb_packet_set_discarded(
					s, phys, phys->discarded + extra);
			if (phys)
				ts_floor = phys->ts_end;
			continue;
		}
		if (st.filled == st.reserved)
			continue;
		assert(st.filled < st.reserved);
		extra += (uint64_t)st.lost + 1;
		ts_floor = repair(
			s, &st, ts_floor, proven_begin(s, gidx + 1, offset),
			next_closed_discarded(s, gidx, end, offset, total) +
				extra,
			report);
		open_repaired = gidx + 1 == end && (offset & s->subbuf_mask);
	}
	if (!open_repaired)
		rb_stream_switch(s, clock);
	else
		__atomic_store_n(&s->shm->offset, end << s->subbuf_order,
				 __ATOMIC_RELEASE);
	return (int)report->packets;
}

int rb_stream_recover(struct rb_stream *s, rb_clock_fn clock)
{
	struct rb_recover_report report;

	return rb_stream_recover_report(s, clock, &report);
}
