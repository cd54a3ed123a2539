/*
 * Implementation of app-listener.h.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "app-listener.h"
#include "config.h"
#include "notify-thread.h"
#include "session.h"
#include "ust-app.h"
#include "ust-session.h"
#include "util/log.h"
#include "util/unix-socket.h"

/* A registration arrives in one write: a peer slower than this is cut. */
#define REGISTRATION_TIMEOUT_MS 1000
#define MAX_HALF_REGISTERED 64

/* A socket whose process has not opened its other socket yet. */
struct half_registration {
	struct ust_register reg;
	int fd;
	struct half_registration *next;
};

static pthread_t thread;
static int listen_fd = -1;
static int stop_fd = -1;
static int reap_fd = -1;
static struct half_registration *halves;
static unsigned int nr_halves;

/* The registration must describe the peer exactly. */
static bool credentials_match(const struct ust_register *reg,
			      const struct ucred *cred)
{
	if (cred->pid != reg->pid || cred->uid != reg->uid ||
	    cred->gid != reg->gid)
		return false;
	/* A per-user daemon traces its own user's processes only. */
	return sessiond_config.is_root || cred->uid == getuid();
}

static void drop_oldest_half(void)
{
	struct half_registration **link = &halves;

	while (*link && (*link)->next)
		link = &(*link)->next;
	if (*link) {
		close((*link)->fd);
		free(*link);
		*link = NULL;
		nr_halves--;
	}
}

/* Takes the other half of reg's process out of the list, or NULL. */
static struct half_registration *take_partner(const struct ust_register *reg)
{
	for (struct half_registration **link = &halves; *link;
	     link = &(*link)->next) {
		struct half_registration *h = *link;

		if (h->reg.pid == reg->pid && h->reg.token == reg->token &&
		    h->reg.kind != reg->kind) {
			*link = h->next;
			nr_halves--;
			return h;
		}
	}
	return NULL;
}

static struct ust_app *make_app(const struct ust_register *cmd_reg, int cmd_fd,
				int notify_fd)
{
	struct ust_app *app = calloc(1, sizeof(*app));

	if (!app)
		return NULL;
	app->pid = cmd_reg->pid;
	app->ppid = cmd_reg->ppid;
	app->uid = cmd_reg->uid;
	app->gid = cmd_reg->gid;
	app->bitness = cmd_reg->bitness;
	memcpy(app->procname, cmd_reg->procname, sizeof(app->procname));
	app->procname[sizeof(app->procname) - 1] = '\0';
	app->registration_time = time(NULL);
	app->cmd_sock = cmd_fd;
	app->notify_sock = notify_fd;
	return app;
}

static void register_app(struct ust_app *app)
{
	int ret;

	pthread_mutex_lock(&session_lock);
	ust_app_add(app);
	if (notify_thread_add_app(app)) {
		app->cmd_failed = true;
		shutdown(app->notify_sock, SHUT_RDWR);
		pthread_mutex_unlock(&session_lock);
		return;
	}
	DBG("Application pid %d (%s, uid %d, %u-bit) registered", (int)app->pid,
	    app->procname, (int)app->uid, app->bitness);
	ust_session_sync_app(app);
	ret = ust_app_call(app, UST_CMD_REGISTER_DONE, NULL, NULL, 0, NULL);
	if (ret)
		DBG("Application pid %d: registration done: %d", (int)app->pid,
		    ret);
	pthread_mutex_unlock(&session_lock);
}

static void pair(struct half_registration *mine)
{
	struct half_registration *other = take_partner(&mine->reg);
	struct half_registration *cmd, *notify;
	struct ust_app *app;

	if (!other) {
		if (nr_halves == MAX_HALF_REGISTERED)
			drop_oldest_half();
		mine->next = halves;
		halves = mine;
		nr_halves++;
		return;
	}
	cmd = mine->reg.kind == UST_SOCKET_COMMAND ? mine : other;
	notify = cmd == mine ? other : mine;
	app = make_app(&cmd->reg, cmd->fd, notify->fd);
	if (!app) {
		close(cmd->fd);
		close(notify->fd);
	} else {
		register_app(app);
	}
	free(mine);
	free(other);
}

static void accept_app(void)
{
	struct half_registration *h;
	struct ucred cred;
	int fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC);

	if (fd < 0)
		return;
	h = calloc(1, sizeof(*h));
	if (!h || usock_set_timeout(fd, REGISTRATION_TIMEOUT_MS) ||
	    usock_peer_cred(fd, &cred) || ust_recv_register(fd, &h->reg) ||
	    !credentials_match(&h->reg, &cred) ||
	    usock_set_timeout(fd, sessiond_config.app_socket_timeout_ms)) {
		DBG("Refused an application connection");
		free(h);
		close(fd);
		return;
	}
	h->fd = fd;
	pair(h);
}

static void reap(void)
{
	uint64_t v;

	if (read(reap_fd, &v, sizeof(v)) < 0)
		return;
	pthread_mutex_lock(&session_lock);
	ust_app_reap_dead();
	pthread_mutex_unlock(&session_lock);
}

static void *listener_main(void *arg)
{
	struct pollfd fds[3] = {
		{.fd = listen_fd, .events = POLLIN},
		{.fd = reap_fd, .events = POLLIN},
		{.fd = stop_fd, .events = POLLIN},
	};

	(void)arg;
	for (;;) {
		if (poll(fds, 3, -1) < 0) {
			if (errno == EINTR)
				continue;
			ERR("poll: %s", strerror(errno));
			break;
		}
		if (fds[2].revents)
			break;
		if (fds[1].revents)
			reap();
		if (fds[0].revents)
			accept_app();
	}
	return NULL;
}

int app_listener_start(void)
{
	mode_t mode = sessiond_config.is_root ? 0666 : 0600;
	int ret;

	listen_fd = usock_listen(sessiond_config.apps_sock_path, mode);
	if (listen_fd < 0) {
		ERR("Cannot listen on %s: %s", sessiond_config.apps_sock_path,
		    strerror(-listen_fd));
		return listen_fd;
	}
	stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	reap_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (stop_fd < 0 || reap_fd < 0)
		return -errno;
	ret = notify_thread_start(reap_fd);
	if (ret)
		return ret;
	ret = pthread_create(&thread, NULL, listener_main, NULL);
	return -ret;
}

void app_listener_stop(void)
{
	uint64_t one = 1;

	if (listen_fd < 0)
		return;
	if (write(stop_fd, &one, sizeof(one)) < 0)
		DBG("eventfd write: %s", strerror(errno));
	pthread_join(thread, NULL);
	close(listen_fd);
	listen_fd = -1;
	unlink(sessiond_config.apps_sock_path);
	while (halves) {
		struct half_registration *h = halves;

		halves = h->next;
		close(h->fd);
		free(h);
	}
}

void app_listener_release_apps(void)
{
	notify_thread_stop();
	pthread_mutex_lock(&session_lock);
	ust_app_destroy_all();
	pthread_mutex_unlock(&session_lock);
	close(stop_fd);
	close(reap_fd);
}
