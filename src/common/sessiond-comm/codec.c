/*
 * Implementation of codec.h. Each object is written field by field in a
 * fixed order; the matching decoder reads the same order and rejects
 * values outside the enumerations they stand for.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/domain.h>
#include <lttng/event.h>

#include "sessiond-comm/codec.h"

/* Run a decoding step, returning its error from the enclosing function. */
#define TRY(expr)                                                              \
	do {                                                                   \
		int try_ret_ = (expr);                                         \
		if (try_ret_)                                                  \
			return try_ret_;                                       \
	} while (0)

static int check_range(int64_t value, int64_t min, int64_t max)
{
	return value < min || value > max ? -EBADMSG : 0;
}

void lsc_put_target(struct wire_buf *buf, const struct lsc_target *target)
{
	wire_put_str(buf, target->session);
	wire_put_i32(buf, target->domain);
	wire_put_i32(buf, target->buffer_type);
	wire_put_str(buf, target->channel);
}

int lsc_get_target(struct wire_cursor *cur, struct lsc_target *target)
{
	memset(target, 0, sizeof(*target));
	TRY(wire_get_str(cur, target->session, sizeof(target->session)));
	TRY(wire_get_i32(cur, &target->domain));
	TRY(check_range(target->domain, LTTNG_DOMAIN_NONE,
			LTTNG_DOMAIN_PYTHON));
	TRY(wire_get_i32(cur, &target->buffer_type));
	TRY(check_range(target->buffer_type, LTTNG_BUFFER_PER_PID,
			LTTNG_BUFFER_GLOBAL));
	return wire_get_str(cur, target->channel, sizeof(target->channel));
}

void lsc_put_create_session(struct wire_buf *buf,
			    const struct lsc_create_session *create)
{
	wire_put_str(buf, create->name);
	wire_put_u32(buf, create->snapshot);
	wire_put_u32(buf, create->output);
	wire_put_str(buf, create->path);
	wire_put_str(buf, create->data_url);
}

int lsc_get_create_session(struct wire_cursor *cur,
			   struct lsc_create_session *create)
{
	memset(create, 0, sizeof(*create));
	TRY(wire_get_str(cur, create->name, sizeof(create->name)));
	TRY(wire_get_u32(cur, &create->snapshot));
	TRY(check_range(create->snapshot, 0, 1));
	TRY(wire_get_u32(cur, &create->output));
	TRY(check_range(create->output, LSC_OUTPUT_NONE, LSC_OUTPUT_NETWORK));
	TRY(wire_get_str(cur, create->path, sizeof(create->path)));
	TRY(wire_get_str(cur, create->data_url, sizeof(create->data_url)));
	if (create->output == LSC_OUTPUT_PATH && create->path[0] != '/')
		return -EBADMSG;
	return 0;
}

void lsc_put_session(struct wire_buf *buf, const struct lsc_session *session)
{
	wire_put_str(buf, session->name);
	wire_put_str(buf, session->path);
	wire_put_str(buf, session->snapshot_path);
	wire_put_u32(buf, session->enabled);
	wire_put_u32(buf, session->snapshot);
	wire_put_u64(buf, session->creation_time);
}

int lsc_get_session(struct wire_cursor *cur, struct lsc_session *session)
{
	memset(session, 0, sizeof(*session));
	TRY(wire_get_str(cur, session->name, sizeof(session->name)));
	TRY(wire_get_str(cur, session->path, sizeof(session->path)));
	TRY(wire_get_str(cur, session->snapshot_path,
			sizeof(session->snapshot_path)));
	TRY(wire_get_u32(cur, &session->enabled));
	TRY(check_range(session->enabled, 0, 1));
	TRY(wire_get_u32(cur, &session->snapshot));
	TRY(check_range(session->snapshot, 0, 1));
	return wire_get_u64(cur, &session->creation_time);
}

