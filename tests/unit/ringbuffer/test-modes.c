/*
 * Single-threaded behaviour of the ring buffer with an injected clock:
 * exact packet header and event header bytes, extended headers, discard,
 * overwrite and blocking modes, snapshots, out-of-order and nested
 * (signal handler) commits, wake-ups and statistics; consumers landing
 * between a packet's final commit and its delivery.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "records.h"

static uint64_t fake_now;

/* The injected clock: advances by fake_step on every read. */
static uint64_t fake_step = 10;
static uint64_t fake_clock(void)
{
	fake_now += fake_step;
	return fake_now;
}

static struct rb_channel *make_channel(enum rb_mode mode, uint64_t count,
				       int64_t blocking_us)
{
	struct rb_config conf = {
		.subbuf_size = 4096,
		.subbuf_count = count,
		.mode = mode,
		.blocking_timeout_us = blocking_us,
		.nr_streams = 1,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.stream_id = 7,
	};
	struct rb_channel *chan;

	memcpy(conf.uuid, rec_test_uuid, 16);
	assert_int_equal(rb_channel_create(&conf, &chan), 0);
	fake_now = 1000;
	fake_step = 10;
	return chan;
}

static uint64_t u64_at(const void *p, unsigned int off)
{
	uint64_t v;

	memcpy(&v, (const char *)p + off, 8);
	return v;
}

static uint32_t u32_at(const void *p, unsigned int off)
{
	uint32_t v;

	memcpy(&v, (const char *)p + off, 4);
	return v;
}

/* Emits records on stream 0 until the stream has closed `packets`. */
static uint64_t fill_packets(struct rb_channel *chan, uint64_t packets,
			     uint64_t seq)
{
	struct rb_stream *s = &chan->streams[0];

	while ((__atomic_load_n(&s->shm->offset, __ATOMIC_RELAXED) >> 12) <
	       packets)
		rec_emit_stream(s, 0, seq++, fake_clock);
	return seq;
}

/*
 * rb_stream_flush: an open packet is closed; with none open, an empty
 * packet (header and context only) takes the next sequence number, and a
 * full buffer refuses it. Records after it go to the packet after.
 */
static void test_flush_writes_empty_packets(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 2, 0);
	struct rb_stream *s = &chan->streams[0];
	struct rb_reserve_ctx ctx;
	struct rb_packet p;

	(void)state;
	assert_int_equal(rb_stream_flush(s, fake_clock), 1); /* idle: empty */
	assert_int_equal(rb_stream_get(s, &p), 0);
	assert_int_equal(p.seq, 0);
	assert_int_equal(p.content_size, CTF_PACKET_HEADER_LEN);
	assert_int_equal(p.packet_size, 4096);
	assert_int_equal(u64_at(p.data, 32), 1010); /* timestamp_begin */
	assert_int_equal(u64_at(p.data, 40), 1020); /* timestamp_end */
	assert_int_equal(u64_at(p.data, 48), CTF_PACKET_HEADER_LEN * 8);
	rb_stream_put(s);
	assert_int_equal(rb_stream_reserve(s, &ctx, 1, 4, fake_clock), 0);
	memcpy(ctx.payload, "abcd", 4);
	rb_commit(&ctx);
	assert_int_equal(rb_stream_flush(s, fake_clock), 1); /* closes it */
	assert_int_equal(rb_stream_get(s, &p), 0);
	assert_int_equal(p.seq, 1);
	assert_int_equal(p.content_size, CTF_PACKET_HEADER_LEN + 8);
	/* not consumed: packets 1 and 2 fill both sub-buffers */
	assert_int_equal(rb_stream_flush(s, fake_clock), 1);
	assert_int_equal(rb_stream_flush(s, fake_clock), 0); /* no room */
	rb_stream_put(s);
	assert_int_equal(rb_stream_get(s, &p), 0);
	assert_int_equal(p.seq, 2);
	assert_int_equal(p.content_size, CTF_PACKET_HEADER_LEN);
	rb_stream_put(s);
	assert_int_equal(rb_stream_get(s, &p), -EAGAIN);
	rb_channel_destroy(chan);
}

