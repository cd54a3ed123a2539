/*
 * Implementation of kernel-cmd.h: the kernel domain's recording state
 * (channels, rules, contexts kept in the generic structures) mirrored
 * into tracefs as it changes, and the consumer driven by start/stop.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../channel.h"
#include "../daemon-clock.h"
#include "../session.h"
#include "kernel-channel.h"
#include "kernel-cmd.h"
#include "kernel-consumer.h"
#include "kernel-context.h"
#include "kernel-domain.h"
#include "kernel-event.h"
#include "kernel-statedump.h"
#include "kernel-uprobe.h"
#include "util/log.h"

static int get_domain(struct session *session, struct domain **out)
{
	struct kernel_session *ks;
	int ret = kernel_session_get(&session->kernel, true, &ks);

	if (ret == LTTNG_OK)
		*out = &ks->domain;
	return ret;
}

int kernel_cmd_channel_count(const struct session *session)
{
	return session->kernel ? (int)session->kernel->domain.channel_count : 0;
}

static void channel_stats(struct session *session, const struct channel *chan,
			  uint64_t *discarded_events, uint64_t *lost_packets)
{
	*discarded_events = 0;
	*lost_packets = 0;
	if (session->kernel)
		kernel_consumer_channel_stats(session->kernel, chan->name,
					      discarded_events, lost_packets);
}

static int add_channel(struct session *session, struct kernel_session *ks,
		       const struct lsc_channel *req)
{
	struct kernel_instance *ki;
	int ret;

	if (session->active)
		return LTTNG_ERR_TRACE_ALREADY_STARTED;
	if (!kernel_cmd_channel_count(session)) {
		ret = session_connect_network_output(session);
		if (ret != LTTNG_OK)
			return ret;
	}
	ret = kernel_channel_create(ks, req, session->snapshot);
	ki = kernel_session_instance(ks, req->chan.name);
	if (ret == LTTNG_OK && ki)
		ret = kernel_tracker_apply(
			&ks->trackers[LTTNG_PROCESS_ATTR_PROCESS_ID],
			&ki->tracefs);
	return ret;
}

static int enable_channel(struct session *session,
			  const struct lsc_channel *req, int32_t buffer_type)
{
	struct kernel_session *ks;
	struct kernel_instance *ki;
	struct channel *chan;
	char err[512];
	int ret = kernel_session_get(&session->kernel, true, &ks);

	(void)buffer_type; /* always global */
	if (ret != LTTNG_OK)
		return ret;
	chan = domain_find_channel(&ks->domain, req->chan.name);
	if (!chan)
		return add_channel(session, ks, req);
	if (chan->enabled)
		return LTTNG_ERR_KERN_CHAN_EXIST;
	chan->enabled = true;
	ki = kernel_session_instance(ks, chan->name);
	if (session->active && ki &&
	    tracefs_instance_write(&ki->tracefs, "tracing_on", "1", err,
				   sizeof(err))) {
		ERR("%s", err);
		return LTTNG_ERR_KERN_CHAN_ENABLE_FAIL;
	}
	return LTTNG_OK;
}

static int disable_channel(struct session *session, const char *channel)
{
	struct kernel_session *ks;
	struct kernel_instance *ki;
	struct channel *chan;
	char err[512];
	int ret;

	/* As LTTng's: no kernel channel at all, whoever asks. */
	if (!kernel_cmd_channel_count(session))
		return LTTNG_ERR_NO_CHANNEL;
	if (!channel[0])
		return LTTNG_ERR_INVALID;
	ret = kernel_session_get(&session->kernel, false, &ks);
	if (ret != LTTNG_OK)
		return ret;
	chan = domain_find_channel(&ks->domain, channel);
	if (!chan)
		return LTTNG_ERR_KERN_CHAN_NOT_FOUND;
	chan->enabled = false;
	ki = kernel_session_instance(ks, chan->name);
	if (ki && tracefs_instance_write(&ki->tracefs, "tracing_on", "0", err,
					 sizeof(err))) {
		ERR("%s", err);
		return LTTNG_ERR_KERN_CHAN_DISABLE_FAIL;
	}
	return LTTNG_OK;
}

/* Creates channel0 (name) for an event or context command. */
static int add_default_channel(struct session *session, const char *name,
			       int32_t buffer_type)
{
	struct lsc_channel defaults;

	(void)buffer_type; /* always global */
	kernel_channel_defaults(&defaults);
	strcpy(defaults.chan.name, name);
	return add_channel(session, session->kernel, &defaults);
}

