/*
 * Implementation of tracepoint-rcu.h.
 *
 * A reader's counter is 0 outside any section, otherwise the phase bit
 * it copied from gp_ctr plus its nesting depth. A grace period flips the
 * phase and waits until no reader is both inside a section and in the
 * old phase, twice: a reader that read gp_ctr just before the first flip
 * but stored it after the writer looked at it is in the old phase at the
 * second flip, so it is waited for then.
 *
 * Orderings: a reader's counter store must be visible before its reads
 * of tracepoint data, and its last reads done before the store that ends
 * its section. The writer makes every running thread execute a full
 * fence (membarrier) before it reads the counters and after it is done,
 * so readers need only compiler barriers; when membarrier is missing
 * they fence themselves (readers_fence), decided once before any reader
 * or writer runs.
 *
 * Signal handlers may trace (LTTng supports it): a handler's section
 * can begin anywhere in its thread, including inside that thread's own
 * registration, exit or grace period. Whatever holds registry_lock or
 * gp_lock, or runs init_once, therefore does so with every signal
 * blocked, so a handler never waits for a lock its own thread holds;
 * registration checks again, signals blocked, that a handler did not
 * register the thread meanwhile.
 */
#include <errno.h>
#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "util/full-fence.h"
#include "../common/urcu-ust.h"

#include "tracepoint-rcu.h"

#define GP_PHASE (1UL << (sizeof(unsigned long) * 8 - 1))
#define NEST_MASK (GP_PHASE - 1)
#define SPINS_BEFORE_SLEEP 100

struct rcu_reader {
	unsigned long ctr;
	bool registered;
	struct rcu_reader *next;
	struct rcu_reader *prev;
};

/* initial-exec: one %fs-relative access, no __tls_get_addr. */
static __thread struct rcu_reader self __attribute__((tls_model("initial-exec")));

static unsigned long gp_ctr = 1; /* phase 0, nesting 1 */
static int readers_fence = 1;	 /* 0 once the writer fences for readers */
static bool have_membarrier;
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;
static pthread_mutex_t gp_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rcu_reader *readers;

static int membarrier(int cmd)
{
	return (int)syscall(__NR_membarrier, cmd, 0, 0);
}

static void reader_barrier(void)
{
	if (__builtin_expect(__atomic_load_n(&readers_fence, __ATOMIC_RELAXED),
			     0))
		full_fence();
	else
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

/* A full fence in every running thread of the process, or in this one. */
static void writer_barrier(void)
{
	if (!have_membarrier ||
	    membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) != 0)
		full_fence();
}

static void registry_unlink(struct rcu_reader *r)
{
	if (r->prev)
		r->prev->next = r->next;
	else
		readers = r->next;
	if (r->next)
		r->next->prev = r->prev;
	r->next = r->prev = NULL;
	r->registered = false;
}

/* Blocks every signal in the calling thread; *saved gets the old mask. */
static void signals_block(sigset_t *saved)
{
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, saved);
}

static void signals_restore(const sigset_t *saved)
{
	pthread_sigmask(SIG_SETMASK, saved, NULL);
}

/* Thread exit: the thread's counter is about to be freed. */
static void reader_exit(void *arg)
{
	struct rcu_reader *r = arg;
	sigset_t saved;

	signals_block(&saved);
	pthread_mutex_lock(&registry_lock);
	if (r->registered)
		registry_unlink(r);
	pthread_mutex_unlock(&registry_lock);
	signals_restore(&saved);
}

/*
 * The child of fork has only the thread that forked: the other readers,
 * and whatever locks their threads held, are gone.
 */
static void after_fork_child(void)
{
	pthread_mutex_init(&gp_lock, NULL);
	pthread_mutex_init(&registry_lock, NULL);
	readers = NULL;
	if (self.registered) {
		self.next = self.prev = NULL;
		readers = &self;
	}
}

static void rcu_init(void)
{
	int cmds = membarrier(MEMBARRIER_CMD_QUERY);

	pthread_key_create(&exit_key, reader_exit);
	pthread_atfork(NULL, NULL, after_fork_child);
	if (cmds > 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
	    membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) == 0) {
		have_membarrier = true;
		__atomic_store_n(&readers_fence, 0, __ATOMIC_RELAXED);
	}
}

/*
 * The thread's first section. A signal handler may have registered the
 * thread between the caller's check and the blocking of signals.
 */
static __attribute__((noinline)) void reader_register(struct rcu_reader *r)
{
	sigset_t saved;

	signals_block(&saved);
	pthread_once(&init_once, rcu_init);
	if (!r->registered) {
		pthread_mutex_lock(&registry_lock);
		r->prev = NULL;
		r->next = readers;
		if (readers)
			readers->prev = r;
		readers = r;
		r->registered = true;
		pthread_mutex_unlock(&registry_lock);
		pthread_setspecific(exit_key, r);
	}
	signals_restore(&saved);
}

void lttng_ust_tp_rcu_read_lock(void)
{
	struct rcu_reader *r = &self;
	unsigned long ctr = r->ctr;

	if (__builtin_expect(!r->registered, 0))
		reader_register(r);
	if (__builtin_expect(!(ctr & NEST_MASK), 1)) {
		__atomic_store_n(&r->ctr,
				 __atomic_load_n(&gp_ctr, __ATOMIC_RELAXED),
				 __ATOMIC_RELAXED);
		reader_barrier();
	} else {
		__atomic_store_n(&r->ctr, ctr + 1, __ATOMIC_RELAXED);
	}
}

void lttng_ust_tp_rcu_read_unlock(void)
{
	struct rcu_reader *r = &self;
	unsigned long ctr = r->ctr;

	if (__builtin_expect((ctr & NEST_MASK) == 1, 1))
		reader_barrier();
	__atomic_store_n(&r->ctr, ctr - 1, __ATOMIC_RELAXED);
}

/* Inside a section begun in the phase before `gp`. */
static bool in_old_phase(const struct rcu_reader *r, unsigned long gp)
{
	unsigned long ctr = __atomic_load_n(&r->ctr, __ATOMIC_RELAXED);

	return (ctr & NEST_MASK) && ((ctr ^ gp) & GP_PHASE);
}

static void wait_a_little(unsigned int *spins)
{
	struct timespec pause = {0, 1000000};

	if (++*spins < SPINS_BEFORE_SLEEP)
		sched_yield();
	else
		nanosleep(&pause, NULL);
}

/* Registry lock held. */
static void flip_and_wait(void)
{
	unsigned long gp = __atomic_load_n(&gp_ctr, __ATOMIC_RELAXED) ^ GP_PHASE;
	const struct rcu_reader *r;

	__atomic_store_n(&gp_ctr, gp, __ATOMIC_RELAXED);
	full_fence();
	for (r = readers; r; r = r->next) {
		unsigned int spins = 0;

		while (in_old_phase(r, gp))
			wait_a_little(&spins);
	}
}

void lttng_ust_tp_rcu_init(void)
{
	pthread_once(&init_once, rcu_init);
}

void lttng_ust_tp_rcu_synchronize(void)
{
	sigset_t saved;

	signals_block(&saved);
	pthread_once(&init_once, rcu_init);
	pthread_mutex_lock(&gp_lock);
	pthread_mutex_lock(&registry_lock);
	writer_barrier();
	flip_and_wait();
	flip_and_wait();
	writer_barrier();
	pthread_mutex_unlock(&registry_lock);
	pthread_mutex_unlock(&gp_lock);
	signals_restore(&saved);
	/* Sites and probes built with LTTng's headers and _LGPL_SOURCE. */
	lttng_ust_urcu_synchronize_rcu();
}
