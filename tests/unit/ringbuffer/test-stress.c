/*
 * Multi-threaded stress of the ring buffer: producer threads with random
 * record sizes and checksummed payloads against a concurrent consumer, in
 * discard, overwrite and blocking modes (exact accounting in each, also
 * in overwrite mode with a consumer racing every delivery), with signal
 * handlers tracing in the middle of reservations; with atomic commits and
 * reservations, then with CPU-local commits, then with CPU-local reservations
 * as well (threads migrate, so both kinds of commit mix, and the consumer's
 * switches move it to each stream's CPU). Also run under ThreadSanitizer
 * (atomic commits and reservations only there), where a stream created
 * CPU-local by a process with local updates is mapped too. With CPU-local
 * reservations, the fallbacks when a stream's CPU cannot be reached
 * (producer.c, RESERVE): the consumer's cpuset loses a CPU mid-run, and
 * a SCHED_FIFO thread holds a CPU in bursts (both as root).
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cpuset.h"
#include "records.h"
#include "ringbuffer/local-commit.h"

#define PRODUCERS 4
#define HANDLER_PRODUCER_BASE 32
#define PER_PRODUCER 20000

struct stress {
	struct rb_channel *chan;
	rb_clock_fn clock;
	unsigned int producers;
	uint64_t per_producer;
	int consumer_delay_us; /* sleep after each packet (slow consumer) */
	/*
	 * Non-zero: before each record, producers wait while a stream
	 * holds more than this many bytes not consumed (overwrite mode
	 * then never reclaims a packet the consumer has not read).
	 */
	uint64_t max_usage;
	bool signals;	       /* a thread interrupts producers with SIGUSR1 */
	pthread_t threads[PRODUCERS];
	uint64_t ok[REC_MAX_PRODUCERS];
	uint64_t failed[REC_MAX_PRODUCERS];
	int done;
	int stop_signals;
	unsigned int finished; /* producers done with their records */
	int release;	       /* producers may exit */
	struct rec_tally tally;
	/*
	 * Fallbacks: a thread switching every stream again and again (a
	 * switch timer); the consumer and it in this cpuset, which loses
	 * CPU 0 halfway through; a SCHED_FIFO thread holding CPU 0 in
	 * bursts while the producers run.
	 */
	bool switcher;
	struct test_cpuset *cpuset;
	bool fifo_bursts;
	unsigned long switch_rounds;
	int spinner_error;
	unsigned int bursts;  /* SCHED_FIFO bursts begun */
	pid_t producer_tids[PRODUCERS + 1]; /* and the test's thread */
	unsigned int at_half; /* cpuset: producers waiting halfway */
	int offset_went_back; /* seen by the switcher: a lost reservation */
	int resume;	      /* cpuset: they may go on */
};

/* Records the test's own thread writes on stream 0 (cpuset test). */
#define MAIN_PRODUCER 40

static uint64_t fast_tick;

/* A clock that jumps by 2^22 per read: deltas often need 64 bits. */
static uint64_t fast_clock(void)
{
	return __atomic_add_fetch(&fast_tick, 1U << 22, __ATOMIC_RELAXED);
}

/* Whether every stream holds at most st->max_usage bytes unconsumed. */
static bool usage_allowed(const struct stress *st)
{
	struct rb_stream_stats s;
	unsigned int i;

	for (i = 0; i < st->chan->nr_streams; i++) {
		rb_stream_stats(&st->chan->streams[i], &s);
		if (s.usage > st->max_usage)
			return false;
	}
	return true;
}

static struct stress *signal_target;
/* Set by each producer thread before it can be told to trace. */
static __thread bool handler_ready;
static __thread uint32_t handler_id;
static __thread uint64_t handler_seq;

static void tracing_handler(int sig)
{
	struct stress *st = signal_target;
	uint32_t id = HANDLER_PRODUCER_BASE + handler_id;

	(void)sig;
	if (!handler_ready)
		return; /* the thread has not said who it is yet */
	if (st->max_usage && !usage_allowed(st))
		return; /* it cannot wait for the consumer: no record */
	if (rec_emit(st->chan, id, handler_seq++, st->clock) == 0)
		__atomic_add_fetch(&st->ok[id], 1, __ATOMIC_RELAXED);
	else
		__atomic_add_fetch(&st->failed[id], 1, __ATOMIC_RELAXED);
}

