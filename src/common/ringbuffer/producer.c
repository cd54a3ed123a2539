/*
 * The ring buffer's write side: the slow path of a reservation (opening
 * and closing packets, full buffers, blocking, overwrite), packet delivery
 * and the switch operation. The fast path is inline in producer.h. Used by
 * liblttng-ust (producers) and by the consumer daemon (switch, via its
 * timers). This comment is the design; shm-layout.h has the fields.
 *
 * WHAT A STREAM IS
 *
 * A stream is N sub-buffers ("slots") of S bytes; both are powers of two.
 * Producers and the consumer agree on one free-running 64-bit byte count,
 * the stream offset: byte o of the stream lives in slot (o / S) % N, at
 * o % S, in "pass" o / (N * S) of that slot. Global sub-buffer g = o / S
 * is packet number g of the stream (its packet_seq_num). Two positions
 * move forward through it:
 *
 *     consumed                                 offset
 *        |                                        |
 *   .....[ pkt g   ][ pkt g+1 ][ pkt g+2 ][ pkt g+3 ....)   (N = 4)
 *        |<- complete, waiting for the consumer ->|<- being written
 *
 *   offset    where the next reservation starts (producers, CAS)
 *   consumed  the first byte the consumer has not given back
 *
 * Every packet starts with CTF_PACKET_HEADER_LEN bytes of packet header
 * and context, followed by byte-packed event records. A record never
 * straddles two packets; the bytes between the last record and the end of
 * the sub-buffer are padding, and there is always at least one byte of it,
 * so that whoever reserves the padding is the one that closes the packet
 * (checked by the end hook and the consumer: invariant.h, PADDING).
 *
 * RESERVE (one compare-and-swap of offset, CPU-local where it can be)
 *
 *   old = offset                        (acquire)
 *   loop: ts = clock()                  (after reading old: see TIME)
 *         len = event header for (id, ts) + payload
 *         if old opens a packet or old + len reaches its end: slow path
 *         CAS(offset, old -> old + len) (on failure old is fresh)
 *
 * The CAS (rb_offset_cas) has two forms. While the stream's
 * atomic_reserve is RB_RESERVE_LOCAL, only threads on the stream's CPU
 * may write offset, each in a restartable sequence that checks the CPU,
 * that atomic_reserve is still clear and that offset is still old, and
 * ends with a plain store (local-commit.h): the kernel restarts any such
 * sequence it preempts, migrates or signals, so two of them never
 * interleave, and no locked instruction is needed (a third of a record's
 * cost on x86). Only processes registered for the global expedited
 * membarrier run such sequences (rb_local_commit_enable()). A producer
 * that finds itself on another CPU (it migrated) takes the stream of its
 * CPU instead (rb_reserve); one that migrated away and back just tries
 * again. Once atomic_reserve is RB_RESERVE_ATOMIC, every writer uses an
 * atomic compare-and-swap, from any CPU.
 *
 * The switch and the flush of the consumer daemon (timers, stop,
 * rotation, snapshot) run their write of offset on the stream's CPU, in
 * a helper thread (rb_cpu_run_on), where no producer can be in the
 * middle of a sequence. They wait a bounded time for it to get there:
 * the CPU may not be in the daemon's cpuset any more, or a SCHED_FIFO
 * thread may keep it. Then, as for threads that can never be on the
 * stream's CPU (no rseq, as under valgrind; builds without local
 * updates, such as ThreadSanitizer's; a getcpu override; CPU ids past
 * the last stream), the stream turns atomic for good. No correctness
 * depends on a pin: the flip is safe from any CPU. A process that has no
 * local updates itself (lttng-crash, a ThreadSanitizer build) begins the
 * flip before sending its helper, which then proves it from the CPU.
 *
 * TURNING ATOMIC (rb_stream_require_atomic, flip_here)
 *
 *   1. CAS atomic_reserve LOCAL -> FLIPPING, fence (membarrier, global
 *      expedited), read offset: off0. From then on no sequence stores:
 *      one that loads atomic_reserve after the fence sees it set. The
 *      fence made every completed local store visible, and a sequence
 *      that loaded it clear and has not stored yet is running on the
 *      stream's CPU, interrupted by the fence's IPI (a preempted or
 *      signalled one restarts, and then sees it set): at most one store
 *      is still in flight, and it changes offset.
 *   2. CAS FLIPPING -> ATOMIC by a thread that proves that no store is
 *      in flight any more, by any of:
 *      a. offset != off0, read by its own process after step 1 (the
 *         first such read, kept in the stream's handle): that store
 *         landed;
 *      b. it read atomic_reserve set, then found itself running on the
 *         stream's CPU (rb_real_cpu(), from the kernel, never from a
 *         getcpu override): while it runs there, no other thread does,
 *         so the sequence in flight was preempted (it will restart) or
 *         is done;
 *      c. its own sequence, on the stream's CPU, read atomic_reserve
 *         set (RB_LOCAL_CAS_ATOMIC_ONLY): the same proof, which every
 *         producer on that CPU brings at its next reservation.
 *
 * While FLIPPING nobody writes offset: reservations refuse (-EAGAIN;
 * rb_reserve then takes another stream, or counts the record as
 * discarded if the stream was its only one), and a switch or flush
 * returns -EAGAIN, having written nothing; the next one tries again. No
 * proof depends on timing. A stream whose CPU the daemon cannot reach
 * and where nothing runs stays FLIPPING (there is nothing to write
 * there either) until a producer runs there or the CPU is reachable.
 * Crash recovery writes offset only once no producer is left.
 *
 * The slow path reserves, in one CAS, the padding of the packet being
 * closed, the packet header of the next one and the record. Before that
 * CAS it checks that the next sub-buffer is free: in discard mode the
 * consumer must have given back packet g - N (consumed, acquire, pairs
 * with the consumer's release) and the delivery of that pass must be
 * claimed (COMMIT: a late deliverer); in overwrite mode the slot's
 * previous pass must be entirely committed and delivered (RB_NOREF
 * set, after the claim). If not, the
 * record is discarded and counted (discarded, atomic add), or in blocking
 * mode the producer sleeps with backoff and retries until the channel's
 * blocking timeout.
 *
 * COMMIT (one CPU-local add, or one atomic add off the stream's CPU)
 *
 * Each slot counts bytes committed to it over all its passes (plus
 * 2^32 per record in the same count). Pass p of a slot starts when p * S
 * bytes have been committed to it and is complete at (p + 1) * S: records,
 * packet header and padding are all committed exactly once (the
 * consumer checks the count of the pass it reads: invariant.h). Commits may
 * come in any order (nested signal handlers, preemption, other threads),
 * since only the sum matters.
 *
 * The count is the sum of two words. A committer running on the
 * stream's CPU adds to `commit` in a restartable sequence that checks the
 * CPU and ends with a plain store (local-commit.h): all such writers are
 * on one CPU and the kernel restarts any of them it interrupts, so none
 * loses another's add, and no locked instruction is needed (a locked add
 * costs a third of a record here). Every other committer (migrated since
 * its reservation, the consumer's switch and recovery, a process without
 * rseq) adds atomically to `commit_remote`. Readers sum both (acquire).
 *
 * After its add, a committer reads both words; if the pass is complete
 * it delivers the packet. A local committer's store may still sit in its
 * store buffer while it reads commit_remote, so a remote committer, after
 * its locked add, runs membarrier(GLOBAL_EXPEDITED) before reading
 * `commit`: either it sees the local store, or the local committer's
 * load comes after the barrier and sees the remote add. At least one of
 * them sees the pass complete; both may, so delivery is claimed once per
 * pass (CAS on the slot's `delivered` count). The barrier is skipped on
 * streams no process committing CPU-locally has mapped (local_commits,
 * set with a fence before such a process's first commit). Delivery: in
 * overwrite mode it sets RB_NOREF (release) and, in both modes, writes
 * the stream's eventfd (a system call, but once per packet, never per
 * record). The consumer reads the packet only once its pass is complete,
 * and in overwrite mode only once it is delivered: between the final
 * add and RB_NOREF it gets -EAGAIN and comes back on the eventfd.
 *
 * The deliverer reads the counts some time after its add: a remote one
 * may first move to the stream's CPU (WITHOUT MEMBARRIER), any may be
 * preempted. Its test "this pass is complete" holds only while the
 * slot's next pass has nothing committed; so in discard mode too, where
 * the consumer takes a complete packet without waiting for its delivery,
 * the next pass may not open before this one's delivery is claimed
 * (delivered, acquire, pairs with the claim's release; the claimer read
 * the counts before its claim). Else a deliverer stalled while the
 * consumer took the packet and producers went round the ring reads
 * bytes of the next pass, sees no complete pass, and the packet's
 * wake-up is lost. As in LTTng, a producer that dies between its final
 * add and the claim keeps the slot closed until crash recovery, like
 * one that dies between reserve and commit.
 *
 * WITHOUT MEMBARRIER
 *
 * A committer may be unable to fence: a seccomp filter or a sandbox
 * denies membarrier to its process from the start, or to its thread
 * since some time (rb_local_commit_fence() says so). A full barrier of
 * its own would not do: the local committer's store may still sit in
 * the other CPU's store buffer. Such a committer never relies on its
 * add alone where local commits exist; it makes the stream's commits
 * atomic for good (atomic_commit) and fences itself on the way:
 *
 *   remote, after its add:  atomic_commit == 1 (acquire)?  nothing to do
 *                           membarrier works?              fenced
 *                           else: move to the stream's CPU, set
 *                           atomic_commit there (rseq, or plain store
 *                           while pinned), move back; then load both
 *   local commit sequence:  on the stream's CPU and atomic_commit == 0,
 *                           else the remote path (atomic add)
 *
 * Every local commit runs on the stream's CPU, so once the remote
 * committer runs there, each local commit either completed before (its
 * store precedes, on that CPU, the store of atomic_commit and this
 * committer's loads) or starts after and finds the flag set, taking the
 * atomic path, whose locked add and load pair with ours as two remote
 * commits do. A later remote committer that reads atomic_commit == 1
 * reads it after every local store of that CPU (stores leave one CPU in
 * order), so it needs no fence either. The stream then costs every
 * committer a locked add, as on machines without local commits; each
 * stream pays the move once. If the CPU cannot be reached (offline, or
 * outside the committer's cpuset), the flag is stored from where the
 * committer is, as "draining" (2), and committers that see 2 wait a
 * millisecond before loading: a local commit that read the flag clear
 * finishes its few instructions and its store leaves the store buffer
 * long before. That bound is the one assumption here that the
 * architecture does not state; it holds only on that rare path.
 *
 * PACKET HOOKS
 *
 * Whoever reserves a packet header runs the begin hook (magic, uuid,
 * stream ids, timestamp_begin, cpu_id) before committing it; whoever
 * reserves the padding runs the end hook (timestamp_end, content_size,
 * packet_size, packet_seq_num, events_discarded) and fills the physical
 * sub-buffer's rb_shm_phys before committing the padding. The two hooks
 * write disjoint bytes, as they may run at the same time.
 *
 * TIME
 *
 * Timestamps must grow in buffer order, or the 27-bit compact timestamps
 * would seem to go backwards. A producer reads the clock after reading
 * old, and its CAS succeeds only if nobody reserved since: the record
 * before it was reserved (clock read, then CAS) before old was read, so
 * its timestamp is not larger. A producer preempted between clock and CAS
 * fails its CAS and reads the clock again. The extended header is chosen
 * when ts - last_ts >= 2^27, where last_ts (relaxed) is the timestamp of
 * some record reserved before: never later than the previous record, so
 * the test is conservative (at worst an extended header that was not
 * needed). A new packet's first record is measured from timestamp_begin,
 * which is that record's own timestamp.
 *
 * OVERWRITE MODE: WHO OWNS WHICH SUB-BUFFER
 *
 * There are N + 1 physical sub-buffers; slot i's wsb word names the one
 * it writes to, and the consumer owns the spare (reader_phys):
 *
 *   slots:     [0]->P2  [1]->P0  [2]->P3  [3]->P4        reader_phys: P1
 *   consumer takes slot 1:  CAS(wsb[1], P0|NOREF -> P1|NOREF)
 *   now:       [0]->P2  [1]->P1  [2]->P3  [3]->P4        reader holds P0
 *
 * RB_NOREF in wsb means "no producer may write here now". Every producer
 * about to write into a slot clears it (rb_write_base: CAS, reading the
 * index in the same atomic operation), the delivering committer sets it
 * again. The consumer takes a complete packet only once RB_NOREF is set
 * (before that, the delivery is under way: -EAGAIN, never a loss), then
 * claims it (consumed) and swaps; the swap requires RB_NOREF still set,
 * so it either happens before a producer's clear (the producer then
 * writes into the consumer's old spare) or fails (the producer is reusing
 * the slot: the packet is lost, and counted by the consumer, whose claim
 * kept the producer from counting it). A held sub-buffer is thus never
 * written (checked at put: invariant.h, HELD_WRITTEN). A producer reclaiming a slot pushes consumed past the packet
 * it overwrites (CAS) and counts it in lost_packets; the packet_seq_num
 * gap shows the loss to the reader.
 *
 * CRASH SAFETY
 *
 * Nothing a producer does leaves the shared state inconsistent except
 * dying between reserve and commit: that packet then never completes. The
 * consumer, told by the session daemon that the producers are gone, calls
 * rb_stream_recover(). It must find a prefix of the packet in which every
 * record is committed: a record after a hole cannot even be parsed. So a
 * committer, after its add, re-reads offset (relaxed, ordered after the
 * add); if offset is still in this packet and equals the bytes committed
 * to it, everything reserved so far is committed (the committed bytes are
 * a subset of the reserved ones, of the same size), and it stores that
 * length and the slot's record count in the slot's prefix word.
 *
 * That store is a plain one (it happens on most commits), so a committer
 * preempted between its read of offset and its store may store its proof
 * passes later: "L bytes committed" from pass p landing in pass p + k,
 * where the first L bytes may hold a dead reservation. Recovery therefore
 * proves which pass a prefix word belongs to, by its record count. Whoever
 * opens a pass first records, in the slot's `opened` word, the pass and the
 * slot's record count R0 then (read when the previous pass was complete
 * and this one had nothing committed, so R0 counts every record of the
 * earlier passes and none of this one); a CAS moves it forward only, so a
 * late opener of an older pass cannot set it back. A proof made in pass
 * p (its count read while the pass was not complete, so before any record
 * of p + 1 was committed) counts at most the records of passes up to p,
 * that is at most R0 of every later pass. A prefix word of the current
 * pass with more records than R0 is thus this pass's; any other is
 * ignored and the packet is cut after its header (a proof of this pass
 * holding no record proves only the header, which recovery rewrites
 * anyway). Counts are mod 2^32: a stale proof could pass for a current
 * one only if its committer stalled across 2^32 records of that slot.
 * Recovery truncates content_size to the proven prefix, counts the
 * committed records past it plus one for the dead one as discarded,
 * commits the missing bytes and delivers the packet. In the rare race
 * where two committers prove prefixes of one pass at once, an older proof
 * may be stored last: the prefix is then shorter than it could be, and
 * the records past it are counted as discarded, never kept unproven.
 */
