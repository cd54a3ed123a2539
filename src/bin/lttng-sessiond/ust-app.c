/*
 * Implementation of ust-app.h.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "ust-app.h"
#include "ust-buffer-set.h"
#include "config.h"
#include "util/log.h"

static struct ust_app *apps;

int ust_app_socket_timeout_ms(void)
{
	return sessiond_config.app_socket_timeout_ms;
}

void ust_app_add(struct ust_app *app)
{
	app->next = apps;
	apps = app;
}

struct ust_app *ust_app_first(void)
{
	return apps;
}

bool ust_app_is_alive(const struct ust_app *app)
{
	return !__atomic_load_n(&app->notify_closed, __ATOMIC_ACQUIRE) &&
	       !app->cmd_failed;
}

bool ust_app_uid_has_live_app(uid_t uid)
{
	for (struct ust_app *a = apps; a; a = a->next)
		if (a->uid == uid && ust_app_is_alive(a))
			return true;
	return false;
}

static void free_app_sessions(struct ust_app *app)
{
	while (app->sessions)
		ust_app_session_forget(app, app->sessions->session_id);
}

static void free_app(struct ust_app *app)
{
	free_app_sessions(app);
	close(app->cmd_sock);
	close(app->notify_sock);
	free(app);
}

void ust_app_reap_dead(void)
{
	struct ust_app **link = &apps;

	while (*link) {
		struct ust_app *app = *link;

		if (__atomic_load_n(&app->notify_closed, __ATOMIC_ACQUIRE)) {
			ust_buffer_sets_forget_app(app);
			DBG("Application pid %d (%s) unregistered",
			    (int)app->pid, app->procname);
			*link = app->next;
			free_app(app);
		} else {
			link = &app->next;
		}
	}
}

void ust_app_destroy_all(void)
{
	while (apps) {
		struct ust_app *app = apps;

		apps = app->next;
		free_app(app);
	}
}

/* A broken command socket: no more commands; the notify thread reaps. */
static void mark_failed(struct ust_app *app, int err)
{
	if (!app->cmd_failed)
		DBG("Application pid %d: command socket failed: %s",
		    (int)app->pid, strerror(-err));
	app->cmd_failed = true;
	app->timed_out = err == -EAGAIN;
	shutdown(app->notify_sock, SHUT_RDWR);
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* One reply being collected by ust_app_call_all. */
struct collected {
	bool waiting;  /* request sent, reply not complete yet */
	bool answered; /* the whole reply is in */
	struct ust_reply_header header;
	size_t got; /* bytes of header, then of header + payload */
	uint8_t *payload;
};

/* Reads what arrived; 1 once the whole reply is in, 0, or -errno. */
static int collect(int fd, struct collected *c)
{
	const size_t head = sizeof(c->header);
	ssize_t n;
	int ret;

	if (c->got < head)
		n = recv(fd, (char *)&c->header + c->got, head - c->got,
			 MSG_DONTWAIT);
	else
		n = recv(fd, c->payload + (c->got - head),
			 head + c->header.payload_len - c->got, MSG_DONTWAIT);
	if (n < 0)
		return errno == EAGAIN || errno == EINTR ? 0 : -errno;
	if (n == 0)
		return -ECONNRESET;
	c->got += (size_t)n;
	if (c->got == head && !c->payload) {
		ret = ust_reply_header_check(&c->header);
		if (ret)
			return ret;
		c->payload = malloc(
			c->header.payload_len ? c->header.payload_len : 1);
		if (!c->payload)
			return -ENOMEM;
	}
	return c->got == head + c->header.payload_len;
}

/*
 * Polls the apps still owing a reply until all answered or timeout ms
 * passed (0: no limit).
 */
static void collect_all(struct ust_app **apps_, unsigned int n,
			struct collected *c, int *codes, int timeout)
{
	uint64_t deadline = now_ms() + (uint64_t)timeout;
	struct pollfd *fds = calloc(n ? n : 1, sizeof(*fds));
	unsigned int *owner = calloc(n ? n : 1, sizeof(*owner));

	while (fds && owner) {
		unsigned int nr = 0;
		int wait = -1, ret;

		for (unsigned int i = 0; i < n; i++)
			if (c[i].waiting) {
				fds[nr] = (struct pollfd){
					.fd = apps_[i]->cmd_sock,
					.events = POLLIN};
				owner[nr++] = i;
			}
		if (!nr)
			break;
		if (timeout) {
			uint64_t now = now_ms();

			wait = now >= deadline ? 0 : (int)(deadline - now);
		}
		ret = poll(fds, nr, wait);
		if (ret < 0 && errno == EINTR)
			continue;
		if (ret <= 0) {
			for (unsigned int k = 0; k < nr; k++) {
				mark_failed(apps_[owner[k]], -EAGAIN);
				codes[owner[k]] = -ECONNRESET;
				c[owner[k]].waiting = false;
			}
			break;
		}
		for (unsigned int k = 0; k < nr; k++) {
			unsigned int i = owner[k];

			if (!fds[k].revents)
				continue;
			ret = collect(apps_[i]->cmd_sock, &c[i]);
			if (ret < 0) {
				mark_failed(apps_[i], ret);
				codes[i] = -ECONNRESET;
			} else if (ret > 0) {
				codes[i] = c[i].header.code;
				c[i].answered = true;
			}
			c[i].waiting = ret == 0;
		}
	}
	if (!fds || !owner)
		for (unsigned int i = 0; i < n; i++)
			if (c[i].waiting)
				codes[i] = -ENOMEM;
	free(fds);
	free(owner);
}

/* The reply collected, as a message (which takes its payload). */
static void take_reply(struct collected *c, struct ust_message *msg)
{
	memset(msg, 0, sizeof(*msg));
	msg->code = c->header.code;
	msg->payload_len = c->header.payload_len;
	msg->payload = c->payload;
}

int ust_app_call(struct ust_app *app, uint32_t command,
		 const struct wire_buf *payload, const int *fds,
		 unsigned int nr_fds, struct ust_message *reply)
{
	int wait = ust_app_socket_timeout_ms();
	struct collected c = {.waiting = true};
	uint64_t start = now_ms(), waited;
	int ret, code = 0;

	if (app->cmd_failed)
		return -ECONNRESET;
	if (wait && app->on_budget) {
		if (app->wait_left_ms <= 0) {
			mark_failed(app, -EAGAIN);
			return -ECONNRESET;
		}
		wait = app->wait_left_ms;
	}
	ret = ust_send_request(app->cmd_sock, command, payload, fds, nr_fds);
	if (ret) {
		mark_failed(app, ret);
		return -ECONNRESET;
	}
	collect_all(&app, 1, &c, &code, wait);
	waited = now_ms() - start;
	if (app->on_budget)
		app->wait_left_ms -= waited < (uint64_t)app->wait_left_ms
					     ? (int)waited
					     : app->wait_left_ms;
	if (!c.answered) {
		free(c.payload);
		return -ECONNRESET;
	}
	DBG3("Application pid %d: %s -> %d", (int)app->pid,
	     ust_command_name(command), code);
	if (reply)
		take_reply(&c, reply);
	else
		free(c.payload);
	return code;
}

void ust_app_call_all(struct ust_app **apps_, unsigned int n, uint32_t command,
		      struct ust_message *replies, int *codes)
{
	struct collected *c = calloc(n ? n : 1, sizeof(*c));

	for (unsigned int i = 0; i < n; i++) {
		memset(&replies[i], 0, sizeof(replies[i]));
		if (!c)
			codes[i] = -ENOMEM;
		else if (apps_[i]->cmd_failed)
			codes[i] = -ECONNRESET;
		else if (ust_send_request(apps_[i]->cmd_sock, command, NULL,
					  NULL, 0)) {
			mark_failed(apps_[i], -EPIPE);
			codes[i] = -ECONNRESET;
		} else {
			c[i].waiting = true;
		}
	}
	if (c)
		collect_all(apps_, n, c, codes, ust_app_socket_timeout_ms());
	for (unsigned int i = 0; c && i < n; i++) {
		if (!c[i].answered) {
			free(c[i].payload);
			continue;
		}
		take_reply(&c[i], &replies[i]);
		DBG3("Application pid %d: %s -> %d", (int)apps_[i]->pid,
		     ust_command_name(command), codes[i]);
	}
	free(c);
}

/* One app's part of ust_app_for_each_at_once. */
struct app_job {
	struct ust_app *app;
	int (*fn)(struct ust_app *app, void *arg);
	void *arg;
	int ret;
	bool threaded;
	pthread_t thread;
};

static void *run_job(void *job_)
{
	struct app_job *job = job_;

	job->app->on_budget = true;
	job->app->wait_left_ms = ust_app_socket_timeout_ms();
	job->ret = job->fn(job->app, job->arg);
	job->app->on_budget = false;
	return NULL;
}

/* The sync of one app needs little: a small stack per thread. */
#define APP_JOB_STACK_SIZE (1024 * 1024)

static void start_jobs(struct app_job *jobs, unsigned int n)
{
	unsigned int alive = 0;
	pthread_attr_t attr;

	for (unsigned int i = 0; i < n; i++)
		alive += ust_app_is_alive(jobs[i].app);
	if (alive < 2 || pthread_attr_init(&attr))
		return;
	pthread_attr_setstacksize(&attr, APP_JOB_STACK_SIZE);
	for (unsigned int i = 0; i < n; i++)
		jobs[i].threaded = ust_app_is_alive(jobs[i].app) &&
				   !pthread_create(&jobs[i].thread, &attr,
						   run_job, &jobs[i]);
	pthread_attr_destroy(&attr);
}

/* Without memory for the jobs: one app after the other. */
static int for_each_in_turn(int (*fn)(struct ust_app *app, void *arg),
			    void *arg)
{
	int ret = 0;

	for (struct ust_app *a = apps; a; a = a->next) {
		int r = fn(a, arg);

		if (r && r != -ECONNRESET)
			ret = r;
	}
	return ret;
}

int ust_app_for_each_at_once(int (*fn)(struct ust_app *app, void *arg),
			     void *arg)
{
	unsigned int n = 0, i = 0;
	struct app_job *jobs;
	int ret = 0;

	for (struct ust_app *a = apps; a; a = a->next)
		n++;
	jobs = calloc(n ? n : 1, sizeof(*jobs));
	if (!jobs)
		return for_each_in_turn(fn, arg);
	for (struct ust_app *a = apps; a; a = a->next)
		jobs[i++] = (struct app_job){.app = a, .fn = fn, .arg = arg};
	start_jobs(jobs, n);
	/* What no thread took: failed apps, or no thread to be had. */
	for (i = 0; i < n; i++)
		if (!jobs[i].threaded)
			run_job(&jobs[i]);
	for (i = 0; i < n; i++) {
		if (jobs[i].threaded)
			pthread_join(jobs[i].thread, NULL);
		if (jobs[i].ret && jobs[i].ret != -ECONNRESET)
			ret = jobs[i].ret;
	}
	free(jobs);
	return ret;
}

struct ust_app_session *ust_app_session_get(struct ust_app *app,
					    uint64_t session_id, bool create)
{
	struct ust_app_session *s;

	for (s = app->sessions; s; s = s->next)
		if (s->session_id == session_id)
			return s;
	if (!create)
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->session_id = session_id;
	s->next = app->sessions;
	app->sessions = s;
	return s;
}

void ust_app_session_forget(struct ust_app *app, uint64_t session_id)
{
	struct ust_app_session **link = &app->sessions;

	while (*link && (*link)->session_id != session_id)
		link = &(*link)->next;
	if (!*link)
		return;
	struct ust_app_session *s = *link;
	*link = s->next;
	while (s->channels) {
		struct ust_app_channel *c = s->channels;

		s->channels = c->next;
		free(c);
	}
	while (s->rules) {
		struct ust_app_rule *r = s->rules;

		s->rules = r->next;
		free(r);
	}
	free(s);
}