struct producer_arg {
	struct stress *st;
	uint32_t id;
};

static void *producer(void *p)
{
	struct producer_arg *arg = p;
	struct stress *st = arg->st;
	uint64_t seq;

	st->producer_tids[arg->id] = (pid_t)syscall(SYS_gettid);
	handler_id = arg->id;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	handler_ready = true;
	for (seq = 0; seq < st->per_producer; seq++) {
		while (st->max_usage && !usage_allowed(st))
			sched_yield();
		if (rec_emit(st->chan, arg->id, seq, st->clock) == 0)
			__atomic_add_fetch(&st->ok[arg->id], 1,
					   __ATOMIC_RELAXED);
		else
			__atomic_add_fetch(&st->failed[arg->id], 1,
					   __ATOMIC_RELAXED);
		if (seq % 4096 == 0)
			sched_yield();
		/*
		 * Halfway, each producer waits until its handler traced
		 * once: the signaller may not have run yet (a loaded
		 * machine), and the producers could all finish first.
		 */
		if (st->signals && seq == st->per_producer / 2)
			while (!__atomic_load_n(&handler_seq, __ATOMIC_RELAXED))
				sched_yield();
		/* Halfway, the producers go on during the third burst. */
		if (st->fifo_bursts && seq == st->per_producer / 2)
			while (__atomic_load_n(&st->bursts, __ATOMIC_ACQUIRE) <
				       3 &&
			       !__atomic_load_n(&st->spinner_error,
						__ATOMIC_ACQUIRE))
				sched_yield();
		if (st->cpuset && seq == st->per_producer / 2) {
			__atomic_add_fetch(&st->at_half, 1, __ATOMIC_RELEASE);
			while (!__atomic_load_n(&st->resume, __ATOMIC_ACQUIRE))
				sched_yield();
		}
	}
	/*
	 * Stay alive until the signaller stops: it must never signal a
	 * thread that has exited.
	 */
	__atomic_add_fetch(&st->finished, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&st->release, __ATOMIC_ACQUIRE))
		sched_yield();
	return NULL;
}

static void *signaller(void *p)
{
	struct stress *st = p;
	struct timespec pause = {0, 50 * 1000};
	unsigned int i = 0;

	while (!__atomic_load_n(&st->stop_signals, __ATOMIC_ACQUIRE)) {
		pthread_kill(st->threads[i++ % st->producers], SIGUSR1);
		nanosleep(&pause, NULL);
	}
	return NULL;
}

static void wait_any(struct rb_channel *chan, int timeout_ms)
{
	struct pollfd pfds[8];
	uint64_t count;
	unsigned int i;

	for (i = 0; i < chan->nr_streams; i++) {
		pfds[i].fd = chan->streams[i].wakeup_fd;
		pfds[i].events = POLLIN;
	}
	if (poll(pfds, chan->nr_streams, timeout_ms) <= 0)
		return;
	for (i = 0; i < chan->nr_streams; i++)
		if (pfds[i].revents & POLLIN)
			assert_int_equal(read(pfds[i].fd, &count, 8), 8);
}

/*
 * The consumer's threads: into the test's cpuset, or off CPU 0 while a
 * SCHED_FIFO thread holds it there (their writes must get onto CPU 0).
 */
static void enter_cpuset(struct stress *st)
{
	cpu_set_t one;

	CPU_ZERO(&one);
	CPU_SET(1, &one);
	if (st->fifo_bursts)
		assert_int_equal(sched_setaffinity(0, sizeof(one), &one), 0);
	if (st->cpuset)
		assert_int_equal(test_cpuset_enter(st->cpuset,
						   (pid_t)syscall(SYS_gettid)),
				 0);
}

/*
 * Switches every stream until the producers finish (a switch timer),
 * checking that no stream's offset ever goes back (a reservation
 * overwritten by a stale store would move it back).
 */