#include <assert.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>

#include "ringbuffer/error.h"
#include "ringbuffer/invariant.h"
#include "ringbuffer/packet.h"
#include "ringbuffer/producer.h"

/* What one slow-path reservation does, computed before its CAS. */
struct reservation {
	uint64_t old;	/* offset read */
	uint64_t begin; /* start of the committed range */
	uint64_t rec;	/* start of the record */
	uint64_t end;	/* offset after the reservation */
	uint64_t ts;
	uint64_t discarded; /* the stream's count, read after old */
	unsigned int hlen;
	bool closes; /* reserves the padding of old's packet */
	bool opens;  /* reserves a packet header at begin */
	bool push;   /* overwrite: consumed must move past a lost packet */
};

/* Blocking mode: how long and how often a producer has waited. */
struct blocking_wait {
	struct timespec start;
	long delay_us;
};

void rb_slot_note_opened(struct rb_stream *s, uint64_t gidx, uint64_t commit)
{
	uint64_t *opened = &s->slots[gidx & s->count_mask].opened;
	uint64_t pass_bytes = (gidx >> s->count_order) << s->subbuf_order;
	uint32_t pass = (uint32_t)(gidx >> s->count_order);
	uint64_t word =
		(uint64_t)pass << 32 | (uint32_t)((commit - pass_bytes) >> 32);
	uint64_t w = __atomic_load_n(opened, __ATOMIC_RELAXED);

	/* Forward only: a pass at most 2^31 ahead of the recorded one. */
	while ((int32_t)(pass - (uint32_t)(w >> 32)) > 0)
		if (__atomic_compare_exchange_n(opened, &w, word, 0,
						__ATOMIC_RELAXED,
						__ATOMIC_RELAXED))
			break;
}

