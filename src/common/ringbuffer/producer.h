/*
 * The producer side of the ring buffer: reserve room for one record on the
 * current CPU's stream, write it, commit it. The fast path is inline here
 * (no lock, no system call, no allocation: one CPU-local compare-and-store
 * to reserve, one CPU-local add to commit); sub-buffer switches, full
 * buffers, commits from another CPU and wake-ups go to producer.c, whose
 * opening comment explains the protocol.
 * Used by liblttng-ust's probes, the benchmark and the tests.
 */
#ifndef RINGBUFFER_PRODUCER_H
#define RINGBUFFER_PRODUCER_H

#include <errno.h>

#include "ringbuffer/channel.h"
#include "ringbuffer/cpu.h"
#include "ringbuffer/local-commit.h"

#define RB_LIKELY(x) __builtin_expect(!!(x), 1)
#define RB_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define RB_INLINE static inline __attribute__((always_inline))

/* Bytes ahead of a reservation whose cache line it prefetches. */
#define RB_PREFETCH_AHEAD 512

/*
 * The trace clock. The tracer passes a function reading CLOCK_MONOTONIC
 * (vDSO); since rb_reserve is always inlined, a constant function here is
 * inlined too, so the benchmark can inject a free clock.
 */
typedef uint64_t (*rb_clock_fn)(void);

/* A reservation, from rb_reserve to rb_commit. */
struct rb_reserve_ctx {
	struct rb_stream *stream;
	char *payload;	/* write the payload_len bytes here */
	uint64_t ts;	/* the record's timestamp (in its event header) */
	uint64_t begin; /* stream offset where the commit range starts */
	uint32_t
		commit_len; /* bytes to commit (with a packet header, if any) */
	uint32_t header_len; /* event header bytes: 4, 6, 13 or 14 */
};

/*
 * The slow path of rb_stream_reserve, which read offset `old` then the
 * clock `ts` (its first attempt reuses them; the clock is read once).
 */
int rb_reserve_slow(struct rb_stream *s, struct rb_reserve_ctx *ctx,
		    uint32_t id, uint32_t payload_len, rb_clock_fn clock,
		    uint64_t old, uint64_t ts);
void rb_deliver(struct rb_stream *s, uint64_t begin);
/*
 * Crash recovery, for a complete packet holding stream offset begin:
 * delivers it if a producer died before it did, or before it handed
 * the sub-buffer back. No producer may be running on the stream.
 */
void rb_deliver_after_crash(struct rb_stream *s, uint64_t begin);
/*
 * Tests only (NULL otherwise): called by rb_deliver between claiming a
 * packet's delivery and handing its sub-buffer back (RB_NOREF), to
 * widen the window in which a consumer finds the packet complete but
 * not yet delivered.
 */
extern void (*rb_test_deliver_pause)(void);
/*
 * Tests only (NULL otherwise): called by a committer off the stream's
 * CPU (rb_commit_remote) between its add and its read of the slot's
 * counts, to widen the window in which it stalls there, as one does
 * that cannot fence and waits to reach the stream's CPU (producer.c,
 * WITHOUT MEMBARRIER) or is preempted.
 */
extern void (*rb_test_commit_pause)(struct rb_stream *s, uint64_t begin);
/*
 * Records in the slot of global sub-buffer gidx that its pass opened
 * after `commit` (the slot's committed count, read when the previous pass
 * was complete and this one had nothing committed): the slot's `opened`
 * word, moved forward only, so a late call for an older pass changes
 * nothing. The reservation slow path calls it before opening a packet.
 */
void rb_slot_note_opened(struct rb_stream *s, uint64_t gidx, uint64_t commit);
/*
 * rb_reserve after rb_stream_reserve(s) refused (-EAGAIN): the stream of
 * the thread's CPU now, or, for a thread that cannot reserve CPU-locally
 * on s (no rseq, a getcpu override, a stream of another CPU), s made
 * atomic. -ENOSPC (counted as discarded) when s cannot be made atomic
 * yet (its CPU is not allowed to this thread and nothing runs there).
 */
int rb_reserve_off_cpu(struct rb_channel *chan, struct rb_stream *s,
		       struct rb_reserve_ctx *ctx, uint32_t id,
		       uint32_t payload_len, rb_clock_fn clock);
