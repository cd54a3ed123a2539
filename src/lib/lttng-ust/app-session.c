/*
 * Implementation of app-session.h. Lists are short (a few sessions,
 * channels and rules), so lookups walk them. Order of teardown: a
 * channel stops recording, then ust_channel_destroy() detaches every
 * probe (waiting for running ones), and only then are its ring buffers
 * unmapped, so no probe ever writes into unmapped memory.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app-session.h"
#include "context/context-set.h"
#include "listener-env.h"
#include "statedump.h"
/* (kept apart from the includes above, which other branches extend) */
#include "common/fd-tracker.h"

/* The channel whose backend member `backend` is. */
static struct ust_app_channel *channel_of_backend(void *backend)
{
	return (struct ust_app_channel *)((char *)backend -
					  offsetof(struct ust_app_channel,
						   backend));
}

void ust_app_objects_init(struct ust_app_objects *objects,
			  ust_app_event_id_fn event_id, void *priv)
{
	CDS_INIT_LIST_HEAD(&objects->sessions);
	objects->event_id = event_id;
	objects->event_id_priv = priv;
}

/* ---- lookups ---- */

static struct ust_app_session *find_session(struct ust_app_objects *objects,
					    uint64_t id)
{
	struct ust_app_session *session;

	cds_list_for_each_entry (session, &objects->sessions, node)
		if (session->id == id)
			return session;
	return NULL;
}

static struct ust_app_channel *find_channel(struct ust_app_objects *objects,
					    uint64_t key)
{
	struct ust_app_session *session;
	struct ust_app_channel *chan;

	cds_list_for_each_entry (session, &objects->sessions, node)
		cds_list_for_each_entry (chan, &session->channels, node)
			if (chan->key == key)
				return chan;
	return NULL;
}

static struct ust_app_rule *find_rule(struct ust_app_objects *objects,
				      uint64_t id)
{
	struct ust_app_session *session;
	struct ust_app_channel *chan;
	struct ust_app_rule *rule;

	cds_list_for_each_entry (session, &objects->sessions, node)
		cds_list_for_each_entry (chan, &session->channels, node)
			cds_list_for_each_entry (rule, &chan->rules, node)
				if (rule->id == id)
					return rule;
	return NULL;
}

/* ---- recording state ---- */

static void channel_update_recording(struct ust_app_channel *chan)
{
	int recording = chan->session->active && chan->enabled &&
			chan->backend.rb != NULL;

	ust_rb_channel_set_recording(&chan->backend, recording);
}

static void session_update_recording(struct ust_app_session *session)
{
	struct ust_app_channel *chan;

	cds_list_for_each_entry (chan, &session->channels, node)
		channel_update_recording(chan);
}

void ust_app_objects_stop_all(struct ust_app_objects *objects)
{
	struct ust_app_session *session;
	struct ust_app_channel *chan;

	cds_list_for_each_entry (session, &objects->sessions, node)
		cds_list_for_each_entry (chan, &session->channels, node)
			ust_rb_channel_set_recording(&chan->backend, 0);
}

/* ---- sessions ---- */

int ust_app_session_create(struct ust_app_objects *objects, uint64_t id)
{
	struct ust_app_session *session;

	if (find_session(objects, id))
		return -EEXIST;
	session = calloc(1, sizeof(*session));
	if (!session)
		return -ENOMEM;
	session->id = id;
	session->objects = objects;
	CDS_INIT_LIST_HEAD(&session->channels);
	cds_list_add_tail(&session->node, &objects->sessions);
	return 0;
}

static void channel_free(struct ust_app_channel *chan);

static void session_free(struct ust_app_session *session)
{
	struct ust_app_channel *chan, *tmp;

	cds_list_for_each_entry_safe (chan, tmp, &session->channels, node)
		channel_free(chan);
	cds_list_del(&session->node);
	free(session);
}

int ust_app_session_destroy(struct ust_app_objects *objects, uint64_t id)
{
	struct ust_app_session *session = find_session(objects, id);

	if (!session)
		return -ENOENT;
	session_free(session);
	return 0;
}

int ust_app_session_set_active(struct ust_app_objects *objects, uint64_t id,
			       int active)
{
	struct ust_app_session *session = find_session(objects, id);

	if (!session)
		return -ENOENT;
	session->active = active;
	session_update_recording(session);
	return 0;
}

bool ust_app_session_exists(struct ust_app_objects *objects, uint64_t id)
{
	return find_session(objects, id) != NULL;
}

int ust_app_session_statedump(struct ust_app_objects *objects, uint64_t id)
{
	struct ust_app_session *session = find_session(objects, id);

	if (!session)
		return -ENOENT;
	ust_statedump_run(session);
	return 0;
}

void ust_app_objects_clear(struct ust_app_objects *objects)
{
	struct ust_app_session *session, *tmp;

	ust_app_objects_stop_all(objects);
	cds_list_for_each_entry_safe (session, tmp, &objects->sessions, node)
		session_free(session);
}

/* ---- channels ---- */

