/*
 * Recording event rules and context fields through liblttng-ctl:
 * enable (with filter expression and name exclusions), disable, list,
 * and add-context. Listed events carry their filter and exclusions in
 * the same allocation, reached through the lttng_event_get_* accessors;
 * events from lttng_event_create() carry the user space probe location
 * they own there.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl-internal.h"
#include "filter/filter.h"

/*
 * What extended.ptr points to: in a listed event, its filter and
 * exclusions; in an event from lttng_event_create() (created), the
 * user space probe location it owns.
 */
struct event_extended {
	const char *filter;
	uint32_t exclusion_count;
	const char (*exclusions)[LTTNG_SYMBOL_NAME_LEN];
	bool created;
	struct lttng_userspace_probe_location *probe_location;
};

/* An event from lttng_event_create(): the event, then its extension. */
struct created_event {
	struct lttng_event event;
	struct event_extended extended;
};

LTTNG_API struct lttng_event *lttng_event_create(void)
{
	struct created_event *created = calloc(1, sizeof(*created));

	if (!created)
		return NULL;
	created->extended.created = true;
	created->event.extended.ptr = &created->extended;
	return &created->event;
}

LTTNG_API void lttng_event_destroy(struct lttng_event *event)
{
	struct event_extended *ext;

	if (!event)
		return;
	ext = event->extended.ptr;
	if (ext && ext->created)
		lttng_userspace_probe_location_destroy(ext->probe_location);
	free(event);
}

LTTNG_API int lttng_event_get_filter_expression(struct lttng_event *event,
						const char **filter_expression)
{
	const struct event_extended *ext;

	if (!event || !filter_expression)
		return -LTTNG_ERR_INVALID;
	ext = event->extended.ptr;
	*filter_expression = ext ? ext->filter : NULL;
	return 0;
}

LTTNG_API int lttng_event_get_exclusion_name_count(struct lttng_event *event)
{
	const struct event_extended *ext;

	if (!event)
		return -LTTNG_ERR_INVALID;
	ext = event->extended.ptr;
	return ext ? (int)ext->exclusion_count : 0;
}

LTTNG_API int lttng_event_get_exclusion_name(struct lttng_event *event,
					     size_t index,
					     const char **exclusion_name)
{
	const struct event_extended *ext;

	if (!event || !exclusion_name)
		return -LTTNG_ERR_INVALID;
	ext = event->extended.ptr;
	if (!ext || index >= ext->exclusion_count)
		return -LTTNG_ERR_INVALID;
	*exclusion_name = ext->exclusions[index];
	return 0;
}

/* Fill the protocol form of an event rule; exclusions are copied. */
static int event_to_msg(const struct lttng_event *event, const char *filter,
			int exclusion_count, char **exclusion_names,
			struct lsc_event *msg, char *probe_text,
			size_t probe_text_size)
{
	const struct event_extended *ext = event->extended.ptr;
	int i;

	memset(msg, 0, sizeof(*msg));
	if (strnlen(event->name, sizeof(event->name)) == sizeof(event->name) ||
	    exclusion_count < 0 || exclusion_count > LSC_MAX_EXCLUSIONS ||
	    (exclusion_count && !exclusion_names))
		return -LTTNG_ERR_INVALID;
	strcpy(msg->name, event->name[0] ? event->name : "*");
	msg->type = event->type;
	msg->loglevel_type = event->loglevel_type;
	msg->loglevel = event->loglevel_type == LTTNG_EVENT_LOGLEVEL_ALL
				? -1
				: event->loglevel;
	msg->enabled = 1;
	msg->filter = (char *)filter;
	if (event->type == LTTNG_EVENT_USERSPACE_PROBE ||
	    event->type == LTTNG_EVENT_PROBE ||
	    event->type == LTTNG_EVENT_FUNCTION) {
		/* The CLI's location text (see lttng/event.h). */
		if (!memchr(event->attr.probe.symbol_name, '\0',
			    sizeof(event->attr.probe.symbol_name)))
			return -LTTNG_ERR_INVALID;
		msg->probe_location = (char *)event->attr.probe.symbol_name;
	}
	/* A location object replaces the text (LTTng's CLI sets only it). */
	if (event->type == LTTNG_EVENT_USERSPACE_PROBE && ext &&
	    ext->probe_location) {
		if (ctl_userspace_probe_location_text(
			    ext->probe_location, probe_text, probe_text_size))
			return -LTTNG_ERR_INVALID;
		msg->probe_location = probe_text;
	}
	if (exclusion_count == 0)
		return 0;
	msg->exclusions = calloc(exclusion_count, sizeof(*msg->exclusions));
	if (!msg->exclusions)
		return -LTTNG_ERR_EXCLUSION_NOMEM;
	msg->exclusion_count = exclusion_count;
	for (i = 0; i < exclusion_count; i++) {
		if (ctl_copy_name(msg->exclusions[i],
				  sizeof(msg->exclusions[i]),
				  exclusion_names[i])) {
			free(msg->exclusions);
			return -LTTNG_ERR_EXCLUSION_INVAL;
		}
	}
	return 0;
}

