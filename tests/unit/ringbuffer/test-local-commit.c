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
 * never be on the stream's CPU makes the stream atomic; one that comes
 * back to it does not.
 *
 * The fallbacks when the stream's CPU cannot be reached (producer.c,
 * RESERVE, TURNING ATOMIC): a cpuset without that CPU (as root, cgroup
 * v1 cpusets), with a local store still in flight; a SCHED_FIFO thread
 * holding the CPU (as root); and an unpin after the cpuset shrank.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cpuset.h"
#include "records.h"
#include "ringbuffer/local-commit.h"

#define RECORDS_PER_THREAD 3000
#define MIGRATING 1
#define LOCAL 2
#define LATE 3

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

/*
 * A thread that was on CPU 1 when stream 0 refused it, and is back on
 * CPU 0 when it retries, reserves CPU-locally again: coming back is not
 * a reason to make the stream atomic (rb_reserve_off_cpu). Many times,
 * both ways.
 */
static void test_thread_back_on_its_cpu_keeps_the_stream_local(void **state)
{
	struct rb_reserve_ctx ctx;
	struct rb_channel *chan;
	int round, from, to;

	(void)state;
	need_local_reservations();
	chan = two_stream_channel(true);
	for (round = 0; round < 200; round++) {
		to = round % 2;
		from = 1 - to;
		assert_true(pin_to(from));
		assert_int_equal(rb_stream_reserve(&chan->streams[to], &ctx, 1,
						   8, test_clock),
				 -EAGAIN);
		assert_true(pin_to(to)); /* back before retrying */
		assert_int_equal(rb_reserve_off_cpu(chan, &chan->streams[to],
						    &ctx, 1, 8, test_clock),
				 0);
		rb_commit(&ctx);
	}
	assert_int_equal(chan->streams[0].shm->atomic_reserve,
			 RB_RESERVE_LOCAL);
	assert_int_equal(chan->streams[1].shm->atomic_reserve,
			 RB_RESERVE_LOCAL);
	rb_channel_destroy(chan);
}

/* The cpuset of the test running, removed by its teardown. */
static struct test_cpuset test_set;
static bool test_set_made;

static void enter_cpuset_or_skip(const char *cpus)
{
	const char *why = test_cpuset_create(&test_set, cpus);

	if (why) {
		print_message("skipped: %s\n", why);
		skip();
	}
	test_set_made = true;
	assert_int_equal(
		test_cpuset_enter(&test_set, (pid_t)syscall(SYS_gettid)), 0);
}

static int remove_cpuset(void **state)
{
	cpu_set_t all;

	(void)state;
	if (test_set_made)
		test_cpuset_destroy(&test_set);
	test_set_made = false;
	memset(&all, 0xff, sizeof(all));
	(void)sched_setaffinity(0, sizeof(all), &all);
	return 0;
}

/*
 * rb_cpu_unpin after the cpuset lost every CPU the saved affinity had:
 * the thread must get the CPUs its cpuset allows, not stay pinned
 * (the kernel keeps a thread's requested affinity across cpuset
 * changes, so a pin left in place outlives the cpuset's growing back).
 */
static void test_unpin_never_leaves_the_thread_pinned(void **state)
{
	struct rb_cpu_pin pin = {0};
	cpu_set_t set;

	(void)state;
	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		skip();
	enter_cpuset_or_skip("0-1");
	assert_true(pin_to(0));
	assert_int_equal(rb_cpu_pin(&pin, 1), 0);
	assert_true(affinity_is(1));
	assert_int_equal(test_cpuset_set_cpus(&test_set, "1"), 0);
	assert_int_equal(rb_cpu_unpin(&pin), 0);
	assert_false(pin.pinned);
	assert_int_equal(test_cpuset_set_cpus(&test_set, "0-1"), 0);
	assert_int_equal(sched_getaffinity(0, sizeof(set), &set), 0);
	assert_true(CPU_ISSET(0, &set));
	assert_true(CPU_ISSET(1, &set));
}

/*
 * A producer on CPU 0 inside its reservation: it read atomic_reserve
 * clear and offset, and its plain store of offset is still to come (a
 * restartable sequence interrupted, not preempted, between its last
 * check and its store; modelled here by a thread that waits there).
 */
struct late_store {
	struct rb_channel *chan;
	pid_t tid;
	int in_flight; /* it read offset; waiting for `go` */
	int go;
	uint64_t records; /* records it committed, the late one included */
	int error;
};

static void wait_flag(int *flag)
{
	while (!__atomic_load_n(flag, __ATOMIC_ACQUIRE))
		sched_yield();
}

