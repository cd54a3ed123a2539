/*
 * liblttng-ust-common: the read-copy-update flavor that LTTng-UST 2.13's
 * public headers (<lttng/urcu/urcu-ust.h>) inline into modules compiled
 * with _LGPL_SOURCE. Such a module's tracepoint sites and probes enter
 * read-side sections by touching this library's data directly, so the
 * data has LTTng's layout:
 *
 *   lttng_ust_urcu_gp.ctr      phase bit (top half of a long) | nesting 1
 *   lttng_ust_urcu_reader      per-thread pointer (TLS) to the thread's
 *                              struct urcu_ust_reader, whose `ctr` is
 *                              the thread's copy of gp.ctr while inside
 *                              a section (nesting count in the low bits)
 *
 * A reader registers itself on its first section (calling
 * lttng_ust_urcu_register()); the writer (lttng_ust_urcu_synchronize_rcu,
 * called by liblttng-ust-tracepoint's grace period) flips the phase
 * twice and waits, each time, for every reader whose nesting count is
 * non-zero and whose phase is the old one. Readers fence themselves
 * (lttng_ust_urcu_has_sys_membarrier stays 0): a full barrier after
 * entering and before leaving the outermost section.
 */
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/full-fence.h"
#include "urcu-ust.h"
#include "ust-log.h"

#define URCU_UST_GP_COUNT 1UL
#define URCU_UST_GP_PHASE (1UL << (sizeof(long) * 4))
#define URCU_UST_NEST_MASK (URCU_UST_GP_PHASE - 1)
#define URCU_UST_CACHE_LINE 128

struct urcu_ust_list {
	struct urcu_ust_list *next, *prev;
};

/* LTTng's struct lttng_ust_urcu_reader, field for field. */
struct urcu_ust_reader {
	unsigned long ctr;
	struct urcu_ust_list node __attribute__((aligned(URCU_UST_CACHE_LINE)));
	pthread_t tid;
	int alloc;
};

UST_API struct {
	unsigned long ctr;
} __attribute__((aligned(URCU_UST_CACHE_LINE)))
lttng_ust_urcu_gp = {URCU_UST_GP_COUNT};

UST_API __thread struct urcu_ust_reader *lttng_ust_urcu_reader;
UST_API int lttng_ust_urcu_has_sys_membarrier;

static pthread_mutex_t gp_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct urcu_ust_list readers = {&readers, &readers};
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;

static void reader_unregister(void *arg)
{
	struct urcu_ust_reader *r = arg;

	pthread_mutex_lock(&registry_lock);
	r->node.prev->next = r->node.next;
	r->node.next->prev = r->node.prev;
	pthread_mutex_unlock(&registry_lock);
	free(r);
}

static void key_create(void)
{
	pthread_key_create(&exit_key, reader_unregister);
	pthread_atfork(lttng_ust_urcu_before_fork,
		       lttng_ust_urcu_after_fork_parent,
		       lttng_ust_urcu_after_fork_child);
}

