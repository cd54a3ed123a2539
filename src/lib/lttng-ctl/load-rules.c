/*
 * The <events> and <contexts> of a channel in a session configuration,
 * recreated as LTTng 2.13's loader does: every recording event rule is
 * created, then, when some were saved disabled, all are disabled and
 * those saved enabled are enabled again; context fields are added one
 * by one. Kernel probe locations are rebuilt as lttng enable-event
 * takes them.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl-internal.h"
#include "load-internal.h"
#include "load-xml.h"
#include "util/log.h"
#include "util/lttng-names.h"

#define MAX_EXCLUSIONS 1024

static int parse_event_type(const char *text, enum lttng_event_type *type)
{
	static const struct {
		const char *name;
		enum lttng_event_type type;
	} types[] = {
		{"ALL", LTTNG_EVENT_ALL},
		{"TRACEPOINT", LTTNG_EVENT_TRACEPOINT},
		{"PROBE", LTTNG_EVENT_PROBE},
		{"KPROBE", LTTNG_EVENT_PROBE},
		{"FUNCTION", LTTNG_EVENT_FUNCTION},
		{"KRETPROBE", LTTNG_EVENT_FUNCTION},
		{"FUNCTION_ENTRY", LTTNG_EVENT_FUNCTION_ENTRY},
		{"NOOP", LTTNG_EVENT_NOOP},
		{"SYSCALL", LTTNG_EVENT_SYSCALL},
		{"USERSPACE_PROBE", LTTNG_EVENT_USERSPACE_PROBE},
	};

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (!strcmp(text, types[i].name)) {
			*type = types[i].type;
			return 0;
		}
	}
	return -LTTNG_ERR_LOAD_INVALID_CONFIG;
}

/* <probe_attributes> as the location text lttng enable-event takes. */
static int probe_location(xmlNodePtr probe, char *location, size_t size)
{
	char symbol[LTTNG_SYMBOL_NAME_LEN] = "";
	uint64_t address = 0, offset = 0;
	xmlNodePtr n;
	int ret = 0;

	if ((n = xml_child(probe, "symbol_name")))
		ret = xml_text(n, symbol, sizeof(symbol));
	if (!ret && (n = xml_child(probe, "address")))
		ret = xml_u64(n, &address);
	if (!ret && (n = xml_child(probe, "offset")))
		ret = xml_u64(n, &offset);
	if (ret)
		return ret;
	if (!symbol[0])
		snprintf(location, size, "0x%" PRIx64, address);
	else if (offset)
		snprintf(location, size, "%s+0x%" PRIx64, symbol, offset);
	else
		snprintf(location, size, "%s", symbol);
	return 0;
}

/* <userspace_probe_*_attributes> as "elf:PATH:FUNCTION" or "sdt:...". */
static int userspace_probe_location(xmlNodePtr attributes, char *location,
				    size_t size)
{
	xmlNodePtr function =
		xml_child(attributes, "userspace_probe_function_attributes");
	xmlNodePtr tracepoint =
		xml_child(attributes, "userspace_probe_tracepoint_attributes");
	char binary[PATH_MAX], a[LTTNG_SYMBOL_NAME_LEN],
		b[LTTNG_SYMBOL_NAME_LEN];
	int ret;

	if (function) {
		ret = xml_text(xml_child(function, "binary_path"), binary,
			       sizeof(binary));
		if (!ret)
			ret = xml_text(xml_child(function, "function_name"), a,
				       sizeof(a));
		if (!ret && (size_t)snprintf(location, size, "elf:%s:%s",
					     binary, a) >= size)
			ret = -LTTNG_ERR_LOAD_INVALID_CONFIG;
		return ret;
	}
	if (!tracepoint)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	ret = xml_text(xml_child(tracepoint, "binary_path"), binary,
		       sizeof(binary));
	if (!ret)
		ret = xml_text(xml_child(tracepoint, "provider_name"), a,
			       sizeof(a));
	if (!ret)
		ret = xml_text(xml_child(tracepoint, "probe_name"), b,
			       sizeof(b));
	if (!ret && (size_t)snprintf(location, size, "sdt:%s:%s:%s", binary, a,
				     b) >= size)
		ret = -LTTNG_ERR_LOAD_INVALID_CONFIG;
	return ret;
}