/* Enables or disables a rule's tracefs events in the instance. */
static int apply_rule(struct kernel_session *ks, struct kernel_instance *ki,
		      const struct channel *chan, const struct lsc_event *spec,
		      bool enable)
{
	struct kernel_uprobe *uprobe;
	int ret;

	if (spec->type != LTTNG_EVENT_USERSPACE_PROBE)
		return kernel_event_apply(ki, chan->rules, spec, enable, ks);
	if (!spec->probe_location)
		return LTTNG_ERR_PROBE_LOCATION_INVAL;
	ret = kernel_uprobe_get(&ks->uprobes, spec->name, spec->probe_location,
				&uprobe);
	if (ret != LTTNG_OK)
		return ret;
	return kernel_event_apply_one(ki, uprobe->group, spec, enable, ks);
}

static int enable_event(struct session *session,
			const struct lsc_target *target, struct lsc_event *spec)
{
	struct kernel_session *ks;
	struct kernel_instance *ki;
	struct event_rule *rule;
	struct channel *chan;
	int ret = kernel_session_get(&session->kernel, true, &ks);

	if (ret == LTTNG_OK)
		ret = domain_target_channel(&kernel_domain_ops, session,
					    &ks->domain, target, true, &chan);
	if (ret != LTTNG_OK)
		return ret;
	if (spec->type == LTTNG_EVENT_ALL && strcmp(spec->name, "*"))
		spec->type = LTTNG_EVENT_TRACEPOINT;
	spec->loglevel = -1;
	spec->loglevel_type = LTTNG_EVENT_LOGLEVEL_ALL;
	rule = event_rule_find(chan->rules, spec);
	if (rule && rule->spec.enabled)
		return LTTNG_ERR_KERN_EVENT_EXIST;
	ki = kernel_session_instance(ks, chan->name);
	ret = ki ? apply_rule(ks, ki, chan, spec, true)
		 : LTTNG_ERR_KERN_CHAN_NOT_FOUND;
	if (ret != LTTNG_OK)
		return ret;
	if (rule) {
		rule->spec.enabled = 1;
		return LTTNG_OK;
	}
	return event_rule_add(&chan->rules, spec);
}

static int disable_event(struct session *session,
			 const struct lsc_target *target,
			 const struct lsc_event *spec)
{
	struct kernel_session *ks;
	struct kernel_instance *ki;
	struct event_rule *rule;
	struct channel *chan;
	unsigned int matched = 0;
	int ret;

	/* As LTTng's: no kernel channel at all, whoever asks. */
	if (!kernel_cmd_channel_count(session))
		return LTTNG_ERR_NO_CHANNEL;
	ret = kernel_session_get(&session->kernel, false, &ks);
	if (ret == LTTNG_OK)
		ret = domain_target_channel(&kernel_domain_ops, session,
					    &ks->domain, target, false, &chan);
	if (ret != LTTNG_OK)
		return ret;
	ki = kernel_session_instance(ks, chan->name);
	for (rule = chan->rules; rule && ki; rule = rule->next) {
		if (spec->name[0] && strcmp(rule->spec.name, spec->name))
			continue;
		if (spec->type == LTTNG_EVENT_SYSCALL &&
		    rule->spec.type != LTTNG_EVENT_SYSCALL)
			continue;
		matched++;
		if (!rule->spec.enabled)
			continue;
		ret = apply_rule(ks, ki, chan, &rule->spec, false);
		if (ret != LTTNG_OK)
			return ret;
		rule->spec.enabled = 0;
	}
	if (!matched && spec->name[0])
		return LTTNG_ERR_KERN_DISABLE_FAIL;
	return LTTNG_OK;
}