static void test_packet_and_event_headers_exact(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4, 0);
	struct rb_stream *s = &chan->streams[0];
	struct rb_reserve_ctx ctx;
	struct rb_packet p;
	const char *d;

	(void)state;
	assert_int_equal(rb_stream_reserve(s, &ctx, 5, 8, fake_clock), 0);
	assert_int_equal(ctx.ts, 1010);
	assert_int_equal(ctx.header_len, 4);
	memcpy(ctx.payload, "ABCDEFGH", 8);
	rb_commit(&ctx);
	assert_int_equal(rb_stream_reserve(s, &ctx, 2, 3, fake_clock), 0);
	memcpy(ctx.payload, "xyz", 3);
	rb_commit(&ctx);
	assert_int_equal(rb_stream_get(s, &p), -EAGAIN);
	assert_int_equal(rb_stream_switch(s, fake_clock), 1);
	assert_int_equal(rb_stream_switch(s, fake_clock), 0);
	assert_int_equal(rb_stream_get(s, &p), 0);
	d = p.data;
	assert_int_equal(p.seq, 0);
	assert_int_equal(p.content_size, 84 + 12 + 7);
	assert_int_equal(p.packet_size, 4096);
	assert_int_equal(u32_at(d, 0), 0xC1FC1FC1);
	assert_memory_equal(d + 4, rec_test_uuid, 16);
	assert_int_equal(u32_at(d, 20), 7);
	assert_int_equal(u64_at(d, 24), 0);
	assert_int_equal(u64_at(d, 32), 1010);	   /* timestamp_begin */
	assert_int_equal(u64_at(d, 40), 1030);	   /* timestamp_end */
	assert_int_equal(u64_at(d, 48), 103 * 8);  /* content_size */
	assert_int_equal(u64_at(d, 56), 4096 * 8); /* packet_size */
	assert_int_equal(u64_at(d, 64), 0);	   /* packet_seq_num */
	assert_int_equal(u64_at(d, 72), 0);	   /* events_discarded */
	assert_int_equal(u32_at(d, 80), 0);	   /* cpu_id */
	/* compact header: id in bits 0-4, timestamp above */
	assert_int_equal(u32_at(d, 84), 5 | (1010U << 5));
	assert_memory_equal(d + 88, "ABCDEFGH", 8);
	assert_int_equal(u32_at(d, 96), 2 | (1020U << 5));
	assert_memory_equal(d + 100, "xyz", 3);
	rb_stream_put(s);
	rb_channel_destroy(chan);
}

static void test_extended_header_for_large_id_or_delta(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4, 0);
	struct rb_stream *s = &chan->streams[0];
	struct rb_reserve_ctx ctx;
	struct rb_packet p;
	const char *d;

	(void)state;
	assert_int_equal(rb_stream_reserve(s, &ctx, 1, 0, fake_clock), 0);
	rb_commit(&ctx);
	/* id 31 does not fit in 5 bits */
	assert_int_equal(rb_stream_reserve(s, &ctx, 31, 0, fake_clock), 0);
	assert_int_equal(ctx.header_len, 13);
	rb_commit(&ctx);
	/* a delta of 2^27 does not fit in 27 bits */
	fake_now += (1U << 27) - 10;
	assert_int_equal(rb_stream_reserve(s, &ctx, 1, 0, fake_clock), 0);
	assert_int_equal(ctx.header_len, 13);
	assert_int_equal(ctx.ts, 1020 + (1U << 27));
	rb_commit(&ctx);
	/* just under 2^27 after it: compact again */
	fake_now += (1U << 27) - 11;
	assert_int_equal(rb_stream_reserve(s, &ctx, 1, 0, fake_clock), 0);
	assert_int_equal(ctx.header_len, 4);
	rb_commit(&ctx);
	rb_stream_switch(s, fake_clock);
	assert_int_equal(rb_stream_get(s, &p), 0);
	d = p.data;
	assert_int_equal((unsigned char)d[88], 31);
	assert_int_equal(u32_at(d, 89), 31);
	assert_int_equal(u64_at(d, 93), 1020);
	assert_int_equal((unsigned char)d[101], 31);
	assert_int_equal(u32_at(d, 102), 1);
	assert_int_equal(u64_at(d, 106), 1020 + (1U << 27));
	assert_int_equal(p.content_size, 84 + 4 + 13 + 13 + 4);
	rb_stream_put(s);
	rb_channel_destroy(chan);
}