/* The channel's id source: the daemon's registry over the notify socket. */
static int channel_event_id(void *backend,
			    const struct lttng_ust_event_desc *desc,
			    uint32_t *id)
{
	struct ust_app_channel *chan = channel_of_backend(backend);
	struct ust_app_objects *objects = chan->session->objects;

	return objects->event_id(objects->event_id_priv, chan->session->id,
				 chan->key, desc, id);
}

static void close_received_fds(struct ust_app_channel *chan)
{
	uint32_t i;

	if (!chan->fds)
		return;
	for (i = 0; i < chan->nr_streams; i++) {
		ust_fd_close(chan->fds[i].shm_fd);
		ust_fd_close(chan->fds[i].wakeup_fd);
	}
	free(chan->fds);
	chan->fds = NULL;
}

/* Unmap a channel and close its fds, which stop being the tracer's. */
static void channel_unmap(struct rb_channel *rb)
{
	unsigned int i;

	if (!rb)
		return;
	lttng_ust_lock_fd_tracker();
	for (i = 0; i < rb->nr_streams; i++) {
		lttng_ust_delete_fd_from_tracker(rb->streams[i].shm_fd);
		lttng_ust_delete_fd_from_tracker(rb->streams[i].wakeup_fd);
	}
	rb_channel_destroy(rb);
	lttng_ust_unlock_fd_tracker();
}

static void rule_free(struct ust_app_rule *rule)
{
	cds_list_del(&rule->node);
	free(rule->filter);
	free(rule);
}

static void channel_free(struct ust_app_channel *chan)
{
	struct ust_app_rule *rule, *tmp;

	ust_rb_channel_set_recording(&chan->backend, 0);
	/* Rules and recorders go with the channel; no probe runs after. */
	ust_channel_destroy(chan->chan);
	cds_list_for_each_entry_safe (rule, tmp, &chan->rules, node)
		rule_free(rule);
	channel_unmap(chan->backend.rb);
	close_received_fds(chan);
	cds_list_del(&chan->node);
	free(chan);
}

static struct ust_app_channel *channel_alloc(const struct ust_channel_desc *d)
{
	struct ust_app_channel *chan;
	uint32_t i;

	chan = calloc(1, sizeof(*chan));
	if (!chan)
		return NULL;
	chan->fds = calloc(d->nr_streams, sizeof(*chan->fds));
	if (!chan->fds) {
		free(chan);
		return NULL;
	}
	for (i = 0; i < d->nr_streams; i++) {
		chan->fds[i].shm_fd = -1;
		chan->fds[i].wakeup_fd = -1;
	}
	chan->key = d->channel_key;
	memcpy(chan->name, d->name, sizeof(chan->name));
	chan->name[sizeof(chan->name) - 1] = '\0';
	chan->nr_streams = d->nr_streams;
	chan->enabled = 1;
	CDS_INIT_LIST_HEAD(&chan->rules);
	return chan;
}

int ust_app_channel_create(struct ust_app_objects *objects,
			   const struct ust_channel_desc *desc)
{
	struct ust_app_session *session;
	struct ust_app_channel *chan;
	int ret;

	session = find_session(objects, desc->session_id);
	if (!session)
		return -ENOENT;
	if (find_channel(objects, desc->channel_key))
		return -EEXIST;
	if (desc->nr_streams == 0 || desc->nr_streams > RB_STREAMS_MAX)
		return -EINVAL;
	chan = channel_alloc(desc);
	if (!chan)
		return -ENOMEM;
	ret = ust_channel_create(&ust_rb_recorder_ops, &chan->backend,
				 &chan->chan);
	if (ret) {
		close_received_fds(chan);
		free(chan);
		return ret;
	}
	ust_channel_set_event_id_source(chan->chan, channel_event_id);
	chan->session = session;
	chan->backend.session = session;
	cds_list_add_tail(&chan->node, &session->channels);
	return 0;
}

static int channel_map(struct ust_app_channel *chan)
{
	struct rb_channel *rb;
	uint32_t i;
	int ret;

	/* rb_channel_map owns the fds from here, even on failure. */
	lttng_ust_lock_fd_tracker();
	ret = rb_channel_map(chan->fds, chan->nr_streams, &rb);
	for (i = 0; ret && i < chan->nr_streams; i++) { /* closed: untrack */
		lttng_ust_delete_fd_from_tracker(chan->fds[i].shm_fd);
		lttng_ust_delete_fd_from_tracker(chan->fds[i].wakeup_fd);
	}
	lttng_ust_unlock_fd_tracker();
	free(chan->fds);
	chan->fds = NULL;
	if (ret) {
		ust_log_critical("channel %s: cannot map its ring buffers: %s",
				 chan->name, rb_last_error());
		return ret;
	}
	rb_channel_set_may_block(rb, ust_env_allow_blocking());
	rb_channel_prefault(rb);
	chan->backend.rb = rb;
	channel_update_recording(chan);
	return 0;
}

