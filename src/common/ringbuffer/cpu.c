/*
 * The slow side of cpu.h: the getcpu() override (NULL until liblttng-ust
 * installs one, lttng_ust_getcpu_override()), sched_getcpu() without
 * rseq, and the flag that lets the fast path read the rseq area at once.
 */
#include "ringbuffer/cpu.h"

int (*rb_getcpu_override)(void);
bool rb_cpu_from_rseq;

/*
 * The override's store and the flag's clearing, against a slow call's
 * setting of the flag and its read of the override: both sides are
 * sequentially consistent, so either the slow call sees the override
 * and clears the flag again, or the override's side clears the flag
 * after the slow call set it.
 */
void rb_set_getcpu_override(int (*getcpu)(void))
{
	__atomic_store_n(&rb_getcpu_override, getcpu, __ATOMIC_SEQ_CST);
	__atomic_store_n(&rb_cpu_from_rseq, false, __ATOMIC_SEQ_CST);
}

int rb_current_cpu_slow(void)
{
	const struct rseq *rs =
		(const struct rseq *)((const char *)__builtin_thread_pointer() +
				      __rseq_offset);
	int (*getcpu)(void) =
		__atomic_load_n(&rb_getcpu_override, __ATOMIC_SEQ_CST);
	int cpu;

	if (getcpu)
		return getcpu();
	if (__rseq_size != 0) {
		cpu = (int)__atomic_load_n(&rs->cpu_id, __ATOMIC_RELAXED);
		if (cpu >= 0) {
			__atomic_store_n(&rb_cpu_from_rseq, true,
					 __ATOMIC_SEQ_CST);
			if (__atomic_load_n(&rb_getcpu_override,
					    __ATOMIC_SEQ_CST))
				__atomic_store_n(&rb_cpu_from_rseq, false,
						 __ATOMIC_SEQ_CST);
			return cpu;
		}
	}
	return sched_getcpu();
}