static void test_discard_mode_counts_dropped_records(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 2, 0);
	struct rb_stream *s = &chan->streams[0];
	struct rb_stream_stats st;
	struct rec_tally t;
	uint64_t seq = 0, dropped = 0;
	struct rb_packet p;

	(void)state;
	rec_tally_init(&t, 0);
	/* Fill both sub-buffers; the next packet cannot open. */
	while (dropped < 5) {
		if (rec_emit_stream(s, 0, seq++, fake_clock) == -ENOSPC)
			dropped++;
	}
	rb_stream_stats(s, &st);
	assert_int_equal(st.discarded_events, 5);
	assert_int_equal(st.produced >> 12, 1); /* still in packet 1 */
	assert_int_equal(rb_stream_get(s, &p), 0);
	assert_int_equal(u64_at(p.data, 72), 0);
	rec_check_packet(&t, chan, 0, &p);
	rb_stream_put(s);
	/* Room again: packet 1 closes with the running total. */
	assert_int_equal(rec_emit_stream(s, 0, seq++, fake_clock), 0);
	assert_int_equal(rb_stream_get(s, &p), 0);
	assert_int_equal(p.seq, 1);
	assert_int_equal(u64_at(p.data, 72), 5);
	rec_check_packet(&t, chan, 0, &p);
	rb_stream_put(s);
	rb_stream_switch(s, fake_clock);
	rec_drain(&t, chan);
	assert_int_equal(t.records + 5, seq);
	rec_tally_free(&t);
	rb_channel_destroy(chan);
}

static void test_blocking_timeout_expires_then_discards(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 1, 2000);
	struct rb_stream *s = &chan->streams[0];
	struct rb_stream_stats st;
	uint64_t seq = 0, start;

	(void)state;
	/* One sub-buffer: once it is full, the next packet cannot open. */
	while (rec_emit_stream(s, 0, seq, fake_clock) == 0)
		seq++;
	rb_stream_stats(s, &st);
	assert_int_equal(st.discarded_events, 1);
	start = rec_clock_monotonic();
	assert_int_equal(rec_emit_stream(s, 0, seq, fake_clock), -ENOSPC);
	assert_true(rec_clock_monotonic() - start >= 2000 * 1000);
	rb_stream_stats(s, &st);
	assert_int_equal(st.discarded_events, 2);
	rb_channel_destroy(chan);
}

static void test_overwrite_keeps_most_recent_packets(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_OVERWRITE, 4, 0);
	struct rb_stream *s = &chan->streams[0];
	struct rb_stream_stats st;
	struct rec_tally t;
	struct rb_packet p;
	uint64_t seq;

	(void)state;
	rec_tally_init(&t, 0);
	seq = fill_packets(chan, 20, 0);
	rb_stream_switch(s, fake_clock); /* packet 20 closes */
	rb_stream_stats(s, &st);
	assert_int_equal(st.produced, 21 * 4096);
	assert_int_equal(st.lost_packets, 17);
	assert_int_equal(rb_stream_get(s, &p), 0);
	assert_int_equal(p.seq, 17);
	rec_check_packet(&t, chan, 0, &p);
	rb_stream_put(s);
	rec_drain(&t, chan);
	assert_int_equal(t.packets, 4);
	assert_int_equal(t.next_packet_seq[0], 21);
	assert_int_equal(t.seq_gaps, 17);
	assert_true(t.records > 0 && t.records < seq);
	rec_tally_free(&t);
	rb_channel_destroy(chan);
}

