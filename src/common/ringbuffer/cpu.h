/*
 * The CPU the calling thread runs on, for the producer fast path: one load
 * from the rseq area glibc registers for each thread (glibc >= 2.35), or
 * sched_getcpu() when rseq is unavailable (disabled by a tunable, or under
 * valgrind), unless the process installed a getcpu() override
 * (LTTNG_UST_GETCPU_PLUGIN, lttng-ust(3)). Used by producer.h to pick the
 * stream and by liblttng-ust's cpu_id context.
 */
#ifndef RINGBUFFER_CPU_H
#define RINGBUFFER_CPU_H

#include <sched.h>
#include <stdint.h>
#include <sys/rseq.h>

/* The getcpu() override, or NULL (set once, before recording starts). */
extern int (*rb_getcpu_override)(void);

/*
 * Returns the current CPU number, or a negative value if even
 * sched_getcpu() fails. The value may be stale by the time it is used
 * (the thread may migrate): callers must stay correct on any stream.
 */
static inline int rb_current_cpu(void)
{
	const struct rseq *rs =
		(const struct rseq *)((const char *)__builtin_thread_pointer() +
				      __rseq_offset);
	int cpu;

	if (__builtin_expect(rb_getcpu_override != NULL, 0))
		return rb_getcpu_override();
	if (__builtin_expect(__rseq_size != 0, 1)) {
		cpu = (int)__atomic_load_n(&rs->cpu_id, __ATOMIC_RELAXED);
		if (__builtin_expect(cpu >= 0, 1))
			return cpu;
	}
	return sched_getcpu();
}

#endif /* RINGBUFFER_CPU_H */