/*
 * Is global sub-buffer gidx free for a producer to open? 0, or -ENOSPC.
 * Sets *push in overwrite mode when the packet it replaces was not
 * consumed. Also records the pass about to start in the slot's `opened`
 * word (CRASH SAFETY), before the CAS that opens it.
 */
static int check_room(struct rb_stream *s, uint64_t gidx, bool *push)
{
	struct rb_shm_slot *slot = &s->slots[gidx & s->count_mask];
	uint64_t pass_bytes = (gidx >> s->count_order) << s->subbuf_order;
	uint64_t consumed =
		__atomic_load_n(&s->shm->consumed, __ATOMIC_ACQUIRE);
	uint64_t behind = gidx - (consumed >> s->subbuf_order);
	uint64_t commit;

	*push = false;
	if (s->mode == RB_MODE_DISCARD) {
		if (behind > s->count_mask)
			return -ENOSPC;
		/*
		 * The previous pass's delivery must be claimed: its deliverer
		 * may still be about to read the slot's counts, which must
		 * not hold bytes of this pass yet (COMMIT). Overwrite mode's
		 * RB_NOREF, set after the claim, says the same.
		 */
		if (__atomic_load_n(&slot->delivered, __ATOMIC_ACQUIRE) <
		    gidx >> s->count_order)
			return -ENOSPC;
	} else {
		if (!(__atomic_load_n(&slot->wsb, __ATOMIC_ACQUIRE) & RB_NOREF))
			return -ENOSPC;
		*push = behind > s->count_mask;
	}
	commit = rb_slot_committed(slot);
	if (rb_slot_filled(commit, pass_bytes) != 0)
		return -ENOSPC;
	rb_slot_note_opened(s, gidx, commit);
	return 0;
}

