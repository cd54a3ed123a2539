/*
 * Recording event rule and context commands: enable-event (creating the
 * default channel on demand), disable-event, list-events, add-context,
 * and the listing of available tracepoints (empty until applications
 * register: the app registry will fill it).
 */
#include <string.h>

#include "ust-tracepoint-list.h"
#include "cmd.h"
#include "filter/validator.h"
#include "kernel/kernel-cmd.h"
#include "session.h"
#include "util/log.h"

/* Event names the agents reserve inside the user space domain. */
static const char *const reserved_prefixes[] = {
	"lttng_jul:", "lttng_log4j:", "lttng_python:"};

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

static int check_ust_event(const struct lsc_event *spec)
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

/*
 * The channel a user space event command targets: the named one, else
 * channel0, which enable-event may create. "" is refused once the
 * domain has another channel than channel0 (LTTng's rule).
 */
static int target_channel(struct session *session,
			  const struct lsc_target *target, bool create,
			  struct channel **out)
{
	const char *name =
		target->channel[0] ? target->channel : DEFAULT_CHANNEL_NAME;
	struct lsc_channel defaults;
	int ret;

	if (!target->channel[0] && session->ust.has_non_default_channel)
		return LTTNG_ERR_NEED_CHANNEL_NAME;
	*out = domain_find_channel(&session->ust, name);
	if (*out)
		return LTTNG_OK;
	if (!create)
		return LTTNG_ERR_UST_CHAN_NOT_FOUND;
	channel_default_ust(
		session->ust.channel_count
			? session->ust.buffer_type
			: (enum lttng_buffer_type)target->buffer_type,
		&defaults);
	strcpy(defaults.chan.name, name);
	ret = cmd_add_ust_channel(session, &defaults,
				  session->ust.channel_count
					  ? (int32_t)session->ust.buffer_type
					  : target->buffer_type);
	if (ret == LTTNG_OK)
		*out = domain_find_channel(&session->ust, name);
	return ret;
}

/*
 * Decode target and event, then resolve the session's domain (the kernel
 * domain only when kernel_domain is true: disable-event checks it
 * itself).
 */
static int decode_event_request(struct cmd_ctx *ctx, struct lsc_target *target,
				struct lsc_event *spec,
				struct session **session, bool kernel_domain)
{
	struct domain *domain;
	int ret = cmd_decode_target(ctx, target, session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (lsc_get_event(&ctx->req, spec))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (wire_cursor_finish(&ctx->req))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret == LTTNG_OK &&
	    (kernel_domain || target->domain != LTTNG_DOMAIN_KERNEL))
		ret = cmd_find_domain(*session, target->domain, &domain);
	if (ret != LTTNG_OK)
		lsc_event_fini(spec);
	return ret;
}

static int enable_ust_event(struct session *session,
			    const struct lsc_target *target,
			    struct lsc_event *spec)
{
	struct event_rule *rule;
	struct channel *chan;
	int ret = check_ust_event(spec);