int ust_app_stream_add(struct ust_app_objects *objects, uint64_t key,
		       uint32_t index, int shm_fd, int wakeup_fd)
{
	struct ust_app_channel *chan = find_channel(objects, key);
	int ret = 0;

	if (!chan)
		ret = -ENOENT;
	else if (!chan->fds || index >= chan->nr_streams ||
		 chan->fds[index].shm_fd >= 0)
		ret = -EINVAL;
	if (ret) {
		ust_fd_close(shm_fd);
		ust_fd_close(wakeup_fd);
		return ret;
	}
	chan->fds[index].shm_fd = shm_fd;
	chan->fds[index].wakeup_fd = wakeup_fd;
	if (++chan->nr_received < chan->nr_streams)
		return 0;
	return channel_map(chan);
}

int ust_app_channel_set_enabled(struct ust_app_objects *objects, uint64_t key,
				int enabled)
{
	struct ust_app_channel *chan = find_channel(objects, key);

	if (!chan)
		return -ENOENT;
	chan->enabled = enabled;
	channel_update_recording(chan);
	return 0;
}

int ust_app_channel_destroy(struct ust_app_objects *objects, uint64_t key)
{
	struct ust_app_channel *chan = find_channel(objects, key);

	if (!chan)
		return -ENOENT;
	channel_free(chan);
	return 0;
}

int ust_app_context_add(struct ust_app_objects *objects, uint64_t key,
			const struct ust_context_desc *desc)
{
	struct ust_app_channel *chan = find_channel(objects, key);
	int ret;

	if (!chan)
		return -ENOENT;
	if (!cds_list_empty(&chan->rules))
		return -EINVAL;
	/* The channel's context set writes the fields (context-set.h). */
	ret = ust_channel_add_context(chan->chan, desc);
	if (ret)
		return ret == -EBUSY ? -EINVAL : ret;
	chan->backend.context = ust_ctx_set_writer(chan->chan->contexts);
	return 0;
}

/* ---- rules ---- */

static enum ust_loglevel_type loglevel_type_of(uint32_t type)
{
	switch (type) {
	case UST_RULE_LOGLEVEL_RANGE:
		return UST_LOGLEVEL_RANGE;
	case UST_RULE_LOGLEVEL_SINGLE:
		return UST_LOGLEVEL_SINGLE;
	default:
		return UST_LOGLEVEL_ALL;
	}
}

static int rule_keep_filter(struct ust_app_rule *rule,
			    const struct ust_rule_desc *desc)
{
	if (!desc->bytecode_len)
		return 0;
	rule->filter = malloc(desc->bytecode_len);
	if (!rule->filter)
		return -ENOMEM;
	memcpy(rule->filter, desc->bytecode, desc->bytecode_len);
	rule->filter_len = desc->bytecode_len;
	return 0;
}

static int rule_make_event_rule(struct ust_app_channel *chan,
				struct ust_app_rule *rule,
				const struct ust_rule_desc *desc)
{
	const char **exclusions = NULL;
	struct ust_event_rule_attr attr = {
		.pattern = desc->pattern,
		.nr_exclusions = desc->nr_exclusions,
		.loglevel_type = loglevel_type_of(desc->loglevel_type),
		.loglevel = desc->loglevel,
	};
	uint32_t i;
	int ret;

	if (desc->nr_exclusions) {
		exclusions = calloc(desc->nr_exclusions, sizeof(*exclusions));
		if (!exclusions)
			return -ENOMEM;
		for (i = 0; i < desc->nr_exclusions; i++)
			exclusions[i] = desc->exclusions[i];
	}
	attr.exclusions = exclusions;
	attr.filter = rule->filter; /* validated by ust_event_rule_create() */
	attr.filter_len = rule->filter_len;
	ret = ust_event_rule_create(chan->chan, &attr, &rule->rule);
	free(exclusions);
	return ret;
}

int ust_app_rule_create(struct ust_app_objects *objects,
			const struct ust_rule_desc *desc)
{
	struct ust_app_channel *chan = find_channel(objects, desc->channel_key);
	struct ust_app_rule *rule;
	int ret;

	if (!chan)
		return -ENOENT;
	if (find_rule(objects, desc->rule_id))
		return -EEXIST;
	rule = calloc(1, sizeof(*rule));
	if (!rule)
		return -ENOMEM;
	rule->id = desc->rule_id;
	ret = rule_keep_filter(rule, desc);
	if (!ret)
		ret = rule_make_event_rule(chan, rule, desc);
	if (ret) {
		free(rule->filter);
		free(rule);
		return ret;
	}
	cds_list_add_tail(&rule->node, &chan->rules);
	return 0;
}

int ust_app_rule_set_enabled(struct ust_app_objects *objects, uint64_t id,
			     int enabled)
{
	struct ust_app_rule *rule = find_rule(objects, id);

	if (!rule)
		return -ENOENT;
	return enabled ? ust_event_rule_enable(rule->rule)
		       : ust_event_rule_disable(rule->rule);
}

int ust_app_rule_destroy(struct ust_app_objects *objects, uint64_t id)
{
	struct ust_app_rule *rule = find_rule(objects, id);

	if (!rule)
		return -ENOENT;
	ust_event_rule_destroy(rule->rule);
	rule_free(rule);
	return 0;
}