/*
 * Makes every later write of the stream's offset an atomic
 * compare-and-swap, once no CPU-local store can be in flight
 * (producer.c, RESERVE): this thread moves to the stream's CPU for that
 * if it must and can. Whether the stream is atomic now; if not, it is
 * turning atomic (nobody writes offset) until a thread proves it.
 */
bool rb_stream_require_atomic(struct rb_stream *s);
/*
 * rb_commit_add's path for a committer off the stream's CPU: atomic add
 * to commit_remote, fence, then rb_commit_settle.
 */
void rb_commit_remote(struct rb_stream *s, uint64_t begin, uint64_t add);

/*
 * Closes the stream's current packet if it holds any record (the switch
 * timer, stop, snapshot and rotation use it; any process may call it).
 * Returns 1 if a packet was closed, 0 if none was open, -EAGAIN if the
 * stream's CPU could not be reached within 200 ms and the stream cannot
 * be proven safe to write from elsewhere yet (producer.c, RESERVE):
 * nothing was written, a later call tries again.
 */
int rb_stream_switch(struct rb_stream *s, rb_clock_fn clock);

/* rb_stream_switch on every stream of the channel. */
void rb_channel_switch(struct rb_channel *chan, rb_clock_fn clock);

/*
 * Like rb_stream_switch, but a stream with no open packet gets an empty
 * one (packet header and context only), as LTTng's flush at `lttng
 * stop` leaves in the files of idle CPUs: every stream then says when
 * tracing stopped. Returns 1 if a packet was closed, 0 if an empty one
 * could not be opened (no free sub-buffer), -EAGAIN as rb_stream_switch
 * (waiting 1.5 s for the stream's CPU).
 */
int rb_stream_flush(struct rb_stream *s, rb_clock_fn clock);

/* The stream of the current CPU; CPU ids past the last stream wrap. */
RB_INLINE struct rb_stream *rb_channel_stream(struct rb_channel *chan)
{
	unsigned int cpu = (unsigned int)rb_current_cpu();

	if (RB_UNLIKELY(cpu >= chan->nr_streams))
		cpu %= chan->nr_streams;
	return &chan->streams[cpu];
}

/* Index of the slot (logical sub-buffer) holding stream offset off. */
RB_INLINE uint64_t rb_slot_index(const struct rb_stream *s, uint64_t off)
{
	return (off >> s->subbuf_order) & s->count_mask;
}

/* Bytes committed to a slot before the pass that holds offset off. */
RB_INLINE uint64_t rb_pass_bytes(const struct rb_stream *s, uint64_t off)
{
	return (off >> s->pass_order) << s->subbuf_order;
}

/* Bytes committed in the current pass, from a slot's commit word. */
RB_INLINE uint32_t rb_slot_filled(uint64_t commit, uint64_t pass_bytes)
{
	return (uint32_t)(commit - pass_bytes);
}

/*
 * Reports that slot idx names physical sub-buffer phys, which the stream
 * does not have (its shared memory was damaged by a process mapping it),
 * and returns the last one, so that writes stay inside the stream.
 */
uint64_t rb_phys_out_of_range(struct rb_stream *s, uint64_t idx, uint64_t phys)
	__attribute__((cold, noinline));

/*
 * The physical sub-buffer a producer writes slot idx into. In overwrite
 * mode it clears RB_NOREF first, atomically with reading the index, so the
 * consumer can no longer swap that sub-buffer away (see producer.c). The
 * consumer daemon runs this too (flush, snapshot): the index is checked.
 */
RB_INLINE char *rb_write_base(struct rb_stream *s, uint64_t idx)
{
	uint64_t *wsb = &s->slots[idx].wsb;
	uint64_t w;

	if (RB_LIKELY(s->mode == RB_MODE_DISCARD))
		return s->data + (idx << s->subbuf_order);
	w = __atomic_load_n(wsb, __ATOMIC_ACQUIRE);
	while (RB_UNLIKELY(w & RB_NOREF)) {
		if (__atomic_compare_exchange_n(wsb, &w, w & ~RB_NOREF, 0,
						__ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE)) {
			w &= ~RB_NOREF;
			break;
		}
	}
	if (RB_UNLIKELY(w > s->count_mask + 1))
		w = rb_phys_out_of_range(s, idx, w);
	return s->data + (w << s->subbuf_order);
}