static void *late_store_producer(void *p)
{
	struct late_store *l = p;
	struct rb_stream *s = &l->chan->streams[0];
	uint32_t len = REC_FIXED_LEN + rec_random_len(LATE, 2);
	uint32_t id = rec_event_id(LATE, 2);
	struct rb_reserve_ctx ctx;
	uint64_t old, ts;
	unsigned int hlen;
	char *rec;

	l->tid = (pid_t)syscall(SYS_gettid);
	if (!pin_to(0) || rec_emit_stream(s, LATE, 0, test_clock) ||
	    rec_emit_stream(s, LATE, 1, test_clock)) {
		l->error = 1;
		__atomic_store_n(&l->in_flight, 1, __ATOMIC_RELEASE);
		return NULL;
	}
	/* rb_stream_reserve's fast path, up to its sequence's checks */
	old = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE);
	ts = test_clock();
	hlen = ctf_event_header_len(s->header_kind, id, s->shm->last_ts, ts);
	if (s->shm->atomic_reserve != RB_RESERVE_LOCAL)
		l->error = 1;
	__atomic_store_n(&l->in_flight, 1, __ATOMIC_RELEASE);
	wait_flag(&l->go);
	/* the sequence's plain store, then the rest of the reservation */
	__atomic_store_n(&s->shm->offset, old + hlen + len, __ATOMIC_RELAXED);
	s->shm->last_ts = ts;
	rec = s->data + (old & s->subbuf_mask) +
	      ((old >> s->subbuf_order & s->count_mask) << s->subbuf_order);
	ctf_event_header_write(rec, hlen, id, ts);
	rec_fill(rec + hlen, LATE, 2, ts);
	ctx.stream = s;
	ctx.begin = old;
	ctx.commit_len = hlen + len;
	rb_commit(&ctx);
	l->records = 3;
	return NULL;
}

/*
 * The consumer's cpuset lost the stream's CPU after the channel was
 * created, while a producer's local store is in flight: the switch must
 * not write offset until that store landed (then it turns the stream
 * atomic and switches), and no reservation may overlap another.
 */
static void test_switch_off_cpuset_waits_for_a_local_store(void **state)
{
	struct late_store late = {0};
	struct rb_channel *chan;
	struct rec_tally tally;
	pthread_t thread;
	uint64_t before;
	int ret;

	(void)state;
	need_local_reservations();
	chan = two_stream_channel(true);
	late.chan = chan;
	assert_int_equal(
		pthread_create(&thread, NULL, late_store_producer, &late), 0);
	wait_flag(&late.in_flight);
	/*
	 * CPU 0 is out of this process's reach from here on (the producer
	 * stands for another process).
	 */
	enter_cpuset_or_skip("1");
	assert_int_equal(test_cpuset_enter_all_but(&test_set, &late.tid, 1), 0);
	assert_true(affinity_is(1));

	before = chan->streams[0].shm->offset;
	ret = rb_stream_switch(&chan->streams[0], test_clock);
	/* Nothing may be written while the store is in flight. */
	assert_int_equal(ret, -EAGAIN);
	assert_int_equal(chan->streams[0].shm->offset, before);
	assert_int_equal(chan->streams[0].shm->atomic_reserve,
			 RB_RESERVE_FLIPPING);

	__atomic_store_n(&late.go, 1, __ATOMIC_RELEASE);
	pthread_join(thread, NULL);
	assert_int_equal(late.error, 0);
	assert_true(chan->streams[0].shm->offset > before);

	/* The store landed: proven, the stream is atomic, the switch works. */
	assert_int_equal(rb_stream_switch(&chan->streams[0], test_clock), 1);
	assert_int_equal(chan->streams[0].shm->atomic_reserve,
			 RB_RESERVE_ATOMIC);
	rec_tally_init(&tally, 3);
	rec_drain(&tally, chan);
	assert_int_equal(tally.per_producer[LATE], late.records);
	assert_false(tally.duplicate);
	assert_false(tally.out_of_order);
	assert_int_equal(tally.seq_gaps, 0);
	rec_tally_free(&tally);
	rb_channel_destroy(chan);
}

/* Longest a SCHED_FIFO spinner holds CPU 0 (under the RT throttle). */
#define SPIN_LIMIT_NS (800 * 1000000LL)

struct spinner {
	int started;
	int stop;
	int expired; /* it spun SPIN_LIMIT_NS and stopped by itself */
	int error;
};

static int64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Holds CPU 0 at SCHED_FIFO until told to stop, SPIN_LIMIT_NS at most. */
static void *fifo_spinner(void *p)
{
	struct spinner *sp = p;
	struct sched_param param = {.sched_priority = 1};
	int64_t end;

	if (!pin_to(0) || sched_setscheduler(0, SCHED_FIFO, &param) != 0) {
		sp->error = errno ? errno : EINVAL;
		__atomic_store_n(&sp->started, 1, __ATOMIC_RELEASE);
		return NULL;
	}
	end = now_ns() + SPIN_LIMIT_NS;
	__atomic_store_n(&sp->started, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&sp->stop, __ATOMIC_ACQUIRE))
		if (now_ns() >= end) {
			__atomic_store_n(&sp->expired, 1, __ATOMIC_RELEASE);
			break;
		}
	return NULL;
}

