/*
 * The slow side of cpu.h: the getcpu() override (NULL until liblttng-ust
 * installs one, lttng_ust_getcpu_override()), sched_getcpu() without
 * rseq, the flag that lets the fast path read the rseq area at once,
 * pinning a thread to one CPU, and running a function on one CPU for a
 * bounded wait.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

int rb_cpu_unpin(struct rb_cpu_pin *pin)
{
	cpu_set_t all;

	if (!pin->pinned)
		return 0;
	/*
	 * The saved mask fails when none of its CPUs is left in the
	 * thread's cpuset; every CPU then means "what the cpuset allows"
	 * (the kernel intersects), which is what the thread would have
	 * had if it had never pinned.
	 */
	if (sched_setaffinity(0, sizeof(pin->saved), &pin->saved) != 0) {
		memset(&all, 0xff, sizeof(all));
		if (sched_setaffinity(0, sizeof(all), &all) != 0)
			return -errno;
	}
	pin->pinned = false;
	return 0;
}

/*
 * A request of rb_cpu_run_on, shared by the caller and the helper
 * thread; freed by whichever lets go last. state moves WAITING ->
 * RUNNING -> DONE (the helper, on the CPU), or WAITING -> CANCELLED
 * (the caller, timed out) or WAITING -> DONE with an error (the
 * helper, which could not get onto the CPU); all under the lock.
 */
enum run_state { RUN_WAITING, RUN_RUNNING, RUN_DONE, RUN_CANCELLED };

struct run_request {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	enum run_state state;
	int refs;
	unsigned int cpu;
	int (*fn)(void *);
	void *arg;
	int result;
	int error;
};

/* Drops a reference, with the lock held (released here). */
static void run_request_put(struct run_request *r)
{
	bool last = --r->refs == 0;

	pthread_mutex_unlock(&r->lock);
	if (!last)
		return;
	pthread_cond_destroy(&r->cond);
	pthread_mutex_destroy(&r->lock);
	free(r);
}

static void *run_helper(void *p)
{
	struct run_request *r = p;
	cpu_set_t one;
	int error = 0;

	CPU_ZERO(&one);
	CPU_SET(r->cpu, &one);
	/* Returns once this thread runs on the CPU, however long it takes. */
	if (sched_setaffinity(0, sizeof(one), &one) != 0)
		error = -errno;
	else if (rb_real_cpu() != (int)r->cpu)
		error = -EAGAIN; /* moved away already (cpuset change) */
	pthread_mutex_lock(&r->lock);
	if (r->state == RUN_WAITING && error) {
		r->error = error;
		r->state = RUN_DONE;
	} else if (r->state == RUN_WAITING) {
		r->state = RUN_RUNNING;
		pthread_mutex_unlock(&r->lock);
		error = r->fn(r->arg);
		pthread_mutex_lock(&r->lock);
		r->result = error;
		r->state = RUN_DONE;
	}
	pthread_cond_signal(&r->cond);
	run_request_put(r);
	return NULL;
}

int rb_cpu_run_on(unsigned int cpu, int (*fn)(void *), void *arg,
		  int timeout_ms, int *result)
{
	struct run_request *r;
	struct timespec deadline;
	sigset_t all, saved;
	pthread_condattr_t ca;
	pthread_attr_t attr;
	pthread_t thread;
	int ret;

	if (cpu >= CPU_SETSIZE)
		return -EINVAL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	pthread_mutex_init(&r->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&r->cond, &ca);
	pthread_condattr_destroy(&ca);
	r->state = RUN_WAITING;
	r->refs = 2;
	r->cpu = cpu;
	r->fn = fn;
	r->arg = arg;

	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &saved);
	ret = -pthread_create(&thread, &attr, run_helper, r);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	pthread_attr_destroy(&attr);
	pthread_mutex_lock(&r->lock);
	if (ret) {
		r->refs = 1;
		run_request_put(r);
		return ret;
	}

	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += timeout_ms / 1000;
	deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000;
	if (deadline.tv_nsec >= 1000000000) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000;
	}
	while (r->state == RUN_WAITING &&
	       pthread_cond_timedwait(&r->cond, &r->lock, &deadline) !=
		       ETIMEDOUT)
		;
	if (r->state == RUN_WAITING)
		r->state = RUN_CANCELLED; /* the helper will not run fn */
	/* fn started: it must finish */
	while (r->state == RUN_RUNNING)
		pthread_cond_wait(&r->cond, &r->lock);
	if (r->state == RUN_CANCELLED)
		ret = -ETIMEDOUT;
	else if (r->error)
		ret = r->error;
	else
		*result = r->result;
	run_request_put(r);
	return ret;
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