static void *switcher(void *p)
{
	struct stress *st = p;
	const struct timespec pause = {0, 100 * 1000};
	uint64_t last[8] = {0}, now;
	unsigned int i;

	enter_cpuset(st);
	while (!__atomic_load_n(&st->done, __ATOMIC_ACQUIRE)) {
		for (i = 0; i < st->chan->nr_streams && i < 8; i++) {
			now = __atomic_load_n(&st->chan->streams[i].shm->offset,
					      __ATOMIC_ACQUIRE);
			if (now < last[i])
				__atomic_store_n(&st->offset_went_back, 1,
						 __ATOMIC_RELAXED);
			last[i] = now;
		}
		rb_channel_switch(st->chan, st->clock);
		__atomic_add_fetch(&st->switch_rounds, 1, __ATOMIC_RELEASE);
		nanosleep(&pause, NULL);
	}
	return NULL;
}

static int64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/*
 * Holds CPU 0 at SCHED_FIFO in bursts of at most 300 ms (below the RT
 * throttle, and ending by themselves), 20 ms apart, until the producers
 * finish.
 */
static void *fifo_bursts(void *p)
{
	struct stress *st = p;
	struct sched_param param = {.sched_priority = 1};
	const struct timespec gap = {0, 20 * 1000 * 1000};
	cpu_set_t zero;
	int64_t end;

	CPU_ZERO(&zero);
	CPU_SET(0, &zero);
	if (sched_setaffinity(0, sizeof(zero), &zero) != 0 ||
	    sched_setscheduler(0, SCHED_FIFO, &param) != 0) {
		__atomic_store_n(&st->spinner_error, errno ? errno : EINVAL,
				 __ATOMIC_RELEASE);
		return NULL;
	}
	while (__atomic_load_n(&st->finished, __ATOMIC_ACQUIRE) <
	       st->producers) {
		__atomic_add_fetch(&st->bursts, 1, __ATOMIC_RELEASE);
		end = now_ns() + 300 * 1000000LL;
		while (now_ns() < end &&
		       __atomic_load_n(&st->finished, __ATOMIC_ACQUIRE) <
			       st->producers)
			;
		nanosleep(&gap, NULL);
	}
	return NULL;
}

/* Records emitted so far, recorded or not. */
static uint64_t emitted(struct stress *st)
{
	uint64_t sum = 0;
	unsigned int i;

	for (i = 0; i < REC_MAX_PRODUCERS; i++)
		sum += __atomic_load_n(&st->ok[i], __ATOMIC_RELAXED) +
		       __atomic_load_n(&st->failed[i], __ATOMIC_RELAXED);
	return sum;
}

/* The consumer thread: checks every packet until the producers finish. */
static void *consumer(void *p)
{
	struct stress *st = p;
	struct timespec delay = {0, st->consumer_delay_us * 1000L};
	struct rb_packet pkt;
	unsigned int i;
	bool any;

	enter_cpuset(st);

	while (!__atomic_load_n(&st->done, __ATOMIC_ACQUIRE)) {
		any = false;
		for (i = 0; i < st->chan->nr_streams; i++) {
			if (rb_stream_get(&st->chan->streams[i], &pkt))
				continue;
			rec_check_packet(&st->tally, st->chan, i, &pkt);
			if (st->consumer_delay_us)
				nanosleep(&delay, NULL);
			rb_stream_put(&st->chan->streams[i]);
			any = true;
		}
		if (!any)
			wait_any(st->chan, 2);
	}
	rb_channel_switch(st->chan, st->clock);
	rec_drain(&st->tally, st->chan);
	return NULL;
}

/* The group being run reserves CPU-locally. */
static bool local_reserve;

static struct rb_channel *make_channel(enum rb_mode mode, uint64_t size,
				       uint64_t count, int64_t blocking_us)
{
	struct rb_config conf = {
		.subbuf_size = size,
		.subbuf_count = count,
		.mode = mode,
		.blocking_timeout_us = blocking_us,
		.nr_streams = 2,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.stream_id = 1,
		.local_reserve = local_reserve,
	};
	struct rb_channel *chan;

	memcpy(conf.uuid, rec_test_uuid, 16);
	assert_int_equal(rb_channel_create(&conf, &chan), 0);
	return chan;
}

/*
 * Halfway through (producers waiting): CPU 0 leaves the consumer's
 * cpuset, stream 0 gets an open packet from CPU 0 (this thread is not in
 * the cpuset), and the switcher runs twice, so that it must write stream
 * 0's offset without being able to get onto CPU 0; then the producers go
 * on, with CPU 0 still out of the consumer's reach.
 */
