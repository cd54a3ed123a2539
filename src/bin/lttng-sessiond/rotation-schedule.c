/*
 * The rotation schedules (lttng enable-rotation): a thread that checks
 * every active session with a schedule every CHECK_PERIOD_MS, like
 * LTTng's monitor timers, and rotates it when its period elapsed since
 * the last rotation (or the start) or when the files of its current
 * trace chunk reached the size threshold. It takes the session lock, so
 * a scheduled rotation never runs during a client command.
 */
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "rotation.h"
#include "session.h"
#include "health/health.h"
#include "util/log.h"

#define CHECK_PERIOD_MS 50

static pthread_t thread;
static bool running;
static bool stop_requested; /* atomic */

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void rotation_schedule_timer_reset(struct session *s)
{
	s->rotation.timer_reference_ns = monotonic_ns();
}

/* nftw has no user argument: the walk's total, under the session lock. */
static uint64_t walked_bytes;

/* Data stream files only: not the metadata, not the indexes. */
static bool is_data_file(const char *path, const struct FTW *ftw)
{
	return strcmp(path + ftw->base, "metadata") && !strstr(path, "/index/");
}

static int add_file_size(const char *path, const struct stat *st, int flag,
			 struct FTW *ftw)
{
	if (flag == FTW_F && is_data_file(path, ftw))
		walked_bytes += (uint64_t)st->st_size;
	return 0;
}

/*
 * Bytes of event data the consumers wrote in the session's current chunk
 * so far (the "flushed part" of the chunk LTTng's size schedule counts).
 */
static uint64_t chunk_size(const struct session *s)
{
	char path[4096], sub[4200];
	const char *const domains[] = {"ust", "kernel"};

	if (rotation_chunk_path(s, path, sizeof(path)))
		return 0;
	walked_bytes = 0;
	for (size_t i = 0; i < sizeof(domains) / sizeof(*domains); i++) {
		snprintf(sub, sizeof(sub), "%s/%s", path, domains[i]);
		nftw(sub, add_file_size, 16, FTW_PHYS);
	}
	return walked_bytes;
}

static bool rotation_due(const struct session *s, uint64_t now_ns)
{
	const struct session_rotation *r = &s->rotation;

	if (!s->active || !r->chunk_exists)
		return false;
	if (r->timer_period_us &&
	    now_ns - r->timer_reference_ns >= r->timer_period_us * 1000u)
		return true;
	return r->size_threshold && chunk_size(s) >= r->size_threshold;
}

static void check_sessions(void)
{
	char archive[4096];
	uint64_t now = monotonic_ns();

	for (struct session *s = session_first(); s; s = s->next) {
		if (!rotation_due(s, now))
			continue;
		if (rotation_rotate(s, archive, sizeof(archive)) != LTTNG_OK)
			ERR("Scheduled rotation of session %s failed", s->name);
		else
			DBG("Session %s: scheduled rotation to %s", s->name,
			    archive);
	}
}

static void *schedule_thread(void *arg)
{
	const struct timespec pause = {0, CHECK_PERIOD_MS * 1000000L};

	(void)arg;
	health_register(HEALTH_SESSIOND_ROTATION);
	while (!__atomic_load_n(&stop_requested, __ATOMIC_ACQUIRE)) {
		health_wait_enter(CHECK_PERIOD_MS);
		nanosleep(&pause, NULL);
		health_wait_exit();
		pthread_mutex_lock(&session_lock);
		check_sessions();
		pthread_mutex_unlock(&session_lock);
	}
	return NULL;
}

int rotation_schedule_thread_start(void)
{
	__atomic_store_n(&stop_requested, false, __ATOMIC_RELEASE);
	if (pthread_create(&thread, NULL, schedule_thread, NULL)) {
		ERR("Cannot start the rotation schedule thread");
		return -1;
	}
	running = true;
	return 0;
}

void rotation_schedule_thread_stop(void)
{
	if (!running)
		return;
	__atomic_store_n(&stop_requested, true, __ATOMIC_RELEASE);
	pthread_join(thread, NULL);
	running = false;
}