static void test_overwrite_never_touches_held_packet(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_OVERWRITE, 2, 0);
	struct rb_stream *s = &chan->streams[0];
	static char copy[4096];
	struct rb_stream_stats st;
	struct rec_tally t;
	struct rb_packet p;
	uint64_t seq;

	(void)state;
	rec_tally_init(&t, 0);
	seq = fill_packets(chan, 1, 0);
	assert_int_equal(rb_stream_get(s, &p), 0);
	assert_int_equal(p.seq, 0);
	memcpy(copy, p.data, sizeof(copy));
	/* Lap the ring many times while the consumer holds packet 0. */
	seq = fill_packets(chan, 12, seq);
	assert_memory_equal(copy, p.data, sizeof(copy));
	rec_check_packet(&t, chan, 0, &p);
	rb_stream_put(s);
	rb_stream_switch(s, fake_clock);
	rec_drain(&t, chan);
	rb_stream_stats(s, &st);
	assert_int_equal(t.seq_gaps, st.lost_packets);
	assert_int_equal(t.packets + st.lost_packets, st.produced >> 12);
	assert_int_equal(t.next_packet_seq[0], 13);
	rec_tally_free(&t);
	rb_channel_destroy(chan);
}

struct snap_seen {
	uint64_t seqs[16];
	int count;
};

static int snap_cb(const struct rb_packet *p, void *arg)
{
	struct snap_seen *seen = arg;

	assert_int_equal(u64_at(p->data, 64), p->seq);
	seen->seqs[seen->count++] = p->seq;
	return 0;
}

static void test_snapshot_shows_packets_oldest_first(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_OVERWRITE, 4, 0);
	struct snap_seen a = {0}, b = {0};
	int i;

	(void)state;
	fill_packets(chan, 9, 0);
	assert_int_equal(
		rb_stream_snapshot(&chan->streams[0], fake_clock, snap_cb, &a),
		4);
	for (i = 0; i < 4; i++)
		assert_int_equal(a.seqs[i], 6 + i);
	/* Nothing was consumed: a second snapshot shows the same. */
	assert_int_equal(
		rb_stream_snapshot(&chan->streams[0], fake_clock, snap_cb, &b),
		4);
	assert_memory_equal(a.seqs, b.seqs, sizeof(a.seqs));
	rb_channel_destroy(chan);
}

static void test_capped_snapshot_shows_the_newest_packets(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_OVERWRITE, 4, 0);
	struct snap_seen a = {0}, b = {0};

	(void)state;
	fill_packets(chan, 9, 0);
	assert_int_equal(rb_stream_snapshot_newest(&chan->streams[0],
						   fake_clock, 2, snap_cb, &a),
			 2);
	assert_int_equal(a.seqs[0], 8);
	assert_int_equal(a.seqs[1], 9);
	/* a cap above what the buffer holds shows everything */
	assert_int_equal(rb_stream_snapshot_newest(&chan->streams[0],
						   fake_clock, 10, snap_cb, &b),
			 4);
	assert_int_equal(b.seqs[0], 6);
	rb_channel_destroy(chan);
}

/* What a consumer got inside the delivery window (the test hook). */
static struct rb_stream *window_stream;
static int window_gets, window_eagain;

static void get_in_delivery_window(void)
{
	struct rb_packet p;
	int ret = rb_stream_get(window_stream, &p);

	window_gets++;
	if (ret == -EAGAIN)
		window_eagain++;
	else if (ret == 0)
		rb_stream_put(window_stream);
}

/*
 * Overwrite mode: a get landing between a packet's final commit and
 * its delivery (the hook runs there, for every packet) gets -EAGAIN,
 * moves nothing and counts nothing lost; the packet comes next.
 */
static void test_overwrite_get_waits_for_a_delivery_under_way(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_OVERWRITE, 4, 0);
	struct rb_stream *s = &chan->streams[0];
	struct rb_stream_stats st;
	struct rec_tally t;
	struct rb_packet p;
	uint64_t seq = 0, k;

	(void)state;
	rec_tally_init(&t, 0);
	window_stream = s;
	window_gets = window_eagain = 0;
	rb_test_deliver_pause = get_in_delivery_window;
	for (k = 0; k < 10; k++) {
		seq = fill_packets(chan, k + 1, seq);
		assert_int_equal(window_gets, k + 1);
		assert_int_equal(window_eagain, k + 1);
		assert_int_equal(rb_stream_get(s, &p), 0);
		assert_int_equal(p.seq, k);
		rec_check_packet(&t, chan, 0, &p);
		rb_stream_put(s);
	}
	rb_test_deliver_pause = NULL;
	rb_stream_stats(s, &st);
	assert_int_equal(st.lost_packets, 0);
	assert_int_equal(t.seq_gaps, 0);
	rec_tally_free(&t);
	rb_channel_destroy(chan);
}

