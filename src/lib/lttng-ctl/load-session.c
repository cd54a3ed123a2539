/*
 * One <session> element of a configuration file, recreated through the
 * public API as LTTng 2.13's loader does: create the session (its mode
 * and output, with the request's overrides), then each domain's
 * channels, recording event rules (disabled after their creation when
 * saved disabled), context fields and process attribute trackers, and
 * start it when it was saved started. The file was validated against
 * session.xsd, so elements are where the schema puts them; values are
 * still checked.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "ctl-internal.h"
#include "load-internal.h"
#include "util/log.h"

#define MAX_EXCLUSIONS 1024

struct session_config {
	char name[LTTNG_NAME_MAX];
	bool started, snapshot, live;
	bool has_shm_path, has_rotation_schedules; /* not supported here */
	bool has_output;			   /* an <output> element */
	bool output_local; /* a <path> destination (maybe "") */
	char path[PATH_MAX];
	xmlNodePtr domains;
};

static bool is_element(xmlNodePtr node, const char *name)
{
	return node->type == XML_ELEMENT_NODE &&
	       !strcmp((const char *)node->name, name);
}

static xmlNodePtr child(xmlNodePtr parent, const char *name)
{
	if (!parent)
		return NULL;
	for (xmlNodePtr n = xmlFirstElementChild(parent); n;
	     n = xmlNextElementSibling(n)) {
		if (is_element(n, name))
			return n;
	}
	return NULL;
}

/* The text of node into buf; -LTTNG_ERR_LOAD_INVALID_CONFIG if too long. */
static int text_of(xmlNodePtr node, char *buf, size_t size)
{
	xmlChar *content = xmlNodeGetContent(node);
	int ret = 0;

	if (!content)
		return -LTTNG_ERR_NOMEM;
	if ((size_t)snprintf(buf, size, "%s", (const char *)content) >= size)
		ret = -LTTNG_ERR_LOAD_INVALID_CONFIG;
	xmlFree(content);
	return ret;
}

static int parse_bool(xmlNodePtr node, bool *value)
{
	char text[16];
	int ret = text_of(node, text, sizeof(text));

	if (ret)
		return ret;
	if (!strcmp(text, "true") || !strcmp(text, "1"))
		*value = true;
	else if (!strcmp(text, "false") || !strcmp(text, "0"))
		*value = false;
	else
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	return 0;
}

static int parse_u64(xmlNodePtr node, uint64_t *value)
{
	char text[32], *end;
	int ret = text_of(node, text, sizeof(text));

	if (ret)
		return ret;
	errno = 0;
	*value = strtoull(text, &end, 10);
	if (errno || end == text || *end || text[0] == '-')
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	return 0;
}

static int parse_i64(xmlNodePtr node, int64_t *value)
{
	char text[32], *end;
	int ret = text_of(node, text, sizeof(text));

	if (ret)
		return ret;
	errno = 0;
	*value = strtoll(text, &end, 10);
	if (errno || end == text || *end)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	return 0;
}

/* Index of text in a NULL-terminated table, or -1. */
static int lookup(const char *text, const char *const *names)
{
	for (int i = 0; names[i]; i++) {
		if (!strcmp(text, names[i]))
			return i;
	}
	return -1;
}

/* <destination><path> or <net_output>: local paths only here. */
static int parse_consumer_output(xmlNodePtr consumer,
				 struct session_config *cfg)
{
	xmlNodePtr destination = child(consumer, "destination");
	xmlNodePtr path = child(destination, "path");

	cfg->has_output = true;
	if (!path)
		return 0; /* a network output */
	cfg->output_local = true;
	return text_of(path, cfg->path, sizeof(cfg->path));
}

static int parse_output(xmlNodePtr output, struct session_config *cfg)
{
	xmlNodePtr snapshot_outputs = child(output, "snapshot_outputs");
	xmlNodePtr first;

	if (!snapshot_outputs)
		return parse_consumer_output(child(output, "consumer_output"),
					     cfg);
	first = child(snapshot_outputs, "output");
	if (!first)
		return 0;
	return parse_consumer_output(child(first, "consumer_output"), cfg);
}