/*
 * Plans a reservation of a record from r->old at time r->ts (read after
 * r->old). 0, -ENOSPC or -EFBIG.
 */
static int plan(struct rb_stream *s, struct reservation *r, uint32_t id,
		uint32_t payload_len)
{
	uint64_t pos = r->old & s->subbuf_mask;
	uint64_t prev = __atomic_load_n(&s->shm->last_ts, __ATOMIC_RELAXED);

	r->hlen = ctf_event_header_len(s->header_kind, id, prev, r->ts);
	r->closes = false;
	r->opens = false;
	r->push = false;
	if (pos != 0 && pos + r->hlen + payload_len < s->subbuf_size) {
		r->begin = r->rec = r->old;
		r->end = r->old + r->hlen + payload_len;
		return 0;
	}
	r->hlen = ctf_event_header_len(s->header_kind, id, r->ts, r->ts);
	if (CTF_PACKET_HEADER_LEN + r->hlen + (uint64_t)payload_len >=
	    s->subbuf_size)
		return rb_error_record_too_big(r->hlen + (uint64_t)payload_len,
					       s->subbuf_size);
	r->closes = pos != 0;
	r->opens = true;
	r->begin = r->old - pos + (pos ? s->subbuf_size : 0);
	r->rec = r->begin + CTF_PACKET_HEADER_LEN;
	r->end = r->rec + r->hlen + payload_len;
	return check_room(s, r->begin >> s->subbuf_order, &r->push);
}

/*
 * Blocking mode: sleeps a little (backing off up to 1 ms) and returns
 * true while the channel's blocking timeout allows another attempt.
 */