/*
 * Compiles the filter expression into msg->bytecode, as LTTng's client
 * does: the daemon only receives filters that compile. On failure,
 * prints the parser's lines on stderr exactly as LTTng 2.13's library
 * does (the caller then prints its own "Error: ..." line).
 */
static int compile_filter(const char *expr, struct lsc_event *msg)
{
	struct filter_bytecode *bc = NULL;
	struct filter_error err;
	int ret;

	memset(&err, 0, sizeof(err));
	ret = filter_compile_flags(expr, FILTER_COMPILE_LTTNG_CLI, &bc, &err);
	if (ret) {
		fputs(err.lttng_message, stderr);
		fflush(stderr);
		return ret == -ENOMEM ? -LTTNG_ERR_FILTER_NOMEM
				      : -LTTNG_ERR_FILTER_INVAL;
	}
	msg->bytecode = malloc(bc->len);
	if (!msg->bytecode) {
		free(bc);
		return -LTTNG_ERR_FILTER_NOMEM;
	}
	memcpy(msg->bytecode, bc->data, bc->len);
	msg->bytecode_len = (uint32_t)bc->len;
	free(bc);
	return 0;
}

static int send_event(uint32_t command, struct lttng_handle *handle,
		      const char *channel_name, const struct lsc_event *msg)
{
	struct lsc_target target;
	struct wire_buf buf;
	int ret = ctl_target_from_handle(handle, channel_name, &target);

	if (ret)
		return ret;
	wire_buf_init(&buf);
	lsc_put_target(&buf, &target);
	lsc_put_event(&buf, msg);
	ret = ctl_call(command, &buf, NULL);
	wire_buf_fini(&buf);
	return ret;
}

LTTNG_API int lttng_enable_event_with_exclusions(struct lttng_handle *handle,
						 struct lttng_event *event,
						 const char *channel_name,
						 const char *filter_expression,
						 int exclusion_count,
						 char **exclusion_names)
{
	char probe_text[PATH_MAX + 2 * LTTNG_SYMBOL_NAME_LEN + 8];
	struct lsc_event msg;
	int ret;

	if (!handle || !event)
		return -LTTNG_ERR_INVALID;
	/* LTTng: an empty filter is an invalid parameter, a too long one an
	 * invalid filter (without parser output). */
	if (filter_expression && !*filter_expression)
		return -LTTNG_ERR_INVALID;
	if (filter_expression &&
	    strlen(filter_expression) >= LSC_MAX_FILTER_LEN)
		return -LTTNG_ERR_FILTER_INVAL;
	if (exclusion_count && handle->domain.type != LTTNG_DOMAIN_UST)
		return -LTTNG_ERR_INVALID;
	ret = event_to_msg(event, filter_expression, exclusion_count,
			   exclusion_names, &msg, probe_text,
			   sizeof(probe_text));
	if (ret)
		return ret;
	if (filter_expression)
		ret = compile_filter(filter_expression, &msg);
	if (!ret)
		ret = send_event(LSC_CMD_ENABLE_EVENT, handle, channel_name,
				 &msg);
	free(msg.bytecode);
	free(msg.exclusions);
	return ret;
}