UST_API void lttng_ust_urcu_register(void)
{
	struct urcu_ust_reader *r;
	sigset_t all, saved;

	if (lttng_ust_urcu_reader)
		return;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	pthread_once(&key_once, key_create);
	/* The node is cache-line aligned: so must the allocation be. */
	if (posix_memalign((void **)&r, _Alignof(struct urcu_ust_reader),
			   sizeof(*r)))
		r = NULL;
	else
		memset(r, 0, sizeof(*r));
	if (!r) {
		/* LTTng aborts too: a reader cannot run unregistered. */
		ust_log("out of memory registering an RCU reader");
		abort();
	}
	r->tid = pthread_self();
	r->alloc = 1;
	pthread_mutex_lock(&registry_lock);
	r->node.next = readers.next;
	r->node.prev = &readers;
	readers.next->prev = &r->node;
	readers.next = &r->node;
	pthread_mutex_unlock(&registry_lock);
	pthread_setspecific(exit_key, r);
	lttng_ust_urcu_reader = r;
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

UST_API void lttng_ust_urcu_register_thread(void)
{
	lttng_ust_urcu_register();
}

UST_API void lttng_ust_urcu_read_lock(void)
{
	unsigned long ctr;

	if (__builtin_expect(!lttng_ust_urcu_reader, 0))
		lttng_ust_urcu_register();
	ctr = lttng_ust_urcu_reader->ctr;
	if (!(ctr & URCU_UST_NEST_MASK)) {
		__atomic_store_n(&lttng_ust_urcu_reader->ctr,
				 __atomic_load_n(&lttng_ust_urcu_gp.ctr,
						 __ATOMIC_RELAXED),
				 __ATOMIC_RELAXED);
		full_fence();
	} else {
		__atomic_store_n(&lttng_ust_urcu_reader->ctr,
				 ctr + URCU_UST_GP_COUNT, __ATOMIC_RELAXED);
	}
}

UST_API void lttng_ust_urcu_read_unlock(void)
{
	full_fence();
	__atomic_store_n(&lttng_ust_urcu_reader->ctr,
			 lttng_ust_urcu_reader->ctr - URCU_UST_GP_COUNT,
			 __ATOMIC_RELAXED);
}

UST_API int lttng_ust_urcu_read_ongoing(void)
{
	if (!lttng_ust_urcu_reader)
		lttng_ust_urcu_register();
	return (lttng_ust_urcu_reader->ctr & URCU_UST_NEST_MASK) != 0;
}

/* Whether r is inside a section that began before the last flip. */
static int reader_in_old_phase(const struct urcu_ust_reader *r)
{
	unsigned long v = __atomic_load_n(&r->ctr, __ATOMIC_RELAXED);

	return (v & URCU_UST_NEST_MASK) &&
	       ((v ^ lttng_ust_urcu_gp.ctr) & URCU_UST_GP_PHASE);
}

static void flip_and_wait(void)
{
	struct urcu_ust_list *n;
	struct timespec pause = {0, 10000};

	__atomic_store_n(&lttng_ust_urcu_gp.ctr,
			 lttng_ust_urcu_gp.ctr ^ URCU_UST_GP_PHASE,
			 __ATOMIC_RELAXED);
	full_fence();
	for (n = readers.next; n != &readers; n = n->next) {
		struct urcu_ust_reader *r =
			(struct urcu_ust_reader
				 *)((char *)n -
				    offsetof(struct urcu_ust_reader, node));

		while (reader_in_old_phase(r))
			nanosleep(&pause, NULL);
	}
}

UST_API void lttng_ust_urcu_synchronize_rcu(void)
{
	sigset_t all, saved;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	pthread_mutex_lock(&gp_lock);
	pthread_mutex_lock(&registry_lock);
	full_fence();
	flip_and_wait();
	flip_and_wait();
	full_fence();
	pthread_mutex_unlock(&registry_lock);
	pthread_mutex_unlock(&gp_lock);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

/* fork(): the child keeps the caller's registration only. */
UST_API void lttng_ust_urcu_before_fork(void)
{
	pthread_mutex_lock(&gp_lock);
	pthread_mutex_lock(&registry_lock);
}

UST_API void lttng_ust_urcu_after_fork_parent(void)
{
	pthread_mutex_unlock(&registry_lock);
	pthread_mutex_unlock(&gp_lock);
}

UST_API void lttng_ust_urcu_after_fork_child(void)
{
	struct urcu_ust_reader *self = lttng_ust_urcu_reader;

	readers.next = readers.prev = &readers;
	if (self) {
		self->tid = pthread_self();
		self->node.next = self->node.prev = &readers;
		readers.next = readers.prev = &self->node;
	}
	pthread_mutex_unlock(&registry_lock);
	pthread_mutex_unlock(&gp_lock);
}

/*
 * The pointer operations of <lttng/urcu/pointer.h> for modules built
 * without _LGPL_SOURCE: publication with release, lookup with acquire.
 */
UST_API void *lttng_ust_rcu_dereference_sym(void *p)
{
	/* The caller loaded p; its dependent loads are ordered after it
	 * on every architecture we build for: only the compiler must not
	 * move them. */
	__asm__ __volatile__("" ::: "memory");
	return p;
}

UST_API void *lttng_ust_rcu_set_pointer_sym(void **p, void *v)
{
	__atomic_store_n(p, v, __ATOMIC_RELEASE);
	return v;
}

UST_API void *lttng_ust_rcu_xchg_pointer_sym(void **p, void *v)
{
	return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST);
}

UST_API void *lttng_ust_rcu_cmpxchg_pointer_sym(void **p, void *old, void *v)
{
	__atomic_compare_exchange_n(p, &old, v, 0, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
	return old;
}