static bool blocking_wait(struct rb_stream *s, struct blocking_wait *w)
{
	int64_t timeout = s->shm->blocking_timeout_us;
	struct timespec now, delay;
	int64_t waited_us;

	if (timeout == 0 || !s->chan->may_block)
		return false;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (!w->delay_us) {
		w->start = now;
		w->delay_us = 1;
	}
	waited_us = (now.tv_sec - w->start.tv_sec) * 1000000 +
		    (now.tv_nsec - w->start.tv_nsec) / 1000;
	if (timeout > 0 && waited_us >= timeout)
		return false;
	delay.tv_sec = 0;
	delay.tv_nsec = w->delay_us * 1000;
	nanosleep(&delay, NULL);
	if (w->delay_us < 1000)
		w->delay_us *= 2;
	return true;
}

/*
 * Closes the packet holding stream offset `at` (not a packet boundary),
 * whose padding the caller has reserved: end hook, then padding commit.
 */
static void close_packet(struct rb_stream *s, uint64_t at, uint64_t ts,
			 uint64_t discarded)
{
	uint64_t pos = at & s->subbuf_mask;

	rb_packet_end(s, at >> s->subbuf_order, pos, ts, discarded);
	rb_commit_add(s, at, s->subbuf_size - pos);
}

/*
 * The stream's discarded count for a packet about to be closed: read
 * after offset (acquire) and before the CAS that closes the packet, so
 * the closer of the next packet, whose offset read follows that CAS,
 * reads a count at least as large.
 */
static uint64_t discarded_count(struct rb_stream *s)
{
	return __atomic_load_n(&s->shm->discarded, __ATOMIC_ACQUIRE);
}

/* Overwrite mode: moves consumed so that packet gidx fits in the ring. */
static void push_consumed(struct rb_stream *s, uint64_t gidx)
{
	uint64_t target = (gidx - s->count_mask) << s->subbuf_order;
	uint64_t c = __atomic_load_n(&s->shm->consumed, __ATOMIC_ACQUIRE);

	while (c < target) {
		if (__atomic_compare_exchange_n(&s->shm->consumed, &c, target,
						0, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE)) {
			__atomic_add_fetch(&s->shm->lost_packets,
					   (target - c) >> s->subbuf_order,
					   __ATOMIC_RELAXED);
			break;
		}
	}
}

/*
 * After a plan found no room: whether offset moved since r->old was
 * read (r->old is then refreshed). The packet r->old would open may
 * then have been opened by another producer, which is not a full
 * buffer: the record must not be discarded for it.
 */
static bool offset_moved(struct rb_stream *s, struct reservation *r)
{
	uint64_t now = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE);

	if (now == r->old)
		return false;
	r->old = now;
	return true;
}

int rb_reserve_slow(struct rb_stream *s, struct rb_reserve_ctx *ctx,
		    uint32_t id, uint32_t payload_len, rb_clock_fn clock,
		    uint64_t old, uint64_t ts)
{
	struct blocking_wait wait = {0};
	enum rb_offset_cas_result cas;
	struct reservation r;
	char *p;
	int ret;

	r.old = old;
	/* The fast path's read may be unordered (rb_stream_reserve). */
	r.ts = clock == trace_clock_tsc_ns_fn ? rb_stream_clock(s, clock, true)
					      : ts;
	for (;;) {
		ret = plan(s, &r, id, payload_len);
		if (!ret) {
			r.discarded = discarded_count(s);
			cas = rb_offset_cas(s, &r.old, r.end);
			if (cas == RB_OFFSET_SET)
				break;
			if (cas >= RB_OFFSET_OFF_CPU)
				return -EAGAIN;
			r.ts = rb_stream_clock(s, clock, true);
			continue;
		}
		if (ret == -ENOSPC && offset_moved(s, &r)) {
			r.ts = rb_stream_clock(s, clock, true);
			continue;
		}
		if (ret == -ENOSPC && blocking_wait(s, &wait)) {
			r.old = __atomic_load_n(&s->shm->offset,
						__ATOMIC_ACQUIRE);
			r.ts = rb_stream_clock(s, clock, true);
			continue;
		}
		__atomic_add_fetch(&s->shm->discarded, 1, __ATOMIC_RELAXED);
		return ret;
	}
	__atomic_store_n(&s->shm->last_ts, r.ts, __ATOMIC_RELAXED);
	if (r.closes)
		close_packet(s, r.old, r.ts, r.discarded);
	if (r.push)
		push_consumed(s, r.begin >> s->subbuf_order);
	if (r.opens)
		rb_packet_begin(s, r.begin, r.ts);
	p = rb_write_base(s, rb_slot_index(s, r.rec)) +
	    (r.rec & s->subbuf_mask);
	ctf_event_header_write(p, r.hlen, id, r.ts);
	ctx->stream = s;
	ctx->payload = p + r.hlen;
	ctx->ts = r.ts;
	ctx->begin = r.begin;
	ctx->commit_len = (uint32_t)(r.end - r.begin);
	ctx->header_len = r.hlen;
	return 0;
}

/*
 * For a committer that cannot fence (membarrier refused): makes every
 * commit to the stream atomic from now on, in an order that also fences
 * this committer's add, which the caller made before (COMMIT, "WITHOUT
 * MEMBARRIER"). Once per stream: later remote commits see the flag.
 */