/* fake_clock for a second thread. */
static uint64_t shared_fake_clock(void)
{
	return __atomic_add_fetch(&fake_now, 10, __ATOMIC_RELAXED);
}

static struct snap_seen window_snapshot;
static pthread_t snapshot_thread;

static void *snapshot_main(void *arg)
{
	(void)arg;
	rb_stream_snapshot(window_stream, shared_fake_clock, snap_cb,
			   &window_snapshot);
	return NULL;
}

/* Starts a snapshot in the delivery window and gives it time to run. */
static void snapshot_in_delivery_window(void)
{
	const struct timespec pause = {0, 20 * 1000 * 1000};

	rb_test_deliver_pause = NULL;
	assert_int_equal(
		pthread_create(&snapshot_thread, NULL, snapshot_main, NULL), 0);
	nanosleep(&pause, NULL);
}

/*
 * Overwrite mode: a snapshot taken while a packet's delivery is under
 * way shows that packet too (it waits for the delivery).
 */
static void test_snapshot_waits_for_a_delivery_under_way(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_OVERWRITE, 4, 0);
	uint64_t seq;
	int i;

	(void)state;
	memset(&window_snapshot, 0, sizeof(window_snapshot));
	window_stream = &chan->streams[0];
	seq = fill_packets(chan, 2, 0);
	rb_test_deliver_pause = snapshot_in_delivery_window;
	fill_packets(chan, 3, seq); /* packet 2's delivery starts it */
	pthread_join(snapshot_thread, NULL);
	/*
	 * Packets 0-2 at least; packet 3, which the snapshot closed, only
	 * if the producer committed its record in it by then.
	 */
	assert_true(window_snapshot.count >= 3);
	for (i = 0; i < window_snapshot.count; i++)
		assert_int_equal(window_snapshot.seqs[i], i);
	rb_channel_destroy(chan);
}

static void die_in_delivery_window(void)
{
	_exit(0);
}

/*
 * Overwrite mode: a producer killed between claiming a packet's
 * delivery and handing its sub-buffer back; recovery finishes the
 * delivery and the consumer gets the packet, nothing counted lost.
 */
static void test_recovery_finishes_a_delivery_cut_short(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_OVERWRITE, 4, 0);
	struct rb_stream *s = &chan->streams[0];
	struct rb_stream_stats st;
	struct rec_tally t;
	struct rb_packet p;
	int status;
	pid_t pid;

	(void)state;
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		rb_test_deliver_pause = die_in_delivery_window;
		fill_packets(chan, 1, 0);
		_exit(1); /* the delivery did not run */
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(rb_stream_get(s, &p), -EAGAIN);
	rb_stream_recover(s, fake_clock);
	rec_tally_init(&t, 0);
	assert_int_equal(rb_stream_get(s, &p), 0);
	assert_int_equal(p.seq, 0);
	rec_check_packet(&t, chan, 0, &p);
	rb_stream_put(s);
	rec_drain(&t, chan);
	rb_stream_stats(s, &st);
	assert_int_equal(st.lost_packets, 0);
	assert_int_equal(t.seq_gaps, 0);
	assert_true(t.packets >= 1);
	rec_tally_free(&t);
	rb_channel_destroy(chan);
}

/* Whether the pass of the commit at begin is complete (pause hooks). */
static bool pass_complete(struct rb_stream *s, uint64_t begin)
{
	const struct rb_shm_slot *slot =
		&s->slots[(begin >> s->subbuf_order) & s->count_mask];

	return rb_slot_filled(rb_slot_committed(slot),
			      rb_pass_bytes(s, begin)) == s->subbuf_size;
}

