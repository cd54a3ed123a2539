/*
 * Implementation of consume-thread.h.
 *
 * The thread polls, without the lock, a copy of the wakeup fds taken
 * under the lock together with ust_channels_generation. When it wakes
 * (a producer signalled, the read timer expired, or the command loop
 * added or removed a channel), it takes the lock and, if the generation
 * did not change, drains every stream of every channel: a drain is a few
 * -EAGAIN returns for idle streams, so there is no per-stream
 * bookkeeping. The command loop rebuilds nothing: it bumps the
 * generation and wakes the thread, which copies the fds again. Each
 * round first writes the metadata pushed since the last one, so it
 * reaches the files within a read timer period and before the data
 * that uses it.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "consume-thread.h"
#include "metadata-output.h"
#include "ust-channel.h"
#include "health/health.h"
#include "util/log.h"

#define READ_TIMER_MS 100

static pthread_t thread;
static int wake_fd = -1;
static bool stopping;

struct poll_set {
	struct pollfd *fds;
	size_t nr;
	size_t cap;
	uint64_t generation;
	int timeout_ms; /* the read timer, or a shorter switch timer */
};

static int poll_set_add(struct poll_set *set, int fd)
{
	if (set->nr == set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 16;
		struct pollfd *fds = realloc(set->fds, cap * sizeof(*fds));

		if (!fds)
			return -ENOMEM;
		set->fds = fds;
		set->cap = cap;
	}
	set->fds[set->nr].fd = fd;
	set->fds[set->nr].events = POLLIN;
	set->fds[set->nr].revents = 0;
	set->nr++;
	return 0;
}

/* Copies the fds to poll; lock held. */
static int poll_set_build(struct poll_set *set)
{
	set->nr = 0;
	set->generation = ust_channels_generation;
	set->timeout_ms = READ_TIMER_MS;
	if (poll_set_add(set, wake_fd))
		return -ENOMEM;
	for (struct ust_channel *c = ust_channel_first(); c; c = c->next) {
		uint64_t switch_ms = c->switch_timer_ns / 1000000u;

		if (c->switch_timer_ns && switch_ms < (uint64_t)set->timeout_ms)
			set->timeout_ms = switch_ms ? (int)switch_ms : 1;
		for (unsigned int i = 0; i < c->nr_streams; i++)
			if (poll_set_add(set, c->rb->streams[i].wakeup_fd))
				return -ENOMEM;
	}
	return 0;
}

static void clear_eventfd(int fd)
{
	uint64_t count;

	if (read(fd, &count, sizeof(count)) < 0 && errno != EAGAIN)
		DBG2("eventfd read: %s", strerror(errno));
}

/* Switch timers: close the current packets of channels that have one. */
static void run_switch_timers(uint64_t now)
{
	for (struct ust_channel *c = ust_channel_first(); c; c = c->next) {
		if (!c->switch_timer_ns ||
		    now - c->last_switch_ns < c->switch_timer_ns)
			continue;
		c->last_switch_ns = now;
		rb_channel_switch(c->rb, c->trace_clock);
	}
}

static void consume_all(const struct poll_set *set)
{
	/* first: the packets drained below may use new event classes */
	metadata_output_flush_all();
	if (set->generation != ust_channels_generation)
		return; /* the fds copied are stale; rebuild first */
	for (size_t i = 1; i < set->nr; i++)
		if (set->fds[i].revents & POLLIN)
			clear_eventfd(set->fds[i].fd);
	run_switch_timers(trace_clock_monotonic());
	for (struct ust_channel *c = ust_channel_first(); c; c = c->next)
		ust_channel_drain(c);
}

static void *consume_main(void *arg)
{
	struct poll_set set = {0};

	(void)arg;
	health_register(HEALTH_CONSUMERD_DATA);
	for (;;) {
		pthread_mutex_lock(&ust_channels_lock);
		if (stopping) {
			pthread_mutex_unlock(&ust_channels_lock);
			break;
		}
		if (poll_set_build(&set)) {
			pthread_mutex_unlock(&ust_channels_lock);
			ERR("Out of memory in the consumption thread");
			break;
		}
		pthread_mutex_unlock(&ust_channels_lock);
		if (health_poll(set.fds, set.nr, set.timeout_ms) < 0 &&
		    errno != EINTR)
			ERR("poll: %s", strerror(errno));
		if (set.fds[0].revents & POLLIN)
			clear_eventfd(wake_fd);
		pthread_mutex_lock(&ust_channels_lock);
		consume_all(&set);
		pthread_mutex_unlock(&ust_channels_lock);
	}
	free(set.fds);
	return NULL;
}

int consume_thread_start(void)
{
	int ret;

	wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (wake_fd < 0)
		return -errno;
	ret = pthread_create(&thread, NULL, consume_main, NULL);
	if (ret) {
		close(wake_fd);
		wake_fd = -1;
		return -ret;
	}
	return 0;
}

void consume_thread_wake(void)
{
	uint64_t one = 1;

	if (wake_fd >= 0 && write(wake_fd, &one, sizeof(one)) < 0)
		DBG2("eventfd write: %s", strerror(errno));
}

void consume_thread_stop(void)
{
	if (wake_fd < 0)
		return;
	pthread_mutex_lock(&ust_channels_lock);
	stopping = true;
	pthread_mutex_unlock(&ust_channels_lock);
	consume_thread_wake();
	pthread_join(thread, NULL);
	close(wake_fd);
	wake_fd = -1;
}
