/*
 * The consumer side (see consumer.h): get/put of complete packets in
 * place (discard mode) or by swapping the physical sub-buffer out
 * (overwrite mode), wake-up waits, snapshots, statistics and crash
 * recovery. The consumer daemon is the only caller; the ordering rules
 * are in producer.c's opening comment.
 *
 * Every traced process of a stream can write its shared memory, and the
 * consumer daemon may run as root: each value read from it that makes an
 * address or a length here (a physical sub-buffer index, a packet's
 * content size, its seq number) is read once and checked before use. A
 * stream with a value out of range is broken: reported once through the
 * invariant checks (invariant.h), then never read again (-EPROTO).
 */
#include <assert.h>
#include <errno.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

#include "ringbuffer/consumer.h"
#include "ringbuffer/invariant.h"
#include "ringbuffer/packet.h"

static struct rb_shm_slot *slot_of(struct rb_stream *s, uint64_t gidx)
{
	return &s->slots[gidx & s->count_mask];
}

static uint64_t pass_bytes_of(const struct rb_stream *s, uint64_t gidx)
{
	return (gidx >> s->count_order) << s->subbuf_order;
}

/* Is every byte of packet gidx committed? (acquire: its data is visible) */
static bool packet_complete(struct rb_stream *s, uint64_t gidx)
{
	uint64_t v = rb_slot_committed(slot_of(s, gidx));

	return rb_slot_filled(v, pass_bytes_of(s, gidx)) == s->subbuf_size;
}

/*
 * Overwrite mode, for a packet gidx the caller saw complete: has its
 * deliverer handed the sub-buffer back (RB_NOREF)? Every producer of
 * the pass cleared RB_NOREF before its commit, which the caller saw
 * (acquire), so a set bit is the delivery's. Clear: the delivery is
 * under way (the final committer is between its add and rb_deliver's
 * store, and signals the eventfd after it), or a producer already
 * reuses the slot and pushes consumed past gidx.
 */
static bool handed_back(struct rb_stream *s, uint64_t gidx)
{
	return __atomic_load_n(&slot_of(s, gidx)->wsb, __ATOMIC_ACQUIRE) &
	       RB_NOREF;
}

/* Marks s broken by a value out of range; always -EPROTO. */
static int stream_broken(struct rb_stream *s, enum rb_invariant which,
			 uint64_t gidx, uint64_t found, uint64_t expected)
{
	if (!s->broken) {
		s->broken = true;
		rb_invariant_failed(which, s, gidx, found, expected);
	}
	return -EPROTO;
}

/*
 * Lends packet gidx, held by physical sub-buffer phys (in range), after
 * checking what the sub-buffer says it holds: 0 or -EPROTO.
 */
static int lend(struct rb_stream *s, uint64_t gidx, uint64_t phys,
		struct rb_packet *p)
{
	const struct rb_shm_phys *meta = &s->phys[phys];
	uint64_t seq = __atomic_load_n(&meta->seq, __ATOMIC_RELAXED);
	uint32_t content = __atomic_load_n(&meta->content, __ATOMIC_RELAXED);

	if (content < CTF_PACKET_HEADER_LEN || content >= s->subbuf_size)
		return stream_broken(s, RB_INVARIANT_PADDING, gidx, content,
				     s->subbuf_size - 1);
	if (seq != gidx)
		return stream_broken(s, RB_INVARIANT_PACKET_SEQ, gidx, seq,
				     gidx);
	p->data = s->data + (phys << s->subbuf_order);
	p->seq = seq;
	p->content_size = content;
	p->packet_size = rb_packet_size_of(s, content);
	s->holding = true;
	s->held_phys = phys;
	s->held_seq = seq;
	s->held_ts_begin = meta->ts_begin;
	s->held_size = p->packet_size;
	return 0;
}

/*
 * At put: the sub-buffer held since get still holds the packet lent (no
 * producer opened or closed a packet in it: its begin hook would have
 * set ts_begin, its end hook seq).
 */
static void check_held_untouched(const struct rb_stream *s)
{
	const struct rb_shm_phys *meta = &s->phys[s->held_phys];

	RB_CHECK(meta->seq == s->held_seq, RB_INVARIANT_HELD_WRITTEN, s,
		 s->held_seq, meta->seq, s->held_seq);
	RB_CHECK(meta->ts_begin == s->held_ts_begin, RB_INVARIANT_HELD_WRITTEN,
		 s, s->held_seq, meta->ts_begin, s->held_ts_begin);
}

/*
 * Overwrite mode: takes the physical sub-buffer of complete packet gidx
 * away from its slot, giving the slot the consumer's spare. The taken one
 * becomes the spare. Returns 0 and *phys, or -EAGAIN if a producer is
 * writing the slot (or lapped it: the packet is gone), or -EPROTO if the
 * slot names no sub-buffer of the stream (checked before the swap, which
 * takes exactly the value checked).
 */
