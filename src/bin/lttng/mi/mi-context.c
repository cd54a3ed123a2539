/*
 * `lttng --mi xml add-context`: context elements (schema type
 * context_type). A plain context is named by its type in capitals, a
 * perf counter by its type, config and field name, an application
 * context by its provider and context names.
 */
#include "mi-command.h"
#include "mi-context.h"

static const char *const context_type_names[] = {
	[LTTNG_EVENT_CONTEXT_PID] = "PID",
	[LTTNG_EVENT_CONTEXT_PROCNAME] = "PROCNAME",
	[LTTNG_EVENT_CONTEXT_PRIO] = "PRIO",
	[LTTNG_EVENT_CONTEXT_NICE] = "NICE",
	[LTTNG_EVENT_CONTEXT_VPID] = "VPID",
	[LTTNG_EVENT_CONTEXT_TID] = "TID",
	[LTTNG_EVENT_CONTEXT_VTID] = "VTID",
	[LTTNG_EVENT_CONTEXT_PPID] = "PPID",
	[LTTNG_EVENT_CONTEXT_VPPID] = "VPPID",
	[LTTNG_EVENT_CONTEXT_PTHREAD_ID] = "PTHREAD_ID",
	[LTTNG_EVENT_CONTEXT_HOSTNAME] = "HOSTNAME",
	[LTTNG_EVENT_CONTEXT_IP] = "IP",
	[LTTNG_EVENT_CONTEXT_INTERRUPTIBLE] = "INTERRUPTIBLE",
	[LTTNG_EVENT_CONTEXT_PREEMPTIBLE] = "PREEMPTIBLE",
	[LTTNG_EVENT_CONTEXT_NEED_RESCHEDULE] = "NEED_RESCHEDULE",
	[LTTNG_EVENT_CONTEXT_MIGRATABLE] = "MIGRATABLE",
	[LTTNG_EVENT_CONTEXT_CALLSTACK_KERNEL] = "CALLSTACK_KERNEL",
	[LTTNG_EVENT_CONTEXT_CALLSTACK_USER] = "CALLSTACK_USER",
	[LTTNG_EVENT_CONTEXT_CGROUP_NS] = "CGROUP_NS",
	[LTTNG_EVENT_CONTEXT_IPC_NS] = "IPC_NS",
	[LTTNG_EVENT_CONTEXT_MNT_NS] = "MNT_NS",
	[LTTNG_EVENT_CONTEXT_NET_NS] = "NET_NS",
	[LTTNG_EVENT_CONTEXT_PID_NS] = "PID_NS",
	[LTTNG_EVENT_CONTEXT_USER_NS] = "USER_NS",
	[LTTNG_EVENT_CONTEXT_UTS_NS] = "UTS_NS",
	[LTTNG_EVENT_CONTEXT_UID] = "UID",
	[LTTNG_EVENT_CONTEXT_EUID] = "EUID",
	[LTTNG_EVENT_CONTEXT_SUID] = "SUID",
	[LTTNG_EVENT_CONTEXT_GID] = "GID",
	[LTTNG_EVENT_CONTEXT_EGID] = "EGID",
	[LTTNG_EVENT_CONTEXT_SGID] = "SGID",
	[LTTNG_EVENT_CONTEXT_VUID] = "VUID",
	[LTTNG_EVENT_CONTEXT_VEUID] = "VEUID",
	[LTTNG_EVENT_CONTEXT_VSUID] = "VSUID",
	[LTTNG_EVENT_CONTEXT_VGID] = "VGID",
	[LTTNG_EVENT_CONTEXT_VEGID] = "VEGID",
	[LTTNG_EVENT_CONTEXT_VSGID] = "VSGID",
	[LTTNG_EVENT_CONTEXT_TIME_NS] = "TIME_NS",
};

static const char *context_type_name(enum lttng_event_context_type type)
{
	size_t count =
		sizeof(context_type_names) / sizeof(context_type_names[0]);

	if ((size_t)type >= count || !context_type_names[type])
		return "";
	return context_type_names[type];
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