static void make_commits_atomic(struct rb_stream *s)
{
	static const uint64_t never_atomic_only;
	const struct timespec drain = {0, 1000 * 1000};
	uint64_t *flag = &s->shm->atomic_commit;
	struct rb_cpu_pin pin = {0};

	while (!__atomic_load_n(flag, __ATOMIC_ACQUIRE)) {
		if (rb_cpu_pin(&pin, s->cpu) != 0) {
			/* The CPU is offline or not allowed here. */
			__atomic_store_n(flag, RB_COMMITS_ATOMIC_DRAINING,
					 __ATOMIC_SEQ_CST);
			nanosleep(&drain, NULL);
			__atomic_store_n(flag, RB_COMMITS_ATOMIC,
					 __ATOMIC_RELEASE);
			break;
		}
		/* On the stream's CPU: no local commit is half done. */
		if (!rb_thread_has_rseq())
			__atomic_store_n(flag, RB_COMMITS_ATOMIC,
					 __ATOMIC_SEQ_CST);
		else
			rb_local_cas(flag, s->cpu, &never_atomic_only, 0,
				     RB_COMMITS_ATOMIC);
	}
	rb_cpu_unpin(&pin);
	if (__atomic_load_n(flag, __ATOMIC_ACQUIRE) ==
	    RB_COMMITS_ATOMIC_DRAINING)
		nanosleep(&drain, NULL);
}

void (*rb_test_commit_pause)(struct rb_stream *s, uint64_t begin);

void rb_commit_remote(struct rb_stream *s, uint64_t begin, uint64_t add)
{
	struct rb_shm_slot *slot = &s->slots[rb_slot_index(s, begin)];

	__atomic_add_fetch(&slot->commit_remote, add, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&s->shm->local_commits, __ATOMIC_RELAXED) &&
	    __atomic_load_n(&s->shm->atomic_commit, __ATOMIC_ACQUIRE) !=
		    RB_COMMITS_ATOMIC &&
	    !rb_local_commit_fence())
		make_commits_atomic(s);
	if (RB_UNLIKELY(rb_test_commit_pause != NULL))
		rb_test_commit_pause(s, begin);
	rb_commit_settle(s, slot, begin);
}

/*
 * Claims the delivery of the pass holding stream offset begin: true for
 * one caller per pass. Passes of a slot are claimed in order: the next
 * one opens only once this one is claimed (check_room; RB_NOREF in
 * overwrite mode), so its deliverer, however late, reads counts of
 * this pass only.
 */