static int swap_out(struct rb_stream *s, uint64_t gidx, uint64_t *phys)
{
	struct rb_shm_slot *slot = slot_of(s, gidx);
	uint64_t spare = s->shm->reader_phys;
	uint64_t w = __atomic_load_n(&slot->wsb, __ATOMIC_ACQUIRE);

	if ((w & ~RB_NOREF) > s->count_mask + 1)
		return stream_broken(s, RB_INVARIANT_PHYS_INDEX, gidx,
				     w & ~RB_NOREF, s->count_mask + 1);
	if (!(w & RB_NOREF) ||
	    !__atomic_compare_exchange_n(&slot->wsb, &w, spare | RB_NOREF, 0,
					 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return -EAGAIN;
	*phys = w & ~RB_NOREF;
	s->shm->reader_phys = *phys;
	if (s->phys[*phys].seq == gidx)
		return 0;
	/* A later packet of the slot: give it back if still untouched. */
	w = spare | RB_NOREF;
	if (__atomic_compare_exchange_n(&slot->wsb, &w, *phys | RB_NOREF, 0,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		s->shm->reader_phys = spare;
	return -EAGAIN;
}

/* Puts phys, taken by swap_out for a snapshot, back into its slot. */
static void swap_back(struct rb_stream *s, uint64_t gidx, uint64_t phys,
		      uint64_t spare)
{
	uint64_t w = spare | RB_NOREF;

	if (__atomic_compare_exchange_n(&slot_of(s, gidx)->wsb, &w,
					phys | RB_NOREF, 0, __ATOMIC_ACQ_REL,
					__ATOMIC_ACQUIRE))
		s->shm->reader_phys = spare;
}

/*
 * Discard mode: the oldest packet, read in place once complete. Its
 * slot's next pass cannot open before the put, so the count of the
 * pass read never runs past the sub-buffer's end (nor behind the pass's
 * start: the unsigned difference would be huge).
 */
static int get_in_place(struct rb_stream *s, struct rb_packet *p)
{
	uint64_t gidx = __atomic_load_n(&s->shm->consumed, __ATOMIC_RELAXED) >>
			s->subbuf_order;
	uint32_t filled = rb_slot_filled(rb_slot_committed(slot_of(s, gidx)),
					 pass_bytes_of(s, gidx));

	if (filled > s->subbuf_size)
		return stream_broken(s, RB_INVARIANT_COMMIT_COUNT, gidx, filled,
				     s->subbuf_size);
	if (filled != s->subbuf_size)
		return -EAGAIN;
	return lend(s, gidx, gidx & s->count_mask, p);
}

/*
 * Overwrite mode: once the oldest packet is complete and delivered,
 * claims it by moving consumed past it (so producers will not count it
 * lost), then swaps it out. A complete packet not delivered yet is
 * -EAGAIN: the consumer comes back when its deliverer signals, never
 * skips it. A swap failing after the claim means a producer reclaimed
 * the slot in between (it found RB_NOREF set, so the packet was
 * delivered, and cleared it): the packet is lost, try the next.
 */
static int get_swapped(struct rb_stream *s, struct rb_packet *p)
{
	uint64_t c, gidx, phys;
	int ret;

	for (;;) {
		c = __atomic_load_n(&s->shm->consumed, __ATOMIC_ACQUIRE);
		gidx = c >> s->subbuf_order;
		if (!packet_complete(s, gidx) || !handed_back(s, gidx))
			return -EAGAIN;
		if (!__atomic_compare_exchange_n(
			    &s->shm->consumed, &c, c + s->subbuf_size, 0,
			    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			continue;
		ret = swap_out(s, gidx, &phys);
		if (ret != -EAGAIN)
			return ret ? ret : lend(s, gidx, phys, p);
		__atomic_add_fetch(&s->shm->lost_packets, 1, __ATOMIC_RELAXED);
	}
}

int rb_stream_get(struct rb_stream *s, struct rb_packet *p)
{
	if (s->holding)
		return -EBUSY;
	if (s->broken)
		return -EPROTO;
	if (s->mode == RB_MODE_DISCARD)
		return get_in_place(s, p);
	return get_swapped(s, p);
}

void rb_stream_put(struct rb_stream *s)
{
	assert(s->holding);
	check_held_untouched(s);
	__atomic_add_fetch(&s->shm->bytes_consumed, s->held_size,
			   __ATOMIC_RELAXED);
	/* Overwrite mode moved consumed at get; the held one is the spare. */
	if (s->mode == RB_MODE_DISCARD)
		__atomic_store_n(&s->shm->consumed,
				 (s->held_seq + 1) << s->subbuf_order,
				 __ATOMIC_RELEASE);
	s->holding = false;
}

int rb_stream_wait(struct rb_stream *s, int timeout_ms)
{
	struct pollfd pfd = {.fd = s->wakeup_fd, .events = POLLIN};
	uint64_t count;
	int ret;

	ret = poll(&pfd, 1, timeout_ms);
	if (ret < 0)
		return -errno;
	if (ret == 0)
		return -ETIMEDOUT;
	/* Non-blocking eventfd: EAGAIN if another reader cleared it. */
	if (read(s->wakeup_fd, &count, sizeof(count)) < 0 && errno != EAGAIN)
		return -errno;
	return 0;
}

/*
 * Overwrite mode, for a snapshot: waits while packet gidx is complete
 * but its delivery still under way (up to SNAPSHOT_DELIVERY_WAIT_MS: a
 * producer killed in those few instructions never finishes it; crash
 * recovery does). True once it can be swapped out; false if it stopped
 * being complete (a producer reused the slot: the packet is gone).
 */
#define SNAPSHOT_DELIVERY_WAIT_MS 1000
static bool wait_handed_back(struct rb_stream *s, uint64_t gidx)
{
	const struct timespec pause = {0, 50 * 1000};
	unsigned int waited;

	for (waited = 0; waited < SNAPSHOT_DELIVERY_WAIT_MS * 20; waited++) {
		if (!packet_complete(s, gidx))
			return false;
		if (handed_back(s, gidx))
			return true;
		nanosleep(&pause, NULL);
	}
	return false;
}

/*
 * Shows packet gidx to cb if it is complete; 1 if shown, 0 if not (and
 * -EPROTO in *cb_ret if the stream is broken).
 */
static int snapshot_one(struct rb_stream *s, uint64_t gidx, rb_snapshot_fn cb,
			void *arg, int *cb_ret)
{
	uint64_t spare = s->shm->reader_phys;
	struct rb_packet p;
	uint64_t phys = gidx & s->count_mask;
	int ret;

	if (!packet_complete(s, gidx))
		return 0;
	if (s->mode == RB_MODE_OVERWRITE && !wait_handed_back(s, gidx))
		return 0;
	if (s->mode == RB_MODE_OVERWRITE) {
		ret = swap_out(s, gidx, &phys);
		if (ret) {
			*cb_ret = ret == -EAGAIN ? 0 : ret;
			return 0;
		}
	}
	ret = lend(s, gidx, phys, &p);
	*cb_ret = ret ? ret : cb(&p, arg);
	if (s->mode == RB_MODE_OVERWRITE)
		swap_back(s, gidx, phys, spare);
	s->holding = false;
	return !ret;
}

int rb_stream_snapshot(struct rb_stream *s, rb_clock_fn clock,
		       rb_snapshot_fn cb, void *arg)
{
	return rb_stream_snapshot_newest(s, clock, 0, cb, arg);
}

int rb_stream_snapshot_newest(struct rb_stream *s, rb_clock_fn clock,
			      uint64_t max_packets, rb_snapshot_fn cb,
			      void *arg)
{
	uint64_t end, gidx;
	int shown = 0, cb_ret = 0;

	assert(!s->holding);
	if (s->broken)
		return -EPROTO;
	rb_stream_switch(s, clock);
	end = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE) >>
	      s->subbuf_order;
	gidx = __atomic_load_n(&s->shm->consumed, __ATOMIC_ACQUIRE) >>
	       s->subbuf_order;
	if (end - gidx > s->count_mask + 1)
		gidx = end - (s->count_mask + 1);
	if (max_packets && end - gidx > max_packets)
		gidx = end - max_packets;
	for (; gidx < end && !cb_ret; gidx++)
		shown += snapshot_one(s, gidx, cb, arg, &cb_ret);
	return cb_ret ? cb_ret : shown;
}

void rb_stream_stats(const struct rb_stream *s, struct rb_stream_stats *st)
{
	const struct rb_shm_header *h = s->shm;

	st->produced = __atomic_load_n(&h->offset, __ATOMIC_RELAXED);
	st->consumed = __atomic_load_n(&h->consumed, __ATOMIC_RELAXED);
	st->usage =
		st->produced > st->consumed ? st->produced - st->consumed : 0;
	st->bytes_consumed =
		__atomic_load_n(&h->bytes_consumed, __ATOMIC_RELAXED);
	st->discarded_events = __atomic_load_n(&h->discarded, __ATOMIC_RELAXED);
	st->lost_packets = __atomic_load_n(&h->lost_packets, __ATOMIC_RELAXED);
}
