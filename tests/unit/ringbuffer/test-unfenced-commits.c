/*
 * Remote commits from a committer that cannot run membarrier, into a
 * stream where another thread commits CPU-locally (producer.c, "COMMIT"
 * and "WITHOUT MEMBARRIER"): a process whose seccomp filter denies
 * membarrier from the start (its MEMBARRIER_CMD_QUERY fails), and a
 * thread of a process committing CPU-locally whose GLOBAL_EXPEDITED
 * starts failing at run time (a filter installed later), also when it
 * cannot move to the stream's CPU (its filter denies sched_setaffinity,
 * as a cpuset without that CPU would). Either way every complete packet
 * must be delivered, exactly once, and the stream's commits end up
 * atomic: in overwrite mode a lost delivery leaves RB_NOREF clear and
 * the stream refuses every later packet; in both modes the consumer
 * must be woken once per packet.
 *
 * The committer that cannot fence and the CPU-local one run on CPUs 1
 * and 0, both on stream 0 (atomic reservations), as fast as they can,
 * so that the last two commits of many packets cross.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/membarrier.h>
#include <linux/seccomp.h>

#include <cmocka.h>

#include "records.h"
#include "ringbuffer/local-commit.h"

#define RECORDS 1000000
#define LOCAL 1
#define UNFENCED 2
#define CHILD_FLAG "--unfenced-committer"

static bool pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) == 0;
}

/*
 * Makes every membarrier() of the calling thread (and of what it
 * execs) fail with `err`, and with pin_too its sched_setaffinity()
 * too (EPERM, as a cpuset without the CPU), through a seccomp filter.
 * 0 or -errno.
 */
static int deny_membarrier(int err, bool pin_too)
{
#ifdef __x86_64__
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_membarrier, 0, 1),
		BPF_STMT(BPF_RET | BPF_K,
			 SECCOMP_RET_ERRNO |
				 ((unsigned int)err & SECCOMP_RET_DATA)),
		/* no system call has number -1 */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
			 pin_too ? __NR_sched_setaffinity : -1U, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = sizeof(filter) / sizeof(filter[0]),
		.filter = filter,
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
		return -errno;
	/* The filter works: the query fails as a sandbox makes it fail. */
	if (syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0) != -1 ||
	    errno != err)
		return -EPROTO;
	return 0;
#else
	(void)err;
	(void)pin_too;
	return -ENOSYS;
#endif
}

/* Emits `records` records on stream 0; returns how many were refused. */
static uint64_t emit_on_stream0(struct rb_channel *chan, uint32_t producer,
				uint64_t records)
{
	uint64_t seq, refused = 0;

	for (seq = 0; seq < records; seq++)
		if (rec_emit_stream(&chan->streams[0], producer, seq,
				    rec_clock_monotonic))
			refused++;
	return refused;
}

/*
 * The late deliverer (producer.c, COMMIT): the committer that cannot
 * fence stalls between its add and its check (rb_test_commit_pause) at
 * its first LATE_STALLS final commits of a packet, in discard mode,
 * until the CPU-local committer either went round the ring into the
 * slot's next pass (then the stalled one must not be the only one to
 * have seen its packet complete) or was refused by that slot alone.
 * Under the seccomp filter this window is where it moves to the
 * stream's CPU; the stall makes the race happen in every run.
 */
#define LATE_STALLS 4
#define STALL_LIMIT_S 30
static __thread unsigned int stalls_left;

static void stall_final_commit(struct rb_stream *s, uint64_t begin)
{
	const struct timespec pause = {0, 100 * 1000};
	const struct rb_shm_slot *slot =
		&s->slots[(begin >> s->subbuf_order) & s->count_mask];
	uint64_t gidx = begin >> s->subbuf_order, lap = s->count_mask + 1;
	uint64_t at, mark = UINT64_MAX, waited;

	if (!stalls_left || s->mode != RB_MODE_DISCARD ||
	    rb_slot_filled(rb_slot_committed(slot), rb_pass_bytes(s, begin)) !=
		    s->subbuf_size)
		return;
	stalls_left--;
	for (waited = 0; waited < STALL_LIMIT_S * 10000ULL; waited++) {
		at = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE) >>
		     s->subbuf_order;
		if (at >= gidx + lap)
			return; /* went round */
		/* Refused at the end of the ring, the packet consumed. */
		if (at == gidx + lap - 1 &&
		    __atomic_load_n(&s->shm->consumed, __ATOMIC_ACQUIRE) >>
			    s->subbuf_order > gidx) {
			if (mark == UINT64_MAX)
				mark = __atomic_load_n(&s->shm->discarded,
						       __ATOMIC_ACQUIRE);
			else if (__atomic_load_n(&s->shm->discarded,
						 __ATOMIC_ACQUIRE) > mark)
				return;
		}
		nanosleep(&pause, NULL);
	}
	fprintf(stderr,
		"packet %llu: the local committer neither went round "
		"the ring nor was refused in %d s\n",
		(unsigned long long)gidx, STALL_LIMIT_S);
	abort();
}