/*
 * The bytes + RB_COMMIT_RECORD * records committed to a slot over all
 * its passes (acquire: the data they count is visible).
 */
RB_INLINE uint64_t rb_slot_committed(const struct rb_shm_slot *slot)
{
	return __atomic_load_n(&slot->commit, __ATOMIC_ACQUIRE) +
	       __atomic_load_n(&slot->commit_remote, __ATOMIC_ACQUIRE);
}

/* What a committer finds after its add (rb_commit_check). */
enum rb_commit_state {
	RB_COMMIT_OPEN,	    /* some bytes reserved in the packet are not */
	RB_COMMIT_PREFIX,   /* everything reserved so far is committed */
	RB_COMMIT_COMPLETE, /* the pass is complete: deliver it */
};

/*
 * After a commit to `slot`, which holds stream offset begin: whether the
 * pass is complete, or whether everything reserved in the packet so far
 * is committed; then *prefix is the slot's prefix word proving it (see
 * shm-layout.h and producer.c, CRASH SAFETY).
 */
RB_INLINE enum rb_commit_state rb_commit_check(struct rb_stream *s,
					       struct rb_shm_slot *slot,
					       uint64_t begin, uint64_t *prefix)
{
	uint64_t pass_bytes = rb_pass_bytes(s, begin);
	uint64_t v = rb_slot_committed(slot);
	uint32_t filled = rb_slot_filled(v, pass_bytes);
	uint64_t now;

	if (RB_UNLIKELY(filled == s->subbuf_size))
		return RB_COMMIT_COMPLETE;
	/* offset still in this packet, at exactly the committed length */
	now = __atomic_load_n(&s->shm->offset, __ATOMIC_RELAXED);
	if (now != (begin & ~s->subbuf_mask) + filled)
		return RB_COMMIT_OPEN;
	*prefix = (v - pass_bytes - filled) | filled;
	return RB_COMMIT_PREFIX;
}

/*
 * After a commit to `slot`, which holds stream offset begin: delivers the
 * packet when its pass is complete; otherwise, when everything reserved
 * in the packet is committed, records that prefix for crash recovery.
 */
RB_INLINE void rb_commit_settle(struct rb_stream *s, struct rb_shm_slot *slot,
				uint64_t begin)
{
	uint64_t prefix;

	switch (rb_commit_check(s, slot, begin, &prefix)) {
	case RB_COMMIT_COMPLETE:
		rb_deliver(s, begin);
		break;
	case RB_COMMIT_PREFIX:
		/*
		 * A plain store: a committer stalled here may store it
		 * passes later; recovery tells (producer.c, CRASH SAFETY).
		 */
		__atomic_store_n(&slot->prefix, prefix, __ATOMIC_RELAXED);
		break;
	case RB_COMMIT_OPEN:
		break;
	}
}

/*
 * Adds `add` (bytes + RB_COMMIT_RECORD per record) to the slot holding
 * stream offset begin, CPU-locally when this thread is on the stream's
 * CPU, then settles the packet.
 */
RB_INLINE void rb_commit_add(struct rb_stream *s, uint64_t begin, uint64_t add)
{
	struct rb_shm_slot *slot = &s->slots[rb_slot_index(s, begin)];

	if (RB_LIKELY(rb_local_commit_enabled) &&
	    RB_LIKELY(rb_local_commit(&slot->commit, s->cpu,
				      &s->shm->atomic_commit, add)))
		rb_commit_settle(s, slot, begin);
	else
		rb_commit_remote(s, begin, add);
}

/* What rb_offset_cas did. */
enum rb_offset_cas_result {
	RB_OFFSET_SET,	    /* offset was *old; it is now `desired` */
	RB_OFFSET_MOVED,    /* not set (offset moved, or the sequence was
			     * interrupted): *old is offset's value now */
	RB_OFFSET_OFF_CPU,  /* CPU-local stream, thread elsewhere: untouched */
	RB_OFFSET_FLIPPING, /* the stream turns atomic and this thread cannot
			     * prove it may write yet: untouched */
};