static int parse_event_attributes(xmlNodePtr attributes,
				  struct lttng_event *event)
{
	char *location = event->attr.probe.symbol_name;
	size_t size = sizeof(event->attr.probe.symbol_name);
	xmlNodePtr probe = xml_child(attributes, "probe_attributes");
	xmlNodePtr function = xml_child(attributes, "function_attributes");

	if (event->type == LTTNG_EVENT_USERSPACE_PROBE)
		return userspace_probe_location(attributes, location, size);
	if (probe)
		return probe_location(probe, location, size);
	if (function)
		return xml_text(xml_child(function, "symbol_name"), location,
				size);
	return 0;
}

/* A recording event rule being loaded: the event and what it owns. */
struct loaded_event {
	struct lttng_event event;
	bool enabled;
	char *filter; /* xmlChar, NULL when none */
	char *exclusions[MAX_EXCLUSIONS];
	int exclusion_count;
};

static void loaded_event_fini(struct loaded_event *e)
{
	if (e->filter)
		xmlFree(e->filter);
	for (int i = 0; i < e->exclusion_count; i++)
		xmlFree(e->exclusions[i]);
}

static int parse_exclusions(xmlNodePtr node, struct loaded_event *e)
{
	for (xmlNodePtr n = xmlFirstElementChild(node); n;
	     n = xmlNextElementSibling(n)) {
		if (e->exclusion_count == MAX_EXCLUSIONS)
			return -LTTNG_ERR_LOAD_INVALID_CONFIG;
		e->exclusions[e->exclusion_count] =
			(char *)xmlNodeGetContent(n);
		if (!e->exclusions[e->exclusion_count])
			return -LTTNG_ERR_NOMEM;
		e->exclusion_count++;
	}
	return 0;
}

static int parse_event(xmlNodePtr node, struct loaded_event *e)
{
	char text[32];
	int64_t level;
	int ret = 0;
	xmlNodePtr n;

	e->enabled = true;
	e->event.type = LTTNG_EVENT_TRACEPOINT;
	e->event.loglevel = -1;
	if ((n = xml_child(node, "name")))
		ret = xml_text(n, e->event.name, sizeof(e->event.name));
	if (!ret && (n = xml_child(node, "enabled")))
		ret = xml_bool(n, &e->enabled);
	if (!ret && (n = xml_child(node, "type")) &&
	    !(ret = xml_text(n, text, sizeof(text))))
		ret = parse_event_type(text, &e->event.type);
	if (!ret && (n = xml_child(node, "loglevel_type")) &&
	    !(ret = xml_text(n, text, sizeof(text))))
		e->event.loglevel_type =
			xml_name_index(text, lttng_names_loglevel_types);
	if (!ret && (n = xml_child(node, "loglevel")) &&
	    !(ret = xml_i64(n, &level)))
		e->event.loglevel = (int)level;
	if (!ret && (n = xml_child(node, "filter"))) {
		e->filter = (char *)xmlNodeGetContent(n);
		if (!e->filter)
			ret = -LTTNG_ERR_NOMEM;
	}
	if (!ret && (n = xml_child(node, "exclusions")))
		ret = parse_exclusions(n, e);
	if (!ret && (n = xml_child(node, "attributes")))
		ret = parse_event_attributes(n, &e->event);
	return ret;
}

/*
 * Enable the rule of an <event> (with only_enabled, only when saved
 * enabled); *disabled tells whether it was saved disabled.
 */