static bool claim_delivery(struct rb_stream *s, uint64_t begin)
{
	uint64_t *delivered = &s->slots[rb_slot_index(s, begin)].delivered;
	uint64_t pass = begin >> s->pass_order;
	uint64_t d = __atomic_load_n(delivered, __ATOMIC_ACQUIRE);

	while (d <= pass)
		if (__atomic_compare_exchange_n(delivered, &d, pass + 1, 0,
						__ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			return true;
	return false;
}

void (*rb_test_deliver_pause)(void);

void rb_deliver(struct rb_stream *s, uint64_t begin)
{
	uint64_t one = 1;

	if (!claim_delivery(s, begin))
		return;
	if (RB_UNLIKELY(rb_test_deliver_pause != NULL))
		rb_test_deliver_pause();

	if (s->mode == RB_MODE_OVERWRITE)
		__atomic_fetch_or(&s->slots[rb_slot_index(s, begin)].wsb,
				  RB_NOREF, __ATOMIC_RELEASE);
	if (s->shm->wakeup == RB_WAKEUP_WRITER && s->wakeup_fd >= 0) {
		/* EAGAIN: the counter is saturated, the consumer will see. */
		if (write(s->wakeup_fd, &one, sizeof(one)) < 0)
			return;
	}
}

void rb_deliver_after_crash(struct rb_stream *s, uint64_t begin)
{
	rb_deliver(s, begin);
	/* Claimed by a producer that died before this store. */
	if (s->mode == RB_MODE_OVERWRITE)
		__atomic_fetch_or(&s->slots[rb_slot_index(s, begin)].wsb,
				  RB_NOREF, __ATOMIC_RELEASE);
}

/* Whether this thread can run restartable sequences on the streams. */
static bool local_updates_here(void)
{
#ifdef RB_HAVE_LOCAL_COMMIT
	return __atomic_load_n(&rb_local_commit_enabled, __ATOMIC_RELAXED) &&
	       rb_thread_has_rseq();
#else
	return false;
#endif
}

/*
 * Whether this thread reserves CPU-locally on the stream of the CPU it
 * runs on, whichever that is: it has local updates and rseq, no getcpu
 * override picks its streams, and its CPU has a stream of its own. Such
 * a thread that a stream refused just tries again (it migrated).
 */
static bool follows_its_cpu(const struct rb_channel *chan)
{
	int cpu = rb_real_cpu();

	return local_updates_here() && !rb_getcpu_override() && cpu >= 0 &&
	       (unsigned int)cpu < chan->nr_streams;
}

int rb_reserve_off_cpu(struct rb_channel *chan, struct rb_stream *s,
		       struct rb_reserve_ctx *ctx, uint32_t id,
		       uint32_t payload_len, rb_clock_fn clock)
{
	struct rb_stream *now;
	int ret;

	do {
		/*
		 * A getcpu override chose s for this record: it is asked
		 * once per record, as LTTng does (a plugin may answer
		 * differently at each call), so s stays the stream.
		 */
		now = rb_getcpu_override() ? s : rb_channel_stream(chan);
		/*
		 * Still the stream that refused. A thread back on its CPU
		 * (it migrated away and back) just tries again; one that
		 * can never write it from here (no rseq, a getcpu override,
		 * a stream of another CPU) makes it atomic, or drops the
		 * record if that cannot be proven safe yet.
		 */
		if (now == s && !follows_its_cpu(chan) &&
		    !rb_stream_require_atomic(s)) {
			__atomic_add_fetch(&s->shm->discarded, 1,
					   __ATOMIC_RELAXED);
			return -ENOSPC;
		}
		s = now;
		ret = rb_stream_reserve(s, ctx, id, payload_len, clock);
	} while (ret == -EAGAIN);
	return ret;
}

/*
 * TURNING ATOMIC (producer.c, RESERVE). Step 1: LOCAL -> FLIPPING, then
 * the fence, then offset read: the value proof (a) compares with.
 * Returns the first such value this process read (any is a valid
 * baseline; the first catches a late store that landed since).
 */
static uint64_t flip_begin(struct rb_stream *s)
{
	uint64_t mode = RB_RESERVE_LOCAL, off0, first = UINT64_MAX;

	__atomic_compare_exchange_n(&s->shm->atomic_reserve, &mode,
				    RB_RESERVE_FLIPPING, 0, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
	/*
	 * Every local writer's completed stores become visible, and a
	 * sequence can only still store if this fence interrupted it
	 * between its load of atomic_reserve and its store: one at most.
	 */
	rb_local_commit_fence();
	off0 = __atomic_load_n(&s->shm->offset, __ATOMIC_SEQ_CST);
	if (__atomic_compare_exchange_n(&s->flip_off0, &first, off0, 0,
					__ATOMIC_RELAXED, __ATOMIC_RELAXED))
		return off0;
	return first;
}

/* Step 2 once proven: FLIPPING -> ATOMIC (or already ATOMIC). */
static bool flip_end(struct rb_stream *s)
{
	uint64_t mode = RB_RESERVE_FLIPPING;

	__atomic_compare_exchange_n(&s->shm->atomic_reserve, &mode,
				    RB_RESERVE_ATOMIC, 0, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
	return true;
}

bool rb_stream_flip_settle(struct rb_stream *s, bool on_cpu)
{
	/*
	 * Proof (b)/(c): the caller read atomic_reserve set (acquire), and
	 * this thread runs on the stream's CPU after that read (or its
	 * sequence read it set there).
	 */
	if (on_cpu || rb_real_cpu() == (int)s->cpu)
		return flip_end(s);
	return __atomic_load_n(&s->shm->atomic_reserve, __ATOMIC_ACQUIRE) ==
	       RB_RESERVE_ATOMIC;
}

/*
 * Step 2 by any proof this thread has, with off0 from its own
 * flip_begin. Whether the stream is atomic.
 */
static bool flip_settle(struct rb_stream *s, uint64_t off0)
{
	uint64_t mode =
		__atomic_load_n(&s->shm->atomic_reserve, __ATOMIC_ACQUIRE);

	if (mode == RB_RESERVE_ATOMIC)
		return true;
	if (rb_stream_flip_settle(s, false))
		return true;
	/* Proof (a): the one store that could be in flight has landed. */
	if (__atomic_load_n(&s->shm->offset, __ATOMIC_SEQ_CST) != off0)
		return flip_end(s);
	return false;
}

/* Turns s atomic without leaving this CPU; whether it is now. */
static bool flip_here(struct rb_stream *s)
{
	if (__atomic_load_n(&s->shm->atomic_reserve, __ATOMIC_ACQUIRE) ==
	    RB_RESERVE_ATOMIC)
		return true;
	return flip_settle(s, flip_begin(s));
}

bool rb_stream_require_atomic(struct rb_stream *s)
{
	struct rb_cpu_pin pin = {0};
	uint64_t off0;
	bool atomic;

	if (__atomic_load_n(&s->shm->atomic_reserve, __ATOMIC_ACQUIRE) ==
	    RB_RESERVE_ATOMIC)
		return true;
	off0 = flip_begin(s);
	atomic = flip_settle(s, off0);
	/* Once on the stream's CPU, proof (b) holds. */
	if (!atomic && rb_cpu_pin(&pin, s->cpu) == 0)
		atomic = flip_settle(s, off0);
	(void)rb_cpu_unpin(&pin);
	return atomic;
}

/*
 * How long the switch (timers) and the flush (stop, rotation, snapshot)
 * wait for a helper thread to get onto a stream's CPU before turning the
 * stream atomic instead. The flush waits longer: with the kernel's
 * default real-time throttling, a CPU that a SCHED_FIFO thread keeps
 * busy still runs other threads 50 ms in every second.
 */
#define SWITCH_PATIENCE_MS 200
#define FLUSH_PATIENCE_MS 1500

/*
 * One write of offset by the switch or the flush, which any process
 * runs for any stream: `attempt` computes and compare-and-swaps it
 * (returns 1 when it wrote, 0 or -ENOSPC when nothing is to be written,
 * -EAGAIN when this thread may not write the stream's offset), and
 * leaves what the caller needs afterwards here.
 */
struct offset_write {
	struct rb_stream *s;
	rb_clock_fn clock;
	uint64_t old; /* offset it replaced */
	uint64_t ts;
	uint64_t discarded;
	bool push;
};

/*
 * Runs attempt(w) here; where this thread may not write the stream's
 * offset (a CPU-local stream, another CPU), on the stream's CPU in a
 * helper thread, waiting patience_ms at most for it to get there; if it
 * cannot (not in this process's cpuset, or the CPU busy with threads of
 * a higher priority), turns the stream atomic, which needs no pin, and
 * tries again. -EAGAIN when even that cannot be proven safe yet (nothing
 * was written: the caller tries again later).
 */
static int write_offset(struct offset_write *w, int (*attempt)(void *),
			int patience_ms)
{
	struct rb_stream *s = w->s;
	int ret = attempt(w);

	if (ret != -EAGAIN)
		return ret;
	/*
	 * A process without local updates (lttng-crash, a ThreadSanitizer
	 * build) could not write it on its CPU either: there, its helper
	 * proves the flip instead (proof b).
	 */
	if (!local_updates_here())
		(void)flip_begin(s);
	if (rb_cpu_run_on(s->cpu, attempt, w, patience_ms, &ret) == 0 &&
	    ret != -EAGAIN)
		return ret;
	if (!flip_here(s))
		return -EAGAIN;
	return attempt(w);
}

/* Reserves the padding that closes the open packet, if one is open. */
static int switch_attempt(void *p)
{
	struct offset_write *w = p;
	struct rb_stream *s = w->s;
	uint64_t old = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE);
	enum rb_offset_cas_result cas;
	uint64_t pos;

	do {
		pos = old & s->subbuf_mask;
		if (pos == 0)
			return 0;
		w->ts = rb_stream_clock(s, w->clock, true);
		w->discarded = discarded_count(s);
		cas = rb_offset_cas(s, &old, old - pos + s->subbuf_size);
		if (cas >= RB_OFFSET_OFF_CPU)
			return -EAGAIN;
	} while (cas != RB_OFFSET_SET);
	w->old = old;
	return 1;
}

static int switch_packet(struct rb_stream *s, rb_clock_fn clock,
			 int patience_ms)
{
	struct offset_write w = {.s = s, .clock = clock};
	int ret = write_offset(&w, switch_attempt, patience_ms);

	if (ret == 1)
		close_packet(s, w.old, w.ts, w.discarded);
	return ret;
}

uint64_t rb_phys_out_of_range(struct rb_stream *s, uint64_t idx, uint64_t phys)
{
	rb_invariant_failed(RB_INVARIANT_PHYS_INDEX, s, idx, phys,
			    s->count_mask + 1);
	return s->count_mask + 1;
}

int rb_stream_switch(struct rb_stream *s, rb_clock_fn clock)
{
	return switch_packet(s, clock, SWITCH_PATIENCE_MS);
}

/*
 * Reserves the packet header of a packet holding no record at the
 * packet boundary `offset` is at: 1, 0 when a producer opened one
 * first, -ENOSPC when no sub-buffer is free.
 */
static int open_attempt(void *p)
{
	struct offset_write *w = p;
	struct rb_stream *s = w->s;
	uint64_t old = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE);
	enum rb_offset_cas_result cas;

	do {
		if (old & s->subbuf_mask)
			return 0;
		if (check_room(s, old >> s->subbuf_order, &w->push))
			return -ENOSPC;
		w->ts = rb_stream_clock(s, w->clock, true);
		cas = rb_offset_cas(s, &old, old + CTF_PACKET_HEADER_LEN);
		if (cas >= RB_OFFSET_OFF_CPU)
			return -EAGAIN;
	} while (cas != RB_OFFSET_SET);
	w->old = old;
	return 1;
}

/* Opens an empty packet if offset is at a packet boundary. */
static int open_empty_packet(struct rb_stream *s, rb_clock_fn clock)
{
	struct offset_write w = {.s = s, .clock = clock};
	int ret = write_offset(&w, open_attempt, FLUSH_PATIENCE_MS);

	if (ret != 1)
		return ret;
	__atomic_store_n(&s->shm->last_ts, w.ts, __ATOMIC_RELAXED);
	if (w.push)
		push_consumed(s, w.old >> s->subbuf_order);
	rb_packet_begin(s, w.old, w.ts);
	rb_commit_add(s, w.old, CTF_PACKET_HEADER_LEN);
	return 1;
}

int rb_stream_flush(struct rb_stream *s, rb_clock_fn clock)
{
	int ret = switch_packet(s, clock, FLUSH_PATIENCE_MS);

	if (ret)
		return ret;
	ret = open_empty_packet(s, clock);
	if (ret == -ENOSPC)
		return 0;
	if (ret < 0)
		return ret;
	return switch_packet(s, clock, FLUSH_PATIENCE_MS);
}

void rb_channel_switch(struct rb_channel *chan, rb_clock_fn clock)
{
	unsigned int i;

	for (i = 0; i < chan->nr_streams; i++)
		rb_stream_switch(&chan->streams[i], clock);
}
