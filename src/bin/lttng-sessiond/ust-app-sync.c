/*
 * Implementation of ust-app-sync.h. What an app was told is kept in its
 * ust_app_session (ust-app.h): the channels and rules it has, enabled
 * or not, and whether the session is started in it; a sync sends only
 * the difference. An app that went away mid-sync (-ECONNRESET) is left
 * alone; any other refusal of one object does not stop the others, and
 * as in LTTng no app's refusal becomes a command's error: only the
 * daemon's own (out of memory, buffers the consumer could not make).
 *
 * A command syncs every app at once (ust_app_for_each_at_once), one
 * thread per app sending that app its commands in order, so apps that
 * fall silent cost the command one app socket timeout in all. The apps'
 * own state is theirs alone; the session's buffer sets and their
 * consumer channels, which the threads share, are taken under
 * buffers_lock. The session lock, held by the command throughout, keeps
 * a registering app waiting until every app has the session's new state.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "session.h"
#include "ust-app-sync.h"
#include "ust-app.h"
#include "ust-buffer-set.h"
#include "ust-comm/codec.h"
#include "ust-context/context-desc.h"
#include "util/log.h"

/* Guards the session's buffer sets while apps are synced at once. */
static pthread_mutex_t buffers_lock = PTHREAD_MUTEX_INITIALIZER;

static int send_id(struct ust_app *app, uint32_t command, uint64_t id)
{
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	ust_put_id(&buf, id);
	ret = ust_app_call(app, command, &buf, NULL, 0, NULL);
	wire_buf_fini(&buf);
	return ret;
}

static int send_channel(struct ust_app *app, uint64_t session_id,
			const struct ust_buffer_channel *bc)
{
	struct ust_channel_desc desc = {
		.session_id = session_id,
		.channel_key = bc->key,
		.nr_streams = bc->nr_streams,
	};
	struct wire_buf buf;
	int ret;

	snprintf(desc.name, sizeof(desc.name), "%s", bc->chan->name);
	wire_buf_init(&buf);
	ust_put_channel_desc(&buf, &desc);
	ret = ust_app_call(app, UST_CMD_CHANNEL_CREATE, &buf, NULL, 0, NULL);
	wire_buf_fini(&buf);
	for (uint32_t i = 0; !ret && i < bc->nr_streams; i++) {
		wire_buf_init(&buf);
		ust_put_stream_add(&buf, bc->key, i);
		ret = ust_app_call(app, UST_CMD_STREAM_ADD, &buf,
				   &bc->fds[2 * i], 2, NULL);
		wire_buf_fini(&buf);
	}
	for (const struct context *c = bc->chan->contexts; !ret && c;
	     c = c->next) {
		struct ust_context_desc desc;

		if (context_ust_desc(c, &desc))
			continue;
		wire_buf_init(&buf);
		ust_put_context_add(&buf, bc->key, &desc);
		ret = ust_app_call(app, UST_CMD_CONTEXT_ADD, &buf, NULL, 0,
				   NULL);
		wire_buf_fini(&buf);
	}
	return ret;
}

static int send_rule(struct ust_app *app, uint64_t channel_key,
		     const struct event_rule *rule)
{
	struct ust_rule_desc desc = {
		.channel_key = channel_key,
		.rule_id = rule->id,
		.loglevel_type = (uint32_t)rule->spec.loglevel_type,
		.loglevel = rule->spec.loglevel,
	};
	char(*exclusions)[UST_NAME_MAX] = NULL;
	struct wire_buf buf;
	int ret;

	snprintf(desc.pattern, sizeof(desc.pattern), "%s", rule->spec.name);
	desc.bytecode_len = rule->spec.bytecode_len;
	desc.bytecode = rule->spec.bytecode;
	if (rule->spec.exclusion_count) {
		exclusions =
			calloc(rule->spec.exclusion_count, sizeof(*exclusions));
		if (!exclusions)
			return -ENOMEM;
		for (uint32_t i = 0; i < rule->spec.exclusion_count; i++)
			snprintf(exclusions[i], UST_NAME_MAX, "%s",
				 rule->spec.exclusions[i]);
		desc.nr_exclusions = rule->spec.exclusion_count;
		desc.exclusions = exclusions;
	}
	wire_buf_init(&buf);
	ust_put_rule_desc(&buf, &desc);
	ret = ust_app_call(app, UST_CMD_RULE_CREATE, &buf, NULL, 0, NULL);
	wire_buf_fini(&buf);
	free(exclusions);
	return ret;
}

static struct ust_app_rule *find_app_rule(struct ust_app_session *uas,
					  uint64_t id)
{
	for (struct ust_app_rule *r = uas->rules; r; r = r->next)
		if (r->rule_id == id)
			return r;
	return NULL;
}

static int sync_rule(struct ust_app *app, struct ust_app_session *uas,
		     uint64_t channel_key, const struct event_rule *rule)
{
	struct ust_app_rule *ar = find_app_rule(uas, rule->id);
	int ret;

	if (!ar) {
		ar = calloc(1, sizeof(*ar));
		if (!ar)
			return -ENOMEM;
		ret = send_rule(app, channel_key, rule);
		if (ret) {
			free(ar);
			return ret == -ECONNRESET ? ret : 0;
		}
		ar->rule_id = rule->id;
		ar->enabled = true;
		ar->next = uas->rules;
		uas->rules = ar;
	}
	if (ar->enabled != (rule->spec.enabled != 0)) {
		ret = send_id(app,
			      rule->spec.enabled ? UST_CMD_RULE_ENABLE
						 : UST_CMD_RULE_DISABLE,
			      rule->id);
		if (ret == -ECONNRESET)
			return ret;
		ar->enabled = rule->spec.enabled != 0;
	}
	return 0;
}