static int enable_event(struct lttng_handle *handle, const char *channel,
			xmlNodePtr node, bool only_enabled, bool *disabled)
{
	struct loaded_event e;
	int ret;

	memset(&e, 0, sizeof(e));
	ret = parse_event(node, &e);
	if (ret)
		goto end;
	*disabled = !e.enabled;
	if (only_enabled && !e.enabled)
		goto end;
	ret = lttng_enable_event_with_exclusions(handle, &e.event, channel,
						 e.filter, e.exclusion_count,
						 e.exclusions);
	if (ret < 0) {
		WARN("Enabling event (name:%s) on load failed.", e.event.name);
		ret = -LTTNG_ERR_LOAD_INVALID_CONFIG;
	} else {
		ret = 0;
	}
end:
	loaded_event_fini(&e);
	return ret;
}

/*
 * The rules of a channel, as LTTng loads them: every rule is created,
 * then (when some were saved disabled) all are disabled and those saved
 * enabled are enabled again, so that rules sharing a name keep their
 * own state.
 */
int load_events(struct lttng_handle *handle, const char *channel,
		xmlNodePtr events)
{
	struct lttng_event all;
	bool disabled, any_disabled = false;
	int ret = 0;

	for (xmlNodePtr n = xmlFirstElementChild(events); n && !ret;
	     n = xmlNextElementSibling(n)) {
		ret = enable_event(handle, channel, n, false, &disabled);
		any_disabled |= disabled;
	}
	if (ret || !any_disabled)
		return ret;
	memset(&all, 0, sizeof(all));
	all.type = LTTNG_EVENT_ALL;
	all.loglevel = -1;
	ret = lttng_disable_event_ext(handle, &all, channel, NULL);
	for (xmlNodePtr n = xmlFirstElementChild(events); n && !ret;
	     n = xmlNextElementSibling(n))
		ret = enable_event(handle, channel, n, true, &disabled);
	return ret < 0 ? ret : 0;
}

/* The context type of a <type> text (the names LTTng saves). */
static int parse_context_type(const char *text,
			      enum lttng_event_context_type *type)
{
	static const struct {
		const char *name;
		enum lttng_event_context_type type;
	} types[] = {
		{"PID", LTTNG_EVENT_CONTEXT_PID},
		{"PROCNAME", LTTNG_EVENT_CONTEXT_PROCNAME},
		{"PRIO", LTTNG_EVENT_CONTEXT_PRIO},
		{"NICE", LTTNG_EVENT_CONTEXT_NICE},
		{"VPID", LTTNG_EVENT_CONTEXT_VPID},
		{"TID", LTTNG_EVENT_CONTEXT_TID},
		{"VTID", LTTNG_EVENT_CONTEXT_VTID},
		{"PPID", LTTNG_EVENT_CONTEXT_PPID},
		{"VPPID", LTTNG_EVENT_CONTEXT_VPPID},
		{"PTHREAD_ID", LTTNG_EVENT_CONTEXT_PTHREAD_ID},
		{"HOSTNAME", LTTNG_EVENT_CONTEXT_HOSTNAME},
		{"IP", LTTNG_EVENT_CONTEXT_IP},
		{"INTERRUPTIBLE", LTTNG_EVENT_CONTEXT_INTERRUPTIBLE},
		{"PREEMPTIBLE", LTTNG_EVENT_CONTEXT_PREEMPTIBLE},
		{"NEED_RESCHEDULE", LTTNG_EVENT_CONTEXT_NEED_RESCHEDULE},
		{"MIGRATABLE", LTTNG_EVENT_CONTEXT_MIGRATABLE},
		{"CALLSTACK_KERNEL", LTTNG_EVENT_CONTEXT_CALLSTACK_KERNEL},
		{"CALLSTACK_USER", LTTNG_EVENT_CONTEXT_CALLSTACK_USER},
		{"CGROUP_NS", LTTNG_EVENT_CONTEXT_CGROUP_NS},
		{"IPC_NS", LTTNG_EVENT_CONTEXT_IPC_NS},
		{"MNT_NS", LTTNG_EVENT_CONTEXT_MNT_NS},
		{"NET_NS", LTTNG_EVENT_CONTEXT_NET_NS},
		{"PID_NS", LTTNG_EVENT_CONTEXT_PID_NS},
		{"USER_NS", LTTNG_EVENT_CONTEXT_USER_NS},
		{"UTS_NS", LTTNG_EVENT_CONTEXT_UTS_NS},
		{"TIME_NS", LTTNG_EVENT_CONTEXT_TIME_NS},
		{"UID", LTTNG_EVENT_CONTEXT_UID},
		{"EUID", LTTNG_EVENT_CONTEXT_EUID},
		{"SUID", LTTNG_EVENT_CONTEXT_SUID},
		{"GID", LTTNG_EVENT_CONTEXT_GID},
		{"EGID", LTTNG_EVENT_CONTEXT_EGID},
		{"SGID", LTTNG_EVENT_CONTEXT_SGID},
		{"VUID", LTTNG_EVENT_CONTEXT_VUID},
		{"VEUID", LTTNG_EVENT_CONTEXT_VEUID},
		{"VSUID", LTTNG_EVENT_CONTEXT_VSUID},
		{"VGID", LTTNG_EVENT_CONTEXT_VGID},
		{"VEGID", LTTNG_EVENT_CONTEXT_VEGID},
		{"VSGID", LTTNG_EVENT_CONTEXT_VSGID},
	};

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (!strcmp(text, types[i].name)) {
			*type = types[i].type;
			return 0;
		}
	}
	return -LTTNG_ERR_LOAD_INVALID_CONFIG;
}