static int parse_session(xmlNodePtr node, struct session_config *cfg)
{
	xmlNodePtr name = child(node, "name"), attributes, n;
	int ret;

	memset(cfg, 0, sizeof(*cfg));
	if (!name)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	ret = text_of(name, cfg->name, sizeof(cfg->name));
	if (!ret && (n = child(node, "started")))
		ret = parse_bool(n, &cfg->started);
	attributes = child(node, "attributes");
	if (!ret && (n = child(attributes, "snapshot_mode")))
		ret = parse_bool(n, &cfg->snapshot);
	if (!ret && (n = child(attributes, "live_timer_interval"))) {
		uint64_t live_timer;

		ret = parse_u64(n, &live_timer);
		cfg->live = live_timer != 0;
	}
	cfg->has_shm_path = child(node, "shared_memory_path") != NULL;
	cfg->has_rotation_schedules =
		xmlFirstElementChild(child(attributes, "rotation_schedules")) !=
		NULL;
	if (!ret && (n = child(node, "output")))
		ret = parse_output(n, cfg);
	cfg->domains = child(node, "domains");
	return ret;
}

static struct lttng_session_descriptor *
make_descriptor(const struct session_config *cfg, const char *name,
		const struct load_overrides *overrides)
{
	const char *path = cfg->output_local ? cfg->path : NULL;

	if (overrides->path[0])
		path = overrides->path;
	if (cfg->snapshot)
		return path ? lttng_session_descriptor_snapshot_local_create(
				      name, path)
			    : lttng_session_descriptor_snapshot_create(name);
	if (path)
		return lttng_session_descriptor_local_create(name, path);
	return lttng_session_descriptor_create(name);
}

static int create_session(const struct session_config *cfg, const char *name,
			  const struct load_overrides *overrides)
{
	struct lttng_session_descriptor *desc;
	int ret;

	/* Streaming and live sessions need lttng-relayd. */
	if (cfg->live || overrides->ctrl_url[0] ||
	    (cfg->has_output && !cfg->output_local && !overrides->path[0]))
		return -LTTNG_ERR_RELAYD_CONNECT_FAIL;
	desc = make_descriptor(cfg, name, overrides);
	if (!desc)
		return -LTTNG_ERR_INVALID;
	/* An enum lttng_error_code: LTTNG_OK or a positive error. */
	ret = lttng_create_session_ext(desc);
	lttng_session_descriptor_destroy(desc);
	return ret == LTTNG_OK ? 0 : -abs(ret);
}

