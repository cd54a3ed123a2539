/*
 * Implementation of app-listener.h.
 *
 * Any local user may connect to the root daemon's apps socket, so
 * nothing an app does before it proves that it answers may hold this
 * thread, the session lock or another app's registration:
 *
 *   accepted --registration--> half --partner registered--> pinged
 *   (read without waiting)        (waits)   (UST_CMD_PING sent,
 *                                            reply polled)
 *        pinged --reply--> registered (ust_app_add, session lock)
 *
 * Every pending connection has a deadline (the registration timeout
 * while its registration is read, the app socket timeout after) and
 * counts against its user: a user over MAX_PENDING_PER_UID loses its own
 * oldest pending connection, and when the whole table is full the user
 * holding the most loses its oldest, so a flood of half-open or silent
 * registrations only ever evicts its sender's. Only an app that
 * answered the ping joins the registry and gets commands under the
 * session lock.
 *
 * An app may answer the ping and then fall silent: its registration
 * holds the session lock for one app socket timeout. Its user's next
 * apps then wait (PENDING_ANSWERED) for COOLDOWN_TIMEOUTS timeouts, so
 * a stream of such apps holds the lock a third of the time at most,
 * and the other users' apps register in between.
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
#include <time.h>
#include <unistd.h>

#include "app-listener.h"
#include "config.h"
#include "notify-thread.h"
#include "session.h"
#include "ust-app.h"
#include "ust-app-sync.h"
#include "health/health.h"
#include "util/log.h"
#include "util/unix-socket.h"

/* A registration arrives in one write: a peer slower than this is cut. */
#define REGISTRATION_TIMEOUT_MS 1000
/* Pending connections, in all and per user. */
#define MAX_PENDING 512
#define MAX_PENDING_PER_UID 32
/* Connections accepted per wake-up of the listener. */
#define ACCEPT_BATCH 32
/* A user whose app fell silent while registering waits this many app
 * socket timeouts before its next app registers. */
#define COOLDOWN_TIMEOUTS 2
#define MAX_COOLDOWNS 64

enum pending_state {
	PENDING_REGISTRATION, /* reading struct ust_register */
	PENDING_HALF,	      /* registered, waiting for its partner */
	PENDING_PING,	      /* command socket: reading the ping's reply */
	PENDING_ANSWERED,     /* answered; its user cools down (deadline) */
};

/* A user whose last registering app fell silent, until `until` (ms). */
struct cooldown {
	uid_t uid;
	uint64_t until;
};

/* A connection from a process that is not a registered app yet. */
struct pending {
	enum pending_state state;
	int fd;
	int partner_fd; /* PENDING_PING: the notify socket, else -1 */
	struct ucred cred;
	uint64_t accepted; /* ms, monotonic: age, for eviction */
	uint64_t deadline; /* ms, monotonic; 0: none */
	size_t got;	   /* bytes of reg or reply read */
	struct ust_register reg;
	struct ust_reply_header reply;
};

static pthread_t thread;
static int listen_fd = -1;
static int stop_fd = -1;
static int reap_fd = -1;
static int app_timeout_ms; /* 0: none (LTTNG_APP_SOCKET_TIMEOUT 0 or -1) */
static struct pending pending[MAX_PENDING];
static unsigned int nr_pending;
static struct cooldown cooldowns[MAX_COOLDOWNS];

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static uint64_t deadline_after(int ms)
{
	return ms ? now_ms() + (uint64_t)ms : 0;
}

/* When uid's cooldown ends (ms), or 0 when it is not cooling down. */
static uint64_t cooldown_end(uid_t uid)
{
	uint64_t now = now_ms();

	for (unsigned int i = 0; i < MAX_COOLDOWNS; i++)
		if (cooldowns[i].until > now && cooldowns[i].uid == uid)
			return cooldowns[i].until;
	return 0;
}

static void cool_down(uid_t uid)
{
	struct cooldown *slot = &cooldowns[0];

	if (!app_timeout_ms)
		return;
	/* uid's own slot, else the one that ended first. */
	for (unsigned int i = 0; i < MAX_COOLDOWNS; i++) {
		if (cooldowns[i].uid == uid) {
			slot = &cooldowns[i];
			break;
		}
		if (cooldowns[i].until < slot->until)
			slot = &cooldowns[i];
	}
	slot->uid = uid;
	slot->until = now_ms() + (uint64_t)COOLDOWN_TIMEOUTS * app_timeout_ms;
	DBG("Applications of uid %d wait %d ms before registering", (int)uid,
	    COOLDOWN_TIMEOUTS * app_timeout_ms);
}

static void drop(unsigned int i, const char *why)
{
	struct pending *p = &pending[i];

	DBG("Application connection of pid %d (uid %d) dropped: %s",
	    (int)p->cred.pid, (int)p->cred.uid, why);
	close(p->fd);
	if (p->partner_fd >= 0)
		close(p->partner_fd);
	pending[i] = pending[--nr_pending];
}