static struct ust_app_channel *find_app_channel(struct ust_app_session *uas,
						uint64_t key)
{
	for (struct ust_app_channel *c = uas->channels; c; c = c->next)
		if (c->key == key)
			return c;
	return NULL;
}

static int sync_channel(struct ust_app *app, struct ust_app_session *uas,
			struct ust_buffer_set *set, const struct channel *chan)
{
	struct ust_buffer_channel *bc;
	struct ust_app_channel *ac;
	int ret = -ENOMEM;

	pthread_mutex_lock(&buffers_lock);
	bc = ust_buffer_set_get_channel(set, chan, &ret);
	pthread_mutex_unlock(&buffers_lock);
	if (!bc)
		return ret;
	ac = find_app_channel(uas, bc->key);
	if (!ac) {
		ac = calloc(1, sizeof(*ac));
		if (!ac)
			return -ENOMEM;
		ret = send_channel(app, uas->session_id, bc);
		if (ret) {
			free(ac);
			return ret == -ECONNRESET ? ret : 0;
		}
		ac->key = bc->key;
		ac->enabled = true;
		ac->next = uas->channels;
		uas->channels = ac;
	}
	for (const struct event_rule *r = chan->rules; r; r = r->next) {
		ret = sync_rule(app, uas, bc->key, r);
		if (ret)
			return ret;
	}
	if (ac->enabled != chan->enabled) {
		ret = send_id(app,
			      chan->enabled ? UST_CMD_CHANNEL_ENABLE
					    : UST_CMD_CHANNEL_DISABLE,
			      bc->key);
		if (ret == -ECONNRESET)
			return ret;
		if (!ret)
			ac->enabled = chan->enabled;
	}
	return 0;
}

/* Whether the daemon traces this app for session s at all. */
static bool app_traced(const struct ust_app *app, const struct session *s)
{
	return s->has_been_started && !s->consumer_lost && app->bitness == 64 &&
	       ust_app_is_alive(app);
}

/*
 * An app the session's trackers exclude records nothing: it is not given
 * the session, or the session is stopped in it (until it is tracked
 * again).
 */
static int stop_untracked_app(struct ust_app *app, struct ust_app_session *uas,
			      const struct session *s)
{
	int ret;

	if (!uas || !uas->started)
		return 0;
	ret = send_id(app, UST_CMD_SESSION_STOP, s->id);
	if (ret == -ECONNRESET)
		return ret;
	if (!ret)
		uas->started = false;
	return 0;
}

static int sync_app_session(struct ust_app *app, struct session *s)
{
	struct ust_app_session *uas;
	struct ust_buffer_set *set;
	int ret;

	if (!app_traced(app, s))
		return 0;
	uas = ust_app_session_get(app, s->id, false);
	if (!ust_trackers_allow(&s->ust_trackers, app->pid, app->uid, app->gid))
		return stop_untracked_app(app, uas, s);
	if (!uas) {
		uas = ust_app_session_get(app, s->id, true);
		if (!uas)
			return -ENOMEM;
		ret = send_id(app, UST_CMD_SESSION_CREATE, s->id);
		if (ret) {
			ust_app_session_forget(app, s->id);
			return ret == -ECONNRESET ? ret : 0;
		}
	}
	pthread_mutex_lock(&buffers_lock);
	set = ust_buffer_set_find(s, app);
	if (!set)
		set = ust_buffer_set_create(s, app);
	pthread_mutex_unlock(&buffers_lock);
	if (!set)
		return -ENOMEM;
	for (const struct channel *c = s->ust.channels; c; c = c->next) {
		ret = sync_channel(app, uas, set, c);
		if (ret)
			return ret;
	}
	if (uas->started != s->active) {
		ret = send_id(app,
			      s->active ? UST_CMD_SESSION_START
					: UST_CMD_SESSION_STOP,
			      s->id);
		if (ret == -ECONNRESET)
			return ret;
		if (!ret)
			uas->started = s->active;
	}
	return 0;
}

void ust_app_sync(struct ust_app *app)
{
	for (struct session *s = session_first(); s; s = s->next)
		if (sync_app_session(app, s) == -ECONNRESET)
			return;
}

static int sync_app(struct ust_app *app, void *session)
{
	return sync_app_session(app, session);
}

int ust_app_sync_session(struct session *session)
{
	return ust_app_for_each_at_once(sync_app, session);
}

static int stop_app(struct ust_app *app, void *session_)
{
	const struct session *session = session_;
	struct ust_app_session *uas =
		ust_app_session_get(app, session->id, false);

	if (uas && uas->started) {
		send_id(app, UST_CMD_SESSION_STOP, session->id);
		uas->started = false;
	}
	return 0;
}

void ust_app_sync_stop(struct session *session)
{
	ust_app_for_each_at_once(stop_app, session);
}

static int statedump_app(struct ust_app *app, void *session_)
{
	const struct session *session = session_;
	struct ust_app_session *uas =
		ust_app_session_get(app, session->id, false);

	if (uas && uas->started &&
	    send_id(app, UST_CMD_SESSION_STATEDUMP, session->id))
		DBG("App %d did not take the state dump request of session %s",
		    (int)app->pid, session->name);
	return 0;
}

void ust_app_sync_statedump(struct session *session)
{
	ust_app_for_each_at_once(statedump_app, session);
}

static int forget_app_session(struct ust_app *app, void *session_)
{
	const struct session *session = session_;

	stop_app(app, session_);
	if (!ust_app_session_get(app, session->id, false))
		return 0;
	send_id(app, UST_CMD_SESSION_DESTROY, session->id);
	ust_app_session_forget(app, session->id);
	return 0;
}

void ust_app_sync_forget_session(struct session *session)
{
	ust_app_for_each_at_once(forget_app_session, session);
}