LTTNG_API int lttng_enable_event_with_filter(struct lttng_handle *handle,
					     struct lttng_event *event,
					     const char *channel_name,
					     const char *filter_expression)
{
	return lttng_enable_event_with_exclusions(handle, event, channel_name,
						  filter_expression, 0, NULL);
}

LTTNG_API int lttng_enable_event(struct lttng_handle *handle,
				 struct lttng_event *event,
				 const char *channel_name)
{
	return lttng_enable_event_with_exclusions(handle, event, channel_name,
						  NULL, 0, NULL);
}

LTTNG_API int lttng_disable_event_ext(struct lttng_handle *handle,
				      struct lttng_event *event,
				      const char *channel_name,
				      const char *filter_expression)
{
	struct lsc_event msg;

	if (!handle || !event || filter_expression)
		return -LTTNG_ERR_INVALID;
	memset(&msg, 0, sizeof(msg));
	if (ctl_copy_name(msg.name, sizeof(msg.name), event->name))
		return -LTTNG_ERR_INVALID;
	msg.type = event->type;
	msg.loglevel = -1;
	return send_event(LSC_CMD_DISABLE_EVENT, handle, channel_name, &msg);
}

LTTNG_API int lttng_disable_event(struct lttng_handle *handle, const char *name,
				  const char *channel_name)
{
	struct lttng_event event;

	memset(&event, 0, sizeof(event));
	event.type = LTTNG_EVENT_ALL;
	if (ctl_copy_name(event.name, sizeof(event.name), name))
		return -LTTNG_ERR_INVALID;
	return lttng_disable_event_ext(handle, &event, channel_name, NULL);
}

static int context_to_msg(const struct lttng_event_context *ctx,
			  struct lsc_context *msg)
{
	memset(msg, 0, sizeof(*msg));
	msg->type = ctx->ctx;
	switch (ctx->ctx) {
	case LTTNG_EVENT_CONTEXT_PERF_COUNTER:
	case LTTNG_EVENT_CONTEXT_PERF_CPU_COUNTER:
	case LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER:
		msg->perf_type = ctx->u.perf_counter.type;
		msg->perf_config = ctx->u.perf_counter.config;
		return ctl_copy_name(msg->perf_name, sizeof(msg->perf_name),
				     ctx->u.perf_counter.name);
	case LTTNG_EVENT_CONTEXT_APP_CONTEXT:
		if (!ctx->u.app_ctx.provider_name || !ctx->u.app_ctx.ctx_name)
			return -LTTNG_ERR_INVALID;
		if (ctl_copy_name(msg->app_provider, sizeof(msg->app_provider),
				  ctx->u.app_ctx.provider_name))
			return -LTTNG_ERR_INVALID;
		return ctl_copy_name(msg->app_name, sizeof(msg->app_name),
				     ctx->u.app_ctx.ctx_name);
	default:
		return 0;
	}
}

LTTNG_API int lttng_add_context(struct lttng_handle *handle,
				struct lttng_event_context *ctx,
				const char *event_name,
				const char *channel_name)
{
	struct lsc_target target;
	struct lsc_context msg;
	struct wire_buf buf;
	int ret;

	if (!handle || !ctx || event_name)
		return -LTTNG_ERR_INVALID;
	ret = ctl_target_from_handle(handle, channel_name, &target);
	if (!ret)
		ret = context_to_msg(ctx, &msg);
	if (ret)
		return ret;
	wire_buf_init(&buf);
	lsc_put_target(&buf, &target);
	lsc_put_context(&buf, &msg);
	ret = ctl_call(LSC_CMD_ADD_CONTEXT, &buf, NULL);
	wire_buf_fini(&buf);
	return ret;
}

/* Round up to the alignment of struct event_extended. */
static size_t align8(size_t size)
{
	return (size + 7) & ~(size_t)7;
}

/*
 * Bytes needed after the event array for one listed event's extras,
 * padded so that the next event's extras stay aligned.
 */