static void shrink_cpuset(struct stress *st)
{
	const struct timespec pause = {0, 1000 * 1000};
	cpu_set_t saved, zero;
	unsigned long rounds;
	uint64_t seq;

	/*
	 * The whole consumer (its threads, the helpers of its switches) is
	 * in the cpuset; the producers and this thread stand for other
	 * processes.
	 */
	st->producer_tids[st->producers] = (pid_t)syscall(SYS_gettid);
	assert_int_equal(test_cpuset_enter_all_but(st->cpuset,
						   st->producer_tids,
						   st->producers + 1),
			 0);
	assert_int_equal(test_cpuset_set_cpus(st->cpuset, "1"), 0);
	assert_int_equal(sched_getaffinity(0, sizeof(saved), &saved), 0);
	CPU_ZERO(&zero);
	CPU_SET(0, &zero);
	assert_int_equal(sched_setaffinity(0, sizeof(zero), &zero), 0);
	for (seq = 0; seq < 3; seq++) {
		if (rec_emit_stream(&st->chan->streams[0], MAIN_PRODUCER, seq,
				    st->clock) == 0)
			st->ok[MAIN_PRODUCER]++;
		else
			st->failed[MAIN_PRODUCER]++;
	}
	assert_int_equal(sched_setaffinity(0, sizeof(saved), &saved), 0);
	rounds = __atomic_load_n(&st->switch_rounds, __ATOMIC_ACQUIRE);
	while (__atomic_load_n(&st->switch_rounds, __ATOMIC_ACQUIRE) <
	       rounds + 2)
		nanosleep(&pause, NULL);
	__atomic_store_n(&st->resume, 1, __ATOMIC_RELEASE);
}

/* Runs producers, the consumer and the signaller to completion. */
static void run(struct stress *st)
{
	struct producer_arg args[PRODUCERS];
	struct sigaction sa = {.sa_handler = tracing_handler};
	const struct timespec pause = {0, 1000 * 1000};
	pthread_t sig_thread, cons_thread, switch_thread, spin_thread;
	uint64_t progress = 0, now;
	int64_t stalled_since = now_ns();
	unsigned long rounds;
	bool shrunk = false;
	unsigned int i;

	rec_tally_init(&st->tally, st->per_producer);
	if (st->signals) {
		signal_target = st;
		sigaction(SIGUSR1, &sa, NULL);
	}
	pthread_create(&cons_thread, NULL, consumer, st);
	for (i = 0; i < st->producers; i++) {
		args[i].st = st;
		args[i].id = i;
		pthread_create(&st->threads[i], NULL, producer, &args[i]);
	}
	if (st->signals)
		pthread_create(&sig_thread, NULL, signaller, st);
	if (st->switcher)
		pthread_create(&switch_thread, NULL, switcher, st);
	if (st->fifo_bursts)
		pthread_create(&spin_thread, NULL, fifo_bursts, st);
	while (__atomic_load_n(&st->finished, __ATOMIC_ACQUIRE) <
	       st->producers) {
		nanosleep(&pause, NULL);
		if (st->cpuset && !shrunk &&
		    __atomic_load_n(&st->at_half, __ATOMIC_ACQUIRE) ==
			    st->producers) {
			shrink_cpuset(st);
			shrunk = true;
		}
		now = emitted(st);
		if (now != progress) {
			progress = now;
			stalled_since = now_ns();
		} else if (now_ns() - stalled_since > 30 * 1000000000LL) {
			fail_msg("no record emitted for 30 s: a reservation "
				 "never returns (%llu emitted)",
				 (unsigned long long)now);
		}
	}
	if (st->cpuset) {
		/* Switches ran while CPU 0 was out of reach; then it is back.
		 */
		rounds = __atomic_load_n(&st->switch_rounds, __ATOMIC_ACQUIRE);
		while (__atomic_load_n(&st->switch_rounds, __ATOMIC_ACQUIRE) <
		       rounds + 2)
			nanosleep(&pause, NULL);
		assert_int_equal(test_cpuset_set_cpus(st->cpuset, "0-1"), 0);
	}
	if (st->fifo_bursts)
		pthread_join(spin_thread, NULL);
	if (st->signals) {
		__atomic_store_n(&st->stop_signals, 1, __ATOMIC_RELEASE);
		pthread_join(sig_thread, NULL);
		/* Ignoring drops a signal still pending (SIG_DFL would kill).
		 */
		signal(SIGUSR1, SIG_IGN);
	}
	__atomic_store_n(&st->release, 1, __ATOMIC_RELEASE);
	for (i = 0; i < st->producers; i++)
		pthread_join(st->threads[i], NULL);
	__atomic_store_n(&st->done, 1, __ATOMIC_RELEASE);
	if (st->switcher)
		pthread_join(switch_thread, NULL);
	pthread_join(cons_thread, NULL);
}

