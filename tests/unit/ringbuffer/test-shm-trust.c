/*
 * The consumer's read path against hostile shared memory: a stream is
 * created the normal way, filled by a producer, then a second process's
 * view of it (a mapping of the same memfd, as a traced application
 * holds) overwrites one field the consumer reads: a slot's physical
 * sub-buffer index, a packet's content size or seq number, a slot's
 * commit count. The consumer (get, put, snapshot) must report the
 * stream once, refuse it with -EPROTO from then on, and never touch
 * memory outside the stream (run under ASan in build-san); closing a
 * packet from the consumer (flush, recovery) must write inside it.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "records.h"
#include "ringbuffer/invariant.h"

#define SUBBUF 4096U
#define SUBBUF_ORDER 12U
#define COUNT 4U

static uint64_t fake_now = 1000;
static uint64_t fake_clock(void)
{
	fake_now += 10;
	return fake_now;
}

static unsigned int reports;

static void count_report(const char *message)
{
	(void)message;
	reports++;
}

/* The consumer's stream and a hostile app's view of the same memory. */
struct victim {
	struct rb_channel *chan;
	struct rb_channel *app;
	struct rb_stream *s;
	struct rb_stream *hostile;
};

static void victim_create(struct victim *v, enum rb_mode mode, uint64_t packets)
{
	static uint64_t seq;
	struct rb_stream_fds fds;

	v->chan = rec_channel_create(mode, SUBBUF, COUNT);
	assert_non_null(v->chan);
	v->s = &v->chan->streams[0];
	fds = rb_channel_stream_fds(v->chan, 0);
	fds.shm_fd = dup(fds.shm_fd);
	fds.wakeup_fd = dup(fds.wakeup_fd);
	assert_int_equal(rb_channel_map(&fds, 1, &v->app), 0);
	v->hostile = &v->app->streams[0];
	while ((__atomic_load_n(&v->s->shm->offset, __ATOMIC_RELAXED) >>
		SUBBUF_ORDER) < packets)
		assert_int_equal(rec_emit_stream(v->s, 0, seq++, fake_clock),
				 0);
	reports = 0;
}

static void victim_destroy(struct victim *v)
{
	rb_channel_destroy(v->app);
	rb_channel_destroy(v->chan);
}

/*
 * What the consumer daemon does with each packet it gets: copies
 * packet_size bytes out (ASan sees any byte outside the stream).
 */
static int read_all(struct rb_stream *s)
{
	static char out[SUBBUF];
	struct rb_packet p;
	int ret;

	while ((ret = rb_stream_get(s, &p)) == 0) {
		assert_true(p.content_size <= p.packet_size);
		assert_true(p.packet_size <= SUBBUF);
		memcpy(out, p.data, p.packet_size);
		rb_stream_put(s);
	}
	return ret;
}

/* The stream is refused, reported once, and stays refused. */
static void assert_refused_once(struct victim *v, enum rb_invariant which,
				uint64_t before)
{
	assert_int_equal(read_all(v->s), -EPROTO);
	assert_int_equal(read_all(v->s), -EPROTO);
	assert_int_equal(rb_invariant_failures(which), before + 1);
	assert_int_equal(reports, 1);
}

static int show_packet(const struct rb_packet *p, void *arg)
{
	static char out[SUBBUF];

	(void)arg;
	memcpy(out, p->data, p->packet_size);
	return 0;
}

static int setup(void **state)
{
	(void)state;
	rb_invariant_abort = false;
	rb_invariant_report = count_report;
	return 0;
}

static void test_slot_names_no_subbuffer(void **state)
{
	static const uint64_t bad[] = {COUNT + 1, 1U << 20, UINT64_C(1) << 40,
				       ~RB_NOREF};
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint64_t before =
			rb_invariant_failures(RB_INVARIANT_PHYS_INDEX);
		struct victim v;

		victim_create(&v, RB_MODE_OVERWRITE, 2);
		v.hostile->slots[0].wsb = bad[i] | RB_NOREF;
		assert_refused_once(&v, RB_INVARIANT_PHYS_INDEX, before);
		victim_destroy(&v);
	}
}

static void test_snapshot_of_slot_naming_no_subbuffer(void **state)
{
	uint64_t before = rb_invariant_failures(RB_INVARIANT_PHYS_INDEX);
	struct victim v;

	(void)state;
	victim_create(&v, RB_MODE_OVERWRITE, 2);
	v.hostile->slots[1].wsb = (UINT64_C(1) << 40) | RB_NOREF;
	assert_int_equal(rb_stream_snapshot(v.s, fake_clock, show_packet, NULL),
			 -EPROTO);
	assert_int_equal(rb_invariant_failures(RB_INVARIANT_PHYS_INDEX),
			 before + 1);
	assert_int_equal(read_all(v.s), -EPROTO);
	assert_int_equal(reports, 1);
	victim_destroy(&v);
}

