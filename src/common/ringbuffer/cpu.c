/*
 * The slow side of cpu.h: where the getcpu() override is kept,
 * sched_getcpu() without rseq, pinning a thread to one CPU, and running
 * a function on one CPU for a bounded wait.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ringbuffer/cpu.h"

static int (*own_getcpu_override)(void);
int (**rb_getcpu_override_at)(void) = &own_getcpu_override;

void rb_getcpu_override_keep_in(int (**where)(void))
{
	__atomic_store_n(&rb_getcpu_override_at, where, __ATOMIC_RELAXED);
}

void rb_set_getcpu_override(int (*getcpu)(void))
{
	__atomic_store_n(rb_getcpu_override_at, getcpu, __ATOMIC_RELEASE);
}

int rb_current_cpu_slow(void)
{
	const struct rseq *rs =
		(const struct rseq *)((const char *)__builtin_thread_pointer() +
				      __rseq_offset);
	int (*getcpu)(void) = rb_getcpu_override();
	int cpu;

	if (getcpu)
		return getcpu();
	cpu = (int)__atomic_load_n(&rs->cpu_id, __ATOMIC_RELAXED);
	return cpu >= 0 ? cpu : sched_getcpu();
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
 * RUNNING ON A CPU (rb_cpu_run_on)
 *
 * One helper thread per CPU, started on first use, pinned there, signals
 * blocked, waiting for a request. A request moves IDLE -> WAITING (the
 * caller) -> RUNNING (the helper, running on the CPU) -> DONE; or
 * WAITING -> CANCELLED (the caller, timed out: the helper never ran, and
 * will not run fn); or WAITING -> DONE with an error (the helper could
 * not get onto the CPU: a cpuset without it). Every transition is made
 * under `lock`, so fn runs only while its caller still waits, and `arg`
 * (the caller's) is never used after the caller returned. Callers for
 * one CPU take turns (`serial`).
 */
enum run_state { RUN_IDLE, RUN_WAITING, RUN_RUNNING, RUN_DONE, RUN_CANCELLED };

struct cpu_runner {
	pthread_mutex_t serial;
	pthread_mutex_t lock;
	pthread_cond_t work; /* the helper waits for RUN_WAITING */
	pthread_cond_t done; /* the caller waits for RUN_DONE */
	unsigned int cpu;
	enum run_state state;
	int (*fn)(void *);
	void *arg;
	int result;
	int error;
};

static struct cpu_runner *runners[CPU_SETSIZE];
static pthread_mutex_t runners_lock = PTHREAD_MUTEX_INITIALIZER;

/* Moves the calling thread onto `cpu`: 0, or a negative errno. */
static int move_to(unsigned int cpu)
{
	cpu_set_t one;

	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	/* Returns once this thread runs on the CPU, however long it takes. */
	if (sched_setaffinity(0, sizeof(one), &one) != 0)
		return -errno;
	return rb_real_cpu() == (int)cpu ? 0 : -EAGAIN;
}

static void *runner_main(void *p)
{
	struct cpu_runner *r = p;
	int error, result;

	(void)move_to(r->cpu);
	pthread_mutex_lock(&r->lock);
	for (;;) {
		while (r->state != RUN_WAITING)
			pthread_cond_wait(&r->work, &r->lock);
		pthread_mutex_unlock(&r->lock);
		/* A cpuset change may have moved it away since. */
		error = rb_real_cpu() == (int)r->cpu ? 0 : move_to(r->cpu);
		pthread_mutex_lock(&r->lock);
		if (r->state != RUN_WAITING)
			continue; /* cancelled while it got there */
		if (error) {
			r->error = error;
			r->state = RUN_DONE;
			pthread_cond_broadcast(&r->done);
			continue;
		}
		r->state = RUN_RUNNING;
		pthread_mutex_unlock(&r->lock);
		result = r->fn(r->arg);
		pthread_mutex_lock(&r->lock);
		r->result = result;
		r->error = 0;
		r->state = RUN_DONE;
		pthread_cond_broadcast(&r->done);
	}
	return NULL;
}

/*
 * A fork child has none of the helpers (only the forking thread is
 * copied): it starts its own. The parent's are leaked there, locks and
 * all, as their state at the fork is unknown.
 */
static void forget_runners(void)
{
	pthread_mutex_init(&runners_lock, NULL);
	memset(runners, 0, sizeof(runners));
}

static void install_fork_handler(void)
{
	pthread_atfork(NULL, NULL, forget_runners);
}

/* The helper of `cpu`, started if need be; NULL and *err on failure. */
static struct cpu_runner *runner_get(unsigned int cpu, int *err)
{
	struct cpu_runner *r;
	pthread_condattr_t ca;
	pthread_attr_t attr;
	sigset_t all, saved;
	static pthread_once_t fork_handler_once = PTHREAD_ONCE_INIT;
	pthread_t thread;

	pthread_once(&fork_handler_once, install_fork_handler);
	pthread_mutex_lock(&runners_lock);
	r = runners[cpu];
	if (r)
		goto out;
	r = calloc(1, sizeof(*r));
	if (!r) {
		*err = -ENOMEM;
		goto out;
	}
	pthread_mutex_init(&r->serial, NULL);
	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->work, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&r->done, &ca);
	pthread_condattr_destroy(&ca);
	r->cpu = cpu;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &saved);
	*err = -pthread_create(&thread, &attr, runner_main, r);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	pthread_attr_destroy(&attr);
	if (*err) {
		free(r);
		r = NULL;
		goto out;
	}
	runners[cpu] = r;
out:
	pthread_mutex_unlock(&runners_lock);
	return r;
}

int rb_cpu_run_on(unsigned int cpu, int (*fn)(void *), void *arg,
		  int timeout_ms, int *result)
{
	struct timespec deadline;
	struct cpu_runner *r;
	int ret = 0;

	if (cpu >= CPU_SETSIZE)
		return -EINVAL;
	r = runner_get(cpu, &ret);
	if (!r)
		return ret;
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += timeout_ms / 1000;
	deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000;
	if (deadline.tv_nsec >= 1000000000) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&r->serial);
	pthread_mutex_lock(&r->lock);
	r->fn = fn;
	r->arg = arg;
	r->state = RUN_WAITING;
	pthread_cond_signal(&r->work);
	while (r->state == RUN_WAITING &&
	       pthread_cond_timedwait(&r->done, &r->lock, &deadline) !=
		       ETIMEDOUT)
		;
	if (r->state == RUN_WAITING)
		r->state = RUN_CANCELLED; /* the helper will not run fn */
	/* fn started: it must finish */
	while (r->state == RUN_RUNNING)
		pthread_cond_wait(&r->done, &r->lock);
	if (r->state == RUN_CANCELLED) {
		ret = -ETIMEDOUT;
	} else {
		ret = r->error;
		if (!ret)
			*result = r->result;
		r->state = RUN_IDLE;
	}
	r->fn = NULL;
	r->arg = NULL;
	pthread_mutex_unlock(&r->lock);
	pthread_mutex_unlock(&r->serial);
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