static uint64_t total_discarded(const struct rb_channel *chan)
{
	struct rb_stream_stats s;
	uint64_t sum = 0;
	unsigned int i;

	for (i = 0; i < chan->nr_streams; i++) {
		rb_stream_stats(&chan->streams[i], &s);
		sum += s.discarded_events;
	}
	return sum;
}

/*
 * Exact accounting (discard mode, or overwrite mode where nothing is
 * overwritten): every producer's committed records were consumed
 * exactly once, and recorded + discarded == emitted.
 */
static void check_exact_accounting(struct stress *st)
{
	uint64_t emitted = 0, failed = 0;
	unsigned int i;

	for (i = 0; i < REC_MAX_PRODUCERS; i++) {
		assert_int_equal(st->tally.per_producer[i], st->ok[i]);
		emitted += st->ok[i] + st->failed[i];
		failed += st->failed[i];
	}
	assert_false(st->tally.duplicate);
	assert_false(st->tally.out_of_order);
	assert_false(st->offset_went_back);
	assert_int_equal(total_discarded(st->chan), failed);
	assert_int_equal(st->tally.records + total_discarded(st->chan),
			 emitted);
	assert_int_equal(st->tally.seq_gaps, 0);
}

static void test_discard_threads_account_for_every_record(void **state)
{
	static struct stress st;

	(void)state;
	memset(&st, 0, sizeof(st));
	st.chan = make_channel(RB_MODE_DISCARD, 4096, 4, 0);
	st.clock = rec_clock_monotonic;
	st.producers = PRODUCERS;
	st.per_producer = PER_PRODUCER;
	run(&st);
	check_exact_accounting(&st);
	assert_int_equal(st.tally.records + total_discarded(st.chan),
			 PRODUCERS * PER_PRODUCER);
	rec_tally_free(&st.tally);
	rb_channel_destroy(st.chan);
}

static void test_discard_threads_with_wide_timestamp_deltas(void **state)
{
	static struct stress st;

	(void)state;
	memset(&st, 0, sizeof(st));
	st.chan = make_channel(RB_MODE_DISCARD, 8192, 4, 0);
	st.clock = fast_clock;
	st.producers = PRODUCERS;
	st.per_producer = PER_PRODUCER / 2;
	run(&st);
	check_exact_accounting(&st);
	rec_tally_free(&st.tally);
	rb_channel_destroy(st.chan);
}

static void test_nested_signal_producers_account_exactly(void **state)
{
	static struct stress st;
	uint64_t nested = 0;
	unsigned int i;

	(void)state;
	memset(&st, 0, sizeof(st));
	st.chan = make_channel(RB_MODE_DISCARD, 4096, 4, 0);
	st.clock = rec_clock_monotonic;
	st.producers = PRODUCERS;
	st.per_producer = PER_PRODUCER;
	st.signals = true;
	run(&st);
	check_exact_accounting(&st);
	for (i = 0; i < PRODUCERS; i++)
		nested += st.ok[HANDLER_PRODUCER_BASE + i] +
			  st.failed[HANDLER_PRODUCER_BASE + i];
	assert_true(nested > 0);
	rec_tally_free(&st.tally);
	rb_channel_destroy(st.chan);
}

static void test_blocking_threads_lose_nothing(void **state)
{
	static struct stress st;
	unsigned int i;

	(void)state;
	memset(&st, 0, sizeof(st));
	st.chan = make_channel(RB_MODE_DISCARD, 4096, 2, -1);
	st.clock = rec_clock_monotonic;
	st.producers = PRODUCERS;
	st.per_producer = PER_PRODUCER / 2;
	st.consumer_delay_us = 20;
	run(&st);
	check_exact_accounting(&st);
	for (i = 0; i < PRODUCERS; i++)
		assert_int_equal(st.ok[i], PER_PRODUCER / 2);
	assert_int_equal(total_discarded(st.chan), 0);
	rec_tally_free(&st.tally);
	rb_channel_destroy(st.chan);
}

