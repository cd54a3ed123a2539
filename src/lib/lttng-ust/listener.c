/*
 * Implementation of listener.h.
 *
 * Each daemon has a struct daemon_link: its socket path, the two
 * connected sockets, and the objects (app-session.h) it created here.
 * Its listener thread is the only one that changes those objects and
 * the command socket. The notify socket is also used by any thread
 * that creates an event recorder (a provider registered late): those
 * requests hold the tracer lock and then notify_lock, in that order.
 *
 *   listener thread: connect -> register (both sockets) -> serve
 *     commands until an error or EOF -> drop the daemon's objects ->
 *     sleep UST_LISTENER_RECONNECT_MS -> connect ...
 *
 * A session start, and a state dump request (lttng regenerate
 * statedump), is followed, once its reply is sent, by the state dump
 * into that session (statedump.h), before the next command.
 *
 * The constructor waits on `startup`: each listener "releases" it once,
 * when its first connection attempt fails, when it gets REGISTER_DONE,
 * or when its daemon goes away before that.
 *
 * Fork: the prepare handler takes the tracer lock, the notify locks and
 * the fd lock (so the child inherits consistent state; tracepoint-rcu.c
 * rebuilds its own reader registry in the child); the child
 * closes the inherited sockets, stops recording into its parent's
 * buffers at once and starts fresh listeners, which free the inherited
 * objects before registering as a new application.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "app-session.h"
#include "commands.h"
#include "common/fd-tracker.h"
#include "listener-env.h"
#include "listener.h"
#include "tracer.h"
#include "ust-comm/event-class.h"
#include "ust-comm/codec.h"
#include "ust-comm/message.h"
#include "util/paths.h"
#include "util/unix-socket.h"

#define MAX_DAEMONS 2

struct daemon_link {
	char sock_path[PATH_MAX];
	int cmd_fd;
	int notify_fd; /* guarded by notify_lock */
	pthread_mutex_t notify_lock;
	struct ust_app_objects objects;
	pthread_t thread;
	int released; /* counted out of the constructor's wait */
};

static struct daemon_link daemons[MAX_DAEMONS];
static int nr_daemons;

static struct {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int pending; /* listeners not released yet */
} startup = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};

/* Fork handler nesting (explicit hooks + pthread_atfork), per thread. */
static __thread int fork_depth;
/* The name this listener thread inherited, before it renamed itself. */
static __thread char inherited_name[UST_PROCNAME_LEN];

/* ---- the constructor's wait ---- */

/* The wait uses CLOCK_MONOTONIC deadlines (immune to clock changes). */
static void startup_init_cond(void)
{
	pthread_condattr_t attr;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&startup.cond, &attr);
	pthread_condattr_destroy(&attr);
}

static void startup_release(struct daemon_link *d)
{
	pthread_mutex_lock(&startup.lock);
	if (!d->released) {
		d->released = 1;
		startup.pending--;
		pthread_cond_broadcast(&startup.cond);
	}
	pthread_mutex_unlock(&startup.lock);
}

static void deadline_after(struct timespec *ts, int ms)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
	ts->tv_sec += ms / 1000;
	ts->tv_nsec += (long)(ms % 1000) * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

static void startup_wait(void)
{
	int timeout = ust_env_register_timeout_ms();
	struct timespec deadline;
	int ret = 0;

	if (timeout == 0)
		return;
	deadline_after(&deadline, timeout);
	pthread_mutex_lock(&startup.lock);
	while (startup.pending > 0 && ret != ETIMEDOUT) {
		if (timeout < 0)
			pthread_cond_wait(&startup.cond, &startup.lock);
		else
			ret = pthread_cond_timedwait(&startup.cond,
						     &startup.lock, &deadline);
	}
	if (startup.pending > 0)
		ust_log("registration not done after %d ms, going on", timeout);
	pthread_mutex_unlock(&startup.lock);
}

/* ---- the notify socket: event ids ---- */

/*
 * One request/reply on the notify socket. Returns a transport error
 * (the socket is then out of step), else 0 with the daemon's *code.
 */
static int notify_exchange(int fd, const struct wire_buf *request, int32_t *code,
			   uint32_t *id)
{
	struct ust_message reply;
	int ret;

	ret = ust_send_request(fd, UST_NOTIFY_EVENT_REGISTER, request, NULL, 0);
	if (!ret)
		ret = ust_recv_reply(fd, &reply);
	if (ret)
		return ret;
	*code = reply.code;
	if (!*code)
		ret = ust_get_event_id(reply.payload, reply.payload_len, id);
	ust_message_fini(&reply);
	return ret;
}