static int add_context(struct session *session, const struct lsc_target *target,
		       const struct lsc_context *spec)
{
	struct kernel_session *ks;
	struct channel *chan;
	int ret = kernel_session_get(&session->kernel, true, &ks);

	if (ret == LTTNG_OK)
		ret = kernel_context_check(spec);
	if (ret != LTTNG_OK)
		return ret;
	if (session->has_been_started)
		return LTTNG_ERR_KERN_CONTEXT_FAIL;
	if (target->channel[0]) {
		chan = domain_find_channel(&ks->domain, target->channel);
		if (!chan)
			return LTTNG_ERR_KERN_CHAN_NOT_FOUND;
		if (context_find(chan->contexts, spec))
			return LTTNG_ERR_KERN_CONTEXT_FAIL;
		return context_add(&chan->contexts, spec);
	}
	if (!ks->domain.channel_count) {
		ret = domain_target_channel(&kernel_domain_ops, session,
					    &ks->domain, target, true, &chan);
		if (ret != LTTNG_OK)
			return ret;
	}
	for (chan = ks->domain.channels; chan; chan = chan->next) {
		if (context_find(chan->contexts, spec))
			return LTTNG_ERR_KERN_CONTEXT_FAIL;
	}
	for (chan = ks->domain.channels; chan && ret == LTTNG_OK;
	     chan = chan->next)
		ret = context_add(&chan->contexts, spec);
	return ret;
}

/* Whether a tracker lets no process record. */
static bool tracker_excludes_all(const struct kernel_session *ks)
{
	size_t i;

	for (i = 0; i < KERNEL_TRACKER_COUNT; i++) {
		if (kernel_tracker_excludes_all(&ks->trackers[i]))
			return true;
	}
	return false;
}

/* Writes tracing_on of every enabled channel's instance. */
static int set_tracing(struct kernel_session *ks, const char *value)
{
	struct kernel_instance *ki;
	struct channel *chan;
	char err[512];
	int ret = LTTNG_OK;

	if (value[0] == '1' && tracker_excludes_all(ks))
		value = "0"; /* no process may record */
	for (chan = ks->domain.channels; chan; chan = chan->next) {
		ki = kernel_session_instance(ks, chan->name);
		if (!ki || (!chan->enabled && value[0] == '1'))
			continue;
		if (tracefs_instance_write(&ki->tracefs, "tracing_on", value,
					   err, sizeof(err))) {
			ERR("%s", err);
			ret = value[0] == '1' ? LTTNG_ERR_KERN_START_FAIL
					      : LTTNG_ERR_KERN_STOP_FAIL;
		}
	}
	return ret;
}

/*
 * Applies tracker attr after a change: to the consumer, and the process
 * ID tracker also to every instance (set_event_pid keeps the other
 * processes' records out of the buffers; the consumer checks the thread
 * groups); then the instances' tracing_on (an empty set turns them off)
 * when the session is active.
 */
static int apply_tracker(struct session *session, struct kernel_session *ks,
			 enum lttng_process_attr attr)
{
	struct kernel_tracker *t = &ks->trackers[attr];
	struct kernel_instance *ki;
	int ret = kernel_consumer_set_tracker(ks, attr);

	if (attr == LTTNG_PROCESS_ATTR_PROCESS_ID) {
		for (ki = ks->instances; ki && ret == LTTNG_OK; ki = ki->next)
			ret = kernel_tracker_apply(t, &ki->tracefs);
	}
	if (ret == LTTNG_OK && session->active)
		ret = set_tracing(ks, "1");
	return ret;
}

static int tracker_change(struct session *session, enum lttng_process_attr attr,
			  enum lsc_tracker_operation operation,
			  enum lttng_tracking_policy policy, int32_t type,
			  int64_t id, const char *name)
{
	struct kernel_session *ks;
	int ret = kernel_session_get(&session->kernel, true, &ks);

	if (ret != LTTNG_OK)
		return ret;
	if (attr >= KERNEL_TRACKER_COUNT)
		return LTTNG_ERR_INVALID;
	switch (operation) {
	case LSC_TRACKER_SET_POLICY:
		if (policy > LTTNG_TRACKING_POLICY_INCLUDE_SET)
			return LTTNG_ERR_INVALID;
		ret = kernel_tracker_set_policy(&ks->trackers[attr], policy);
		break;
	case LSC_TRACKER_ADD:
	case LSC_TRACKER_REMOVE:
		ret = kernel_tracker_change(
			&ks->trackers[attr], attr, operation == LSC_TRACKER_ADD,
			(enum lttng_process_attr_value_type)type, id, name);
		break;
	default:
		return LTTNG_ERR_INVALID;
	}
	return ret == LTTNG_OK ? apply_tracker(session, ks, attr) : ret;
}

static int tracker_list(struct session *session, enum lttng_process_attr attr,
			struct wire_buf *reply)
{
	const struct kernel_tracker *t;
	struct kernel_session *ks;
	size_t i;
	int ret = kernel_session_get(&session->kernel, true, &ks);