/* The channel attributes of a <channel>, over the domain's defaults. */
static int parse_channel(xmlNodePtr node, struct lttng_channel *chan)
{
	static const char *const modes[] = {"DISCARD", "OVERWRITE", NULL};
	static const char *const outputs[] = {"SPLICE", "MMAP", NULL};
	struct lttng_channel_attr *attr = &chan->attr;
	char text[32];
	uint64_t u;
	int64_t i;
	bool b;
	int ret = 0;

	for (xmlNodePtr n = xmlFirstElementChild(node); n && !ret;
	     n = xmlNextElementSibling(n)) {
		if (is_element(n, "name")) {
			ret = text_of(n, chan->name, sizeof(chan->name));
		} else if (is_element(n, "enabled")) {
			ret = parse_bool(n, &b);
			chan->enabled = b;
		} else if (is_element(n, "overwrite_mode")) {
			ret = text_of(n, text, sizeof(text));
			attr->overwrite = lookup(text, modes);
		} else if (is_element(n, "output_type")) {
			ret = text_of(n, text, sizeof(text));
			attr->output = lookup(text, outputs) == 0
					       ? LTTNG_EVENT_SPLICE
					       : LTTNG_EVENT_MMAP;
		} else if (is_element(n, "subbuffer_size")) {
			ret = parse_u64(n, &u);
			attr->subbuf_size = u;
		} else if (is_element(n, "subbuffer_count")) {
			ret = parse_u64(n, &u);
			attr->num_subbuf = u;
		} else if (is_element(n, "switch_timer_interval")) {
			ret = parse_u64(n, &u);
			attr->switch_timer_interval = (unsigned int)u;
		} else if (is_element(n, "read_timer_interval")) {
			ret = parse_u64(n, &u);
			attr->read_timer_interval = (unsigned int)u;
		} else if (is_element(n, "tracefile_size")) {
			ret = parse_u64(n, &u);
			attr->tracefile_size = u;
		} else if (is_element(n, "tracefile_count")) {
			ret = parse_u64(n, &u);
			attr->tracefile_count = u;
		} else if (is_element(n, "live_timer_interval")) {
			ret = parse_u64(n, &u);
			attr->live_timer_interval = (unsigned int)u;
		} else if (is_element(n, "monitor_timer_interval")) {
			ret = parse_u64(n, &u);
			if (!ret)
				ret = lttng_channel_set_monitor_timer_interval(
					chan, u);
		} else if (is_element(n, "blocking_timeout")) {
			ret = parse_i64(n, &i);
			if (!ret)
				ret = lttng_channel_set_blocking_timeout(chan,
									 i);
		}
	}
	return ret;
}

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

	if ((n = child(probe, "symbol_name")))
		ret = text_of(n, symbol, sizeof(symbol));
	if (!ret && (n = child(probe, "address")))
		ret = parse_u64(n, &address);
	if (!ret && (n = child(probe, "offset")))
		ret = parse_u64(n, &offset);
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
		child(attributes, "userspace_probe_function_attributes");
	xmlNodePtr tracepoint =
		child(attributes, "userspace_probe_tracepoint_attributes");
	char binary[PATH_MAX], a[LTTNG_SYMBOL_NAME_LEN],
		b[LTTNG_SYMBOL_NAME_LEN];
	int ret;

	if (function) {
		ret = text_of(child(function, "binary_path"), binary,
			      sizeof(binary));
		if (!ret)
			ret = text_of(child(function, "function_name"), a,
				      sizeof(a));
		if (!ret && (size_t)snprintf(location, size, "elf:%s:%s",
					     binary, a) >= size)
			ret = -LTTNG_ERR_LOAD_INVALID_CONFIG;
		return ret;
	}
	if (!tracepoint)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	ret = text_of(child(tracepoint, "binary_path"), binary, sizeof(binary));
	if (!ret)
		ret = text_of(child(tracepoint, "provider_name"), a, sizeof(a));
	if (!ret)
		ret = text_of(child(tracepoint, "probe_name"), b, sizeof(b));
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
	xmlNodePtr probe = child(attributes, "probe_attributes");
	xmlNodePtr function = child(attributes, "function_attributes");

	if (event->type == LTTNG_EVENT_USERSPACE_PROBE)
		return userspace_probe_location(attributes, location, size);
	if (probe)
		return probe_location(probe, location, size);
	if (function)
		return text_of(child(function, "symbol_name"), location, size);
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
	static const char *const loglevel_types[] = {"ALL", "RANGE", "SINGLE",
						     NULL};
	char text[32];
	int64_t level;
	int ret = 0;
	xmlNodePtr n;

	e->enabled = true;
	e->event.type = LTTNG_EVENT_TRACEPOINT;
	e->event.loglevel = -1;
	if ((n = child(node, "name")))
		ret = text_of(n, e->event.name, sizeof(e->event.name));
	if (!ret && (n = child(node, "enabled")))
		ret = parse_bool(n, &e->enabled);
	if (!ret && (n = child(node, "type")) &&
	    !(ret = text_of(n, text, sizeof(text))))
		ret = parse_event_type(text, &e->event.type);
	if (!ret && (n = child(node, "loglevel_type")) &&
	    !(ret = text_of(n, text, sizeof(text))))
		e->event.loglevel_type = lookup(text, loglevel_types);
	if (!ret && (n = child(node, "loglevel")) &&
	    !(ret = parse_i64(n, &level)))
		e->event.loglevel = (int)level;
	if (!ret && (n = child(node, "filter"))) {
		e->filter = (char *)xmlNodeGetContent(n);
		if (!e->filter)
			ret = -LTTNG_ERR_NOMEM;
	}
	if (!ret && (n = child(node, "exclusions")))
		ret = parse_exclusions(n, e);
	if (!ret && (n = child(node, "attributes")))
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
static int load_events(struct lttng_handle *handle, const char *channel,
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

	ret = parse_u64(child(perf, "type"), &type);
	if (!ret && type > UINT32_MAX)
		ret = -LTTNG_ERR_LOAD_INVALID_CONFIG;
	if (!ret)
		ret = parse_u64(child(perf, "config"), &counter->config);
	if (!ret)
		ret = text_of(child(perf, "name"), counter->name,
			      sizeof(counter->name));
	if (ret)
		return ret;
	counter->type = (uint32_t)type;
	ctx->ctx = domain == LTTNG_DOMAIN_KERNEL
			   ? LTTNG_EVENT_CONTEXT_PERF_CPU_COUNTER
			   : LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER;
	return 0;
}

