/*
 * Implementation of health.h. A table is a fixed array of slots, in
 * private memory or in a memfd shared with the session daemon. Each slot
 * is written by its own thread only, with release stores, and read by the
 * health server with acquire loads; a slot is claimed with a
 * compare-and-swap on in_use. The reader trusts nothing it reads beyond
 * the bounds it checks itself (a consumer's table is its memory).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "health/health.h"

#define HEALTH_MAX_SLOTS 64
#define WAIT_ENDLESS UINT64_MAX

struct health_slot {
	uint32_t in_use; /* 0: free, 1: owned by a thread */
	int32_t type;
	uint64_t beat_ns;	/* last heartbeat, CLOCK_MONOTONIC */
	uint64_t wait_until_ns; /* 0: in code; WAIT_ENDLESS: no limit */
};

struct health_table {
	struct health_slot slots[HEALTH_MAX_SLOTS];
};

static struct health_table *self_table;
static pthread_mutex_t self_lock = PTHREAD_MUTEX_INITIALIZER;
static __thread struct health_slot *my_slot;

uint64_t health_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static struct health_table *table_map(int fd)
{
	void *p = mmap(NULL, sizeof(struct health_table),
		       PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	return p == MAP_FAILED ? NULL : p;
}

struct health_table *health_table_create_shared(int *fd)
{
	struct health_table *table;
	int memfd =
		memfd_create("lttng-health", MFD_CLOEXEC | MFD_ALLOW_SEALING);

	if (memfd < 0)
		return NULL;
	/* Sealed size: the child can never make our reads fault. */
	if (ftruncate(memfd, sizeof(*table)) ||
	    fcntl(memfd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW) ||
	    !(table = table_map(memfd))) {
		int err = errno;

		close(memfd);
		errno = err;
		return NULL;
	}
	*fd = memfd;
	return table;
}

void health_table_destroy(struct health_table *table)
{
	if (table)
		munmap(table, sizeof(*table));
}

struct health_table *health_self(void)
{
	pthread_mutex_lock(&self_lock);
	if (!self_table)
		self_table = calloc(1, sizeof(*self_table));
	pthread_mutex_unlock(&self_lock);
	return self_table;
}

int health_attach(int fd)
{
	struct health_table *table = table_map(fd);

	if (!table)
		return -errno;
	pthread_mutex_lock(&self_lock);
	if (self_table) {
		pthread_mutex_unlock(&self_lock);
		health_table_destroy(table);
		return -EBUSY;
	}
	self_table = table;
	pthread_mutex_unlock(&self_lock);
	return 0;
}

void health_register(int type)
{
	struct health_table *table = health_self();

	if (!table || my_slot)
		return;
	for (int i = 0; i < HEALTH_MAX_SLOTS; i++) {
		struct health_slot *slot = &table->slots[i];
		uint32_t expected = 0;

		if (!__atomic_compare_exchange_n(&slot->in_use, &expected, 1,
						 false, __ATOMIC_ACQ_REL,
						 __ATOMIC_RELAXED))
			continue;
		__atomic_store_n(&slot->wait_until_ns, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&slot->beat_ns, health_now_ns(),
				 __ATOMIC_RELAXED);
		/* The type published last: the slot is watched from here. */
		__atomic_store_n(&slot->type, type + 1, __ATOMIC_RELEASE);
		my_slot = slot;
		return;
	}
}

void health_unregister(void)
{
	if (!my_slot)
		return;
	__atomic_store_n(&my_slot->type, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&my_slot->in_use, 0, __ATOMIC_RELEASE);
	my_slot = NULL;
}

void health_heartbeat(void)
{
	if (my_slot)
		__atomic_store_n(&my_slot->beat_ns, health_now_ns(),
				 __ATOMIC_RELEASE);
}

void health_wait_enter(int timeout_ms)
{
	uint64_t until;

	if (!my_slot)
		return;
	until = timeout_ms < 0
			? WAIT_ENDLESS
			: health_now_ns() + (uint64_t)timeout_ms * 1000000ULL;
	__atomic_store_n(&my_slot->wait_until_ns, until, __ATOMIC_RELEASE);
}

void health_wait_exit(void)
{
	if (!my_slot)
		return;
	/* The heartbeat first: a reader that sees "in code" sees it. */
	health_heartbeat();
	__atomic_store_n(&my_slot->wait_until_ns, 0, __ATOMIC_RELEASE);
}

int health_poll(struct pollfd *fds, nfds_t nfds, int timeout_ms)
{
	int ret;

	health_wait_enter(timeout_ms);
	ret = poll(fds, nfds, timeout_ms);
	health_wait_exit();
	return ret;
}

/* When the thread in slot became stuck, or UINT64_MAX if it cannot be. */
static uint64_t stuck_since(const struct health_slot *slot)
{
	uint64_t until =
		__atomic_load_n(&slot->wait_until_ns, __ATOMIC_ACQUIRE);

	if (until)
		return until;
	return __atomic_load_n(&slot->beat_ns, __ATOMIC_ACQUIRE);
}

uint64_t health_table_check(const struct health_table *table, uint64_t now_ns)
{
	uint64_t bad = 0;

	for (int i = 0; i < HEALTH_MAX_SLOTS; i++) {
		const struct health_slot *slot = &table->slots[i];
		int32_t type = __atomic_load_n(&slot->type, __ATOMIC_ACQUIRE);
		uint64_t since;

		if (type < 1 || type > 64)
			continue;
		since = stuck_since(slot);
		if (since != WAIT_ENDLESS && now_ns > since &&
		    now_ns - since >= HEALTH_DEADLINE_NS)
			bad |= 1ULL << (type - 1);
	}
	return bad;
}