	if (ret != LTTNG_OK)
		return ret;
	if (attr >= KERNEL_TRACKER_COUNT)
		return LTTNG_ERR_INVALID;
	t = &ks->trackers[attr];
	wire_put_u32(reply, (uint32_t)t->policy);
	wire_put_u32(reply, (uint32_t)t->count);
	for (i = 0; i < t->count; i++) {
		wire_put_i32(reply, (int32_t)t->values[i].type);
		wire_put_i64(reply, t->values[i].id);
		wire_put_str(reply, t->values[i].name);
	}
	return LTTNG_OK;
}

static int track_pid(struct session *session, int pid, bool track)
{
	if (pid == -1)
		return tracker_change(session, LTTNG_PROCESS_ATTR_PROCESS_ID,
				      LSC_TRACKER_SET_POLICY,
				      track ? LTTNG_TRACKING_POLICY_INCLUDE_ALL
					    : LTTNG_TRACKING_POLICY_EXCLUDE_ALL,
				      LTTNG_PROCESS_ATTR_VALUE_TYPE_INVALID, 0,
				      NULL);
	return tracker_change(session, LTTNG_PROCESS_ATTR_PROCESS_ID,
			      track ? LSC_TRACKER_ADD : LSC_TRACKER_REMOVE,
			      LTTNG_TRACKING_POLICY_INCLUDE_SET,
			      LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, pid, NULL);
}

static int list_tracker_pids(struct session *session, struct wire_buf *reply)
{
	const struct kernel_tracker *t;
	struct kernel_session *ks;
	size_t i;
	int ret = kernel_session_get(&session->kernel, true, &ks);

	if (ret != LTTNG_OK)
		return ret;
	t = &ks->trackers[LTTNG_PROCESS_ATTR_PROCESS_ID];
	wire_put_i32(reply,
		     t->policy == LTTNG_TRACKING_POLICY_INCLUDE_ALL ? 1 : 0);
	wire_put_u32(reply, (uint32_t)t->count);
	for (i = 0; i < t->count; i++)
		wire_put_i32(reply, (int32_t)t->values[i].id);
	return LTTNG_OK;
}

int kernel_cmd_start(struct session *session)
{
	struct kernel_session *ks = session->kernel;
	int ret;

	if (!ks || !ks->domain.channel_count)
		return LTTNG_OK;
	if (ks->consumer_fd < 0) {
		struct consumer_chunk_desc chunk;

		rotation_chunk_desc(session, &chunk);
		/* snapshot and no-output sessions keep their buffers */
		ret = kernel_consumer_start(
			ks, session_keeps_buffers(session) ? NULL : &chunk,
			session->id, session->name);
		if (ret != LTTNG_OK)
			return ret;
	}
	/*
	 * Before tracing_on: the buffers are empty (a stop flushed them),
	 * so the dump's events precede every record in their stream.
	 */
	ret = kernel_statedump_record(ks);
	if (ret != LTTNG_OK)
		return ret;
	return set_tracing(ks, "1");
}

int kernel_cmd_stop(struct session *session)
{
	struct kernel_session *ks = session->kernel;
	int ret, flushed;

	if (!ks || !ks->domain.channel_count)
		return LTTNG_OK;
	ret = set_tracing(ks, "0");
	flushed = kernel_consumer_flush(ks);
	return ret != LTTNG_OK ? ret : flushed;
}

int kernel_cmd_rotate(struct session *session, uint64_t chunk_id,
		      uint32_t flags)
{
	struct kernel_session *ks = session->kernel;

	/* a clear's data goes to files the session daemon then removes */
	(void)flags;
	if (!ks)
		return LTTNG_OK;
	return kernel_consumer_rotate(ks, chunk_id);
}

int kernel_cmd_chunk_create(struct session *session,
			    const struct consumer_chunk_desc *desc)
{
	return session->kernel
		       ? kernel_consumer_chunk_create(session->kernel, desc)
		       : LTTNG_OK;
}

int kernel_cmd_chunk_close(struct session *session,
			   const struct consumer_chunk_close *desc)
{
	return session->kernel
		       ? kernel_consumer_chunk_close(session->kernel, desc)
		       : LTTNG_OK;
}

int kernel_cmd_clear_buffers(struct session *session)
{
	return session->kernel ? kernel_consumer_clear(session->kernel)
			       : LTTNG_OK;
}

