/*
 * Implementation of context.h. The list keeps the order in which the
 * user added the fields, which is the order they appear in the trace.
 */
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng.h>

#include "context.h"
#include "ust-context/context-desc.h"

int context_check_ust(const struct lsc_context *spec)
{
	switch (spec->type) {
	case LTTNG_EVENT_CONTEXT_VTID:
	case LTTNG_EVENT_CONTEXT_VPID:
	case LTTNG_EVENT_CONTEXT_PTHREAD_ID:
	case LTTNG_EVENT_CONTEXT_PROCNAME:
	case LTTNG_EVENT_CONTEXT_IP:
	case LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER:
	case LTTNG_EVENT_CONTEXT_CGROUP_NS:
	case LTTNG_EVENT_CONTEXT_IPC_NS:
	case LTTNG_EVENT_CONTEXT_MNT_NS:
	case LTTNG_EVENT_CONTEXT_NET_NS:
	case LTTNG_EVENT_CONTEXT_PID_NS:
	case LTTNG_EVENT_CONTEXT_TIME_NS:
	case LTTNG_EVENT_CONTEXT_USER_NS:
	case LTTNG_EVENT_CONTEXT_UTS_NS:
	case LTTNG_EVENT_CONTEXT_VUID:
	case LTTNG_EVENT_CONTEXT_VEUID:
	case LTTNG_EVENT_CONTEXT_VSUID:
	case LTTNG_EVENT_CONTEXT_VGID:
	case LTTNG_EVENT_CONTEXT_VEGID:
	case LTTNG_EVENT_CONTEXT_VSGID:
		return LTTNG_OK;
	case LTTNG_EVENT_CONTEXT_APP_CONTEXT:
		return spec->app_provider[0] && spec->app_name[0]
			       ? LTTNG_OK
			       : LTTNG_ERR_UST_CONTEXT_INVAL;
	default:
		return LTTNG_ERR_UST_CONTEXT_INVAL;
	}
}

static bool context_equal(const struct lsc_context *a,
			  const struct lsc_context *b)
{
	if (a->type != b->type)
		return false;
	switch (a->type) {
	case LTTNG_EVENT_CONTEXT_PERF_COUNTER:
	case LTTNG_EVENT_CONTEXT_PERF_CPU_COUNTER:
	case LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER:
		return a->perf_type == b->perf_type &&
		       a->perf_config == b->perf_config;
	case LTTNG_EVENT_CONTEXT_APP_CONTEXT:
		return !strcmp(a->app_provider, b->app_provider) &&
		       !strcmp(a->app_name, b->app_name);
	default:
		return true;
	}
}

struct context *context_find(struct context *list,
			     const struct lsc_context *spec)
{
	for (; list; list = list->next) {
		if (context_equal(&list->spec, spec))
			return list;
	}
	return NULL;
}

int context_add(struct context **list, const struct lsc_context *spec)
{
	struct context *ctx = calloc(1, sizeof(*ctx));

	if (!ctx)
		return LTTNG_ERR_NOMEM;
	ctx->spec = *spec;
	while (*list)
		list = &(*list)->next;
	*list = ctx;
	return LTTNG_OK;
}

void context_destroy_all(struct context *list)
{
	while (list) {
		struct context *next = list->next;

		free(list);
		list = next;
	}
}

int context_ust_desc(const struct context *c, struct ust_context_desc *out)
{
	return ust_ctx_desc_from_lttng(
		c->spec.type, c->spec.perf_type, c->spec.perf_config,
		c->spec.perf_name, c->spec.app_provider, c->spec.app_name, out);
}
