/*
 * The ring buffer's runtime invariant checks (ringbuffer/invariant.h):
 * each is provoked by the damage it guards against (no padding, a
 * producer writing a held sub-buffer because the read position was
 * corrupted, an over-committed slot, a sub-buffer holding another packet)
 * and must be counted and reported once; the default policy of a build
 * with assertions must abort; undamaged buffers report nothing.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "records.h"
#include "ringbuffer/invariant.h"
#include "ringbuffer/packet.h"

#define SUBBUF 4096U
#define SUBBUF_ORDER 12U

static uint64_t fake_now = 1000;
static uint64_t fake_clock(void)
{
	fake_now += 10;
	return fake_now;
}

/* rb_invariant_report before the tests replaced it. */
static void (*default_reporter)(const char *message);

static char last_report[256];
static unsigned int reports;

static void capture_report(const char *message)
{
	snprintf(last_report, sizeof(last_report), "%s", message);
	reports++;
}

static int setup(void **state)
{
	(void)state;
	rb_invariant_abort = false;
	rb_invariant_report = capture_report;
	last_report[0] = '\0';
	reports = 0;
	return 0;
}

static struct rb_channel *make_channel(enum rb_mode mode, uint64_t count)
{
	return rec_channel_create(mode, SUBBUF, count);
}

/* Emits records on stream 0 until `packets` packets are closed. */
static void fill_packets(struct rb_stream *s, uint64_t packets)
{
	static uint64_t seq;

	while ((__atomic_load_n(&s->shm->offset, __ATOMIC_RELAXED) >>
		SUBBUF_ORDER) < packets)
		assert_int_equal(rec_emit_stream(s, 0, seq++, fake_clock), 0);
}

/* Exactly one report of `which`, naming what broke. */
static void assert_reported_once(enum rb_invariant which, uint64_t before,
				 const char *what)
{
	assert_int_equal(rb_invariant_failures(which), before + 1);
	assert_int_equal(reports, 1);
	assert_non_null(strstr(last_report, "ring buffer invariant broken"));
	assert_non_null(strstr(last_report, what));
}

static void test_clean_buffers_report_nothing(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4);
	struct rb_stream *s = &chan->streams[0];
	struct rb_packet p;
	int i;

	(void)state;
	for (i = 0; i < 3; i++) {
		fill_packets(s, (uint64_t)i + 1);
		assert_int_equal(rb_stream_get(s, &p), 0);
		rb_stream_put(s);
	}
	assert_int_equal(reports, 0);
	rb_channel_destroy(chan);
}

/* A packet whose content fills its sub-buffer has no padding. */
static void test_consumer_sees_packet_without_padding(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4);
	struct rb_stream *s = &chan->streams[0];
	uint64_t before = rb_invariant_failures(RB_INVARIANT_PADDING);
	struct rb_packet p;

	(void)state;
	fill_packets(s, 1);
	s->phys[0].content = SUBBUF; /* damaged: not one byte of padding */
	assert_int_equal(rb_stream_get(s, &p), -EPROTO);
	assert_reported_once(RB_INVARIANT_PADDING, before, "packet content");
	rb_channel_destroy(chan);
}

/* The end hook is asked to close a packet shorter than its header. */
static void test_producer_closes_packet_without_header(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4);
	struct rb_stream *s = &chan->streams[0];
	uint64_t before = rb_invariant_failures(RB_INVARIANT_PADDING);

	(void)state;
	rb_packet_end(s, 0, CTF_PACKET_HEADER_LEN - 1, fake_clock(), 0);
	assert_reported_once(RB_INVARIANT_PADDING, before, "packet content");
	rb_channel_destroy(chan);
}

/*
 * The read position is corrupted (moved past the held packet before
 * the put): producers go round the ring and open a packet in the
 * sub-buffer the consumer still holds.
 */