int kernel_cmd_regenerate_metadata(struct session *session)
{
	struct kernel_session *ks = session->kernel;
	struct trace_clock_desc next;
	int ret;

	if (!ks)
		return LTTNG_OK;
	next = ks->clock;
	daemon_clock_resample_trace(&next);
	ret = kernel_consumer_regenerate_metadata(ks, &next);
	if (ret == LTTNG_OK)
		ks->clock = next;
	return ret;
}

int kernel_cmd_regenerate_statedump(struct session *session)
{
	return kernel_statedump_record(session->kernel);
}

void kernel_cmd_destroy(struct session *session)
{
	struct kernel_session *ks = session->kernel;

	if (!ks)
		return;
	if (session->active)
		set_tracing(ks, "0");
	kernel_session_destroy(ks);
	session->kernel = NULL;
}

/*
 * The listed name in a "system:event" line of available_events (len
 * bytes): the event of a tracepoint, or with syscalls the NAME of
 * syscalls:sys_enter_NAME. NULL for a line of the other kind.
 */
static const char *listed_name(const char *line, size_t len, bool syscalls)
{
	const char *colon = memchr(line, ':', len);
	bool is_syscall = !strncmp(line, "syscalls:", 9);

	if (!colon)
		return NULL;
	if (syscalls)
		return is_syscall && !strncmp(colon + 1, "sys_enter_", 10)
			       ? colon + 11
			       : NULL;
	return is_syscall || !strncmp(line, "ftrace:", 7) ? NULL : colon + 1;
}

/*
 * Counts (or, with reply, lists) the events of available_events: the
 * tracepoints, or with syscalls set the system calls (from their
 * sys_enter_ events).
 */
static uint32_t put_events(const char *text, bool syscalls,
			   struct wire_buf *reply)
{
	const char *line = text;
	uint32_t count = 0;

	while (*line) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		const char *name = listed_name(line, len, syscalls);
		size_t name_len = name ? len - (size_t)(name - line) : 0;

		if (name && name_len < LTTNG_SYMBOL_NAME_LEN) {
			struct lsc_event ev = {0};

			memcpy(ev.name, name, name_len);
			ev.type = syscalls ? LTTNG_EVENT_SYSCALL
					   : LTTNG_EVENT_TRACEPOINT;
			ev.loglevel = syscalls ? -1 : 0;
			ev.enabled = -1;
			ev.pid = -1;
			if (reply)
				lsc_put_event(reply, &ev);
			count++;
		}
		line += len + (end ? 1 : 0);
	}
	return count;
}

static int list_events(struct wire_buf *reply, bool syscalls)
{
	char *text, err[512];
	int ret = kernel_domain_available();

	if (ret != LTTNG_OK)
		return ret;
	if (tracefs_read_file(kernel_tracefs_root(), "available_events", &text,
			      err, sizeof(err))) {
		ERR("%s", err);
		return LTTNG_ERR_KERN_LIST_FAIL;
	}
	wire_put_u32(reply,
		     put_events(text, syscalls, NULL) +
			     (syscalls ? 0 : kernel_statedump_event_count()));
	if (!syscalls)
		kernel_statedump_list(reply);
	put_events(text, syscalls, reply);
	free(text);
	return LTTNG_OK;
}

static int list_tracepoints(struct wire_buf *reply)
{
	return list_events(reply, false);
}

int kernel_cmd_list_syscalls(struct wire_buf *reply)
{
	return list_events(reply, true);
}

int kernel_cmd_snapshot(struct session *session,
			const struct consumer_chunk_desc *chunk,
			uint64_t max_packets)
{
	if (!session->kernel || !session->kernel->domain.channel_count)
		return LTTNG_OK;
	return kernel_consumer_snapshot(session->kernel, chunk, max_packets);
}

const struct channel *kernel_cmd_channels(const struct session *session)
{
	return session->kernel ? session->kernel->domain.channels : NULL;
}

const struct domain_ops kernel_domain_ops = {
	.type = LTTNG_DOMAIN_KERNEL,
	.channel_not_found = LTTNG_ERR_KERN_CHAN_NOT_FOUND,
	.get = get_domain,
	.enable_channel = enable_channel,
	.disable_channel = disable_channel,
	.add_default_channel = add_default_channel,
	.channel_stats = channel_stats,
	.enable_event = enable_event,
	.disable_event = disable_event,
	.add_context = add_context,
	.list_tracepoints = list_tracepoints,
	.tracker_change = tracker_change,
	.tracker_list = tracker_list,
	.track_pid = track_pid,
	.list_tracker_pids = list_tracker_pids,
};
