/*
 * CPU-local commits (local-commit.h, producer.c "COMMIT"): a commit on
 * the stream's CPU goes to the slot's commit word, one from another CPU
 * to commit_remote; packets complete and are delivered exactly once
 * whichever mix of the two fills them, also when a thread reserves on
 * one CPU and commits from another while a second thread commits
 * locally on the stream's CPU.
 */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "records.h"
#include "ringbuffer/local-commit.h"

#define RECORDS_PER_THREAD 3000
#define MIGRATING 1
#define LOCAL 2

static uint64_t tick;

static uint64_t test_clock(void)
{
	return __atomic_add_fetch(&tick, 100, __ATOMIC_RELAXED);
}

static bool pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) == 0;
}

static struct rb_channel *two_stream_channel(void)
{
	struct rb_config conf = {
		.subbuf_size = 4096,
		.subbuf_count =
			512, /* room for every record: no consumer runs */
		.mode = RB_MODE_DISCARD,
		.nr_streams = 2,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.stream_id = 3,
	};
	struct rb_channel *chan;

	memcpy(conf.uuid, rec_test_uuid, 16);
	assert_int_equal(rb_channel_create(&conf, &chan), 0);
	return chan;
}

/* Bytes committed to all the slots of stream s, by kind of word. */
static void committed_words(const struct rb_stream *s, uint64_t *local,
			    uint64_t *remote)
{
	uint64_t i;

	*local = *remote = 0;
	for (i = 0; i <= s->count_mask; i++) {
		*local += s->slots[i].commit;
		*remote += s->slots[i].commit_remote;
	}
}

struct thread_arg {
	struct rb_channel *chan;
	uint32_t producer;
	int failures;
	int reserve_error;
};

/*
 * Reserves on stream 0 from CPU 0, then commits from CPU 1: every
 * commit takes the remote path.
 */
static void *migrating_producer(void *p)
{
	struct thread_arg *arg = p;
	struct rb_stream *s = &arg->chan->streams[0];
	struct rb_reserve_ctx ctx;
	uint64_t seq;
	int ret;

	for (seq = 0; seq < RECORDS_PER_THREAD; seq++) {
		uint32_t len =
			REC_FIXED_LEN + rec_random_len(arg->producer, seq);

		if (!pin_to(0)) {
			arg->failures++;
			continue;
		}
		ret = rb_stream_reserve(s, &ctx,
					rec_event_id(arg->producer, seq), len,
					test_clock);
		if (ret) {
			arg->reserve_error = ret;
			arg->failures++;
			continue;
		}
		rec_fill(ctx.payload, arg->producer, seq, ctx.ts);
		if (!pin_to(1))
			arg->failures++;
		rb_commit(&ctx);
	}
	return NULL;
}

/* Reserves and commits on stream 0 from CPU 0: CPU-local commits. */
static void *local_producer(void *p)
{
	struct thread_arg *arg = p;
	uint64_t seq;

	if (!pin_to(0))
		arg->failures = RECORDS_PER_THREAD;
	for (seq = 0; seq < RECORDS_PER_THREAD && arg->failures == 0; seq++)
		if (rec_emit_stream(&arg->chan->streams[0], arg->producer, seq,
				    test_clock))
			arg->failures++;
	return NULL;
}

static void test_local_and_remote_commits_fill_packets_once(void **state)
{
	struct thread_arg migrating = {.producer = MIGRATING};
	struct thread_arg local = {.producer = LOCAL};
	struct rb_channel *chan;
	struct rec_tally tally;
	pthread_t threads[2];
	uint64_t words_local, words_remote, wakeups = 0, n;

	(void)state;
	if (sysconf(_SC_NPROCESSORS_ONLN) < 2 || !pin_to(0) || !pin_to(1))
		skip();
	if (!rb_local_commit_enable())
		skip(); /* no rseq or membarrier here: atomic commits only */
	chan = two_stream_channel();
	migrating.chan = local.chan = chan;
	assert_int_equal(pthread_create(&threads[0], NULL, migrating_producer,
					&migrating),
			 0);
	assert_int_equal(
		pthread_create(&threads[1], NULL, local_producer, &local), 0);
	pthread_join(threads[0], NULL);
	pthread_join(threads[1], NULL);
	assert_int_equal(migrating.reserve_error, 0);
	assert_int_equal(migrating.failures, 0);
	assert_int_equal(local.failures, 0);

	committed_words(&chan->streams[0], &words_local, &words_remote);
	assert_true(words_local > 0);
	assert_true(words_remote > 0);

	assert_int_equal(rb_stream_flush(&chan->streams[0], test_clock), 1);
	rec_tally_init(&tally, RECORDS_PER_THREAD);
	rec_drain(&tally, chan);
	assert_int_equal(tally.per_producer[MIGRATING], RECORDS_PER_THREAD);
	assert_int_equal(tally.per_producer[LOCAL], RECORDS_PER_THREAD);
	assert_false(tally.duplicate);
	assert_int_equal(tally.seq_gaps, 0);
	/* One wake-up per delivered packet, never two for one packet. */
	while (read(chan->streams[0].wakeup_fd, &n, sizeof(n)) == sizeof(n))
		wakeups += n;
	assert_int_equal(wakeups, tally.packets);
	rec_tally_free(&tally);
	rb_channel_destroy(chan);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_local_and_remote_commits_fill_packets_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
