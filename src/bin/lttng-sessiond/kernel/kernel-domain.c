/*
 * Implementation of kernel-domain.h. Instances are named
 * lttng-<daemon pid>-<n> so that tracefs_remove_stale_instances() can
 * recognise the ones whose daemon died.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../config.h"
#include "../daemon-clock.h"
#include "kernel-consumer.h"
#include "kernel-domain.h"
#include "kernel-uprobe.h"
#include "util/log.h"

/* 100 ms apart: up to 10 s for a dead daemon's consumer to finish. */
#define STALE_REMOVAL_ATTEMPTS 100

static char tracefs_root[PATH_MAX];
static unsigned int instance_counter;

/*
 * Removes the instances of dead daemons. The kernel consumer of a daemon
 * that was killed exits once it has drained them; until then they are
 * busy, so retry for a short while.
 */
static int remove_stale_instances(void)
{
	const struct timespec pause = {0, 100 * 1000 * 1000};
	int removed = 0, ret, attempt;

	for (attempt = 0; attempt < STALE_REMOVAL_ATTEMPTS; attempt++) {
		ret = tracefs_remove_stale_instances(tracefs_root);
		if (ret > 0)
			removed += ret;
		if (tracefs_count_stale_instances(tracefs_root) <= 0)
			break;
		nanosleep(&pause, NULL);
	}
	if (attempt == STALE_REMOVAL_ATTEMPTS)
		WARN("Some stale tracefs instances are still in use");
	return removed;
}

void kernel_domain_init(void)
{
	char err[256];
	int removed;

	if (!sessiond_config.is_root || sessiond_config.no_kernel)
		return;
	if (tracefs_find_root(tracefs_root, sizeof(tracefs_root), err,
			      sizeof(err))) {
		WARN("Kernel tracing unavailable: %s", err);
		tracefs_root[0] = '\0';
		return;
	}
	removed = remove_stale_instances();
	if (removed > 0)
		DBG("Removed %d stale tracefs instance(s)", removed);
	kernel_uprobe_remove_stale();
}

int kernel_domain_available(void)
{
	if (!sessiond_config.is_root)
		return LTTNG_ERR_NEED_ROOT_SESSIOND;
	if (sessiond_config.no_kernel || !tracefs_root[0])
		return LTTNG_ERR_KERN_NA;
	return LTTNG_OK;
}

const char *kernel_tracefs_root(void)
{
	return tracefs_root;
}

int kernel_session_get(struct kernel_session **slot, bool create,
		       struct kernel_session **out)
{
	int ret = kernel_domain_available();

	if (ret != LTTNG_OK)
		return ret;
	if (!*slot && create) {
		*slot = calloc(1, sizeof(**slot));
		if (!*slot)
			return LTTNG_ERR_NOMEM;
		domain_init(&(*slot)->domain, LTTNG_DOMAIN_KERNEL);
		for (size_t i = 0; i < KERNEL_TRACKER_COUNT; i++)
			kernel_tracker_init(&(*slot)->trackers[i]);
		(*slot)->consumer_fd = -1;
		(*slot)->clock = *daemon_kernel_clock();
	}
	*out = *slot;
	return *slot ? LTTNG_OK : LTTNG_ERR_KERN_CHAN_NOT_FOUND;
}

struct kernel_instance *kernel_session_instance(struct kernel_session *ks,
						const char *channel)
{
	struct kernel_instance *ki;

	for (ki = ks->instances; ki; ki = ki->next) {
		if (!strcmp(ki->channel, channel))
			return ki;
	}
	return NULL;
}

int kernel_session_add_instance(struct kernel_session *ks, const char *channel,
				struct kernel_instance **out)
{
	struct kernel_instance *ki = calloc(1, sizeof(*ki));
	char name[64], err[512];
	int ret;

	if (!ki)
		return LTTNG_ERR_NOMEM;
	snprintf(ki->channel, sizeof(ki->channel), "%s", channel);
	snprintf(name, sizeof(name), "%s%d-%u", TRACEFS_INSTANCE_PREFIX,
		 (int)getpid(), instance_counter++);
	ret = tracefs_instance_create(tracefs_root, name, &ki->tracefs, err,
				      sizeof(err));
	if (ret == 0)
		ret = tracefs_instance_write(&ki->tracefs, "tracing_on", "0",
					     err, sizeof(err));
	if (ret) {
		ERR("Kernel channel %s: %s", channel, err);
		if (ki->tracefs.path)
			tracefs_instance_destroy(&ki->tracefs, err,
						 sizeof(err));
		free(ki);
		return LTTNG_ERR_KERN_CHAN_FAIL;
	}
	ki->next = ks->instances;
	ks->instances = ki;
	*out = ki;
	return LTTNG_OK;
}

static void free_consumer_filters(struct kernel_consumer_filter *f)
{
	struct kernel_consumer_filter *next;

	for (; f; f = next) {
		next = f->next;
		free(f->expression);
		free(f);
	}
}

void kernel_session_destroy(struct kernel_session *ks)
{
	struct kernel_instance *ki, *next;
	char err[512];

	if (!ks)
		return;
	kernel_consumer_quit(ks);
	for (ki = ks->instances; ki; ki = next) {
		next = ki->next;
		free_consumer_filters(ki->filters);
		if (tracefs_instance_destroy(&ki->tracefs, err, sizeof(err)))
			WARN("Kernel channel %s: %s", ki->channel, err);
		free(ki);
	}
	kernel_uprobe_remove_all(ks->uprobes);
	for (size_t i = 0; i < KERNEL_TRACKER_COUNT; i++)
		kernel_tracker_fini(&ks->trackers[i]);
	domain_fini(&ks->domain);
	free(ks);
}
