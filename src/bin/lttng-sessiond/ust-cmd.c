/*
 * Implementation of ust-cmd.h: the user space domain's channels
 * (enable, disable, channel0 created on demand), recording event rules
 * (checked for the agents' reserved names and for their filter
 * bytecode), contexts, and the virtual process, user and group ID
 * trackers (process-attr-tracker.c), applied to the apps at once.
 */
#include <errno.h>
#include <string.h>

#include "filter/validator.h"
#include "session.h"
#include "ust-cmd.h"
#include "ust-app-sync.h"
#include "ust-session.h"
#include "ust-tracepoint-list.h"
#include "util/log.h"

/* Event names the agents reserve inside the user space domain. */
static const char *const reserved_prefixes[] = {
	"lttng_jul:", "lttng_log4j:", "lttng_python:"};

static int get_domain(struct session *session, struct domain **out)
{
	*out = &session->ust;
	return LTTNG_OK;
}

/* Creates a channel of the session (req names it). */
static int add_channel(struct session *session, const struct lsc_channel *req,
		       int32_t buffer_type)
{
	struct channel *chan;
	int ret;

	if (session->has_been_started)
		return LTTNG_ERR_TRACE_ALREADY_STARTED;
	ret = domain_check_buffer_type(&session->ust, buffer_type);
	if (ret == LTTNG_OK && !session->ust.channel_count)
		ret = session_connect_network_output(session);
	if (ret == LTTNG_OK)
		ret = channel_create_ust(req, session->snapshot, &chan);
	if (ret != LTTNG_OK)
		return ret;
	domain_add_channel(&session->ust, chan, buffer_type);
	DBG("Session %s: created channel %s", session->name, chan->name);
	return LTTNG_OK;
}

static int enable_channel(struct session *session,
			  const struct lsc_channel *req, int32_t buffer_type)
{
	struct channel *chan =
		domain_find_channel(&session->ust, req->chan.name);

	if (chan && chan->enabled)
		return LTTNG_ERR_UST_CHAN_EXIST;
	if (chan) {
		chan->enabled = true;
		return LTTNG_OK;
	}
	return add_channel(session, req, buffer_type);
}

static int disable_channel(struct session *session, const char *name)
{
	struct channel *chan;

	if (!name[0])
		return LTTNG_ERR_INVALID;
	chan = domain_find_channel(&session->ust, name);
	if (!chan)
		return LTTNG_ERR_UST_CHAN_NOT_FOUND;
	chan->enabled = false;
	return LTTNG_OK;
}

/* The domain's buffering scheme once it has a channel, else the client's. */
static int add_default_channel(struct session *session, const char *name,
			       int32_t buffer_type)
{
	struct lsc_channel defaults;

	if (session->ust.channel_count)
		buffer_type = (int32_t)session->ust.buffer_type;
	channel_default_ust((enum lttng_buffer_type)buffer_type, &defaults);
	strcpy(defaults.chan.name, name);
	return add_channel(session, &defaults, buffer_type);
}

static void channel_stats(struct session *session, const struct channel *chan,
			  uint64_t *discarded_events, uint64_t *lost_packets)
{
	ust_session_channel_stats(session, chan, discarded_events,
				  lost_packets);
}

/*
 * The client compiled the filter; the daemon trusts nothing it receives,
 * so the bytecode must validate before it is stored or sent to an app.
 */
static int check_filter_bytecode(const struct lsc_event *spec)
{
	char msg[128];

	if (!spec->filter)
		return LTTNG_OK;
	if (filter_validate(spec->bytecode, spec->bytecode_len, msg,
			    sizeof(msg))) {
		ERR("Refusing the filter of event %s: %s", spec->name, msg);
		return LTTNG_ERR_FILTER_INVAL;
	}
	return LTTNG_OK;
}

static int check_event(const struct lsc_event *spec)
{
	size_t i;

	if (spec->type != LTTNG_EVENT_TRACEPOINT &&
	    spec->type != LTTNG_EVENT_ALL)
		return LTTNG_ERR_UST_ENABLE_FAIL;
	for (i = 0; i < sizeof(reserved_prefixes) / sizeof(*reserved_prefixes);
	     i++) {
		const char *prefix = reserved_prefixes[i];

		if (!strncmp(spec->name, prefix, strlen(prefix)))
			return LTTNG_ERR_INVALID_EVENT_NAME;
	}
	if (spec->exclusion_count && !event_rule_name_is_pattern(spec->name))
		return LTTNG_ERR_EXCLUSION_INVAL;
	return check_filter_bytecode(spec);
}

static int enable_event(struct session *session,
			const struct lsc_target *target, struct lsc_event *spec)
{
	struct event_rule *rule;
	struct channel *chan;
	int ret = check_event(spec);

	if (ret == LTTNG_OK)
		ret = domain_target_channel(&ust_domain_ops, session,
					    &session->ust, target, true, &chan);
	if (ret != LTTNG_OK)
		return ret;
	spec->type = LTTNG_EVENT_TRACEPOINT;
	if (spec->loglevel_type == LTTNG_EVENT_LOGLEVEL_ALL)
		spec->loglevel = -1;
	rule = event_rule_find(chan->rules, spec);
	if (rule && rule->spec.enabled)
		return LTTNG_ERR_UST_EVENT_ENABLED;
	if (rule) {
		rule->spec.enabled = 1;
		return LTTNG_OK;
	}
	DBG("Session %s, channel %s: new rule %s", session->name, chan->name,
	    spec->name);
	return event_rule_add(&chan->rules, spec);
}

