/*
 * Recording event rule and context commands: enable-event (creating the
 * default channel on demand), disable-event, list-events, add-context,
 * and the listing of available tracepoints and system calls. What a
 * domain does is its entry of the domain table (domain.h).
 */
#include "cmd.h"
#include "kernel/kernel-cmd.h"
#include "session.h"
#include "ust-tracepoint-list.h"

/* Decode target and event, then find the domain's operations. */
static int decode_event_request(struct cmd_ctx *ctx, struct lsc_target *target,
				struct lsc_event *spec,
				struct session **session,
				const struct domain_ops **ops)
{
	int ret = cmd_decode_target(ctx, target, session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (lsc_get_event(&ctx->req, spec))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (wire_cursor_finish(&ctx->req))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret == LTTNG_OK)
		ret = domain_ops_find(target->domain, ops);
	if (ret != LTTNG_OK)
		lsc_event_fini(spec);
	return ret;
}

int cmd_enable_event(struct cmd_ctx *ctx)
{
	const struct domain_ops *ops;
	struct lsc_target target;
	struct lsc_event spec;
	struct session *session;
	int ret = decode_event_request(ctx, &target, &spec, &session, &ops);

	if (ret != LTTNG_OK)
		return ret;
	ret = ops->enable_event(session, &target, &spec);
	lsc_event_fini(&spec);
	return ret;
}

int cmd_disable_event(struct cmd_ctx *ctx)
{
	const struct domain_ops *ops;
	struct lsc_target target;
	struct lsc_event spec;
	struct session *session;
	int ret = decode_event_request(ctx, &target, &spec, &session, &ops);

	if (ret != LTTNG_OK)
		return ret;
	ret = ops->disable_event(session, &target, &spec);
	lsc_event_fini(&spec);
	return ret;
}

int cmd_list_events(struct cmd_ctx *ctx)
{
	const struct domain_ops *ops;
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
		ret = domain_ops_find(target.domain, &ops);
	if (ret == LTTNG_OK)
		ret = ops->get(session, &domain);
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

int cmd_add_context(struct cmd_ctx *ctx)
{
	const struct domain_ops *ops;
	struct lsc_target target;
	struct lsc_context spec;
	struct session *session;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (lsc_get_context(&ctx->req, &spec) || wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	ret = domain_ops_find(target.domain, &ops);
	if (ret != LTTNG_OK)
		/* a started session is refused before its domain is checked */
		return session->has_been_started
			       ? LTTNG_ERR_TRACE_ALREADY_STARTED
			       : ret;
	return ops->add_context(session, &target, &spec);
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
	const struct domain_ops *ops;
	struct lsc_target target;

	if (lsc_get_target(&ctx->req, &target) || wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (target.domain == LTTNG_DOMAIN_NONE)
		return LTTNG_ERR_UNKNOWN_DOMAIN;
	if (domain_ops_find(target.domain, &ops) != LTTNG_OK) {
		/* No agent support yet: nothing to list. */
		wire_put_u32(ctx->reply, 0);
		return LTTNG_OK;
	}
	return ops->list_tracepoints(ctx->reply);
}

int cmd_list_syscalls(struct cmd_ctx *ctx)
{
	struct lsc_target target;

	if (lsc_get_target(&ctx->req, &target) || wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	return kernel_cmd_list_syscalls(ctx->reply);
}
