/*
 * Channel commands (enable, disable, list) and the helpers every
 * domain-scoped command shares: target decoding and domain selection.
 */
#include "ust-session.h"
#include "channel-memory.h"
#include "cmd.h"
#include "config.h"
#include "kernel/kernel-cmd.h"
#include "session.h"
#include "util/log.h"

int cmd_decode_target(struct cmd_ctx *ctx, struct lsc_target *target,
		      struct session **session)
{
	if (lsc_get_target(&ctx->req, target))
		return LTTNG_ERR_INVALID_PROTOCOL;
	return cmd_find_session(ctx, target->session, session);
}

int cmd_kernel_error(void)
{
	return sessiond_config.is_root ? LTTNG_ERR_KERN_NA
				       : LTTNG_ERR_NEED_ROOT_SESSIOND;
}

int cmd_find_domain(struct session *session, int32_t domain_type,
		    struct domain **domain)
{
	switch (domain_type) {
	case LTTNG_DOMAIN_UST:
		*domain = &session->ust;
		return LTTNG_OK;
	case LTTNG_DOMAIN_KERNEL:
		return kernel_cmd_find_domain(session, domain);
	case LTTNG_DOMAIN_JUL:
	case LTTNG_DOMAIN_LOG4J:
	case LTTNG_DOMAIN_PYTHON:
		return LTTNG_ERR_AGENT_TRACING_DISABLED;
	default:
		return LTTNG_ERR_UNKNOWN_DOMAIN;
	}
}

int cmd_add_ust_channel(struct session *session, const struct lsc_channel *req,
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

int cmd_enable_channel(struct cmd_ctx *ctx)
{
	struct lsc_target target;
	struct lsc_channel req;
	struct session *session;
	struct domain *domain;
	struct channel *chan;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (lsc_get_channel(&ctx->req, &req) || lsc_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret == LTTNG_OK)
		ret = channel_check_memory(&req.chan.attr);
	if (ret == LTTNG_OK && target.domain == LTTNG_DOMAIN_KERNEL)
		return kernel_cmd_enable_channel(session, &req);
	if (ret == LTTNG_OK)
		ret = cmd_find_domain(session, target.domain, &domain);
	if (ret != LTTNG_OK)
		return ret;
	chan = domain_find_channel(domain, req.chan.name);
	if (chan && chan->enabled)
		return LTTNG_ERR_UST_CHAN_EXIST;
	if (chan) {
		chan->enabled = true;
		return LTTNG_OK;
	}
	return cmd_add_ust_channel(session, &req, target.buffer_type);
}

int cmd_disable_channel(struct cmd_ctx *ctx)
{
	struct lsc_target target;
	struct session *session;
	struct domain *domain;
	struct channel *chan;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_OK && lsc_cursor_finish(&ctx->req))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret == LTTNG_OK && target.domain == LTTNG_DOMAIN_KERNEL) {
		/* As LTTng's: no kernel channel at all, whoever asks. */
		if (!kernel_cmd_channel_count(session))
			return LTTNG_ERR_NO_CHANNEL;
		return target.channel[0] ? kernel_cmd_disable_channel(
						   session, target.channel)
					 : LTTNG_ERR_INVALID;
	}
	if (ret == LTTNG_OK)
		ret = cmd_find_domain(session, target.domain, &domain);
	if (ret != LTTNG_OK)
		return ret;
	if (!target.channel[0])
		return LTTNG_ERR_INVALID;
	chan = domain_find_channel(domain, target.channel);
	if (!chan)
		return LTTNG_ERR_UST_CHAN_NOT_FOUND;
	chan->enabled = false;
	return LTTNG_OK;
}

int cmd_list_channels(struct cmd_ctx *ctx)
{
	struct lsc_target target;
	struct lsc_channel entry;
	struct session *session;
	struct domain *domain;
	struct channel *chan;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_OK && lsc_cursor_finish(&ctx->req))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret == LTTNG_OK)
		ret = cmd_find_domain(session, target.domain, &domain);
	if (ret != LTTNG_OK)
		return ret;
	lsc_put_u32(ctx->reply, domain->channel_count);
	for (chan = domain->channels; chan; chan = chan->next) {
		channel_describe(chan, &entry);
		if (target.domain == LTTNG_DOMAIN_KERNEL)
			kernel_cmd_channel_stats(session, chan->name,
						 &entry.ext.discarded_events,
						 &entry.ext.lost_packets);
		else
			ust_session_channel_stats(session, chan,
						  &entry.ext.discarded_events,
						  &entry.ext.lost_packets);
		lsc_put_channel(ctx->reply, &entry);
	}
	return LTTNG_OK;
}