/*
 * The slow side of rb_offset_cas on a stream that is turning atomic
 * (RB_RESERVE_FLIPPING): ends the flip if this thread can prove that no
 * CPU-local store is still in flight (on_cpu: its sequence read
 * atomic_reserve set while on the stream's CPU). Whether the stream is
 * now atomic.
 */
bool rb_stream_flip_settle(struct rb_stream *s, bool on_cpu);

/*
 * Compare-and-swap of the stream's write offset, as every writer of it
 * must do it (producer.c, RESERVE): a restartable sequence on the
 * stream's CPU while the stream reserves CPU-locally, else an atomic
 * compare-and-swap, which a CPU-local stream forbids off its CPU.
 * !ts_ordered: the record's timestamp came from an unordered TSC read
 * (rb_stream_clock), good for the CPU-local sequence only; the atomic
 * compare-and-swap is then refused (RB_OFFSET_MOVED, *old reloaded), so
 * that the caller reads the clock again, ordered.
 */
RB_INLINE enum rb_offset_cas_result rb_offset_cas_ts(struct rb_stream *s,
						     uint64_t *old,
						     uint64_t desired,
						     bool ts_ordered)
{
	uint64_t *offset = &s->shm->offset;
	enum rb_local_cas_result local = RB_LOCAL_CAS_ELSEWHERE;
	bool on_cpu = false;
	uint64_t mode;

	/* Only processes the flip's fence reaches (RESERVE, step 1). */
	if (RB_LIKELY(rb_local_commit_enabled))
		local = rb_local_cas(offset, s->cpu, &s->shm->atomic_reserve,
				     *old, desired);
	switch (local) {
	case RB_LOCAL_CAS_DONE:
		return RB_OFFSET_SET;
	case RB_LOCAL_CAS_CHANGED:
		*old = __atomic_load_n(offset, __ATOMIC_ACQUIRE);
		return RB_OFFSET_MOVED;
	case RB_LOCAL_CAS_ATOMIC_ONLY:
		on_cpu = true;
		break;
	case RB_LOCAL_CAS_ELSEWHERE:
		break;
	}
	mode = __atomic_load_n(&s->shm->atomic_reserve, __ATOMIC_ACQUIRE);
	if (RB_UNLIKELY(mode != RB_RESERVE_ATOMIC)) {
		if (mode == RB_RESERVE_LOCAL)
			return RB_OFFSET_OFF_CPU;
		if (!rb_stream_flip_settle(s, on_cpu))
			return RB_OFFSET_FLIPPING;
	}
	if (RB_UNLIKELY(!ts_ordered)) {
		*old = __atomic_load_n(offset, __ATOMIC_ACQUIRE);
		return RB_OFFSET_MOVED;
	}
	return __atomic_compare_exchange_n(offset, old, desired, 0,
					   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)
		       ? RB_OFFSET_SET
		       : RB_OFFSET_MOVED;
}

RB_INLINE enum rb_offset_cas_result
rb_offset_cas(struct rb_stream *s, uint64_t *old, uint64_t desired)
{
	return rb_offset_cas_ts(s, old, desired, true);
}

/*
 * The clock of stream s through the channel's clock function. The
 * converted TSC clock (trace_clock_tsc_ns_fn, recognised by its address,
 * a constant where the reservation is inlined) is computed from the
 * stream's own clock page, so that every process writing the stream
 * computes the same function. `ordered`: the TSC read waits for the
 * earlier loads (the stream offset) to complete; only a reservation
 * that will commit through the CPU-local sequence may pass false
 * (rb_stream_reserve says why).
 */
RB_INLINE uint64_t rb_stream_clock(const struct rb_stream *s, rb_clock_fn clock,
				   bool ordered)
{
	if (clock == trace_clock_tsc_ns_fn)
		return trace_clock_page_read(&s->shm->clock_page, ordered);
	return clock();
}

/*
 * Reserves an event record of event id `id` with payload_len bytes after
 * its event header on stream s. The event header (compact or large per
 * the channel, extended when the id or the timestamp delta needs it) is
 * written by this call. Returns 0 and fills ctx, or -ENOSPC (buffer full,
 * record counted as discarded), -EFBIG (the record can never fit) or
 * -EAGAIN (the stream reserves CPU-locally and the thread is not on its
 * CPU, or the stream is turning atomic: nothing was reserved;
 * rb_reserve() then takes the stream of the CPU the thread is on).
 */