/*
 * A deliverer stalled between its final add and its read of the counts
 * (rb_test_commit_pause, armed for one commit): the consumer takes the
 * complete packet at once (discard mode does not wait for deliveries)
 * and producers go on, around the whole ring if they may.
 */
static struct rec_tally late_tally;
static uint64_t late_seq, late_lapped, late_refused;
static bool late_armed;

static void lap_while_deliverer_stalls(struct rb_stream *s, uint64_t begin)
{
	uint64_t gidx = begin >> s->subbuf_order, i;

	if (!late_armed || !pass_complete(s, begin))
		return;
	late_armed = false;
	rec_drain(&late_tally, s->chan);
	for (i = 0; i < 100000; i++) {
		/* The slot opened its next pass, a record committed there. */
		if (__atomic_load_n(&s->shm->offset, __ATOMIC_RELAXED) >>
		    s->subbuf_order >= gidx + s->count_mask + 1) {
			late_lapped++;
			return;
		}
		if (rec_emit_stream(s, 2, late_seq++, fake_clock)) {
			late_refused++;
			return;
		}
	}
	fail_msg("producers neither lapped the ring nor were refused");
}

/*
 * Discard mode: every complete packet is delivered (one wake-up) even
 * when its final committer stalls before reading the slot's counts
 * while the consumer takes the packet and producers reach the slot
 * again: the slot's next pass may not open before the delivery is
 * claimed, or the late deliverer would read bytes of that pass and
 * never see its own complete. The final commit is a padding one, or
 * a record's committed after its packet closed, in alternate rounds.
 */
static void test_discard_late_deliverer_still_delivers(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4, 0);
	struct rb_stream *s = &chan->streams[0];
	uint64_t seq = 0, a_seq = 0, wakeups = 0, n, g, i, complete;
	struct rb_stream_stats st;
	struct rb_reserve_ctx a;
	unsigned int round;
	uint32_t len;

	(void)state;
	rec_tally_init(&late_tally, 0);
	late_seq = late_lapped = late_refused = 0;
	rb_test_commit_pause = lap_while_deliverer_stalls;
	for (round = 0; round < 16; round++) {
		g = __atomic_load_n(&s->shm->offset, __ATOMIC_RELAXED) >> 12;
		if (round % 2) {
			len = REC_FIXED_LEN + rec_random_len(1, a_seq);
			assert_int_equal(
				rb_stream_reserve(s, &a, rec_event_id(1, a_seq),
						  len, fake_clock),
				0);
			g = a.begin >> 12;
			while ((__atomic_load_n(&s->shm->offset,
						__ATOMIC_RELAXED) >>
				12) <= g)
				assert_int_equal(rec_emit_stream(s, 0, seq++,
								 fake_clock),
						 0);
			late_armed = true;
			rec_fill(a.payload, 1, a_seq++, a.ts);
			rb_commit(&a);
		} else {
			late_armed = true;
			while (late_armed)
				assert_int_equal(rec_emit_stream(s, 0, seq++,
								 fake_clock),
						 0);
		}
		assert_false(late_armed);
		rec_drain(&late_tally, chan);
	}
	rb_test_commit_pause = NULL;
	rb_stream_switch(s, fake_clock);
	rec_drain(&late_tally, chan);
	while (read(s->wakeup_fd, &n, sizeof(n)) == sizeof(n))
		wakeups += n;
	if (wakeups != late_tally.packets)
		fail_msg("%llu packets complete, %llu wake-ups (%llu laps)",
			 (unsigned long long)late_tally.packets,
			 (unsigned long long)wakeups,
			 (unsigned long long)late_lapped);
	for (i = 0; i <= s->count_mask; i++) {
		complete = (uint32_t)(s->slots[i].commit +
				      s->slots[i].commit_remote) >>
			   12;
		assert_int_equal(s->slots[i].delivered, complete);
	}
	/* The producers waited for the slot: refused, and counted. */
	assert_int_equal(late_refused, 16);
	rb_stream_stats(s, &st);
	assert_int_equal(st.discarded_events, late_refused);
	assert_int_equal(late_tally.seq_gaps, 0);
	assert_int_equal(late_tally.per_producer[0], seq);
	assert_int_equal(late_tally.per_producer[1], a_seq);
	assert_int_equal(late_tally.per_producer[2], late_seq - late_refused);
	rec_tally_free(&late_tally);
	rb_channel_destroy(chan);
}