static int disable_event(struct session *session,
			 const struct lsc_target *target,
			 const struct lsc_event *spec)
{
	struct channel *chan;
	int ret = domain_target_channel(&ust_domain_ops, session, &session->ust,
					target, false, &chan);

	if (ret == LTTNG_OK && !event_rule_disable(chan->rules, spec->name) &&
	    spec->name[0])
		ret = LTTNG_ERR_UST_EVENT_NOT_FOUND;
	return ret;
}

/* Add spec to one channel, or to every channel when name is "". */
static int add_context_to(struct domain *domain, const char *name,
			  const struct lsc_context *spec)
{
	struct channel *chan;
	int ret = LTTNG_OK;

	if (name[0]) {
		chan = domain_find_channel(domain, name);
		if (!chan)
			return LTTNG_ERR_UST_CHAN_NOT_FOUND;
		if (context_find(chan->contexts, spec))
			return LTTNG_ERR_UST_CONTEXT_EXIST;
		return context_add(&chan->contexts, spec);
	}
	for (chan = domain->channels; chan; chan = chan->next) {
		if (context_find(chan->contexts, spec))
			return LTTNG_ERR_UST_CONTEXT_EXIST;
	}
	for (chan = domain->channels; chan && ret == LTTNG_OK;
	     chan = chan->next)
		ret = context_add(&chan->contexts, spec);
	return ret;
}

static int add_context(struct session *session, const struct lsc_target *target,
		       const struct lsc_context *spec)
{
	struct lsc_channel defaults;
	int ret;

	if (session->has_been_started)
		return LTTNG_ERR_TRACE_ALREADY_STARTED;
	ret = context_check_ust(spec);
	if (ret != LTTNG_OK)
		return ret;
	if (!session->ust.channel_count) {
		/*
		 * LTTng ignores the handle's buffer type here: the default
		 * channel uses the session's default scheme, per-user.
		 */
		channel_default_ust(LTTNG_BUFFER_PER_UID, &defaults);
		ret = add_channel(session, &defaults, LTTNG_BUFFER_PER_UID);
		if (ret != LTTNG_OK)
			return ret;
	}
	return add_context_to(&session->ust, target->channel, spec);
}

/*
 * A tracker change (LSC_TRACKER_*). Apps that became tracked or
 * untracked start or stop recording at once.
 */
static int tracker_change(struct session *session, enum lttng_process_attr attr,
			  enum lsc_tracker_operation operation,
			  enum lttng_tracking_policy policy, int32_t type,
			  int64_t id, const char *name)
{
	struct process_attr_tracker *tracker =
		ust_trackers_get(&session->ust_trackers, attr);
	struct tracker_value value = {0};
	int ret;

	if (!tracker)
		return LTTNG_ERR_INVALID;
	if (operation == LSC_TRACKER_SET_POLICY) {
		if (policy > LTTNG_TRACKING_POLICY_INCLUDE_SET)
			return LTTNG_ERR_INVALID;
		ret = process_attr_tracker_set_policy(tracker, policy);
	} else {
		if (type < LTTNG_PROCESS_ATTR_VALUE_TYPE_PID ||
		    type > LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME || id < 0 ||
		    (name && strlen(name) >= sizeof(value.name)))
			return LTTNG_ERR_INVALID;
		value.type = (enum lttng_process_attr_value_type)type;
		value.id = id;
		if (name)
			strcpy(value.name, name);
		ret = operation == LSC_TRACKER_ADD
			      ? process_attr_tracker_add(tracker, &value)
			      : process_attr_tracker_remove(tracker, &value);
	}
	session->ust_trackers.used = true;
	if (ret == LTTNG_OK && ust_app_sync_session(session) == -ENOMEM)
		return LTTNG_ERR_NOMEM;
	return ret;
}

/* A tracker's policy and inclusion set. */
static int tracker_list(struct session *session, enum lttng_process_attr attr,
			struct wire_buf *reply)
{
	struct process_attr_tracker *tracker =
		ust_trackers_get(&session->ust_trackers, attr);

	if (!tracker)
		return LTTNG_ERR_INVALID;
	wire_put_u32(reply, tracker->policy);
	wire_put_u32(reply, (uint32_t)tracker->count);
	for (size_t i = 0; i < tracker->count; i++) {
		const struct tracker_value *v = &tracker->values[i];

		wire_put_i32(reply, v->type);
		wire_put_i64(reply, v->id);
		wire_put_str(reply, v->name[0] ? v->name : NULL);
	}
	return LTTNG_OK;
}

const struct domain_ops ust_domain_ops = {
	.type = LTTNG_DOMAIN_UST,
	.channel_not_found = LTTNG_ERR_UST_CHAN_NOT_FOUND,
	.get = get_domain,
	.enable_channel = enable_channel,
	.disable_channel = disable_channel,
	.add_default_channel = add_default_channel,
	.channel_stats = channel_stats,
	.enable_event = enable_event,
	.disable_event = disable_event,
	.add_context = add_context,
	.list_tracepoints = ust_list_tracepoints,
	.tracker_change = tracker_change,
	.tracker_list = tracker_list,
	/* no process ID tracker: the virtual one is a tracker handle */
	.track_pid = NULL,
	.list_tracker_pids = NULL,
};