void lsc_put_channel(struct wire_buf *buf, const struct lsc_channel *channel)
{
	const struct lttng_channel_attr *attr = &channel->chan.attr;

	wire_put_str(buf, channel->chan.name);
	wire_put_u32(buf, channel->chan.enabled);
	wire_put_i32(buf, attr->overwrite);
	wire_put_u64(buf, attr->subbuf_size);
	wire_put_u64(buf, attr->num_subbuf);
	wire_put_u32(buf, attr->switch_timer_interval);
	wire_put_u32(buf, attr->read_timer_interval);
	wire_put_i32(buf, attr->output);
	wire_put_u64(buf, attr->tracefile_size);
	wire_put_u64(buf, attr->tracefile_count);
	wire_put_u32(buf, attr->live_timer_interval);
	wire_put_u64(buf, channel->ext.discarded_events);
	wire_put_u64(buf, channel->ext.lost_packets);
	wire_put_u64(buf, channel->ext.monitor_timer_interval);
	wire_put_i64(buf, channel->ext.blocking_timeout);
}

int lsc_get_channel(struct wire_cursor *cur, struct lsc_channel *channel)
{
	struct lttng_channel_attr *attr = &channel->chan.attr;
	int32_t overwrite, output;

	memset(channel, 0, sizeof(*channel));
	TRY(wire_get_str(cur, channel->chan.name, sizeof(channel->chan.name)));
	TRY(wire_get_u32(cur, &channel->chan.enabled));
	TRY(check_range(channel->chan.enabled, 0, 1));
	TRY(wire_get_i32(cur, &overwrite));
	TRY(check_range(overwrite, -1, 1));
	attr->overwrite = overwrite;
	TRY(wire_get_u64(cur, &attr->subbuf_size));
	TRY(wire_get_u64(cur, &attr->num_subbuf));
	TRY(wire_get_u32(cur, &attr->switch_timer_interval));
	TRY(wire_get_u32(cur, &attr->read_timer_interval));
	TRY(wire_get_i32(cur, &output));
	TRY(check_range(output, LTTNG_EVENT_SPLICE, LTTNG_EVENT_MMAP));
	attr->output = output;
	TRY(wire_get_u64(cur, &attr->tracefile_size));
	TRY(wire_get_u64(cur, &attr->tracefile_count));
	TRY(wire_get_u32(cur, &attr->live_timer_interval));
	TRY(wire_get_u64(cur, &channel->ext.discarded_events));
	TRY(wire_get_u64(cur, &channel->ext.lost_packets));
	TRY(wire_get_u64(cur, &channel->ext.monitor_timer_interval));
	TRY(wire_get_i64(cur, &channel->ext.blocking_timeout));
	return check_range(channel->ext.blocking_timeout, -1, INT64_MAX);
}

void lsc_put_event(struct wire_buf *buf, const struct lsc_event *event)
{
	uint32_t i;

	wire_put_str(buf, event->name);
	wire_put_i32(buf, event->type);
	wire_put_i32(buf, event->loglevel_type);
	wire_put_i32(buf, event->loglevel);
	wire_put_i32(buf, event->enabled);
	wire_put_i32(buf, event->pid);
	wire_put_str(buf, event->filter);
	wire_put_blob(buf, event->bytecode, event->bytecode_len);
	wire_put_u32(buf, event->exclusion_count);
	for (i = 0; i < event->exclusion_count; i++)
		wire_put_str(buf, event->exclusions[i]);
	wire_put_str(buf, event->probe_location);
}