RB_INLINE int rb_stream_reserve(struct rb_stream *s, struct rb_reserve_ctx *ctx,
				uint32_t id, uint32_t payload_len,
				rb_clock_fn clock)
{
	uint64_t old = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE);
	enum rb_offset_cas_result cas;
	uint64_t ts, pos, prev;
	unsigned int hlen;
	char *p;

	for (;;) {
		/*
		 * Ordering of the converted TSC clock's read. On a stream
		 * reserving CPU-locally, every writer runs on this CPU and
		 * moves offset with the restartable sequence, so a bare
		 * rdtsc suffices: a record reserved before this thread
		 * loaded old was reserved by this thread (program order:
		 * its rdtsc came first) or by another thread or a signal
		 * handler before a context switch or an interrupt return,
		 * which serialize the CPU; one reserved after the load
		 * makes the sequence fail and the clock be read again. A
		 * stream written from several CPUs needs the read ordered
		 * after the load of old (TIME in producer.c): lfence. If
		 * the stream turns atomic between this load of its mode
		 * and the compare-and-swap, rb_offset_cas_ts refuses the
		 * unordered timestamp and the loop reads it again.
		 */
		bool ordered = true;

		if (clock == trace_clock_tsc_ns_fn)
			ordered = __atomic_load_n(&s->shm->atomic_reserve,
						  __ATOMIC_RELAXED) !=
				  RB_RESERVE_LOCAL;
		ts = rb_stream_clock(s, clock, ordered);
		prev = __atomic_load_n(&s->shm->last_ts, __ATOMIC_RELAXED);
		hlen = ctf_event_header_len(s->header_kind, id, prev, ts);
		pos = old & s->subbuf_mask;
		if (RB_UNLIKELY(pos == 0 ||
				pos + hlen + payload_len >= s->subbuf_size))
			return rb_reserve_slow(s, ctx, id, payload_len, clock,
					       old, ts);
		cas = rb_offset_cas_ts(s, &old, old + hlen + payload_len,
				       ordered);
		if (RB_LIKELY(cas == RB_OFFSET_SET))
			break;
		if (cas >= RB_OFFSET_OFF_CPU)
			return -EAGAIN;
	}
	__atomic_store_n(&s->shm->last_ts, ts, __ATOMIC_RELAXED);
	p = rb_write_base(s, rb_slot_index(s, old)) + pos;
	/*
	 * Asks for the cache line of a record a few ahead now, so that its
	 * first store does not wait for the line (about 2 ns an event in
	 * the benchmark kit's application, though rb-bench's tighter loop
	 * does not show it).
	 */
	__builtin_prefetch(p + RB_PREFETCH_AHEAD, 1, 3);
	if (RB_LIKELY(hlen == CTF_COMPACT_HEADER_LEN))
		ctf_event_header_write(p, CTF_COMPACT_HEADER_LEN, id, ts);
	else
		ctf_event_header_write(p, hlen, id, ts);
	ctx->stream = s;
	ctx->payload = p + hlen;
	ctx->ts = ts;
	ctx->begin = old;
	ctx->commit_len = hlen + payload_len;
	ctx->header_len = hlen;
	return 0;
}

/* rb_stream_reserve on the current CPU's stream. */
RB_INLINE int rb_reserve(struct rb_channel *chan, struct rb_reserve_ctx *ctx,
			 uint32_t id, uint32_t payload_len, rb_clock_fn clock)
{
	struct rb_stream *s = rb_channel_stream(chan);
	int ret = rb_stream_reserve(s, ctx, id, payload_len, clock);

	if (RB_UNLIKELY(ret == -EAGAIN))
		ret = rb_reserve_off_cpu(chan, s, ctx, id, payload_len, clock);
	return ret;
}

/* Publishes a reserved record: the consumer may read it from now on. */
RB_INLINE void rb_commit(const struct rb_reserve_ctx *ctx)
{
	rb_commit_add(ctx->stream, ctx->begin,
		      ctx->commit_len + RB_COMMIT_RECORD);
}

#endif /* RINGBUFFER_PRODUCER_H */
