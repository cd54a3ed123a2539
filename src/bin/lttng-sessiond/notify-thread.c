/*
 * Implementation of notify-thread.h.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "notify-thread.h"
#include "ust-app.h"
#include "ust-comm/codec.h"
#include "ust-comm/event-class.h"
#include "ust-registry.h"
#include "health/health.h"
#include "util/log.h"

struct watched_app {
	struct ust_app *app;
	struct watched_app *next;
};

static pthread_t thread;
static pthread_mutex_t incoming_lock = PTHREAD_MUTEX_INITIALIZER;
static struct watched_app *incoming; /* added, not yet polled */
static int wake_fd = -1;
static int reap_fd = -1;
static bool stopping;

static void signal_eventfd(int fd)
{
	uint64_t one = 1;

	if (write(fd, &one, sizeof(one)) < 0)
		DBG2("eventfd write: %s", strerror(errno));
}

int notify_thread_add_app(struct ust_app *app)
{
	struct watched_app *w = calloc(1, sizeof(*w));

	if (!w)
		return -ENOMEM;
	w->app = app;
	pthread_mutex_lock(&incoming_lock);
	w->next = incoming;
	incoming = w;
	pthread_mutex_unlock(&incoming_lock);
	signal_eventfd(wake_fd);
	return 0;
}

static int handle_event_register(struct ust_app *app,
				 const struct ust_message *msg)
{
	struct ust_event_class *cls;
	uint64_t session_id, channel_key;
	uint32_t id = 0;
	struct wire_buf reply;
	int ret, code;

	code = ust_get_event_register(msg->payload, msg->payload_len,
				      &session_id, &channel_key, &cls);
	if (!code) {
		const struct ust_registry_sender sender = {
			.pid = app->pid,
			.uid = app->uid,
			.session_id = session_id,
		};

		DBG2("Application pid %d registers %s in channel %llu",
		     (int)app->pid, cls->name, (unsigned long long)channel_key);
		code = ust_registry_register_event(channel_key, &sender, cls,
						   &id);
	}
	wire_buf_init(&reply);
	if (!code)
		ust_put_event_id(&reply, id);
	ret = ust_send_reply(app->notify_sock, code, code ? NULL : &reply);
	wire_buf_fini(&reply);
	/* An app naming another's objects is hostile: no more of it. */
	return code == -EPERM ? -EPERM : ret;
}

/* Serves one request; a negative return closes the connection. */
static int serve(struct ust_app *app)
{
	struct ust_message msg;
	int ret = ust_recv_request(app->notify_sock, &msg, 0);

	if (ret)
		return ret;
	if (msg.command == UST_NOTIFY_EVENT_REGISTER)
		ret = handle_event_register(app, &msg);
	else
		ret = ust_send_reply(app->notify_sock, -ENOSYS, NULL);
	ust_message_fini(&msg);
	return ret;
}

static void take_incoming(struct watched_app **list)
{
	pthread_mutex_lock(&incoming_lock);
	while (incoming) {
		struct watched_app *w = incoming;

		incoming = w->next;
		w->next = *list;
		*list = w;
	}
	pthread_mutex_unlock(&incoming_lock);
}

static size_t count(const struct watched_app *list)
{
	size_t n = 0;

	for (; list; list = list->next)
		n++;
	return n;
}

/* The app is gone: hand it to the reaper, which frees it. */
static void release(struct watched_app *w)
{
	__atomic_store_n(&w->app->notify_closed, 1, __ATOMIC_RELEASE);
	signal_eventfd(reap_fd);
	free(w);
}

static void serve_ready(struct watched_app **list, const struct pollfd *fds)
{
	struct watched_app **link = list;
	size_t i = 1;

	while (*link) {
		struct watched_app *w = *link;
		short ev = fds[i++].revents;

		if (ev && serve(w->app)) {
			*link = w->next;
			release(w);
		} else {
			link = &w->next;
		}
	}
}

static void *notify_main(void *arg)
{
	struct watched_app *list = NULL;
	struct pollfd *fds = NULL;

	(void)arg;
	health_register(HEALTH_SESSIOND_APP_MANAGE_NOTIFY);
	while (!__atomic_load_n(&stopping, __ATOMIC_ACQUIRE)) {
		size_t n, i = 1;
		struct pollfd *grown;
		uint64_t v;

		take_incoming(&list);
		n = count(list) + 1;
		grown = realloc(fds, n * sizeof(*fds));
		if (!grown) {
			ERR("Out of memory in the notify thread");
			break;
		}
		fds = grown;
		fds[0] = (struct pollfd){.fd = wake_fd, .events = POLLIN};
		for (struct watched_app *w = list; w; w = w->next)
			fds[i++] = (struct pollfd){.fd = w->app->notify_sock,
						   .events = POLLIN};
		if (health_poll(fds, n, -1) < 0 && errno != EINTR) {
			ERR("poll: %s", strerror(errno));
			break;
		}
		if (fds[0].revents && read(wake_fd, &v, sizeof(v)) < 0)
			DBG2("eventfd read: %s", strerror(errno));
		serve_ready(&list, fds);
	}
	while (list) {
		struct watched_app *w = list;

		list = w->next;
		free(w);
	}
	free(fds);
	return NULL;
}

int notify_thread_start(int reap)
{
	int ret;

	reap_fd = reap;
	wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (wake_fd < 0)
		return -errno;
	ret = pthread_create(&thread, NULL, notify_main, NULL);
	if (ret) {
		close(wake_fd);
		wake_fd = -1;
		return -ret;
	}
	return 0;
}

void notify_thread_stop(void)
{
	if (wake_fd < 0)
		return;
	__atomic_store_n(&stopping, true, __ATOMIC_RELEASE);
	signal_eventfd(wake_fd);
	pthread_join(thread, NULL);
	close(wake_fd);
	wake_fd = -1;
	pthread_mutex_lock(&incoming_lock);
	while (incoming) {
		struct watched_app *w = incoming;

		incoming = w->next;
		free(w);
	}
	pthread_mutex_unlock(&incoming_lock);
}