static int get_event_fields(struct wire_cursor *cur, struct lsc_event *event)
{
	uint32_t i;

	TRY(wire_get_str(cur, event->name, sizeof(event->name)));
	TRY(wire_get_i32(cur, &event->type));
	TRY(check_range(event->type, LTTNG_EVENT_ALL,
			LTTNG_EVENT_USERSPACE_PROBE));
	TRY(wire_get_i32(cur, &event->loglevel_type));
	TRY(check_range(event->loglevel_type, LTTNG_EVENT_LOGLEVEL_ALL,
			LTTNG_EVENT_LOGLEVEL_SINGLE));
	TRY(wire_get_i32(cur, &event->loglevel));
	TRY(wire_get_i32(cur, &event->enabled));
	TRY(check_range(event->enabled, -1, 1));
	TRY(wire_get_i32(cur, &event->pid));
	TRY(wire_get_str_dup(cur, LSC_MAX_FILTER_LEN, &event->filter));
	TRY(wire_get_blob_dup(cur, LSC_MAX_FILTER_BYTECODE, &event->bytecode,
			     &event->bytecode_len));
	if (!event->filter != !event->bytecode)
		return -EBADMSG;
	TRY(lsc_get_count(cur, LSC_MAX_EXCLUSIONS, &event->exclusion_count));
	if (event->exclusion_count) {
		event->exclusions = calloc(event->exclusion_count,
					   sizeof(*event->exclusions));
		if (!event->exclusions)
			return -ENOMEM;
	}
	for (i = 0; i < event->exclusion_count; i++)
		TRY(wire_get_str(cur, event->exclusions[i],
				sizeof(event->exclusions[i])));
	return wire_get_str_dup(cur, LSC_MAX_PROBE_LOCATION_LEN,
			       &event->probe_location);
}

int lsc_get_event(struct wire_cursor *cur, struct lsc_event *event)
{
	int ret;

	memset(event, 0, sizeof(*event));
	ret = get_event_fields(cur, event);
	if (ret)
		lsc_event_fini(event);
	return ret;
}

void lsc_event_fini(struct lsc_event *event)
{
	free(event->filter);
	free(event->bytecode);
	free(event->exclusions);
	free(event->probe_location);
	event->filter = NULL;
	event->bytecode = NULL;
	event->bytecode_len = 0;
	event->exclusions = NULL;
	event->probe_location = NULL;
	event->exclusion_count = 0;
}

void lsc_put_context(struct wire_buf *buf, const struct lsc_context *context)
{
	wire_put_i32(buf, context->type);
	wire_put_u32(buf, context->perf_type);
	wire_put_u64(buf, context->perf_config);
	wire_put_str(buf, context->perf_name);
	wire_put_str(buf, context->app_provider);
	wire_put_str(buf, context->app_name);
}

int lsc_get_context(struct wire_cursor *cur, struct lsc_context *context)
{
	memset(context, 0, sizeof(*context));
	TRY(wire_get_i32(cur, &context->type));
	TRY(check_range(context->type, LTTNG_EVENT_CONTEXT_PID,
			LTTNG_EVENT_CONTEXT_TIME_NS));
	TRY(wire_get_u32(cur, &context->perf_type));
	TRY(wire_get_u64(cur, &context->perf_config));
	TRY(wire_get_str(cur, context->perf_name, sizeof(context->perf_name)));
	TRY(wire_get_str(cur, context->app_provider,
			sizeof(context->app_provider)));
	return wire_get_str(cur, context->app_name, sizeof(context->app_name));
}

void lsc_put_domain(struct wire_buf *buf, const struct lsc_domain *domain)
{
	wire_put_i32(buf, domain->type);
	wire_put_i32(buf, domain->buffer_type);
}

int lsc_get_domain(struct wire_cursor *cur, struct lsc_domain *domain)
{
	TRY(wire_get_i32(cur, &domain->type));
	TRY(check_range(domain->type, LTTNG_DOMAIN_KERNEL,
			LTTNG_DOMAIN_PYTHON));
	TRY(wire_get_i32(cur, &domain->buffer_type));
	return check_range(domain->buffer_type, LTTNG_BUFFER_PER_PID,
			   LTTNG_BUFFER_GLOBAL);
}

int lsc_get_count(struct wire_cursor *cur, uint32_t max, uint32_t *count)
{
	TRY(wire_get_u32(cur, count));
	return *count > max ? -EBADMSG : 0;
}