/*
 * The sandboxed process, exec'd fresh (it never queried membarrier):
 * argv is CHILD_FLAG, errno, records, go fd, result fd, then the shm
 * and wakeup fds of both streams. Writes the count of refused records
 * to the result fd; exits 0, or 1 if it could not run.
 */
static int unfenced_committer_main(char **argv)
{
	struct rb_stream_fds fds[2];
	struct rb_channel *chan;
	uint64_t refused;
	int err = atoi(argv[2]);
	uint64_t records = strtoull(argv[3], NULL, 10);
	int go = atoi(argv[4]), result = atoi(argv[5]);
	char byte;
	unsigned int i;

	for (i = 0; i < 2; i++) {
		fds[i].shm_fd = atoi(argv[6 + 2 * i]);
		fds[i].wakeup_fd = atoi(argv[7 + 2 * i]);
	}
	if (deny_membarrier(err, false) || !pin_to(1) ||
	    rb_channel_map(fds, 2, &chan))
		return 1;
	if (read(go, &byte, 1) != 1)
		return 1;
	stalls_left = LATE_STALLS;
	rb_test_commit_pause = stall_final_commit;
	refused = emit_on_stream0(chan, UNFENCED, records);
	if (write(result, &refused, sizeof(refused)) != sizeof(refused))
		return 1;
	rb_channel_destroy(chan);
	return 0;
}

/* A thread committing CPU-locally to stream 0 from CPU 0. */
struct local_arg {
	struct rb_channel *chan;
	uint64_t refused;
	bool pinned;
	int unfenced_done;
};

/*
 * RECORDS records, then more until the other committer is done: it may
 * be waiting for this one to go round the ring (stall_final_commit).
 */
static void *local_committer(void *p)
{
	struct local_arg *arg = p;
	uint64_t seq;

	arg->pinned = pin_to(0);
	if (!arg->pinned)
		return NULL;
	arg->refused = emit_on_stream0(arg->chan, LOCAL, RECORDS);
	for (seq = RECORDS;
	     !__atomic_load_n(&arg->unfenced_done, __ATOMIC_ACQUIRE); seq++)
		if (rec_emit_stream(&arg->chan->streams[0], LOCAL, seq,
				    rec_clock_monotonic))
			arg->refused++;
	return NULL;
}

/* Discard mode: a consumer that polls, never waiting for a wake-up. */
struct consumer_arg {
	struct rb_channel *chan;
	struct rec_tally tally;
	int stop;
};

static void *polling_consumer(void *p)
{
	struct consumer_arg *arg = p;
	const struct timespec pause = {0, 200 * 1000};

	while (!__atomic_load_n(&arg->stop, __ATOMIC_ACQUIRE))
		if (rec_drain(&arg->tally, arg->chan) == 0)
			nanosleep(&pause, NULL);
	rec_drain(&arg->tally, arg->chan);
	return NULL;
}

static struct rb_channel *make_channel(enum rb_mode mode)
{
	struct rb_config conf = {
		/* overwrite: a small ring, lapped all the time */
		.subbuf_size = mode == RB_MODE_OVERWRITE ? 4096 : 16384,
		.subbuf_count = mode == RB_MODE_OVERWRITE ? 4 : 64,
		.mode = mode,
		.nr_streams = 2,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.stream_id = 5,
		/* both CPUs reserve on stream 0 */
		.local_reserve = false,
	};
	struct rb_channel *chan;

	memcpy(conf.uuid, rec_test_uuid, 16);
	assert_int_equal(rb_channel_create(&conf, &chan), 0);
	return chan;
}

/* Skips unless CPU-local commits work here on CPUs 0 and 1. */
static void need_local_commits(void)
{
	cpu_set_t saved;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		skip();
	assert_int_equal(sched_getaffinity(0, sizeof(saved), &saved), 0);
	if (!pin_to(0) || !pin_to(1))
		skip();
	assert_int_equal(sched_setaffinity(0, sizeof(saved), &saved), 0);
	if (!rb_local_commit_enable())
		skip(); /* no rseq or membarrier here: atomic commits only */
}

/* Bytes committed to slot i over all its passes. */
static uint64_t slot_bytes(const struct rb_stream *s, uint64_t i)
{
	return (uint32_t)(s->slots[i].commit + s->slots[i].commit_remote);
}

