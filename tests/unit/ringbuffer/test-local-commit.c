/*
 * CPU-local commits (local-commit.h, producer.c "COMMIT"): a commit on
 * the stream's CPU goes to the slot's commit word, one from another CPU
 * to commit_remote; packets complete and are delivered exactly once
 * whichever mix of the two fills them, also when a thread reserves on
 * one CPU and commits from another while a second thread commits
 * locally on the stream's CPU.
 *
 * CPU-local reservations (producer.c "RESERVE"): a stream refuses them
 * off its CPU, rb_reserve() then takes the stream of the thread's CPU,
 * a switch from another CPU moves there and back, and a thread that can
 * never be on the stream's CPU makes the stream atomic.
 */
#include <errno.h>
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

static struct rb_channel *two_stream_channel(bool local_reserve)
{
	struct rb_config conf = {
		.subbuf_size = 4096,
		.subbuf_count =
			512, /* room for every record: no consumer runs */
		.mode = RB_MODE_DISCARD,
		.nr_streams = 2,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.stream_id = 3,
		.local_reserve = local_reserve,
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
	chan = two_stream_channel(false);
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

/* Whether the calling thread may run on CPU `cpu` only. */
static bool affinity_is(int cpu)
{
	cpu_set_t set;

	return sched_getaffinity(0, sizeof(set), &set) == 0 &&
	       CPU_COUNT(&set) == 1 && CPU_ISSET(cpu, &set);
}

/* Skips unless this machine reserves CPU-locally on CPUs 0 and 1. */
static void need_local_reservations(void)
{
	if (sysconf(_SC_NPROCESSORS_ONLN) < 2 || !pin_to(0) || !pin_to(1))
		skip();
	if (!rb_local_commit_enable())
		skip(); /* no rseq or membarrier here */
}

/* Packets the switcher must close while the producer records. */
#define SWITCHES_WANTED 20

struct switching_arg {
	struct rb_channel *chan;
	int stop;
	unsigned long switches; /* packets closed (atomic) */
	int errors;		/* switches that failed (-EAGAIN) */
};

/* From CPU 1, switches stream 0 until told to stop. */
static void *remote_switcher(void *p)
{
	struct switching_arg *arg = p;
	int ret;

	if (!pin_to(1))
		return NULL;
	while (!__atomic_load_n(&arg->stop, __ATOMIC_ACQUIRE)) {
		ret = rb_stream_switch(&arg->chan->streams[0], test_clock);
		if (ret < 0)
			arg->errors++;
		else if (ret == 1)
			__atomic_add_fetch(&arg->switches, 1, __ATOMIC_RELEASE);
		if (!affinity_is(1))
			return NULL; /* switches stops counting: fails */
	}
	return NULL;
}

struct interleaved_arg {
	struct thread_arg producer;
	struct switching_arg *switching;
	uint64_t records;
};

/*
 * On CPU 0, records RECORDS_PER_THREAD records on stream 0, then one
 * more after each packet the switcher closes, until it closed
 * SWITCHES_WANTED: the two overlap however the threads are scheduled.
 */
static void *interleaved_producer(void *p)
{
	struct interleaved_arg *arg = p;
	struct rb_stream *s = &arg->producer.chan->streams[0];
	unsigned long seen = 0, now;
	uint64_t seq = 0;

	if (!pin_to(0)) {
		arg->producer.failures = 1;
		return NULL;
	}
	for (;;) {
		if (seq >= RECORDS_PER_THREAD) {
			now = __atomic_load_n(&arg->switching->switches,
					      __ATOMIC_ACQUIRE);
			if (now >= SWITCHES_WANTED)
				break;
			if (now == seen) {
				sched_yield();
				continue;
			}
			seen = now;
		}
		if (rec_emit_stream(s, arg->producer.producer, seq++,
				    test_clock))
			arg->producer.failures++;
	}
	arg->records = seq;
	return NULL;
}

static void test_local_reservations_stay_on_their_cpu(void **state)
{
	struct interleaved_arg local = {.producer.producer = LOCAL};
	struct switching_arg switching = {0};
	struct rb_reserve_ctx ctx;
	struct rb_channel *chan;
	struct rec_tally tally;
	pthread_t threads[2];

	(void)state;
	need_local_reservations();
	chan = two_stream_channel(true);
	assert_int_equal(chan->streams[0].shm->atomic_reserve,
			 RB_RESERVE_LOCAL);

	/* From CPU 1: stream 0 refuses, rb_reserve takes stream 1. */
	assert_true(pin_to(1));
	assert_int_equal(rb_stream_reserve(&chan->streams[0], &ctx, 1, 8,
					   test_clock),
			 -EAGAIN);
	assert_int_equal(rb_reserve(chan, &ctx, 1, 8, test_clock), 0);
	assert_ptr_equal(ctx.stream, &chan->streams[1]);
	rb_commit(&ctx);

	/* A producer on CPU 0 while CPU 1 switches stream 0 again and again. */
	local.producer.chan = switching.chan = chan;
	local.switching = &switching;
	assert_int_equal(pthread_create(&threads[1], NULL, remote_switcher,
					&switching),
			 0);
	assert_int_equal(
		pthread_create(&threads[0], NULL, interleaved_producer, &local),
		0);
	pthread_join(threads[0], NULL);
	__atomic_store_n(&switching.stop, 1, __ATOMIC_RELEASE);
	pthread_join(threads[1], NULL);
	assert_int_equal(local.producer.failures, 0);
	assert_true(switching.switches >= SWITCHES_WANTED);
	assert_int_equal(switching.errors, 0);
	assert_true(affinity_is(1));
	/* Nobody had to fall back to atomic reservations. */
	assert_int_equal(chan->streams[0].shm->atomic_reserve,
			 RB_RESERVE_LOCAL);

	assert_int_equal(rb_stream_flush(&chan->streams[0], test_clock), 1);
	assert_true(affinity_is(1));
	rec_tally_init(&tally, local.records);
	rec_drain(&tally, chan);
	assert_int_equal(tally.per_producer[LOCAL], local.records);
	assert_false(tally.duplicate);
	assert_false(tally.out_of_order);
	assert_int_equal(tally.seq_gaps, 0);
	rec_tally_free(&tally);
	rb_channel_destroy(chan);
}

static int cpu_zero(void)
{
	return 0;
}

static void test_threads_off_the_stream_cpu_make_it_atomic(void **state)
{
	struct rb_reserve_ctx ctx;
	struct rb_channel *chan;

	(void)state;
	need_local_reservations();
	chan = two_stream_channel(true);

	/* A getcpu override sends a thread on CPU 1 to stream 0 for good. */
	assert_true(pin_to(1));
	rb_set_getcpu_override(cpu_zero);
	assert_int_equal(rb_reserve(chan, &ctx, 1, 8, test_clock), 0);
	rb_set_getcpu_override(NULL);
	assert_ptr_equal(ctx.stream, &chan->streams[0]);
	rb_commit(&ctx);
	assert_int_equal(chan->streams[0].shm->atomic_reserve,
			 RB_RESERVE_ATOMIC);
	assert_true(affinity_is(1)); /* it went to CPU 0 and came back */
	assert_int_equal(rb_stream_reserve(&chan->streams[0], &ctx, 1, 8,
					   test_clock),
			 0);
	rb_commit(&ctx);

	/* Directly, from CPU 1 again. */
	assert_int_equal(chan->streams[1].shm->atomic_reserve,
			 RB_RESERVE_LOCAL);
	assert_true(pin_to(0));
	assert_true(rb_stream_require_atomic(&chan->streams[1]));
	assert_int_equal(chan->streams[1].shm->atomic_reserve,
			 RB_RESERVE_ATOMIC);
	assert_true(affinity_is(0));
	rb_channel_destroy(chan);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_local_and_remote_commits_fill_packets_once),
		cmocka_unit_test(test_local_reservations_stay_on_their_cpu),
		cmocka_unit_test(
			test_threads_off_the_stream_cpu_make_it_atomic),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