static int load_context(struct lttng_handle *handle, const char *channel,
			xmlNodePtr node)
{
	xmlNodePtr type = child(node, "type"), perf = child(node, "perf"),
		   app = child(node, "app");
	char provider[LTTNG_SYMBOL_NAME_LEN], name[LTTNG_SYMBOL_NAME_LEN];
	struct lttng_event_context ctx;
	char text[64];
	int ret;

	memset(&ctx, 0, sizeof(ctx));
	if (type) {
		ret = text_of(type, text, sizeof(text));
		if (!ret)
			ret = parse_context_type(text, &ctx.ctx);
	} else if (perf) {
		ret = parse_perf_context(perf, handle->domain.type, &ctx);
	} else if (app) {
		ctx.ctx = LTTNG_EVENT_CONTEXT_APP_CONTEXT;
		ret = text_of(child(app, "provider_name"), provider,
			      sizeof(provider));
		if (!ret)
			ret = text_of(child(app, "ctx_name"), name,
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

static int load_channel(struct lttng_handle *handle, xmlNodePtr node)
{
	struct lttng_channel *chan = lttng_channel_create(&handle->domain);
	int ret;

	if (!chan)
		return -LTTNG_ERR_NOMEM;
	chan->enabled = 1;
	ret = parse_channel(node, chan);
	if (!ret)
		ret = lttng_enable_channel(handle, chan);
	if (!ret)
		ret = load_events(handle, chan->name, child(node, "events"));
	for (xmlNodePtr n = xmlFirstElementChild(child(node, "contexts"));
	     n && !ret; n = xmlNextElementSibling(n))
		ret = load_context(handle, chan->name, n);
	if (!ret && !chan->enabled)
		ret = lttng_disable_channel(handle, chan->name);
	lttng_channel_destroy(chan);
	return ret < 0 ? ret : 0;
}

/* The API's status of a tracker operation as an LTTNG_ERR_* code. */
static int tracker_status_error(int status)
{
	switch (status) {
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK:
		return 0;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_EXISTS:
		return -LTTNG_ERR_PROCESS_ATTR_EXISTS;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_SESSION_DOES_NOT_EXIST:
		return -LTTNG_ERR_SESS_NOT_FOUND;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_USER_NOT_FOUND:
		return -LTTNG_ERR_USER_NOT_FOUND;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_GROUP_NOT_FOUND:
		return -LTTNG_ERR_GROUP_NOT_FOUND;
	default:
		return -LTTNG_ERR_INVALID;
	}
}

/* Add one <id> or <name> value to a tracker of attribute attr. */
static int add_tracker_value(struct lttng_process_attr_tracker_handle *h,
			     enum lttng_process_attr attr, xmlNodePtr value)
{
	xmlNodePtr id_node = child(value, "id"),
		   name_node = child(value, "name");
	char name[256];
	int64_t id = 0;
	int ret;

	ret = id_node ? parse_i64(id_node, &id)
		      : text_of(name_node, name, sizeof(name));
	if (ret)
		return ret;
	switch (attr) {
	case LTTNG_PROCESS_ATTR_PROCESS_ID:
		return tracker_status_error(
			lttng_process_attr_process_id_tracker_handle_add_pid(
				h, (pid_t)id));
	case LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID:
		return tracker_status_error(
			lttng_process_attr_virtual_process_id_tracker_handle_add_pid(
				h, (pid_t)id));
	case LTTNG_PROCESS_ATTR_USER_ID:
		return tracker_status_error(
			id_node ? lttng_process_attr_user_id_tracker_handle_add_uid(
					  h, (uid_t)id)
				: lttng_process_attr_user_id_tracker_handle_add_user_name(
					  h, name));
	case LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID:
		return tracker_status_error(
			id_node ? lttng_process_attr_virtual_user_id_tracker_handle_add_uid(
					  h, (uid_t)id)
				: lttng_process_attr_virtual_user_id_tracker_handle_add_user_name(
					  h, name));
	case LTTNG_PROCESS_ATTR_GROUP_ID:
		return tracker_status_error(
			id_node ? lttng_process_attr_group_id_tracker_handle_add_gid(
					  h, (gid_t)id)
				: lttng_process_attr_group_id_tracker_handle_add_group_name(
					  h, name));
	default:
		return tracker_status_error(
			id_node ? lttng_process_attr_virtual_group_id_tracker_handle_add_gid(
					  h, (gid_t)id)
				: lttng_process_attr_virtual_group_id_tracker_handle_add_group_name(
					  h, name));
	}
}

/* "vpid_process_attr_tracker" -> LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID. */
static int tracker_attr(xmlNodePtr node, enum lttng_process_attr *attr)
{
	static const char *const names[] = {
		"pid_process_attr_tracker",
		"vpid_process_attr_tracker",
		"uid_process_attr_tracker",
		"vuid_process_attr_tracker",
		"gid_process_attr_tracker",
		"vgid_process_attr_tracker",
		NULL,
	};
	int index = lookup((const char *)node->name, names);

	if (index < 0)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	*attr = (enum lttng_process_attr)index;
	return 0;
}

/*
 * A tracker with values includes exactly them; one without values
 * excludes every process.
 */
static int load_tracker(const char *session, enum lttng_domain_type domain,
			xmlNodePtr node)
{
	xmlNodePtr values = child(node, "process_attr_values");
	struct lttng_process_attr_tracker_handle *h = NULL;
	enum lttng_process_attr attr;
	int ret = tracker_attr(node, &attr);

	if (ret)
		return ret;
	ret = tracker_status_error(
		lttng_session_get_tracker_handle(session, domain, attr, &h));
	if (ret)
		return ret;
	if (!xmlFirstElementChild(values)) {
		ret = tracker_status_error(
			lttng_process_attr_tracker_handle_set_tracking_policy(
				h, LTTNG_TRACKING_POLICY_EXCLUDE_ALL));
		goto end;
	}
	ret = tracker_status_error(
		lttng_process_attr_tracker_handle_set_tracking_policy(
			h, LTTNG_TRACKING_POLICY_INCLUDE_SET));
	for (xmlNodePtr v = xmlFirstElementChild(values); v && !ret;
	     v = xmlNextElementSibling(v))
		ret = add_tracker_value(h, attr, v);
end:
	lttng_process_attr_tracker_handle_destroy(h);
	return ret;
}

/*
 * The <trackers><pid_tracker> of files saved before LTTng 2.12: the
 * process IDs (virtual ones in user space) to include, none when empty.
 */
static int load_legacy_pid_tracker(const char *session,
				   enum lttng_domain_type domain,
				   xmlNodePtr pid_tracker)
{
	enum lttng_process_attr attr =
		domain == LTTNG_DOMAIN_KERNEL
			? LTTNG_PROCESS_ATTR_PROCESS_ID
			: LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID;
	xmlNodePtr targets = child(pid_tracker, "targets");
	struct lttng_process_attr_tracker_handle *h = NULL;
	int ret;

	ret = tracker_status_error(
		lttng_session_get_tracker_handle(session, domain, attr, &h));
	if (ret)
		return ret;
	ret = tracker_status_error(
		lttng_process_attr_tracker_handle_set_tracking_policy(
			h, xmlFirstElementChild(targets)
				   ? LTTNG_TRACKING_POLICY_INCLUDE_SET
				   : LTTNG_TRACKING_POLICY_EXCLUDE_ALL));
	for (xmlNodePtr t = xmlFirstElementChild(targets); t && !ret;
	     t = xmlNextElementSibling(t)) {
		int64_t pid;

		ret = parse_i64(child(t, "pid"), &pid);
		if (ret)
			break;
		ret = tracker_status_error(
			domain == LTTNG_DOMAIN_KERNEL
				? lttng_process_attr_process_id_tracker_handle_add_pid(
					  h, (pid_t)pid)
				: lttng_process_attr_virtual_process_id_tracker_handle_add_pid(
					  h, (pid_t)pid));
	}
	lttng_process_attr_tracker_handle_destroy(h);
	return ret;
}

static int parse_domain_type(xmlNodePtr domain, struct lttng_domain *out)
{
	static const char *const types[] = {"KERNEL", "UST",	"JUL",
					    "LOG4J",  "PYTHON", NULL};
	static const char *const buffers[] = {"PER_PID", "PER_UID", "GLOBAL",
					      NULL};
	char text[32];
	int type, buffer, ret;

	memset(out, 0, sizeof(*out));
	ret = text_of(child(domain, "type"), text, sizeof(text));
	if (ret)
		return ret;
	type = lookup(text, types);
	ret = text_of(child(domain, "buffer_type"), text, sizeof(text));
	if (ret)
		return ret;
	buffer = lookup(text, buffers);
	if (type < 0 || buffer < 0)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	out->type = (enum lttng_domain_type)(type + 1); /* KERNEL is 1 */
	out->buf_type = (enum lttng_buffer_type)buffer;
	return 0;
}

static int load_domain(const char *session, xmlNodePtr node)
{
	xmlNodePtr channels = child(node, "channels");
	xmlNodePtr trackers = child(node, "process_attr_trackers");
	xmlNodePtr legacy_trackers = child(node, "trackers");
	struct lttng_handle *handle;
	struct lttng_domain domain;
	int ret = parse_domain_type(node, &domain);

	if (ret)
		return ret;
	/* Agent domains are saved even when unused. */
	if (domain.type != LTTNG_DOMAIN_KERNEL &&
	    domain.type != LTTNG_DOMAIN_UST && !xmlFirstElementChild(channels))
		return 0;
	handle = lttng_create_handle(session, &domain);
	if (!handle)
		return -LTTNG_ERR_NOMEM;
	for (xmlNodePtr n = xmlFirstElementChild(channels); n && !ret;
	     n = xmlNextElementSibling(n))
		ret = load_channel(handle, n);
	for (xmlNodePtr n = xmlFirstElementChild(trackers); n && !ret;
	     n = xmlNextElementSibling(n))
		ret = load_tracker(session, domain.type, n);
	for (xmlNodePtr n = xmlFirstElementChild(legacy_trackers); n && !ret;
	     n = xmlNextElementSibling(n))
		ret = load_legacy_pid_tracker(session, domain.type, n);
	lttng_destroy_handle(handle);
	return ret;
}

/* Everything after the creation; the caller destroys on failure. */
static int configure_session(const struct session_config *cfg, const char *name)
{
	int ret = 0;

	if (cfg->has_shm_path)
		WARN("Session %s: its shared memory path is not restored: "
		     "not supported by this toolkit",
		     name);
	if (cfg->has_rotation_schedules)
		WARN("Session %s: its rotation schedules are not restored: "
		     "not supported by this toolkit",
		     name);

	for (xmlNodePtr n = xmlFirstElementChild(cfg->domains); n && !ret;
	     n = xmlNextElementSibling(n))
		ret = load_domain(name, n);
	if (!ret && cfg->started)
		ret = lttng_start_tracing(name);
	return ret < 0 ? ret : 0;
}

int load_session_node(xmlNodePtr session_node, const char *session_name,
		      bool overwrite, const struct load_overrides *overrides)
{
	struct session_config cfg;
	const char *name;
	int ret = parse_session(session_node, &cfg);

	if (ret)
		return ret;
	if (session_name && strcmp(cfg.name, session_name))
		return -LTTNG_ERR_NO_SESSION;
	name = overrides->session_name[0] ? overrides->session_name : cfg.name;
	if (overwrite) {
		ret = lttng_destroy_session(name);
		if (ret && ret != -LTTNG_ERR_SESS_NOT_FOUND) {
			ERR("Failed to destroy existing session.");
			return ret;
		}
	}
	ret = create_session(&cfg, name, overrides);
	if (ret)
		return ret;
	ret = configure_session(&cfg, name);
	if (ret) {
		ERR("Failed to load session %s: %s", name, lttng_strerror(ret));
		lttng_destroy_session(name);
	}
	return ret;
}