/* Content sizes past the sub-buffer or shorter than the header. */
static void test_packet_content_out_of_range(void **state)
{
	static const uint32_t bad[] = {0, CTF_PACKET_HEADER_LEN - 1, SUBBUF,
				       UINT32_MAX};
	(void)state;
	for (int mode = RB_MODE_DISCARD; mode <= RB_MODE_OVERWRITE; mode++) {
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			uint64_t before =
				rb_invariant_failures(RB_INVARIANT_PADDING);
			struct victim v;

			victim_create(&v, (enum rb_mode)mode, 2);
			for (unsigned int k = 0; k <= COUNT; k++)
				v.hostile->phys[k].content = bad[i];
			assert_refused_once(&v, RB_INVARIANT_PADDING, before);
			victim_destroy(&v);
		}
	}
}

static void test_snapshot_of_packet_content_out_of_range(void **state)
{
	uint64_t before = rb_invariant_failures(RB_INVARIANT_PADDING);
	struct victim v;

	(void)state;
	victim_create(&v, RB_MODE_DISCARD, 2);
	v.hostile->phys[0].content = UINT32_MAX;
	assert_int_equal(rb_stream_snapshot(v.s, fake_clock, show_packet, NULL),
			 -EPROTO);
	assert_int_equal(rb_invariant_failures(RB_INVARIANT_PADDING),
			 before + 1);
	victim_destroy(&v);
}

/*
 * A seq number moving the read position (put stores seq + 1): backward
 * it would make the consumer read the same packets forever.
 */
static void test_packet_seq_not_the_read_position(void **state)
{
	static const uint64_t bad[] = {UINT64_MAX, COUNT, UINT64_C(1) << 60};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		uint64_t before =
			rb_invariant_failures(RB_INVARIANT_PACKET_SEQ);
		struct victim v;

		victim_create(&v, RB_MODE_DISCARD, 2);
		v.hostile->phys[0].seq = bad[i];
		assert_refused_once(&v, RB_INVARIANT_PACKET_SEQ, before);
		assert_int_equal(
			__atomic_load_n(&v.s->shm->consumed, __ATOMIC_RELAXED),
			0);
		victim_destroy(&v);
	}
}

static void test_commit_count_past_the_pass(void **state)
{
	uint64_t before = rb_invariant_failures(RB_INVARIANT_COMMIT_COUNT);
	struct victim v;

	(void)state;
	victim_create(&v, RB_MODE_DISCARD, 2);
	v.hostile->slots[0].commit_remote += 3 * SUBBUF;
	assert_refused_once(&v, RB_INVARIANT_COMMIT_COUNT, before);
	victim_destroy(&v);
}

/*
 * The consumer closes the packet being written (flush, snapshot, crash
 * recovery run producer code): its slot names no sub-buffer. The write
 * stays inside the stream and is reported.
 */
static void test_close_of_slot_naming_no_subbuffer(void **state)
{
	(void)state;
	for (int recover = 0; recover <= 1; recover++) {
		uint64_t before =
			rb_invariant_failures(RB_INVARIANT_PHYS_INDEX);
		struct victim v;

		victim_create(&v, RB_MODE_OVERWRITE, 2);
		/* packet 2 is open, in slot 2: as its writer would hold it */
		v.hostile->slots[2].wsb = UINT64_C(1) << 40;
		if (recover)
			rb_stream_recover(v.s, fake_clock);
		else
			rb_stream_flush(v.s, fake_clock);
		assert_true(rb_invariant_failures(RB_INVARIANT_PHYS_INDEX) >
			    before);
		assert_true(reports > 0);
		read_all(v.s);
		victim_destroy(&v);
	}
}

/* Undamaged streams are read whole, without a report. */
static void test_undamaged_streams_read_whole(void **state)
{
	(void)state;
	for (int mode = RB_MODE_DISCARD; mode <= RB_MODE_OVERWRITE; mode++) {
		struct victim v;

		victim_create(&v, (enum rb_mode)mode, 3);
		assert_int_equal(read_all(v.s), -EAGAIN);
		assert_int_equal(
			__atomic_load_n(&v.s->shm->consumed, __ATOMIC_RELAXED),
			3 * SUBBUF);
		assert_int_equal(reports, 0);
		victim_destroy(&v);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_undamaged_streams_read_whole),
		cmocka_unit_test(test_slot_names_no_subbuffer),
		cmocka_unit_test(test_snapshot_of_slot_naming_no_subbuffer),
		cmocka_unit_test(test_packet_content_out_of_range),
		cmocka_unit_test(test_snapshot_of_packet_content_out_of_range),
		cmocka_unit_test(test_packet_seq_not_the_read_position),
		cmocka_unit_test(test_commit_count_past_the_pass),
		cmocka_unit_test(test_close_of_slot_naming_no_subbuffer),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