static size_t extras_size(const struct lsc_event *msg)
{
	return align8(sizeof(struct event_extended) +
		      (msg->filter ? strlen(msg->filter) + 1 : 0) +
		      msg->exclusion_count * sizeof(*msg->exclusions));
}

/*
 * Lay out decoded events in one allocation: the lttng_event array, then
 * each event's event_extended, exclusion names and filter string.
 */
static struct lttng_event *pack_events(const struct lsc_event *msgs,
				       uint32_t count)
{
	struct lttng_event *array;
	size_t size = count * sizeof(*array);
	uint32_t i;
	char *extra;

	for (i = 0; i < count; i++)
		size += extras_size(&msgs[i]);
	array = calloc(1, size ? size : 1);
	if (!array)
		return NULL;
	extra = (char *)(array + count);
	for (i = 0; i < count; i++) {
		const struct lsc_event *msg = &msgs[i];
		struct event_extended *ext = (struct event_extended *)extra;
		size_t excl_len =
			msg->exclusion_count * sizeof(*msg->exclusions);

		strcpy(array[i].name, msg->name);
		array[i].type = msg->type;
		array[i].loglevel_type = msg->loglevel_type;
		array[i].loglevel = msg->loglevel;
		array[i].enabled = msg->enabled;
		array[i].pid = msg->pid;
		array[i].filter = msg->filter != NULL;
		array[i].exclusion = msg->exclusion_count > 0;
		array[i].extended.ptr = ext;
		extra += sizeof(*ext);
		ext->exclusion_count = msg->exclusion_count;
		ext->exclusions = (const void *)extra;
		if (excl_len)
			memcpy(extra, msg->exclusions, excl_len);
		extra += excl_len;
		if (msg->filter) {
			strcpy(extra, msg->filter);
			ext->filter = extra;
			extra += strlen(msg->filter) + 1;
		}
		/* Skip the padding extras_size() counted. */
		extra = (char *)ext + extras_size(msg);
	}
	return array;
}

static int decode_events(struct wire_cursor *cur, struct lttng_event **events)
{
	struct lsc_event *msgs = NULL;
	uint32_t count, i, decoded = 0;
	/* Every encoded event takes more than 32 bytes. */
	int ret = lsc_get_count(cur, (uint32_t)(cur->left / 32), &count);

	if (!ret && count) {
		msgs = calloc(count, sizeof(*msgs));
		ret = msgs ? 0 : -LTTNG_ERR_NOMEM;
	}
	for (i = 0; !ret && i < count; i++) {
		ret = lsc_get_event(cur, &msgs[i]);
		decoded += ret == 0;
	}
	if (!ret)
		ret = wire_cursor_finish(cur);
	if (!ret) {
		*events = pack_events(msgs, count);
		ret = *events ? (int)count : -LTTNG_ERR_NOMEM;
	} else if (ret != -LTTNG_ERR_NOMEM) {
		ret = -LTTNG_ERR_INVALID_PROTOCOL;
	}
	for (i = 0; i < decoded; i++)
		lsc_event_fini(&msgs[i]);
	free(msgs);
	return ret;
}

static int list_events(uint32_t command, struct lttng_handle *handle,
		       const char *channel_name, struct lttng_event **events)
{
	struct lsc_message reply;
	struct lsc_target target;
	struct wire_cursor cur;
	int ret;

	if (!events)
		return -LTTNG_ERR_INVALID;
	ret = ctl_target_from_handle(handle, channel_name, &target);
	if (!ret)
		ret = ctl_call_target(command, &target, &reply);
	if (ret)
		return ret;
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = decode_events(&cur, events);
	lsc_message_fini(&reply);
	return ret;
}

LTTNG_API int lttng_list_events(struct lttng_handle *handle,
				const char *channel_name,
				struct lttng_event **events)
{
	return list_events(LSC_CMD_LIST_EVENTS, handle, channel_name, events);
}