static int daemon_event_id(void *priv, uint64_t session_id,
			   uint64_t channel_key,
			   const struct lttng_ust_event_desc *desc,
			   uint32_t *id)
{
	struct daemon_link *d = priv;
	struct wire_buf request;
	int32_t code = 0;
	int ret;

	wire_buf_init(&request);
	ust_put_event_register(&request, session_id, channel_key, desc);
	pthread_mutex_lock(&d->notify_lock);
	if (d->notify_fd < 0)
		ret = -ENOTCONN;
	else
		ret = notify_exchange(d->notify_fd, &request, &code, id);
	/* Out of step or gone: the listener sees the end and resets. */
	if (ret && d->notify_fd >= 0)
		shutdown(d->notify_fd, SHUT_RDWR);
	pthread_mutex_unlock(&d->notify_lock);
	wire_buf_fini(&request);
	if (!ret)
		ret = code;
	if (ret)
		ust_log("event %s:%s: no id from the session daemon: %s",
			desc->provider_name, desc->event_name, strerror(-ret));
	return ret;
}

/* ---- connection ---- */

static uint64_t random_token(void)
{
	uint64_t token;

	if (getrandom(&token, sizeof(token), GRND_NONBLOCK) ==
	    (ssize_t)sizeof(token))
		return token;
	return ((uint64_t)getpid() << 32) ^ (uint64_t)time(NULL) ^
	       (uint64_t)(uintptr_t)&token;
}

static int connect_registered(const char *path, enum ust_socket_kind kind,
			      uint64_t token)
{
	struct ust_register reg;
	int fd, ret;

	/* the socket is the tracer's from its creation */
	lttng_ust_lock_fd_tracker();
	fd = usock_connect(path);
	if (fd >= 0) {
		ret = lttng_ust_add_fd_to_tracker(fd);
		if (ret < 0)
			close(fd);
		fd = ret;
	}
	lttng_ust_unlock_fd_tracker();
	if (fd < 0)
		return fd;
	ust_register_fill(&reg, kind, token);
	/* the process name, not this thread's "-ust" one */
	memcpy(reg.procname, inherited_name, sizeof(reg.procname));
	/* bounded sends and reads (a command is read once it is there) */
	ret = usock_set_timeout(fd, UST_COMMAND_SEND_TIMEOUT_MS);
	if (!ret)
		ret = ust_send_register(fd, &reg);
	if (ret) {
		ust_fd_close(fd);
		return ret;
	}
	return fd;
}

static int daemon_connect(struct daemon_link *d)
{
	uint64_t token = random_token();
	int cmd_fd, notify_fd;

	cmd_fd = connect_registered(d->sock_path, UST_SOCKET_COMMAND, token);
	if (cmd_fd < 0)
		return cmd_fd;
	notify_fd = connect_registered(d->sock_path, UST_SOCKET_NOTIFY, token);
	if (notify_fd < 0) {
		ust_fd_close(cmd_fd);
		return notify_fd;
	}
	usock_set_timeout(notify_fd, UST_NOTIFY_TIMEOUT_MS);
	d->cmd_fd = cmd_fd;
	pthread_mutex_lock(&d->notify_lock);
	d->notify_fd = notify_fd;
	pthread_mutex_unlock(&d->notify_lock);
	ust_log("registered with the session daemon at %s", d->sock_path);
	return 0;
}

static void daemon_disconnect(struct daemon_link *d)
{
	pthread_mutex_lock(&d->notify_lock);
	ust_fd_close(d->notify_fd);
	d->notify_fd = -1;
	pthread_mutex_unlock(&d->notify_lock);
	ust_fd_close(d->cmd_fd);
	d->cmd_fd = -1;
	ust_app_objects_clear(&d->objects);
}

/* ---- serving commands ---- */

/*
 * A started session, or one whose daemon asks again, gets the process's
 * state dump, after the reply.
 */
static void statedump_after_reply(struct daemon_link *d,
				  const struct ust_message *msg)
{
	uint64_t id;

	if (ust_get_id(msg->payload, msg->payload_len, &id) == 0)
		ust_app_session_statedump(&d->objects, id);
}

/*
 * Track the fds a command carries, replacing each by the fd to use; on
 * failure every one is closed (the command cannot be served).
 */
