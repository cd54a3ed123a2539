/*
 * `lttng --mi xml add-context`: context elements (schema type
 * context_type). A plain context is named by its type in capitals, a
 * perf counter by its type, config and field name, an application
 * context by its provider and context names.
 */
#include "mi-command.h"
#include "mi-context.h"
#include "util/lttng-names.h"

static const char *context_type_name(enum lttng_event_context_type type)
{
	const char *name = lttng_names_context_type(type);

	return name ? name : "";
}

static void write_context_kind(struct mi_writer *mi,
			       const struct lttng_event_context *context)
{
	switch (context->ctx) {
	case LTTNG_EVENT_CONTEXT_PERF_COUNTER:
	case LTTNG_EVENT_CONTEXT_PERF_CPU_COUNTER:
	case LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER:
		mi_writer_open(mi, "perf");
		mi_writer_uint(mi, "type", context->u.perf_counter.type);
		mi_writer_uint(mi, "config", context->u.perf_counter.config);
		mi_writer_string(mi, "name", context->u.perf_counter.name);
		mi_writer_close(mi);
		break;
	case LTTNG_EVENT_CONTEXT_APP_CONTEXT:
		mi_writer_open(mi, "app");
		mi_writer_string(mi, "provider_name",
				 context->u.app_ctx.provider_name);
		mi_writer_string(mi, "ctx_name", context->u.app_ctx.ctx_name);
		mi_writer_close(mi);
		break;
	default:
		mi_writer_string(mi, "type", context_type_name(context->ctx));
	}
}

void mi_context_list_begin(void)
{
	mi_writer_open(mi_command_begin("add-context"), "contexts");
}

void mi_context_add(const struct lttng_event_context *context,
		    const char *symbol, bool success)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, "context");
	write_context_kind(mi, context);
	mi_writer_string(mi, "symbol", symbol);
	mi_writer_bool(mi, "success", success);
	mi_writer_close(mi);
}

void mi_context_listed(const struct lttng_event_context *context,
		       const char *symbol)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, "context");
	write_context_kind(mi, context);
	mi_writer_string(mi, "symbol", symbol);
	mi_writer_close(mi);
}