static void die_before_delivering(struct rb_stream *s, uint64_t begin)
{
	if (pass_complete(s, begin))
		_exit(0);
}

/*
 * Discard mode: a producer killed between a packet's final commit and
 * the claim of its delivery, after which the consumer took the packet.
 * Recovery claims it, so the slot opens again and later producers (a
 * per-user buffer outlives its processes) are not refused.
 */
static void test_recovery_claims_a_consumed_packet_never_delivered(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4, 0);
	struct rb_stream *s = &chan->streams[0];
	struct rb_stream_stats st;
	struct rec_tally t;
	struct rb_packet p;
	uint64_t seq = 0, wakeups = 0, n;
	int status;
	pid_t pid;

	(void)state;
	rec_tally_init(&t, 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		rb_test_commit_pause = die_before_delivering;
		/* Closes packet 0: its padding is the final commit. */
		fill_packets(chan, 1, seq);
		_exit(1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(rb_stream_get(s, &p), 0);
	assert_int_equal(p.seq, 0);
	rec_check_packet(&t, chan, 0, &p);
	rb_stream_put(s);
	rb_stream_recover(s, fake_clock);
	/* Around the ring and into slot 0 again, draining as we go. */
	seq += 1000;
	while ((__atomic_load_n(&s->shm->offset, __ATOMIC_RELAXED) >> 12) < 9) {
		assert_int_equal(rec_emit_stream(s, 0, seq++, fake_clock), 0);
		rec_drain(&t, chan);
	}
	rb_stream_stats(s, &st);
	assert_int_equal(st.discarded_events, 1); /* the dead reservation */
	while (read(s->wakeup_fd, &n, sizeof(n)) == sizeof(n))
		wakeups += n;
	assert_int_equal(wakeups, t.packets);
	rec_tally_free(&t);
	rb_channel_destroy(chan);
}

static void test_commits_out_of_order_deliver_when_all_done(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4, 0);
	struct rb_stream *s = &chan->streams[0];
	struct rb_reserve_ctx a, b;
	struct rec_tally t;
	struct rb_packet p;

	(void)state;
	rec_tally_init(&t, 0);
	assert_int_equal(rb_stream_reserve(s, &a, rec_event_id(0, 0),
					   REC_FIXED_LEN + rec_random_len(0, 0),
					   fake_clock),
			 0);
	assert_int_equal(rb_stream_reserve(s, &b, rec_event_id(1, 0),
					   REC_FIXED_LEN + rec_random_len(1, 0),
					   fake_clock),
			 0);
	rec_fill(b.payload, 1, 0, b.ts);
	rb_commit(&b);
	rb_stream_switch(s, fake_clock);
	assert_int_equal(rb_stream_get(s, &p), -EAGAIN);
	rec_fill(a.payload, 0, 0, a.ts);
	rb_commit(&a);
	assert_int_equal(rb_stream_get(s, &p), 0);
	rec_check_packet(&t, chan, 0, &p);
	rb_stream_put(s);
	assert_int_equal(t.records, 2);
	rec_tally_free(&t);
	rb_channel_destroy(chan);
}

static struct rb_channel *nested_chan;
static uint64_t nested_seq;

static void nested_handler(int sig)
{
	(void)sig;
	rec_emit_stream(&nested_chan->streams[0], 1, nested_seq++, fake_clock);
}