static int track_received_fds(struct ust_message *msg)
{
	unsigned int i;
	int ret = 0, fd;

	for (i = 0; i < msg->nr_fds; i++) {
		fd = ret ? -1 : lttng_ust_add_fd_to_tracker(msg->fds[i]);
		if (fd < 0) {
			ret = ret ? ret : fd;
			close(msg->fds[i]);
		}
		msg->fds[i] = fd;
	}
	for (i = 0; ret && i < msg->nr_fds; i++)
		if (msg->fds[i] >= 0)
			lttng_ust_delete_fd_from_tracker(msg->fds[i]);
	if (ret)
		ust_message_fini(msg);
	return ret;
}

/*
 * Wait for the next command, then read it under the fd tracker's lock,
 * so that the fds it carries are the tracer's from their arrival.
 */
static int receive_command(int fd, struct ust_message *msg)
{
	struct pollfd pfd = {.fd = fd, .events = POLLIN};
	int ret;

	while ((ret = poll(&pfd, 1, -1)) < 0 && errno == EINTR)
		;
	if (ret < 0)
		return -errno;
	lttng_ust_lock_fd_tracker();
	ret = ust_recv_request(fd, msg, 1);
	if (!ret)
		ret = track_received_fds(msg);
	lttng_ust_unlock_fd_tracker();
	return ret;
}

/* Free a command, closing the fds no handler took. */
static void release_command(struct ust_message *msg)
{
	unsigned int i;

	lttng_ust_lock_fd_tracker();
	for (i = 0; i < msg->nr_fds; i++)
		if (msg->fds[i] >= 0)
			lttng_ust_delete_fd_from_tracker(msg->fds[i]);
	ust_message_fini(msg);
	lttng_ust_unlock_fd_tracker();
}

static int serve_one(struct daemon_link *d)
{
	struct ust_message msg;
	struct wire_buf reply;
	int code, ret;

	ret = receive_command(d->cmd_fd, &msg);
	if (ret) {
		if (ret != -ECONNRESET)
			ust_log("session daemon at %s: bad message (%s), "
				"closing",
				d->sock_path, strerror(-ret));
		return ret;
	}
	wire_buf_init(&reply);
	if (msg.command == UST_CMD_REGISTER_DONE || msg.command == UST_CMD_PING)
		code = msg.payload_len ? -EBADMSG : 0;
	else
		code = ust_command_apply(&d->objects, &msg, &reply);
	if (!code && reply.error) /* the reply payload could not be built */
		code = reply.error;
	if (code)
		ust_log("command %s from %s: %s", ust_command_name(msg.command),
			d->sock_path, strerror(-code));
	if (code) /* an error reply carries no payload */
		reply.len = 0;
	ret = ust_send_reply(d->cmd_fd, code, code ? NULL : &reply);
	if (!ret && msg.command == UST_CMD_REGISTER_DONE && !code)
		startup_release(d);
	if (!ret && !code &&
	    (msg.command == UST_CMD_SESSION_START ||
	     msg.command == UST_CMD_SESSION_STATEDUMP))
		statedump_after_reply(d, &msg);
	wire_buf_fini(&reply);
	release_command(&msg);
	return ret;
}

