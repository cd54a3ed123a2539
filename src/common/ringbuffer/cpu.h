/*
 * The CPU the calling thread runs on, for the producer fast path: one load
 * from the rseq area glibc registers for each thread (glibc >= 2.35), or
 * sched_getcpu() when rseq is unavailable (disabled by a tunable, or under
 * valgrind), unless the process installed a getcpu() override
 * (LTTNG_UST_GETCPU_PLUGIN, lttng-ust(3)). Used by producer.h to pick the
 * stream and by liblttng-ust's cpu_id context. Also moving the calling
 * thread to one CPU for a while (rb_cpu_pin), or running a function on
 * one CPU in a helper thread for at most a given time (rb_cpu_run_on),
 * which is how a thread writes the offset of a stream reserved
 * CPU-locally (producer.c, RESERVE).
 */
#ifndef RINGBUFFER_CPU_H
#define RINGBUFFER_CPU_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/rseq.h>

/*
 * The getcpu() override: NULL (the kernel's CPU numbers) or the function
 * that says which CPU, hence which stream, each record is for. It may
 * change at any time (LTTng-UST's lttng_ust_getcpu_override()), and the
 * next record follows it. The ring buffer keeps a variable of its own
 * for it (rb_set_getcpu_override()), unless its user keeps the override
 * elsewhere: liblttng-ust makes it read liblttng-ust-common's.
 */
extern int (**rb_getcpu_override_at)(void);

/* Makes the ring buffer read the override at *where from now on. */
void rb_getcpu_override_keep_in(int (**where)(void));

/* Sets the override where the ring buffer reads it. */
void rb_set_getcpu_override(int (*getcpu)(void));

static inline int (*rb_getcpu_override(void))(void)
{
	return __atomic_load_n(
		__atomic_load_n(&rb_getcpu_override_at, __ATOMIC_RELAXED),
		__ATOMIC_ACQUIRE);
}

/* rb_current_cpu() when the rseq area cannot answer. */
int rb_current_cpu_slow(void);

/*
 * Returns the current CPU number, or a negative value if even
 * sched_getcpu() fails. The value may be stale by the time it is used
 * (the thread may migrate): callers must stay correct on any stream.
 * Without an override, one load from the rseq area glibc registers for
 * each thread; where it is not registered (disabled by a tunable, or
 * under valgrind) glibc leaves a negative cpu_id in it, and the slow
 * path asks sched_getcpu(). The override's two loads (where it is kept,
 * then its value) do not depend on that one: reading both first lets
 * them overlap. They cost about 0.5 ns per record over the one load of
 * a flag private to this library (bench/ust/ust-bench, A/B), the price
 * of following an override set at any time as LTTng does.
 */
static inline int rb_current_cpu(void)
{
	const struct rseq *rs =
		(const struct rseq *)((const char *)__builtin_thread_pointer() +
				      __rseq_offset);
	int cpu = (int)__atomic_load_n(&rs->cpu_id, __ATOMIC_RELAXED);

	if (__builtin_expect(cpu >= 0 && !rb_getcpu_override(), 1))
		return cpu;
	return rb_current_cpu_slow();
}

/*
 * Whether the calling thread has an rseq area the kernel updates (its
 * restartable sequences can succeed).
 */
static inline bool rb_thread_has_rseq(void)
{
	const struct rseq *rs =
		(const struct rseq *)((const char *)__builtin_thread_pointer() +
				      __rseq_offset);

	return __rseq_size != 0 &&
	       (int)__atomic_load_n(&rs->cpu_id, __ATOMIC_RELAXED) >= 0;
}

/*
 * The CPU the calling thread is on at the moment of the call, from the
 * kernel (rseq area, else sched_getcpu()), never from a getcpu()
 * override: what proves that the thread ran on a CPU (producer.c,
 * RESERVE). Negative if even sched_getcpu() fails.
 */
static inline int rb_real_cpu(void)
{
	const struct rseq *rs =
		(const struct rseq *)((const char *)__builtin_thread_pointer() +
				      __rseq_offset);

	if (rb_thread_has_rseq())
		return (int)__atomic_load_n(&rs->cpu_id, __ATOMIC_RELAXED);
	return sched_getcpu();
}

/* A thread's affinity saved by rb_cpu_pin(), restored by rb_cpu_unpin(). */
struct rb_cpu_pin {
	bool pinned;
	cpu_set_t saved;
};

/*
 * Moves the calling thread to CPU `cpu` (its affinity becomes that CPU
 * alone; the first call on `pin` saves the previous one). 0, or a
 * negative errno (the CPU is offline or not allowed to this thread).
 */
int rb_cpu_pin(struct rb_cpu_pin *pin, unsigned int cpu);

/*
 * Restores the affinity saved by rb_cpu_pin(), if it pinned. When the
 * saved CPUs are no longer allowed (the thread's cpuset shrank), the
 * thread gets every CPU its cpuset allows instead: it is never left
 * pinned. 0, or a negative errno if even that failed (then the thread
 * may still be pinned; `pin` says so).
 */
int rb_cpu_unpin(struct rb_cpu_pin *pin);

/*
 * Runs fn(arg) on CPU `cpu`, in a helper thread of this process pinned
 * there (started on first use, signals blocked), and stores its result
 * in *result, waiting at most timeout_ms for that thread to get onto
 * the CPU: whatever else runs there (a SCHED_FIFO thread), the caller is
 * back in bounded time. Once fn has started, though, the caller waits
 * for it to finish. 0 when fn ran; -ETIMEDOUT when the helper could not
 * start it in time (it then never will); another negative errno when
 * the CPU is not allowed to this process (its cpuset) or the helper
 * could not be created.
 */
int rb_cpu_run_on(unsigned int cpu, int (*fn)(void *), void *arg,
		  int timeout_ms, int *result);

/* Whether the calling thread may run on each of CPUs 0 .. nr - 1. */
bool rb_cpu_can_run_on_all(unsigned int nr);

#endif /* RINGBUFFER_CPU_H */