static void test_producer_writes_held_subbuffer(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 2);
	struct rb_stream *s = &chan->streams[0];
	uint64_t before = rb_invariant_failures(RB_INVARIANT_HELD_WRITTEN);
	struct rb_packet p;

	(void)state;
	fill_packets(s, 1);
	assert_int_equal(rb_stream_get(s, &p), 0);
	assert_int_equal(p.seq, 0);
	__atomic_store_n(&s->shm->consumed, (uint64_t)SUBBUF, __ATOMIC_RELEASE);
	fill_packets(s, 2); /* opens packet 2, in slot 0, which is held */
	assert_int_equal(reports, 0);
	rb_stream_put(s);
	assert_reported_once(RB_INVARIANT_HELD_WRITTEN, before,
			     "sub-buffer the consumer holds");
	rb_channel_destroy(chan);
}

/* More bytes committed to a slot than its sub-buffer holds. */
static void test_consumer_sees_overcommitted_slot(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4);
	struct rb_stream *s = &chan->streams[0];
	uint64_t before = rb_invariant_failures(RB_INVARIANT_COMMIT_COUNT);
	struct rb_packet p;

	(void)state;
	fill_packets(s, 1);
	__atomic_add_fetch(&s->slots[0].commit_remote, 8, __ATOMIC_RELEASE);
	assert_int_equal(rb_stream_get(s, &p), -EPROTO);
	assert_reported_once(RB_INVARIANT_COMMIT_COUNT, before, "commit count");
	rb_channel_destroy(chan);
}

/* The sub-buffer at the read position says it holds another packet. */
static void test_consumer_sees_other_packet_in_slot(void **state)
{
	struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4);
	struct rb_stream *s = &chan->streams[0];
	uint64_t before = rb_invariant_failures(RB_INVARIANT_PACKET_SEQ);
	struct rb_packet p;

	(void)state;
	fill_packets(s, 1);
	s->phys[0].seq = 4; /* damaged: packet 4 also lives in slot 0 */
	assert_int_equal(rb_stream_get(s, &p), -EPROTO);
	assert_reported_once(RB_INVARIANT_PACKET_SEQ, before, "another packet");
	rb_channel_destroy(chan);
}

/*
 * With assertions compiled in, the default policy aborts, after saying
 * what broke on stderr.
 */
static void test_default_policy_of_debug_builds_aborts(void **state)
{
	int pipefd[2], status;
	char text[512] = "";
	ssize_t n;
	pid_t pid;

	(void)state;
#ifdef NDEBUG
	skip();
#endif
	assert_int_equal(pipe(pipefd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct rb_channel *chan = make_channel(RB_MODE_DISCARD, 4);
		struct rb_packet p;

		dup2(pipefd[1], STDERR_FILENO);
		rb_invariant_abort = true;
		rb_invariant_report = default_reporter; /* as a daemon's */
		fill_packets(&chan->streams[0], 1);
		__atomic_add_fetch(&chan->streams[0].slots[0].commit_remote, 8,
				   __ATOMIC_RELEASE);
		_exit(rb_stream_get(&chan->streams[0], &p) == 0 ? 0 : 1);
	}
	close(pipefd[1]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	n = read(pipefd[0], text, sizeof(text) - 1);
	close(pipefd[0]);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGABRT);
	assert_true(n > 0);
	assert_non_null(strstr(text, "Error: ring buffer invariant broken: "
				     "commit count"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_clean_buffers_report_nothing,
				       setup),
		cmocka_unit_test_setup(
			test_consumer_sees_packet_without_padding, setup),
		cmocka_unit_test_setup(
			test_producer_closes_packet_without_header, setup),
		cmocka_unit_test_setup(test_producer_writes_held_subbuffer,
				       setup),
		cmocka_unit_test_setup(test_consumer_sees_overcommitted_slot,
				       setup),
		cmocka_unit_test_setup(test_consumer_sees_other_packet_in_slot,
				       setup),
		cmocka_unit_test(test_default_policy_of_debug_builds_aborts),
	};

	default_reporter = rb_invariant_report;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
