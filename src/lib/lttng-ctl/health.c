/*
 * The health API of <lttng/health.h>: one request on a daemon's health
 * socket (LTTng's protocol: a 4-byte check command, answered with an
 * 8-byte mask of the thread types that are bad), and the thread names of
 * each component, in LTTng's order.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lttng/health.h>

#include "ctl-internal.h"
#include "health/health.h"
#include "util/paths.h"
#include "util/unix-socket.h"

/* The health server answers at once; a stopped daemon never does. */
#define HEALTH_REPLY_TIMEOUT_MS 10000

struct lttng_health_thread {
	const struct lttng_health *health;
	int state;
};

struct lttng_health {
	const char *const *names; /* one per thread */
	unsigned int nr_threads;
	const char *rundir_socket; /* NULL: health_path is absolute */
	char health_path[PATH_MAX];
	uint64_t bad_threads; /* all bits set until a query succeeds */
	struct lttng_health_thread threads[];
};

/*
 * LTTng 2.13 leaves the notification thread (8) without a name (NULL);
 * ours says what it is.
 */
static const char *const sessiond_names[HEALTH_SESSIOND_NR_TYPES] = {
	[HEALTH_SESSIOND_CMD] = "Session daemon command",
	[HEALTH_SESSIOND_APP_MANAGE] = "Session daemon application manager",
	[HEALTH_SESSIOND_APP_REG] = "Session daemon application registration",
	[HEALTH_SESSIOND_KERNEL] = "Session daemon kernel",
	[HEALTH_SESSIOND_CONSUMER] = "Session daemon consumer manager",
	[HEALTH_SESSIOND_HT_CLEANUP] = "Session daemon hash table cleanup",
	[HEALTH_SESSIOND_APP_MANAGE_NOTIFY] =
		"Session daemon application notification manager",
	[HEALTH_SESSIOND_APP_REG_DISPATCH] =
		"Session daemon application registration dispatcher",
	[HEALTH_SESSIOND_NOTIFICATION] = "Session daemon notification",
	[HEALTH_SESSIOND_ROTATION] = "Session daemon rotation manager",
	[HEALTH_SESSIOND_TIMER] = "Session daemon timer manager",
	[HEALTH_SESSIOND_ACTION_EXECUTOR] =
		"Session daemon trigger action executor",
};

static const char *const consumerd_names[HEALTH_CONSUMERD_NR_TYPES] = {
	[HEALTH_CONSUMERD_CHANNEL] = "Consumer daemon channel",
	[HEALTH_CONSUMERD_METADATA] = "Consumer daemon metadata",
	[HEALTH_CONSUMERD_DATA] = "Consumer daemon data",
	[HEALTH_CONSUMERD_SESSIOND] =
		"Consumer daemon session daemon command manager",
	[HEALTH_CONSUMERD_METADATA_TIMER] = "Consumer daemon metadata timer",
};

static const char *const relayd_names[] = {
	"Relay daemon dispatcher",  "Relay daemon worker",
	"Relay daemon listener",    "Relay daemon live dispatcher",
	"Relay daemon live worker", "Relay daemon live listener",
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static struct lttng_health *health_create(const char *const *names,
					  unsigned int nr_threads)
{
	struct lttng_health *h =
		calloc(1, sizeof(*h) + nr_threads * sizeof(h->threads[0]));

	if (!h)
		return NULL;
	h->names = names;
	h->nr_threads = nr_threads;
	h->bad_threads = UINT64_MAX;
	for (unsigned int i = 0; i < nr_threads; i++)
		h->threads[i].health = h;
	return h;
}

LTTNG_API struct lttng_health *lttng_health_create_sessiond(void)
{
	struct lttng_health *h =
		health_create(sessiond_names, ARRAY_LEN(sessiond_names));

	if (h)
		h->rundir_socket = PATHS_SESSIOND_HEALTH_SOCK;
	return h;
}

LTTNG_API struct lttng_health *
lttng_health_create_consumerd(enum lttng_health_consumerd consumerd)
{
	struct lttng_health *h =
		health_create(consumerd_names, ARRAY_LEN(consumerd_names));

	if (!h)
		return NULL;
	switch (consumerd) {
	case LTTNG_HEALTH_CONSUMERD_UST_32:
		h->rundir_socket = PATHS_USTCONSUMERD32_HEALTH_SOCK;
		break;
	case LTTNG_HEALTH_CONSUMERD_UST_64:
		h->rundir_socket = PATHS_USTCONSUMERD64_HEALTH_SOCK;
		break;
	case LTTNG_HEALTH_CONSUMERD_KERNEL:
		h->rundir_socket = PATHS_KCONSUMERD_HEALTH_SOCK;
		break;
	default:
		break; /* as LTTng: created, but every query fails */
	}
	return h;
}

LTTNG_API struct lttng_health *lttng_health_create_relayd(const char *path)
{
	struct lttng_health *h;

	if (!path || strlen(path) >= sizeof(h->health_path))
		return NULL;
	h = health_create(relayd_names, ARRAY_LEN(relayd_names));
	if (h)
		strcpy(h->health_path, path);
	return h;
}

LTTNG_API void lttng_health_destroy(struct lttng_health *health)
{
	free(health);
}

static int health_connect(const struct lttng_health *health)
{
	if (health->rundir_socket)
		return ctl_connect_rundir_socket(health->rundir_socket);
	if (!health->health_path[0])
		return -EINVAL;
	return usock_connect(health->health_path);
}

LTTNG_API int lttng_health_query(struct lttng_health *health)
{
	struct health_request request = {.cmd = HEALTH_CMD_CHECK};
	struct health_reply reply;
	int fd, ret;

	if (!health)
		return -EINVAL;
	if (!health->rundir_socket && !health->health_path[0])
		return -EINVAL; /* a consumer daemon LTTng does not know */
	fd = health_connect(health);
	if (fd < 0)
		return -1;
	ret = usock_set_timeout(fd, HEALTH_REPLY_TIMEOUT_MS);
	if (!ret)
		ret = usock_send_all(fd, &request, sizeof(request));
	if (!ret)
		ret = usock_recv_all(fd, &reply, sizeof(reply));
	close(fd);
	if (ret)
		return -1;
	health->bad_threads = reply.bad_threads;
	for (unsigned int i = 0; i < health->nr_threads; i++)
		health->threads[i].state =
			reply.bad_threads & (1ULL << i) ? -1 : 0;
	return 0;
}

LTTNG_API int lttng_health_state(const struct lttng_health *health)
{
	if (!health)
		return -EINVAL;
	return health->bad_threads ? -1 : 0;
}

LTTNG_API int lttng_health_get_nr_threads(const struct lttng_health *health)
{
	if (!health)
		return -EINVAL;
	return (int)health->nr_threads;
}

LTTNG_API const struct lttng_health_thread *
lttng_health_get_thread(const struct lttng_health *health,
			unsigned int nth_thread)
{
	if (!health || nth_thread >= health->nr_threads)
		return NULL;
	return &health->threads[nth_thread];
}

LTTNG_API int
lttng_health_thread_state(const struct lttng_health_thread *thread)
{
	if (!thread)
		return -EINVAL;
	return thread->state;
}

LTTNG_API const char *
lttng_health_thread_name(const struct lttng_health_thread *thread)
{
	if (!thread)
		return NULL;
	return thread->health->names[thread - thread->health->threads];
}