LTTNG_API int lttng_list_tracepoints(struct lttng_handle *handle,
				     struct lttng_event **events)
{
	return list_events(LSC_CMD_LIST_TRACEPOINTS, handle, NULL, events);
}

/* One entry of the LSC_CMD_LIST_TRACEPOINT_FIELDS reply. */
static int decode_field(struct wire_cursor *cur, struct lttng_event_field *out)
{
	struct lsc_event ev;
	int32_t type, nowrite;
	int ret = lsc_get_event(cur, &ev);

	if (ret)
		return ret;
	memset(out, 0, sizeof(*out));
	out->event.type = (enum lttng_event_type)ev.type;
	memcpy(out->event.name, ev.name, sizeof(out->event.name));
	out->event.loglevel_type = (enum lttng_loglevel_type)ev.loglevel_type;
	out->event.loglevel = ev.loglevel;
	out->event.enabled = ev.enabled;
	out->event.pid = ev.pid;
	lsc_event_fini(&ev);
	if (wire_get_str(cur, out->field_name, sizeof(out->field_name)) ||
	    wire_get_i32(cur, &type) || wire_get_i32(cur, &nowrite) ||
	    type < LTTNG_EVENT_FIELD_OTHER || type > LTTNG_EVENT_FIELD_STRING)
		return -EBADMSG;
	out->type = (enum lttng_event_field_type)type;
	out->nowrite = nowrite;
	return 0;
}

LTTNG_API int lttng_list_tracepoint_fields(struct lttng_handle *handle,
					   struct lttng_event_field **fields)
{
	struct lttng_event_field *array = NULL;
	struct lsc_message reply;
	struct lsc_target target;
	struct wire_cursor cur;
	uint32_t count = 0;
	int ret;

	if (!fields)
		return -LTTNG_ERR_INVALID;
	ret = ctl_target_from_handle(handle, NULL, &target);
	if (!ret)
		ret = ctl_call_target(LSC_CMD_LIST_TRACEPOINT_FIELDS, &target,
				      &reply);
	if (ret)
		return ret;
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = lsc_get_count(&cur, (uint32_t)(cur.left / 32), &count);
	if (!ret && count) {
		array = calloc(count, sizeof(*array));
		ret = array ? 0 : -LTTNG_ERR_NOMEM;
	}
	for (uint32_t i = 0; !ret && i < count; i++)
		ret = decode_field(&cur, &array[i])
			      ? -LTTNG_ERR_INVALID_PROTOCOL
			      : 0;
	if (!ret && wire_cursor_finish(&cur))
		ret = -LTTNG_ERR_INVALID_PROTOCOL;
	lsc_message_fini(&reply);
	if (ret) {
		free(array);
		return ret;
	}
	*fields = array;
	return (int)count;
}

LTTNG_API int lttng_list_syscalls(struct lttng_event **events)
{
	struct lttng_domain domain = {.type = LTTNG_DOMAIN_KERNEL};
	struct lttng_handle *handle = lttng_create_handle(NULL, &domain);
	int ret;

	if (!handle)
		return -LTTNG_ERR_NOMEM;
	ret = list_events(LSC_CMD_LIST_SYSCALLS, handle, NULL, events);
	lttng_destroy_handle(handle);
	return ret;
}

LTTNG_API const struct lttng_userspace_probe_location *
lttng_event_get_userspace_probe_location(const struct lttng_event *event)
{
	const struct event_extended *ext = event ? event->extended.ptr : NULL;

	return ext ? ext->probe_location : NULL;
}

/*
 * Only an event from lttng_event_create() can own a location (as in
 * LTTng, whose other events have no room for one); the location it
 * held before is destroyed.
 */
LTTNG_API int lttng_event_set_userspace_probe_location(
	struct lttng_event *event,
	struct lttng_userspace_probe_location *probe_location)
{
	struct event_extended *ext = event ? event->extended.ptr : NULL;

	if (!ext || !ext->created || !probe_location)
		return -LTTNG_ERR_INVALID;
	if (ext->probe_location != probe_location)
		lttng_userspace_probe_location_destroy(ext->probe_location);
	ext->probe_location = probe_location;
	return 0;
}