static void sleep_ms(int ms)
{
	struct timespec ts = {.tv_sec = ms / 1000,
			      .tv_nsec = (long)(ms % 1000) * 1000000L};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

const char *ust_listener_procname(void)
{
	return inherited_name;
}

/*
 * Names the calling thread as LTTng-UST names its listeners: the name it
 * inherited from the thread that created it (the process name, usually),
 * cut to 11 characters, then "-ust" (`ps -L`, `top -H` and the procname
 * context of the state dump show it). The suffix is appended even when
 * the name already ends with it, as LTTng does. The inherited name is
 * kept: registration and the state dump's procname event report it.
 */
static void name_listener_thread(void)
{
	static const char suffix[] = "-ust";
	char name[16] = "";
	size_t len;

	if (prctl(PR_GET_NAME, name) != 0)
		return;
	memcpy(inherited_name, name, sizeof(name));
	len = strnlen(name, sizeof(name) - 1);
	if (len > sizeof(name) - sizeof(suffix))
		len = sizeof(name) - sizeof(suffix);
	memcpy(name + len, suffix, sizeof(suffix));
	prctl(PR_SET_NAME, name);
}

static void *listener_thread(void *arg)
{
	struct daemon_link *d = arg;

	name_listener_thread();
	/* Objects inherited from a parent process are not ours. */
	ust_app_objects_clear(&d->objects);
	for (;;) {
		if (daemon_connect(d) == 0) {
			while (serve_one(d) == 0)
				;
			daemon_disconnect(d);
			ust_log("session daemon at %s went away", d->sock_path);
		}
		startup_release(d);
		sleep_ms(UST_LISTENER_RECONNECT_MS);
	}
	return NULL;
}

/* ---- start ---- */

static void daemon_init(struct daemon_link *d, const char *rundir)
{
	d->cmd_fd = -1;
	d->notify_fd = -1;
	pthread_mutex_init(&d->notify_lock, NULL);
	ust_app_objects_init(&d->objects, daemon_event_id, d);
	if (paths_join(d->sock_path, sizeof(d->sock_path), rundir,
		       PATHS_APPS_SOCK))
		d->sock_path[0] = '\0';
}

/* The per-user daemon's runtime directory: $LTTNG_HOME/.lttng. */
static int user_rundir(char *buf, size_t len)
{
	char home[PATH_MAX];
	int ret = paths_home(home, sizeof(home));

	return ret ? ret : paths_join(buf, len, home, ".lttng");
}

static void find_daemons(void)
{
	char root[PATH_MAX], user[PATH_MAX];
	int have_root = paths_rundir(0, root, sizeof(root)) == 0;
	int have_user =
		getuid() == geteuid() && user_rundir(user, sizeof(user)) == 0;

	if (have_root)
		daemon_init(&daemons[nr_daemons++], root);
	if (have_user && !(have_root && !strcmp(root, user)))
		daemon_init(&daemons[nr_daemons++], user);
}

/* Listener threads receive no signal: the application's handlers run
 * in the application's threads only. */
static int start_thread(struct daemon_link *d)
{
	sigset_t all, saved;
	int ret;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	ret = pthread_create(&d->thread, NULL, listener_thread, d);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	if (ret)
		return -ret;
	pthread_detach(d->thread);
	return 0;
}

static void start_listeners(void)
{
	int i;

	pthread_mutex_lock(&startup.lock);
	startup.pending = 0;
	for (i = 0; i < nr_daemons; i++) {
		daemons[i].released = 0;
		startup.pending++;
	}
	pthread_mutex_unlock(&startup.lock);
	for (i = 0; i < nr_daemons; i++) {
		if (daemons[i].sock_path[0] && start_thread(&daemons[i]) == 0)
			continue;
		ust_log_critical("cannot start the listener of %s",
				 daemons[i].sock_path);
		startup_release(&daemons[i]);
	}
}

/* ---- fork ---- */

static void fork_prepare(void)
{
	int i;

	if (fork_depth++ > 0)
		return;
	ust_lock();
	for (i = 0; i < nr_daemons; i++)
		pthread_mutex_lock(&daemons[i].notify_lock);
	lttng_ust_lock_fd_tracker();
}

static void fork_parent(void)
{
	int i;

	if (--fork_depth > 0)
		return;
	lttng_ust_unlock_fd_tracker();
	for (i = 0; i < nr_daemons; i++)
		pthread_mutex_unlock(&daemons[i].notify_lock);
	ust_unlock();
}

static void fork_child(void)
{
	struct daemon_link *d;
	int i;

	if (--fork_depth > 0)
		return;
	for (i = 0; i < nr_daemons; i++) {
		d = &daemons[i];
		ust_fd_close(d->notify_fd); /* the fd lock is held: nests */
		ust_fd_close(d->cmd_fd);
		d->notify_fd = -1;
		d->cmd_fd = -1;
		ust_app_objects_stop_all(&d->objects);
	}
	lttng_ust_unlock_fd_tracker();
	for (i = 0; i < nr_daemons; i++)
		pthread_mutex_unlock(&daemons[i].notify_lock);
	ust_unlock();
	pthread_mutex_init(&startup.lock, NULL);
	startup_init_cond();
	start_listeners();
	startup_wait();
}

void lttng_ust_before_fork(sigset_t *save_sigset)
{
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, save_sigset);
	fork_prepare();
}

void lttng_ust_after_fork_parent(sigset_t *restore_sigset)
{
	fork_parent();
	pthread_sigmask(SIG_SETMASK, restore_sigset, NULL);
}

void lttng_ust_after_fork_child(sigset_t *restore_sigset)
{
	fork_child();
	pthread_sigmask(SIG_SETMASK, restore_sigset, NULL);
}

void ust_listener_start(void)
{
	startup_init_cond();
	find_daemons();
	pthread_atfork(fork_prepare, fork_parent, fork_child);
	start_listeners();
	startup_wait();
}