/*
 * A SCHED_FIFO thread holds CPU 0: a switch of stream 0 from CPU 1
 * comes back while it still does (it cannot get there; it must not wait
 * for the CPU), and once the CPU is free again the stream is switched
 * and every record is there.
 */
static void test_switch_returns_while_a_fifo_thread_holds_the_cpu(void **state)
{
	struct spinner spin = {0};
	struct rb_channel *chan;
	struct rec_tally tally;
	pthread_t thread;
	uint64_t seq;
	int ret;

	(void)state;
	need_local_reservations();
	if (geteuid() != 0) {
		print_message("skipped: SCHED_FIFO needs root\n");
		skip();
	}
	chan = two_stream_channel(true);
	assert_true(pin_to(0));
	for (seq = 0; seq < 10; seq++)
		assert_int_equal(rec_emit_stream(&chan->streams[0], LOCAL, seq,
						 test_clock),
				 0);
	assert_true(pin_to(1));
	assert_int_equal(pthread_create(&thread, NULL, fifo_spinner, &spin), 0);
	wait_flag(&spin.started);
	if (spin.error) {
		pthread_join(thread, NULL);
		rb_channel_destroy(chan);
		print_message("skipped: no SCHED_FIFO here (%s)\n",
			      strerror(spin.error));
		skip();
	}
	ret = rb_stream_switch(&chan->streams[0], test_clock);
	assert_false(__atomic_load_n(&spin.expired, __ATOMIC_ACQUIRE));
	__atomic_store_n(&spin.stop, 1, __ATOMIC_RELEASE);
	pthread_join(thread, NULL);
	assert_true(ret == 1 || ret == -EAGAIN);
	assert_true(affinity_is(1));

	if (ret != 1)
		assert_int_equal(rb_stream_flush(&chan->streams[0], test_clock),
				 1);
	rec_tally_init(&tally, 10);
	rec_drain(&tally, chan);
	assert_int_equal(tally.per_producer[LOCAL], 10);
	assert_false(tally.duplicate);
	assert_int_equal(tally.seq_gaps, 0);
	rec_tally_free(&tally);
	rb_channel_destroy(chan);
}

/*
 * A fork child of a process whose switches already started helper
 * threads (rb_cpu_run_on) has none of them: its own flush of another
 * CPU's stream still gets there, without turning the stream atomic.
 */
static void test_fork_child_reaches_the_streams_cpu(void **state)
{
	struct rb_channel *chan;
	int status;
	pid_t pid;

	(void)state;
	need_local_reservations();
	chan = two_stream_channel(true);
	assert_true(pin_to(1));
	assert_int_equal(rb_stream_flush(&chan->streams[0], test_clock), 1);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(rb_stream_flush(&chan->streams[0], test_clock) == 1 &&
				      chan->streams[0].shm->atomic_reserve ==
					      RB_RESERVE_LOCAL
			      ? 0
			      : 1);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	rb_channel_destroy(chan);
}

/*
 * A process without local updates (lttng-crash; a ThreadSanitizer
 * build; here a fork child that turns them off) switches a CPU-local
 * stream of another CPU: its helper there turns the stream atomic, and
 * the packet is closed.
 */
static void test_process_without_local_updates_switches_anywhere(void **state)
{
	struct rb_channel *chan;
	int status;
	pid_t pid;

	(void)state;
	need_local_reservations();
	chan = two_stream_channel(true);
	assert_true(pin_to(0));
	assert_int_equal(
		rec_emit_stream(&chan->streams[0], LOCAL, 0, test_clock), 0);
	assert_true(pin_to(1));
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		rb_local_commit_enabled = false;
		_exit(rb_stream_switch(&chan->streams[0], test_clock) == 1 &&
				      chan->streams[0].shm->atomic_reserve ==
					      RB_RESERVE_ATOMIC
			      ? 0
			      : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
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
		cmocka_unit_test(
			test_thread_back_on_its_cpu_keeps_the_stream_local),
		cmocka_unit_test_teardown(
			test_unpin_never_leaves_the_thread_pinned,
			remove_cpuset),
		cmocka_unit_test_teardown(
			test_switch_off_cpuset_waits_for_a_local_store,
			remove_cpuset),
		cmocka_unit_test(
			test_switch_returns_while_a_fifo_thread_holds_the_cpu),
		cmocka_unit_test(test_fork_child_reaches_the_streams_cpu),
		cmocka_unit_test(
			test_process_without_local_updates_switches_anywhere),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