/* The oldest pending connection of uid, or -1. */
static int oldest_of(uid_t uid)
{
	int oldest = -1;

	for (unsigned int i = 0; i < nr_pending; i++)
		if (pending[i].cred.uid == uid &&
		    (oldest < 0 ||
		     pending[i].accepted < pending[oldest].accepted))
			oldest = (int)i;
	return oldest;
}

static unsigned int count_of(uid_t uid)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < nr_pending; i++)
		n += pending[i].cred.uid == uid;
	return n;
}

/* Drops the oldest connection of the user holding the most. */
static void make_room_for_any(void)
{
	uid_t heaviest = 0;
	unsigned int most = 0;

	for (unsigned int i = 0; i < nr_pending; i++) {
		unsigned int n = count_of(pending[i].cred.uid);

		if (n > most) {
			most = n;
			heaviest = pending[i].cred.uid;
		}
	}
	drop((unsigned int)oldest_of(heaviest), "too many pending");
}

/* Makes room for one more connection of uid, at the floods' expense. */
static void make_room(uid_t uid)
{
	if (count_of(uid) >= MAX_PENDING_PER_UID)
		drop((unsigned int)oldest_of(uid),
		     "too many pending of its user");
	else if (nr_pending == MAX_PENDING)
		make_room_for_any();
}

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

/* Registers app; whether it stopped answering meanwhile. */
static bool register_app(struct ust_app *app)
{
	bool fell_silent;
	int ret;

	pthread_mutex_lock(&session_lock);
	ust_app_add(app);
	if (notify_thread_add_app(app)) {
		app->cmd_failed = true;
		shutdown(app->notify_sock, SHUT_RDWR);
		pthread_mutex_unlock(&session_lock);
		return false;
	}
	DBG("Application pid %d (%s, uid %d, %u-bit) registered", (int)app->pid,
	    app->procname, (int)app->uid, app->bitness);
	ust_app_sync(app);
	ret = ust_app_call(app, UST_CMD_REGISTER_DONE, NULL, NULL, 0, NULL);
	if (ret)
		DBG("Application pid %d: registration done: %d", (int)app->pid,
		    ret);
	fell_silent = app->timed_out;
	pthread_mutex_unlock(&session_lock);
	return fell_silent;
}

/* Index of the half-registered partner of pending[i], or -1. */
static int find_partner(unsigned int i)
{
	const struct ust_register *reg = &pending[i].reg;

	for (unsigned int j = 0; j < nr_pending; j++) {
		const struct pending *h = &pending[j];

		if (j != i && h->state == PENDING_HALF &&
		    h->reg.pid == reg->pid && h->reg.token == reg->token &&
		    h->cred.uid == pending[i].cred.uid &&
		    h->reg.kind != reg->kind)
			return (int)j;
	}
	return -1;
}

/*
 * pending[i] completed its registration: it waits for its partner, or
 * with it becomes one PENDING_PING entry (the command socket, holding
 * the notify socket) once the ping is sent.
 */
static void registered(unsigned int i)
{
	int j = find_partner(i);
	unsigned int cmd, notify;

	if (j < 0) {
		pending[i].state = PENDING_HALF;
		pending[i].deadline = deadline_after(app_timeout_ms);
		return;
	}
	cmd = pending[i].reg.kind == UST_SOCKET_COMMAND ? i : (unsigned int)j;
	notify = cmd == i ? (unsigned int)j : i;
	if (ust_send_request(pending[cmd].fd, UST_CMD_PING, NULL, NULL, 0)) {
		drop(cmd > notify ? cmd : notify, "ping not sent");
		drop(cmd > notify ? notify : cmd, "ping not sent");
		return;
	}
	pending[cmd].state = PENDING_PING;
	pending[cmd].got = 0;
	pending[cmd].deadline = deadline_after(app_timeout_ms);
	pending[cmd].partner_fd = pending[notify].fd;
	pending[notify].fd = -1; /* now owned by the command entry */
	pending[notify].partner_fd = -1;
	pending[notify] = pending[--nr_pending];
}

/* Reads what arrived into buf (of len, got so far); 1 when complete. */
static int read_some(int fd, void *buf, size_t len, size_t *got)
{
	ssize_t n = recv(fd, (char *)buf + *got, len - *got, MSG_DONTWAIT);

	if (n < 0)
		return errno == EAGAIN || errno == EINTR ? 0 : -errno;
	if (n == 0)
		return -ECONNRESET;
	*got += (size_t)n;
	return *got == len;
}

/*
 * The app answered its ping: it joins the registry, unless its user
 * cools down (it then waits in PENDING_ANSWERED).
 */
static void promote(unsigned int i)
{
	struct pending p = pending[i];
	uint64_t cooling = cooldown_end(p.cred.uid), started;
	struct ust_app *app;

	if (cooling) {
		pending[i].state = PENDING_ANSWERED;
		pending[i].deadline = cooling;
		return;
	}
	pending[i] = pending[--nr_pending];
	/* Any well-formed reply proves the app answers (even -ENOSYS). */
	if (p.reply.code > 0 || p.reply.code <= -4096 ||
	    p.reply.payload_len != 0 ||
	    usock_set_timeout(p.fd, app_timeout_ms) ||
	    usock_set_timeout(p.partner_fd, app_timeout_ms) ||
	    !(app = make_app(&p.reg, p.fd, p.partner_fd))) {
		DBG("Application pid %d: bad answer to its ping",
		    (int)p.cred.pid);
		close(p.fd);
		close(p.partner_fd);
		return;
	}
	started = now_ms();
	if (register_app(app))
		cool_down(p.cred.uid);
	/* The others' deadlines measure their delays, not this one's. */
	for (unsigned int j = 0; j < nr_pending; j++)
		if (pending[j].deadline && pending[j].state != PENDING_ANSWERED)
			pending[j].deadline += now_ms() - started;
}