/*
 * Overwrite mode with a slow consumer: every packet was either consumed
 * or counted lost, the packet_seq_num gaps are the lost packets, and the
 * last packet of each stream is the most recent one.
 */
static void test_overwrite_threads_keep_recent_packets(void **state)
{
	static struct stress st;
	struct rb_stream_stats s;
	uint64_t lost = 0, produced = 0;
	unsigned int i;

	(void)state;
	memset(&st, 0, sizeof(st));
	st.chan = make_channel(RB_MODE_OVERWRITE, 4096, 4, 0);
	st.clock = rec_clock_monotonic;
	st.producers = PRODUCERS;
	st.per_producer = PER_PRODUCER;
	st.consumer_delay_us = 200;
	run(&st);
	for (i = 0; i < st.chan->nr_streams; i++) {
		rb_stream_stats(&st.chan->streams[i], &s);
		assert_int_equal(s.produced % 4096, 0);
		assert_int_equal(st.tally.next_packet_seq[i],
				 s.produced / 4096);
		lost += s.lost_packets;
		produced += s.produced / 4096;
	}
	assert_true(lost > 0);
	assert_int_equal(st.tally.seq_gaps, lost);
	assert_int_equal(st.tally.packets + lost, produced);
	assert_false(st.tally.duplicate);
	assert_false(st.tally.out_of_order);
	rec_tally_free(&st.tally);
	rb_channel_destroy(st.chan);
}

/* Delivery hook: gives the CPU away between the claim and RB_NOREF. */
static void pause_delivery(void)
{
	sched_yield();
}

/*
 * Overwrite mode where no packet is ever overwritten (producers wait
 * for the consumer at half the ring), with every delivery slowed down
 * between its claim and its hand-back of the sub-buffer: a consumer
 * landing in that window must wait for the packet, not skip it. Every
 * record is read back exactly once, recorded + discarded == emitted,
 * and no packet is counted lost.
 */
static void test_overwrite_threads_account_for_every_record(void **state)
{
	static struct stress st;
	struct rb_stream_stats s;
	unsigned int i;

	(void)state;
	memset(&st, 0, sizeof(st));
	st.chan = make_channel(RB_MODE_OVERWRITE, 4096, 8, 0);
	st.clock = rec_clock_monotonic;
	st.producers = PRODUCERS;
	st.per_producer = PER_PRODUCER;
	st.max_usage = 4 * 4096;
	st.signals = true;
	rb_test_deliver_pause = pause_delivery;
	run(&st);
	rb_test_deliver_pause = NULL;
	check_exact_accounting(&st);
	for (i = 0; i < st.chan->nr_streams; i++) {
		rb_stream_stats(&st.chan->streams[i], &s);
		assert_int_equal(s.lost_packets, 0);
		assert_int_equal(st.tally.next_packet_seq[i],
				 s.produced / 4096);
	}
	rec_tally_free(&st.tally);
	rb_channel_destroy(st.chan);
}

/*
 * A stream created CPU-local by a process with local updates (the
 * consumer daemon on x86), mapped by producers without them (a
 * ThreadSanitizer or non-x86 build, or before rb_local_commit_enable()):
 * they turn it atomic from its CPU and record everything.
 */
static void test_cpu_local_stream_mapped_without_local_updates(void **state)
{
	static struct stress st;
	unsigned int i;

	(void)state;
	memset(&st, 0, sizeof(st));
	st.chan = make_channel(RB_MODE_DISCARD, 4096, 4, 0);
	for (i = 0; i < st.chan->nr_streams; i++)
		__atomic_store_n(&st.chan->streams[i].shm->atomic_reserve,
				 RB_RESERVE_LOCAL, __ATOMIC_RELAXED);
	st.clock = rec_clock_monotonic;
	st.producers = PRODUCERS;
	st.per_producer = PER_PRODUCER / 4;
	st.switcher = true;
	run(&st);
	check_exact_accounting(&st);
	rec_tally_free(&st.tally);
	rb_channel_destroy(st.chan);
}