/*
 * After every commit: each pass that is complete was delivered. In
 * overwrite mode no pass opens before the previous one is delivered,
 * so each slot's delivered count is its number of complete passes; in
 * discard mode the consumer took every complete packet, and each one
 * must have woken it once.
 */
static void check_every_packet_delivered(struct rb_channel *chan,
					 const struct rec_tally *tally)
{
	struct rb_stream *s = &chan->streams[0];
	uint64_t wakeups = 0, n, i, complete;

	if (s->mode == RB_MODE_OVERWRITE) {
		for (i = 0; i <= s->count_mask; i++) {
			complete = slot_bytes(s, i) / s->subbuf_size;
			if (s->slots[i].delivered != complete)
				fail_msg("slot %llu: %llu passes complete, "
					 "%llu delivered",
					 (unsigned long long)i,
					 (unsigned long long)complete,
					 (unsigned long long)s->slots[i]
						 .delivered);
			/* handed back, unless a pass is being written */
			if (complete && slot_bytes(s, i) % s->subbuf_size == 0)
				assert_true(s->slots[i].wsb & RB_NOREF);
		}
		return;
	}
	while (read(s->wakeup_fd, &n, sizeof(n)) == sizeof(n))
		wakeups += n;
	assert_true(tally->packets > 0);
	if (wakeups != tally->packets)
		fail_msg("%llu packets complete, %llu wake-ups",
			 (unsigned long long)tally->packets,
			 (unsigned long long)wakeups);
}

/*
 * Runs the CPU-local committer against run_unfenced (which runs the
 * committer that cannot fence to its end, with membarrier failing with
 * err), then checks every delivery.
 */
static void race(enum rb_mode mode,
		 uint64_t (*run_unfenced)(struct rb_channel *, int), int err)
{
	struct local_arg local = {0};
	struct consumer_arg consumer = {0};
	struct rb_channel *chan = make_channel(mode);
	pthread_t local_thread, consumer_thread;
	struct rb_reserve_ctx ctx;
	struct rb_stream_stats st;
	uint64_t refused;

	local.chan = consumer.chan = chan;
	/* Local commits are announced in the stream: remote ones fence. */
	assert_int_equal(chan->streams[0].shm->local_commits, 1);
	rec_tally_init(&consumer.tally, RECORDS);
	if (mode == RB_MODE_DISCARD)
		assert_int_equal(pthread_create(&consumer_thread, NULL,
						polling_consumer, &consumer),
				 0);
	assert_int_equal(
		pthread_create(&local_thread, NULL, local_committer, &local),
		0);
	rb_test_commit_pause = stall_final_commit;
	refused = run_unfenced(chan, err);
	__atomic_store_n(&local.unfenced_done, 1, __ATOMIC_RELEASE);
	pthread_join(local_thread, NULL);
	rb_test_commit_pause = NULL;
	assert_true(local.pinned);
	/* Every refused record is counted as discarded. */
	rb_stream_stats(&chan->streams[0], &st);
	assert_int_equal(st.discarded_events, refused + local.refused);
	if (mode == RB_MODE_DISCARD) {
		__atomic_store_n(&consumer.stop, 1, __ATOMIC_RELEASE);
		pthread_join(consumer_thread, NULL);
		assert_false(consumer.tally.duplicate);
		assert_int_equal(consumer.tally.seq_gaps, 0);
	} else {
		/* The stream still opens packets. */
		assert_int_equal(rb_stream_switch(&chan->streams[0],
						  rec_clock_monotonic),
				 1);
		assert_int_equal(rb_stream_reserve(&chan->streams[0], &ctx, 1,
						   8, rec_clock_monotonic),
				 0);
		rb_commit(&ctx);
	}
	check_every_packet_delivered(chan, &consumer.tally);
	/* The committer that could not fence made the commits atomic. */
	assert_int_equal(chan->streams[0].shm->atomic_commit,
			 RB_COMMITS_ATOMIC);
	rec_tally_free(&consumer.tally);
	rb_channel_destroy(chan);
}

