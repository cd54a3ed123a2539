/*
 * Channel commands (enable, disable, list) and the helper every
 * domain-scoped command shares: target decoding. What a domain does is
 * its entry of the domain table (domain.h).
 */
#include "channel-memory.h"
#include "cmd.h"
#include "session.h"

int cmd_decode_target(struct cmd_ctx *ctx, struct lsc_target *target,
		      struct session **session)
{
	if (lsc_get_target(&ctx->req, target))
		return LTTNG_ERR_INVALID_PROTOCOL;
	return cmd_find_session(ctx, target->session, session);
}

int cmd_enable_channel(struct cmd_ctx *ctx)
{
	const struct domain_ops *ops;
	struct lsc_target target;
	struct lsc_channel req;
	struct session *session;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (lsc_get_channel(&ctx->req, &req) || wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret == LTTNG_OK)
		ret = channel_check_memory(&req.chan.attr);
	if (ret == LTTNG_OK)
		ret = domain_ops_find(target.domain, &ops);
	if (ret != LTTNG_OK)
		return ret;
	return ops->enable_channel(session, &req, target.buffer_type);
}

int cmd_disable_channel(struct cmd_ctx *ctx)
{
	const struct domain_ops *ops;
	struct lsc_target target;
	struct session *session;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_OK && wire_cursor_finish(&ctx->req))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret == LTTNG_OK)
		ret = domain_ops_find(target.domain, &ops);
	if (ret != LTTNG_OK)
		return ret;
	return ops->disable_channel(session, target.channel);
}

int cmd_list_channels(struct cmd_ctx *ctx)
{
	const struct domain_ops *ops;
	struct lsc_target target;
	struct lsc_channel entry;
	struct session *session;
	struct domain *domain;
	struct channel *chan;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_OK && wire_cursor_finish(&ctx->req))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret == LTTNG_OK)
		ret = domain_ops_find(target.domain, &ops);
	if (ret == LTTNG_OK)
		ret = ops->get(session, &domain);
	if (ret != LTTNG_OK)
		return ret;
	wire_put_u32(ctx->reply, domain->channel_count);
	for (chan = domain->channels; chan; chan = chan->next) {
		channel_describe(chan, &entry);
		ops->channel_stats(session, chan, &entry.ext.discarded_events,
				   &entry.ext.lost_packets);
		lsc_put_channel(ctx->reply, &entry);
	}
	return LTTNG_OK;
}
