/*
 * Implementation of notify-thread.h.
 *
 * Any local user may register an app, so no app may hold this thread:
 * the notify sockets are non-blocking, each app's request is gathered a
 * piece at a time as it arrives (an app that sends half a request and
 * stops only ever waits itself), and an app whose reply does not fit
 * in its socket at once (it sent requests without reading the replies)
 * is cut off.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "notify-thread.h"
#include "ust-app.h"
#include "ust-comm/codec.h"
#include "ust-comm/event-class.h"
#include "ust-registry.h"
#include "health/health.h"
#include "util/log.h"

/* A request being read from an app, a piece at a time. */
struct partial_request {
	struct ust_msg_header header;
	size_t got; /* bytes of header, then of header + payload */
	uint8_t *payload;
};

struct watched_app {
	struct ust_app *app;
	struct partial_request request;
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

/* Replies never wait: an app reads its reply before its next request. */
static int make_nonblocking(int fd)
{
	int flags = fcntl(fd, F_GETFL);

	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK))
		return -errno;
	return 0;
}

int notify_thread_add_app(struct ust_app *app)
{
	struct watched_app *w;
	int ret = make_nonblocking(app->notify_sock);

	if (ret)
		return ret;
	w = calloc(1, sizeof(*w));
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

static int handle_event_register(struct ust_app *app, const uint8_t *payload,
				 uint32_t payload_len)
{
	struct ust_event_class *cls;
	uint64_t session_id, channel_key;
	uint32_t id = 0;
	struct wire_buf reply;
	int ret, code;

	code = ust_get_event_register(payload, payload_len, &session_id,
				      &channel_key, &cls);
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

/* Closes the fds passed along; whether there were any or too many. */
static bool took_fds(struct msghdr *mh)
{
	bool any = mh->msg_flags & MSG_CTRUNC;

	for (struct cmsghdr *c = CMSG_FIRSTHDR(mh); c; c = CMSG_NXTHDR(mh, c)) {
		const unsigned char *data = CMSG_DATA(c);
		size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);

		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		any = true;
		for (size_t i = 0; i < n; i++) {
			int fd;

			memcpy(&fd, data + i * sizeof(int), sizeof(fd));
			close(fd);
		}
	}
	return any;
}

/* Reads what the app sent: 1 once a whole request is in, 0, or -errno. */
static int read_more(int fd, struct partial_request *r)
{
	const size_t head = sizeof(r->header);
	union {
		char buf[CMSG_SPACE(sizeof(int) * UST_MSG_MAX_FDS)];
		struct cmsghdr align;
	} control;
	struct iovec iov;
	struct msghdr mh = {.msg_iov = &iov,
			    .msg_iovlen = 1,
			    .msg_control = control.buf,
			    .msg_controllen = sizeof(control.buf)};
	ssize_t n;

	if (r->got < head)
		iov = (struct iovec){.iov_base = (char *)&r->header + r->got,
				     .iov_len = head - r->got};
	else
		iov = (struct iovec){.iov_base = r->payload + (r->got - head),
				     .iov_len = head + r->header.payload_len -
						r->got};
	n = recvmsg(fd, &mh, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
	if (n < 0)
		return errno == EAGAIN || errno == EINTR ? 0 : -errno;
	if (n == 0)
		return -ECONNRESET;
	/* No notify request carries a file descriptor. */
	if (took_fds(&mh))
		return -EBADMSG;
	r->got += (size_t)n;
	if (r->got < head)
		return 0;
	if (!r->payload) {
		if (r->header.payload_len > UST_MAX_PAYLOAD)
			return -EMSGSIZE;
		r->payload = malloc(
			r->header.payload_len ? r->header.payload_len : 1);
		if (!r->payload)
			return -ENOMEM;
	}
	return r->got == head + r->header.payload_len;
}

static void forget_request(struct partial_request *r)
{
	free(r->payload);
	memset(r, 0, sizeof(*r));
}

/*
 * Reads from the app and serves its request once whole; a negative
 * return closes the connection.
 */
static int serve(struct watched_app *w)
{
	struct partial_request *r = &w->request;
	int ret = read_more(w->app->notify_sock, r);

	if (ret <= 0)
		return ret;
	if (r->header.command == UST_NOTIFY_EVENT_REGISTER)
		ret = handle_event_register(w->app, r->payload,
					    r->header.payload_len);
	else
		ret = ust_send_reply(w->app->notify_sock, -ENOSYS, NULL);
	forget_request(r);
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
	forget_request(&w->request);
	free(w);
}

static void serve_ready(struct watched_app **list, const struct pollfd *fds)
{
	struct watched_app **link = list;
	size_t i = 1;

	while (*link) {
		struct watched_app *w = *link;
		short ev = fds[i++].revents;

		if (ev && serve(w)) {
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
		forget_request(&w->request);
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