/* A fresh process under a filter denying membarrier from its start. */
static uint64_t run_sandboxed_process(struct rb_channel *chan, int err)
{
	int go[2], result[2], status;
	char args[10][24];
	char *argv[11];
	uint64_t refused = UINT64_MAX;
	unsigned int i;
	pid_t pid;

	assert_int_equal(pipe(go), 0);
	assert_int_equal(pipe(result), 0);
	snprintf(args[0], sizeof(args[0]), "test-rb-unfenced");
	snprintf(args[1], sizeof(args[1]), CHILD_FLAG);
	snprintf(args[2], sizeof(args[2]), "%d", err);
	snprintf(args[3], sizeof(args[3]), "%d", RECORDS);
	snprintf(args[4], sizeof(args[4]), "%d", go[0]);
	snprintf(args[5], sizeof(args[5]), "%d", result[1]);
	for (i = 0; i < 2; i++) {
		/* dup() clears close-on-exec: the child inherits these. */
		snprintf(args[6 + 2 * i], sizeof(args[0]), "%d",
			 dup(chan->streams[i].shm_fd));
		snprintf(args[7 + 2 * i], sizeof(args[0]), "%d",
			 dup(chan->streams[i].wakeup_fd));
	}
	for (i = 0; i < 10; i++)
		argv[i] = args[i];
	argv[10] = NULL;
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		execv("/proc/self/exe", argv);
		_exit(127);
	}
	for (i = 6; i < 10; i++)
		close(atoi(args[i]));
	assert_int_equal(write(go[1], "g", 1), 1);
	close(go[1]);
	close(result[1]);
	if (read(result[0], &refused, sizeof(refused)) != sizeof(refused))
		refused = UINT64_MAX;
	close(go[0]);
	close(result[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_true(refused != UINT64_MAX);
	return refused;
}

/*
 * A thread of this process (CPU-local commits on) losing membarrier,
 * and with pin_too the right to move to another CPU as well.
 */
struct thread_arg {
	struct rb_channel *chan;
	int err;
	bool pin_too;
	int setup;
	uint64_t refused;
};

static void *losing_membarrier(void *p)
{
	struct thread_arg *arg = p;

	arg->setup =
		pin_to(1) ? deny_membarrier(arg->err, arg->pin_too) : -EPERM;
	if (!arg->setup && arg->pin_too && pin_to(0))
		arg->setup = -EPROTO; /* the filter does not hold */
	stalls_left = LATE_STALLS;
	if (!arg->setup)
		arg->refused = emit_on_stream0(arg->chan, UNFENCED, RECORDS);
	return NULL;
}

static uint64_t run_thread(struct rb_channel *chan, int err, bool pin_too)
{
	struct thread_arg arg = {.chan = chan, .err = err, .pin_too = pin_too};
	pthread_t thread;

	assert_int_equal(pthread_create(&thread, NULL, losing_membarrier, &arg),
			 0);
	pthread_join(thread, NULL);
	assert_int_equal(arg.setup, 0);
	return arg.refused;
}

static uint64_t run_thread_losing_membarrier(struct rb_channel *chan, int err)
{
	return run_thread(chan, err, false);
}

static uint64_t run_thread_confined_to_its_cpu(struct rb_channel *chan, int err)
{
	return run_thread(chan, err, true);
}

static void test_sandboxed_process_discard_delivers_every_packet(void **state)
{
	(void)state;
	need_local_commits();
	race(RB_MODE_DISCARD, run_sandboxed_process, ENOSYS);
}

static void test_sandboxed_process_overwrite_delivers_every_packet(void **state)
{
	(void)state;
	need_local_commits();
	race(RB_MODE_OVERWRITE, run_sandboxed_process, EPERM);
}

static void
test_membarrier_failing_later_discard_delivers_every_packet(void **state)
{
	(void)state;
	need_local_commits();
	race(RB_MODE_DISCARD, run_thread_losing_membarrier, EPERM);
}

static void
test_membarrier_failing_later_overwrite_delivers_every_packet(void **state)
{
	(void)state;
	need_local_commits();
	race(RB_MODE_OVERWRITE, run_thread_losing_membarrier, ENOSYS);
}

/*
 * The committer cannot reach the stream's CPU either: the flag is set
 * from its own CPU and the stream drains (producer.c).
 */
static void test_unreachable_cpu_discard_delivers_every_packet(void **state)
{
	(void)state;
	need_local_commits();
	race(RB_MODE_DISCARD, run_thread_confined_to_its_cpu, EPERM);
}

static void test_unreachable_cpu_overwrite_delivers_every_packet(void **state)
{
	(void)state;
	need_local_commits();
	race(RB_MODE_OVERWRITE, run_thread_confined_to_its_cpu, ENOSYS);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			test_sandboxed_process_discard_delivers_every_packet),
		cmocka_unit_test(
			test_sandboxed_process_overwrite_delivers_every_packet),
		cmocka_unit_test(
			test_membarrier_failing_later_discard_delivers_every_packet),
		cmocka_unit_test(
			test_membarrier_failing_later_overwrite_delivers_every_packet),
		cmocka_unit_test(
			test_unreachable_cpu_discard_delivers_every_packet),
		cmocka_unit_test(
			test_unreachable_cpu_overwrite_delivers_every_packet),
	};

	if (argc == 10 && strcmp(argv[1], CHILD_FLAG) == 0)
		return unfenced_committer_main(argv);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
