/*
 * Implementation of health-server.h. The thread polls the listening
 * sockets and an eventfd; the other threads only change the list of
 * watched consumers (under lock) and wake it, and the thread itself opens
 * and closes the consumer sockets so that it never polls a closed fd.
 * Answers are computed under the lock, so a consumer's table is never
 * unmapped while it is read. The health thread is not watched itself
 * (as LTTng's).
 */
#include <errno.h>
#include <grp.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "config.h"
#include "health-server.h"
#include "util/log.h"
#include "util/paths.h"
#include "util/unix-socket.h"

/* Component 0 is the session daemon, then LTTng's consumer kinds. */
#define NR_COMPONENTS (1 + NR_LTTNG_HEALTH_CONSUMERD)
#define SESSIOND_COMPONENT 0
#define ANSWER_TIMEOUT_MS 1000

struct watched_consumer {
	pid_t pid;
	int component;
	struct health_table *table;
	struct watched_consumer *next;
};

static const char *const socket_names[NR_COMPONENTS] = {
	PATHS_SESSIOND_HEALTH_SOCK,
	[1 + LTTNG_HEALTH_CONSUMERD_UST_32] = PATHS_USTCONSUMERD32_HEALTH_SOCK,
	[1 + LTTNG_HEALTH_CONSUMERD_UST_64] = PATHS_USTCONSUMERD64_HEALTH_SOCK,
	[1 + LTTNG_HEALTH_CONSUMERD_KERNEL] = PATHS_KCONSUMERD_HEALTH_SOCK,
};

static pthread_mutex_t server_lock = PTHREAD_MUTEX_INITIALIZER;
static struct watched_consumer *consumers;
static int listen_fds[NR_COMPONENTS] = {-1, -1, -1, -1};
static int wake_fd = -1;
static bool stopping;
static pthread_t thread;
static bool thread_running;

static void wake_server(void)
{
	uint64_t one = 1;

	if (wake_fd >= 0 && write(wake_fd, &one, sizeof(one)) < 0)
		DBG("Cannot wake the health thread: %s", strerror(errno));
}

static int socket_path(int component, char *buf, size_t len)
{
	return paths_join(buf, len, sessiond_config.rundir,
			  socket_names[component]);
}

/* Root: members of the tracing group may ask (mode 0660, its group). */
static void give_to_tracing_group(const char *path)
{
	struct group *grp = getgrnam(sessiond_config.tracing_group);

	if (grp && chown(path, 0, grp->gr_gid))
		WARN("Cannot give %s to group %s: %s", path,
		     sessiond_config.tracing_group, strerror(errno));
}

static int open_socket(int component)
{
	char path[PATH_MAX], dir[PATH_MAX];
	mode_t mode = sessiond_config.is_root ? 0660 : 0600;
	char *slash;
	int fd;

	if (socket_path(component, path, sizeof(path)))
		return -ENAMETOOLONG;
	strcpy(dir, path);
	slash = strrchr(dir, '/');
	*slash = '\0';
	fd = paths_mkdir_p(dir, sessiond_config.is_root ? 0755 : 0700);
	if (!fd)
		fd = usock_listen(path, mode);
	if (fd < 0) {
		ERR("Unable to create health check Unix socket %s: %s", path,
		    strerror(-fd));
		return fd;
	}
	if (sessiond_config.is_root)
		give_to_tracing_group(path);
	return fd;
}

static void close_socket(int component)
{
	char path[PATH_MAX];

	if (listen_fds[component] < 0)
		return;
	close(listen_fds[component]);
	listen_fds[component] = -1;
	if (!socket_path(component, path, sizeof(path)))
		unlink(path);
}

/* A consumer socket is open exactly while a consumer of its kind runs. */
static void match_consumer_sockets_locked(void)
{
	for (int c = 1; c < NR_COMPONENTS; c++) {
		bool wanted = false;

		for (struct watched_consumer *w = consumers; w; w = w->next)
			wanted |= w->component == c;
		if (wanted && listen_fds[c] < 0)
			listen_fds[c] = open_socket(c);
		else if (!wanted)
			close_socket(c);
	}
}

static uint64_t bad_threads_locked(int component)
{
	uint64_t now = health_now_ns(), bad = 0;

	if (component == SESSIOND_COMPONENT)
		return health_table_check(health_self(), now);
	for (struct watched_consumer *w = consumers; w; w = w->next)
		if (w->component == component)
			bad |= health_table_check(w->table, now);
	return bad;
}

