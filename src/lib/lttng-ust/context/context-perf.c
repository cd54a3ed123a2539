/*
 * Implementation of context-perf.h.
 *
 * Reading a self-monitoring counter without a system call (see
 * perf_event_open(2), "mmap layout"): the kernel publishes in the first
 * mapped page a sequence count `lock`, the hardware counter `index`
 * (0: not readable from user space now), an `offset` to add and the
 * counter width. A read is consistent when `lock` did not change
 * around it:
 *
 *     do { seq = lock; barrier; idx = index; count = offset;
 *          if (cap_user_rdpmc && idx) count += rdpmc(idx - 1) (sign-
 *          extended from pmc_width bits); barrier; } while (lock != seq)
 *
 * Software counters (page faults, context switches) have no index and
 * are read with read(2).
 *
 * Every thread counter is also linked in its field's list so that
 * destroying the field closes counters of threads still alive.
 *
 * A thread opens its counter on its first record, which may be in a
 * signal handler: the opening runs with signals blocked (the handler
 * of a signal arriving meanwhile would wait for the field's lock its
 * own thread holds) and takes its memory from mmap, not malloc (the
 * handler may have interrupted malloc).
 */
#include <linux/perf_event.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/ust-log.h"
#include "context-perf.h"

struct ust_perf_field;

/* One thread's counter of one field; also the thread's key value. */
struct thread_counter {
	int fd;
	struct perf_event_mmap_page *page; /* NULL: read() only */
	struct ust_perf_field *field;
	struct thread_counter *next; /* in field->counters */
};

struct ust_perf_field {
	struct perf_event_attr attr;
	pthread_key_t key;
	pthread_mutex_t lock; /* guards counters */
	struct thread_counter *counters;
};

static void counter_close(struct thread_counter *c)
{
	if (c->page)
		munmap(c->page, (size_t)sysconf(_SC_PAGESIZE));
	if (c->fd >= 0)
		close(c->fd);
	munmap(c, sizeof(*c));
}

static void unlink_counter(struct ust_perf_field *field,
			   struct thread_counter *c)
{
	struct thread_counter **pp;

	for (pp = &field->counters; *pp; pp = &(*pp)->next) {
		if (*pp == c) {
			*pp = c->next;
			return;
		}
	}
}

/* Thread exit: the key's destructor gets the thread's counter. */
static void thread_exit(void *data)
{
	struct thread_counter *c = data;
	struct ust_perf_field *field = c->field;
	sigset_t all, saved;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	pthread_mutex_lock(&field->lock);
	unlink_counter(field, c);
	pthread_mutex_unlock(&field->lock);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	counter_close(c);
}

struct ust_perf_field *ust_perf_field_create(uint32_t type, uint64_t config)
{
	struct ust_perf_field *field = calloc(1, sizeof(*field));

	if (!field)
		return NULL;
	field->attr.size = sizeof(field->attr);
	field->attr.type = type;
	field->attr.config = config;
	field->attr.exclude_kernel = 1;
	field->attr.exclude_hv = 1;
	if (pthread_key_create(&field->key, thread_exit)) {
		free(field);
		return NULL;
	}
	pthread_mutex_init(&field->lock, NULL);
	return field;
}

void ust_perf_field_destroy(struct ust_perf_field *field)
{
	struct thread_counter *c, *next;

	if (!field)
		return;
	pthread_key_delete(field->key);
	for (c = field->counters; c; c = next) {
		next = c->next;
		counter_close(c);
	}
	pthread_mutex_destroy(&field->lock);
	free(field);
}

/* Signals blocked (see the top of this file). */
static struct thread_counter *counter_open(struct ust_perf_field *field)
{
	struct thread_counter *c;
	void *page;

	c = mmap(NULL, sizeof(*c), PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (c == MAP_FAILED)
		return NULL;
	c->field = field;
	c->fd = (int)syscall(SYS_perf_event_open, &field->attr, 0, -1, -1,
			     PERF_FLAG_FD_CLOEXEC);
	if (c->fd < 0) {
		ust_log("perf counter type %u config 0x%llx: cannot open it",
			field->attr.type,
			(unsigned long long)field->attr.config);
	} else {
		page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ,
			    MAP_SHARED, c->fd, 0);
		c->page = page == MAP_FAILED ? NULL : page;
	}
	pthread_mutex_lock(&field->lock);
	c->next = field->counters;
	field->counters = c;
	pthread_mutex_unlock(&field->lock);
	pthread_setspecific(field->key, c);
	return c;
}

/* The thread's first read: a handler may have opened it meanwhile. */
static __attribute__((noinline)) struct thread_counter *
counter_first_read(struct ust_perf_field *field)
{
	struct thread_counter *c;
	sigset_t all, saved;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	c = pthread_getspecific(field->key);
	if (!c)
		c = counter_open(field);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	return c;
}

#if defined(__x86_64__) || defined(__i386__)
static uint64_t rdpmc(uint32_t counter)
{
	uint32_t low, high;

	__asm__ volatile("rdpmc"
			 : "=a"(low), "=d"(high)
			 : "c"(counter)
			 : "memory");
	return (uint64_t)high << 32 | low;
}
#define HAVE_RDPMC 1
#else
#define HAVE_RDPMC 0
#endif

/*
 * The count from the control page; false when it needs read(). The
 * loads between the two reads of `lock` are acquire loads, so the
 * second read of `lock` cannot move before them (no fence needed).
 */
static bool read_from_page(const struct perf_event_mmap_page *pc,
			   uint64_t *count)
{
#if HAVE_RDPMC
	uint32_t seq, idx;
	int64_t value;

	if (!pc->cap_user_rdpmc)
		return false;
	do {
		seq = __atomic_load_n(&pc->lock, __ATOMIC_ACQUIRE);
		idx = __atomic_load_n(&pc->index, __ATOMIC_ACQUIRE);
		if (!idx)
			return false;
		value = (int64_t)rdpmc(idx - 1);
		value <<= 64 - pc->pmc_width;
		value >>= 64 - pc->pmc_width;
		value += __atomic_load_n(&pc->offset, __ATOMIC_ACQUIRE);
	} while (__atomic_load_n(&pc->lock, __ATOMIC_ACQUIRE) != seq);
	*count = (uint64_t)value;
	return true;
#else
	(void)pc;
	(void)count;
	return false;
#endif
}

uint64_t ust_perf_field_read(struct ust_perf_field *field)
{
	struct thread_counter *c = pthread_getspecific(field->key);
	uint64_t count = 0;

	if (__builtin_expect(!c, 0))
		c = counter_first_read(field);
	if (!c || c->fd < 0)
		return 0;
	if (c->page && read_from_page(c->page, &count))
		return count;
	if (read(c->fd, &count, sizeof(count)) != sizeof(count))
		return 0;
	return count;
}