/* pending[i]'s socket is readable (or closed). */
static void on_readable(unsigned int i)
{
	struct pending *p = &pending[i];
	int ret;

	switch (p->state) {
	case PENDING_REGISTRATION:
		ret = read_some(p->fd, &p->reg, sizeof(p->reg), &p->got);
		if (ret > 0 && (ust_register_check(&p->reg) ||
				!credentials_match(&p->reg, &p->cred)))
			ret = -EPERM;
		if (ret < 0)
			drop(i, "bad registration");
		else if (ret > 0)
			registered(i);
		break;
	case PENDING_HALF:
	case PENDING_ANSWERED:
		/* Nothing may come unasked: closed or misbehaving. */
		drop(i, "spoke unasked");
		break;
	case PENDING_PING:
		ret = read_some(p->fd, &p->reply, sizeof(p->reply), &p->got);
		if (ret < 0)
			drop(i, "no answer to its ping");
		else if (ret > 0)
			promote(i);
		break;
	}
}

/* Accepts one connection; false when none is waiting. */
static bool accept_app(void)
{
	struct pending *p;
	struct ucred cred;
	int fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC);

	/* Out of descriptors: the floods' connections go first. */
	if (fd < 0 && (errno == EMFILE || errno == ENFILE) && nr_pending) {
		make_room_for_any();
		return true;
	}
	if (fd < 0)
		return errno == EINTR || errno == ECONNABORTED;
	if (usock_peer_cred(fd, &cred)) {
		close(fd);
		return true;
	}
	make_room(cred.uid);
	p = &pending[nr_pending++];
	*p = (struct pending){
		.state = PENDING_REGISTRATION,
		.fd = fd,
		.partner_fd = -1,
		.cred = cred,
		.accepted = now_ms(),
		.deadline = now_ms() + REGISTRATION_TIMEOUT_MS,
	};
	return true;
}

/* Drops the connections past their deadline; ms to the next, or -1. */
static int expire(void)
{
	uint64_t now = now_ms(), next = UINT64_MAX;

	for (unsigned int i = 0; i < nr_pending;) {
		uint64_t d = pending[i].deadline;

		if (d && d <= now) {
			if (pending[i].state == PENDING_ANSWERED)
				promote(i); /* its user's cooldown ended */
			else
				drop(i, "timed out");
			now = now_ms();
			continue;
		}
		if (d && d < next)
			next = d;
		i++;
	}
	return next == UINT64_MAX ? -1 : (int)(next - now);
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
	struct pollfd fds[3 + MAX_PENDING];

	(void)arg;
	health_register(HEALTH_SESSIOND_APP_REG);
	for (;;) {
		int timeout = expire();
		unsigned int n = nr_pending;

		fds[0] = (struct pollfd){.fd = listen_fd, .events = POLLIN};
		fds[1] = (struct pollfd){.fd = reap_fd, .events = POLLIN};
		fds[2] = (struct pollfd){.fd = stop_fd, .events = POLLIN};
		for (unsigned int i = 0; i < n; i++)
			fds[3 + i] = (struct pollfd){.fd = pending[i].fd,
						     .events = POLLIN};
		if (health_poll(fds, 3 + n, timeout) < 0) {
			if (errno == EINTR)
				continue;
			ERR("poll: %s", strerror(errno));
			break;
		}
		if (fds[2].revents)
			break;
		if (fds[1].revents)
			reap();
		/* Backwards: handling entry i only moves entries above it. */
		for (unsigned int i = n; i-- > 0;)
			if (fds[3 + i].revents && i < nr_pending &&
			    pending[i].fd == fds[3 + i].fd)
				on_readable(i);
		/* A batch at a time: a connect flood fills no backlog. */
		for (int k = 0; fds[0].revents && k < ACCEPT_BATCH; k++)
			if (!accept_app())
				break;
	}
	return NULL;
}

int app_listener_start(void)
{
	mode_t mode = sessiond_config.is_root ? 0666 : 0600;
	int ret;

	app_timeout_ms = ust_app_socket_timeout_ms();
	listen_fd = usock_listen(sessiond_config.apps_sock_path, mode);
	if (listen_fd < 0) {
		ERR("Cannot listen on %s: %s", sessiond_config.apps_sock_path,
		    strerror(-listen_fd));
		return listen_fd;
	}
	/* accept_app() drains the backlog without ever waiting. */
	if (fcntl(listen_fd, F_SETFL, O_NONBLOCK))
		return -errno;
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
	while (nr_pending)
		drop(nr_pending - 1, "daemon stopping");
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