static void answer(int listen_fd, int component)
{
	struct health_request request;
	struct health_reply reply;
	int fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC);

	if (fd < 0)
		return;
	if (usock_set_timeout(fd, ANSWER_TIMEOUT_MS) ||
	    usock_recv_all(fd, &request, sizeof(request)) ||
	    request.cmd != HEALTH_CMD_CHECK) {
		DBG("Health request refused");
		close(fd);
		return;
	}
	pthread_mutex_lock(&server_lock);
	reply.bad_threads = bad_threads_locked(component);
	pthread_mutex_unlock(&server_lock);
	DBG2("Health of %s: bad thread mask %#llx", socket_names[component],
	     (unsigned long long)reply.bad_threads);
	if (usock_send_all(fd, &reply, sizeof(reply)))
		DBG("Cannot send the health answer");
	close(fd);
}

static void *health_thread(void *arg)
{
	(void)arg;
	for (;;) {
		struct pollfd fds[1 + NR_COMPONENTS];
		int owner[1 + NR_COMPONENTS];
		nfds_t n = 1;

		pthread_mutex_lock(&server_lock);
		if (stopping) {
			pthread_mutex_unlock(&server_lock);
			break;
		}
		match_consumer_sockets_locked();
		fds[0] = (struct pollfd){.fd = wake_fd, .events = POLLIN};
		for (int c = 0; c < NR_COMPONENTS; c++) {
			if (listen_fds[c] < 0)
				continue;
			owner[n] = c;
			fds[n++] = (struct pollfd){.fd = listen_fds[c],
						   .events = POLLIN};
		}
		pthread_mutex_unlock(&server_lock);
		if (poll(fds, n, -1) < 0 && errno != EINTR) {
			ERR("Health socket poll error: %s", strerror(errno));
			break;
		}
		if (fds[0].revents) {
			uint64_t count;

			if (read(wake_fd, &count, sizeof(count)) < 0)
				DBG("Health thread wake-up lost");
		}
		for (nfds_t i = 1; i < n; i++)
			if (fds[i].revents & POLLIN)
				answer(fds[i].fd, owner[i]);
	}
	return NULL;
}

int health_server_start(void)
{
	int ret;

	if (!health_self())
		return -ENOMEM;
	wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (wake_fd < 0)
		return -errno;
	listen_fds[SESSIOND_COMPONENT] = open_socket(SESSIOND_COMPONENT);
	if (listen_fds[SESSIOND_COMPONENT] < 0) {
		ret = listen_fds[SESSIOND_COMPONENT];
		goto error;
	}
	ret = -pthread_create(&thread, NULL, health_thread, NULL);
	if (ret) {
		close_socket(SESSIOND_COMPONENT);
		goto error;
	}
	thread_running = true;
	return 0;
error:
	close(wake_fd);
	wake_fd = -1;
	return ret;
}

void health_server_stop(void)
{
	if (!thread_running)
		return;
	pthread_mutex_lock(&server_lock);
	stopping = true;
	pthread_mutex_unlock(&server_lock);
	wake_server();
	pthread_join(thread, NULL);
	thread_running = false;
	pthread_mutex_lock(&server_lock);
	for (int c = 0; c < NR_COMPONENTS; c++)
		close_socket(c);
	while (consumers) {
		struct watched_consumer *w = consumers;

		consumers = w->next;
		health_table_destroy(w->table);
		free(w);
	}
	pthread_mutex_unlock(&server_lock);
	close(wake_fd);
	wake_fd = -1;
}

int health_server_consumer_prepare(struct health_table **table)
{
	int fd;

	*table = health_table_create_shared(&fd);
	if (!*table) {
		WARN("The consumer daemon will run without health checks: %s",
		     strerror(errno));
		return -1;
	}
	return fd;
}

void health_server_consumer_started(enum lttng_health_consumerd kind, pid_t pid,
				    struct health_table *table, int memfd)
{
	struct watched_consumer *w;

	if (memfd >= 0)
		close(memfd);
	if (!table)
		return;
	w = pid > 0 ? malloc(sizeof(*w)) : NULL;
	if (!w) {
		health_table_destroy(table);
		return;
	}
	*w = (struct watched_consumer){
		.pid = pid, .component = 1 + (int)kind, .table = table};
	pthread_mutex_lock(&server_lock);
	w->next = consumers;
	consumers = w;
	pthread_mutex_unlock(&server_lock);
	wake_server();
}

void health_server_consumer_exited(pid_t pid)
{
	struct watched_consumer **link, *gone = NULL;

	pthread_mutex_lock(&server_lock);
	for (link = &consumers; *link; link = &(*link)->next) {
		if ((*link)->pid == pid) {
			gone = *link;
			*link = gone->next;
			break;
		}
	}
	pthread_mutex_unlock(&server_lock);
	if (!gone)
		return;
	health_table_destroy(gone->table);
	free(gone);
	wake_server();
}