static struct test_cpuset stress_set;
static bool stress_set_made;

static int remove_stress_cpuset(void **state)
{
	(void)state;
	if (stress_set_made)
		test_cpuset_destroy(&stress_set);
	stress_set_made = false;
	return 0;
}

/*
 * CPU-local reservations; the consumer and its switch timer run in a
 * cpuset that loses CPU 0 halfway through (a container's cpuset shrunk
 * after the channel was created): stream 0 turns atomic without anyone
 * on CPU 0 writing into a producer's reservation, and every record is
 * accounted for.
 */
static void test_consumer_cpuset_loses_a_cpu_mid_run(void **state)
{
	static struct stress st;
	const char *why;

	(void)state;
	if (!local_reserve)
		skip(); /* the fallback of CPU-local reservations only */
	why = test_cpuset_create(&stress_set, "0-1");
	if (why) {
		print_message("skipped: %s\n", why);
		skip();
	}
	stress_set_made = true;
	memset(&st, 0, sizeof(st));
	st.chan = make_channel(RB_MODE_DISCARD, 4096, 4, 0);
	st.clock = rec_clock_monotonic;
	st.producers = PRODUCERS;
	st.per_producer = PER_PRODUCER;
	st.switcher = true;
	st.cpuset = &stress_set;
	run(&st);
	check_exact_accounting(&st);
	assert_int_equal(st.chan->streams[0].shm->atomic_reserve,
			 RB_RESERVE_ATOMIC);
	rec_tally_free(&st.tally);
	rb_channel_destroy(st.chan);
}

/*
 * CPU-local reservations while a SCHED_FIFO thread holds CPU 0 in
 * bursts: switches cannot always get there, producers there are
 * starved, and still every record is accounted for.
 */
static void test_fifo_thread_holds_a_cpu_in_bursts(void **state)
{
	static struct stress st;

	(void)state;
	if (!local_reserve)
		skip();
	if (geteuid() != 0) {
		print_message("skipped: SCHED_FIFO needs root\n");
		skip();
	}
	memset(&st, 0, sizeof(st));
	st.chan = make_channel(RB_MODE_DISCARD, 4096, 4, 0);
	st.clock = rec_clock_monotonic;
	st.producers = PRODUCERS;
	st.per_producer = PER_PRODUCER;
	st.switcher = true;
	st.fifo_bursts = true;
	run(&st);
	if (st.spinner_error)
		print_message("no SCHED_FIFO thread (%s)\n",
			      strerror(st.spinner_error));
	assert_int_equal(st.spinner_error, 0);
	print_message("%u bursts, stream 0 %s\n", st.bursts,
		      st.chan->streams[0].shm->atomic_reserve ==
				      RB_RESERVE_ATOMIC
			      ? "turned atomic"
			      : "still CPU-local");
	check_exact_accounting(&st);
	rec_tally_free(&st.tally);
	rb_channel_destroy(st.chan);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_discard_threads_account_for_every_record),
		cmocka_unit_test(
			test_discard_threads_with_wide_timestamp_deltas),
		cmocka_unit_test(test_nested_signal_producers_account_exactly),
		cmocka_unit_test(test_blocking_threads_lose_nothing),
		cmocka_unit_test(test_overwrite_threads_keep_recent_packets),
		cmocka_unit_test(
			test_overwrite_threads_account_for_every_record),
		cmocka_unit_test(
			test_cpu_local_stream_mapped_without_local_updates),
		cmocka_unit_test_teardown(
			test_consumer_cpuset_loses_a_cpu_mid_run,
			remove_stress_cpuset),
		cmocka_unit_test(test_fifo_thread_holds_a_cpu_in_bursts),
	};

	int failed = cmocka_run_group_tests_name("atomic commits", tests, NULL,
						 NULL);

	/* Again with CPU-local commits, where rseq and membarrier allow. */
	if (rb_local_commit_enable()) {
		failed += cmocka_run_group_tests_name("CPU-local commits",
						      tests, NULL, NULL);
		local_reserve = rb_cpu_can_run_on_all(2);
		if (local_reserve)
			failed += cmocka_run_group_tests_name(
				"CPU-local commits and reservations", tests,
				NULL, NULL);
	}
	return failed;
}
