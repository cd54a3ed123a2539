/*
 * The slow side of cpu.h: the getcpu() override (NULL until liblttng-ust
 * installs one, lttng_ust_getcpu_override()), sched_getcpu() without
 * rseq, the flag that lets the fast path read the rseq area at once, and
 * pinning a thread to one CPU.
 */
#include <errno.h>

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

int rb_cpu_pin(struct rb_cpu_pin *pin, unsigned int cpu)
{
	cpu_set_t one;

	if (cpu >= CPU_SETSIZE)
		return -EINVAL;
	if (!pin->pinned &&
	    sched_getaffinity(0, sizeof(pin->saved), &pin->saved) != 0)
		return -errno;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one) != 0)
		return -errno;
	pin->pinned = true;
	return 0;
}

void rb_cpu_unpin(struct rb_cpu_pin *pin)
{
	if (!pin->pinned)
		return;
	/* Cannot fail: the saved mask was this thread's own. */
	(void)sched_setaffinity(0, sizeof(pin->saved), &pin->saved);
	pin->pinned = false;
}

bool rb_cpu_can_run_on_all(unsigned int nr)
{
	cpu_set_t mask;
	unsigned int cpu;

	if (nr > CPU_SETSIZE || sched_getaffinity(0, sizeof(mask), &mask) != 0)
		return false;
	for (cpu = 0; cpu < nr; cpu++)
		if (!CPU_ISSET(cpu, &mask))
			return false;
	return true;
}