static void test_signal_handler_nested_in_reservation(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4, 0);
	struct rb_stream *s = &chan->streams[0];
	struct sigaction sa = {.sa_handler = nested_handler};
	struct rb_reserve_ctx ctx;
	struct rec_tally t;
	uint64_t seq;

	(void)state;
	rec_tally_init(&t, 0);
	nested_chan = chan;
	nested_seq = 0;
	sigaction(SIGUSR1, &sa, NULL);
	for (seq = 0; seq < 2000; seq++) {
		uint32_t len = REC_FIXED_LEN + rec_random_len(0, seq);

		if (rb_stream_reserve(s, &ctx, rec_event_id(0, seq), len,
				      fake_clock))
			break;
		/* The handler traces between this reserve and commit. */
		if (seq % 3 == 0)
			raise(SIGUSR1);
		rec_fill(ctx.payload, 0, seq, ctx.ts);
		rb_commit(&ctx);
		rec_drain(&t, chan);
	}
	signal(SIGUSR1, SIG_DFL);
	rb_stream_switch(s, fake_clock);
	rec_drain(&t, chan);
	assert_int_equal(seq, 2000);
	assert_int_equal(t.per_producer[0], 2000);
	assert_int_equal(t.per_producer[1], nested_seq);
	assert_false(t.out_of_order);
	rec_tally_free(&t);
	rb_channel_destroy(chan);
}

static void test_wakeup_only_on_packet_completion(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4, 0);
	struct rb_stream *s = &chan->streams[0];
	uint64_t seq = 0;

	(void)state;
	while (seq < 20)
		rec_emit_stream(s, 0, seq++, fake_clock);
	assert_int_equal(rb_stream_wait(s, 0), -ETIMEDOUT);
	fill_packets(chan, 1, seq);
	assert_int_equal(rb_stream_wait(s, 0), 0);
	/* Cleared by the wait. */
	assert_int_equal(rb_stream_wait(s, 0), -ETIMEDOUT);
	rb_channel_destroy(chan);
}

static void test_stats_report_usage_and_bytes_consumed(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4, 0);
	struct rb_stream *s = &chan->streams[0];
	struct rb_stream_stats st;
	struct rb_packet p;

	(void)state;
	fill_packets(chan, 2, 0);
	rb_stream_stats(s, &st);
	assert_int_equal(st.consumed, 0);
	assert_int_equal(st.usage, st.produced);
	assert_int_equal(rb_stream_get(s, &p), 0);
	rb_stream_put(s);
	rb_stream_stats(s, &st);
	assert_int_equal(st.consumed, 4096);
	assert_int_equal(st.usage, st.produced - 4096);
	assert_int_equal(st.bytes_consumed, p.packet_size);
	assert_int_equal(st.discarded_events, 0);
	rb_channel_destroy(chan);
}

static void test_current_cpu_matches_sched_getcpu(void **state)
{
	cpu_set_t set;

	(void)state;
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	assert_int_equal(sched_setaffinity(0, sizeof(set), &set), 0);
	assert_int_equal(rb_current_cpu(), 0);
	assert_int_equal(rb_current_cpu(), sched_getcpu());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_packet_and_event_headers_exact),
		cmocka_unit_test(test_flush_writes_empty_packets),
		cmocka_unit_test(test_extended_header_for_large_id_or_delta),
		cmocka_unit_test(test_discard_mode_counts_dropped_records),
		cmocka_unit_test(test_blocking_timeout_expires_then_discards),
		cmocka_unit_test(test_overwrite_keeps_most_recent_packets),
		cmocka_unit_test(test_overwrite_never_touches_held_packet),
		cmocka_unit_test(test_snapshot_shows_packets_oldest_first),
		cmocka_unit_test(test_capped_snapshot_shows_the_newest_packets),
		cmocka_unit_test(
			test_overwrite_get_waits_for_a_delivery_under_way),
		cmocka_unit_test(test_snapshot_waits_for_a_delivery_under_way),
		cmocka_unit_test(test_recovery_finishes_a_delivery_cut_short),
		cmocka_unit_test(test_discard_late_deliverer_still_delivers),
		cmocka_unit_test(
			test_recovery_claims_a_consumed_packet_never_delivered),
		cmocka_unit_test(
			test_commits_out_of_order_deliver_when_all_done),
		cmocka_unit_test(test_signal_handler_nested_in_reservation),
		cmocka_unit_test(test_wakeup_only_on_packet_completion),
		cmocka_unit_test(test_stats_report_usage_and_bytes_consumed),
		cmocka_unit_test(test_current_cpu_matches_sched_getcpu),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