	if (ret == LTTNG_OK)
		ret = target_channel(session, target, true, &chan);
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

int cmd_enable_event(struct cmd_ctx *ctx)
{
	struct lsc_target target;
	struct lsc_event spec;
	struct session *session;
	int ret = decode_event_request(ctx, &target, &spec, &session, true);

	if (ret != LTTNG_OK)
		return ret;
	if (target.domain == LTTNG_DOMAIN_KERNEL)
		ret = kernel_cmd_enable_event(session, &target, &spec);
	else
		ret = enable_ust_event(session, &target, &spec);
	lsc_event_fini(&spec);
	return ret;
}

int cmd_disable_event(struct cmd_ctx *ctx)
{
	struct lsc_target target;
	struct lsc_event spec;
	struct session *session;
	struct channel *chan;
	unsigned int matched;
	int ret = decode_event_request(ctx, &target, &spec, &session, false);

	if (ret != LTTNG_OK)
		return ret;
	if (target.domain == LTTNG_DOMAIN_KERNEL) {
		/* As LTTng's: no kernel channel at all, whoever asks. */
		ret = kernel_cmd_channel_count(session)
			      ? kernel_cmd_disable_event(session, &target,
							 &spec)
			      : LTTNG_ERR_NO_CHANNEL;
		lsc_event_fini(&spec);
		return ret;
	}
	ret = target_channel(session, &target, false, &chan);
	if (ret == LTTNG_OK) {
		matched = event_rule_disable(chan->rules, spec.name);
		if (!matched && spec.name[0])
			ret = LTTNG_ERR_UST_EVENT_NOT_FOUND;
	}
	lsc_event_fini(&spec);
	return ret;
}

int cmd_list_events(struct cmd_ctx *ctx)
{
	struct lsc_target target;
	struct session *session;
	struct domain *domain;
	struct channel *chan;
	struct event_rule *rule;
	uint32_t count = 0;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_OK && wire_cursor_finish(&ctx->req))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret == LTTNG_OK)
		ret = cmd_find_domain(session, target.domain, &domain);
	if (ret != LTTNG_OK)
		return ret;
	chan = domain_find_channel(domain, target.channel);
	if (!chan)
		return LTTNG_ERR_UST_CHAN_NOT_FOUND;
	for (rule = chan->rules; rule; rule = rule->next)
		count++;
	wire_put_u32(ctx->reply, count);
	for (rule = chan->rules; rule; rule = rule->next)
		lsc_put_event(ctx->reply, &rule->spec);
	return LTTNG_OK;
}

/* Add spec to one channel, or to every channel when name is "". */
static int add_ust_context(struct domain *domain, const char *name,
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

int cmd_add_context(struct cmd_ctx *ctx)
{
	struct lsc_target target;
	struct lsc_context spec;
	struct lsc_channel defaults;
	struct session *session;
	struct domain *domain;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (lsc_get_context(&ctx->req, &spec) || wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	if (target.domain == LTTNG_DOMAIN_KERNEL)
		return kernel_cmd_add_context(session, &target, &spec);
	if (session->has_been_started)
		return LTTNG_ERR_TRACE_ALREADY_STARTED;
	ret = cmd_find_domain(session, target.domain, &domain);
	if (ret == LTTNG_OK)
		ret = context_check_ust(&spec);
	if (ret != LTTNG_OK)
		return ret;
	if (!domain->channel_count) {
		/*
		 * LTTng ignores the handle's buffer type here: the default
		 * channel uses the session's default scheme, per-user.
		 */
		channel_default_ust(LTTNG_BUFFER_PER_UID, &defaults);
		ret = cmd_add_ust_channel(session, &defaults,
					  LTTNG_BUFFER_PER_UID);
		if (ret != LTTNG_OK)
			return ret;
	}
	return add_ust_context(domain, target.channel, &spec);
}

int cmd_list_tracepoint_fields(struct cmd_ctx *ctx)
{
	struct lsc_target target;

	if (lsc_get_target(&ctx->req, &target) || wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (target.domain != LTTNG_DOMAIN_UST)
		return LTTNG_ERR_UNKNOWN_DOMAIN;
	return ust_list_tracepoint_fields(ctx->reply);
}

int cmd_list_tracepoints(struct cmd_ctx *ctx)
{
	struct lsc_target target;

	if (lsc_get_target(&ctx->req, &target) || wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	switch (target.domain) {
	case LTTNG_DOMAIN_KERNEL:
		return kernel_cmd_list_tracepoints(ctx->reply);
	case LTTNG_DOMAIN_NONE:
		return LTTNG_ERR_UNKNOWN_DOMAIN;
	case LTTNG_DOMAIN_UST:
		return ust_list_tracepoints(ctx->reply);
	default:
		/* No agent support yet: nothing to list. */
		wire_put_u32(ctx->reply, 0);
		return LTTNG_OK;
	}
}

int cmd_list_syscalls(struct cmd_ctx *ctx)
{
	struct lsc_target target;

	if (lsc_get_target(&ctx->req, &target) || wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	return kernel_cmd_list_syscalls(ctx->reply);
}
