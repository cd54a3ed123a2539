/*
 * Implementation of ust-app.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ust-app.h"
#include "ust-session.h"
#include "util/log.h"

static struct ust_app *apps;

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
			ust_session_forget_app(app);
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

int ust_app_call(struct ust_app *app, uint32_t command,
		 const struct lsc_buf *payload, const int *fds,
		 unsigned int nr_fds, struct ust_message *reply)
{
	struct ust_message msg;
	int ret;

	if (app->cmd_failed)
		return -ECONNRESET;
	ret = ust_send_request(app->cmd_sock, command, payload, fds, nr_fds);
	if (!ret)
		ret = ust_recv_reply(app->cmd_sock, &msg);
	if (ret) {
		mark_failed(app, ret);
		return -ECONNRESET;
	}
	ret = msg.code;
	DBG3("Application pid %d: %s -> %d", (int)app->pid,
	     ust_command_name(command), ret);
	if (reply)
		*reply = msg;
	else
		ust_message_fini(&msg);
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