/* <perf>: a per-CPU counter in the kernel, a per-thread one in user space. */
static int parse_perf_context(xmlNodePtr perf, enum lttng_domain_type domain,
			      struct lttng_event_context *ctx)
{
	struct lttng_event_perf_counter_ctx *counter = &ctx->u.perf_counter;
	uint64_t type;
	int ret;

	ret = xml_u64(xml_child(perf, "type"), &type);
	if (!ret && type > UINT32_MAX)
		ret = -LTTNG_ERR_LOAD_INVALID_CONFIG;
	if (!ret)
		ret = xml_u64(xml_child(perf, "config"), &counter->config);
	if (!ret)
		ret = xml_text(xml_child(perf, "name"), counter->name,
			       sizeof(counter->name));
	if (ret)
		return ret;
	counter->type = (uint32_t)type;
	ctx->ctx = domain == LTTNG_DOMAIN_KERNEL
			   ? LTTNG_EVENT_CONTEXT_PERF_CPU_COUNTER
			   : LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER;
	return 0;
}

int load_context(struct lttng_handle *handle, const char *channel,
		 xmlNodePtr node)
{
	xmlNodePtr type = xml_child(node, "type"),
		   perf = xml_child(node, "perf"), app = xml_child(node, "app");
	char provider[LTTNG_SYMBOL_NAME_LEN], name[LTTNG_SYMBOL_NAME_LEN];
	struct lttng_event_context ctx;
	char text[64];
	int ret;

	memset(&ctx, 0, sizeof(ctx));
	if (type) {
		ret = xml_text(type, text, sizeof(text));
		if (!ret)
			ret = parse_context_type(text, &ctx.ctx);
	} else if (perf) {
		ret = parse_perf_context(perf, handle->domain.type, &ctx);
	} else if (app) {
		ctx.ctx = LTTNG_EVENT_CONTEXT_APP_CONTEXT;
		ret = xml_text(xml_child(app, "provider_name"), provider,
			       sizeof(provider));
		if (!ret)
			ret = xml_text(xml_child(app, "ctx_name"), name,
				       sizeof(name));
		ctx.u.app_ctx.provider_name = provider;
		ctx.u.app_ctx.ctx_name = name;
	} else {
		ret = -LTTNG_ERR_LOAD_INVALID_CONFIG;
	}
	if (!ret)
		ret = lttng_add_context(handle, &ctx, NULL, channel);
	return ret < 0 ? ret : 0;
}
