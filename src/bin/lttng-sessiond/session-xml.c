/*
 * Implementation of session-xml.h. Elements and their order are those
 * of LTTng 2.13's saved files: a user space domain is followed by the
 * (empty) JUL, LOG4J and Python agent domains, an include-all tracker
 * is left out, an exclude-all tracker is an empty value list.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng.h>

#include "util/lttng-names.h"

#include "kernel/kernel-domain.h"
#include "kernel/kernel-tracker.h"
#include "session-xml.h"
#include "session.h"

/* Unknown types are written as tracepoint rules. */
static const char *event_type_name(int32_t type)
{
	const char *name = lttng_names_event_type(type);

	return name ? name : "TRACEPOINT";
}

static void write_context(struct xml_writer *w, const struct lsc_context *ctx)
{
	xml_writer_open(w, "context");
	switch (ctx->type) {
	case LTTNG_EVENT_CONTEXT_PERF_COUNTER:
	case LTTNG_EVENT_CONTEXT_PERF_CPU_COUNTER:
	case LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER:
		xml_writer_open(w, "perf");
		xml_writer_u64(w, "type", ctx->perf_type);
		xml_writer_u64(w, "config", ctx->perf_config);
		xml_writer_string(w, "name", ctx->perf_name);
		xml_writer_close(w);
		break;
	case LTTNG_EVENT_CONTEXT_APP_CONTEXT:
		xml_writer_open(w, "app");
		xml_writer_string(w, "provider_name", ctx->app_provider);
		xml_writer_string(w, "ctx_name", ctx->app_name);
		xml_writer_close(w);
		break;
	default: {
		const char *name = lttng_names_context_type(ctx->type);

		xml_writer_string(w, "type", name ? name : "");
		break;
	}
	}
	xml_writer_close(w);
}

/*
 * A kernel probe location, "SYMBOL[+OFFSET]" or "0xADDR", as LTTng's
 * <probe_attributes>: the symbol or the address, and a non-zero offset.
 */
static void write_probe_attributes(struct xml_writer *w, const char *location)
{
	char symbol[LTTNG_SYMBOL_NAME_LEN] = "";
	unsigned long long address = 0, offset = 0;
	const char *plus = strchr(location, '+');

	if (!strncmp(location, "0x", 2)) {
		address = strtoull(location, NULL, 16);
	} else {
		size_t len =
			plus ? (size_t)(plus - location) : strlen(location);

		if (len >= sizeof(symbol))
			len = sizeof(symbol) - 1;
		memcpy(symbol, location, len);
		symbol[len] = '\0';
		if (plus)
			offset = strtoull(plus + 1, NULL, 0);
	}
	xml_writer_open(w, "probe_attributes");
	if (symbol[0])
		xml_writer_string(w, "symbol_name", symbol);
	if (address)
		xml_writer_u64(w, "address", address);
	if (offset)
		xml_writer_u64(w, "offset", offset);
	xml_writer_close(w);
}

/*
 * A user space probe location: "elf:PATH:FUNCTION" or
 * "sdt:PATH:PROVIDER:NAME" (fields split at the last colons).
 */
static void write_userspace_probe_attributes(struct xml_writer *w,
					     const char *location)
{
	char copy[LSC_MAX_PROBE_LOCATION_LEN + 1];
	char *last, *before_last;
	bool sdt = !strncmp(location, "sdt:", 4);

	snprintf(copy, sizeof(copy), "%s", location + 4);
	last = strrchr(copy, ':');
	if (!last)
		return;
	*last++ = '\0';
	if (!sdt) {
		xml_writer_open(w, "userspace_probe_function_attributes");
		xml_writer_string(w, "lookup_method", "ELF");
		xml_writer_string(w, "binary_path", copy);
		xml_writer_string(w, "function_name", last);
		xml_writer_close(w);
		return;
	}
	before_last = strrchr(copy, ':');
	if (!before_last)
		return;
	*before_last++ = '\0';
	xml_writer_open(w, "userspace_probe_tracepoint_attributes");
	xml_writer_string(w, "lookup_method", "SDT");
	xml_writer_string(w, "binary_path", copy);
	xml_writer_string(w, "provider_name", before_last);
	xml_writer_string(w, "probe_name", last);
	xml_writer_close(w);
}

static void write_event_attributes(struct xml_writer *w,
				   const struct lsc_event *spec)
{
	if (!spec->probe_location)
		return;
	xml_writer_open(w, "attributes");
	if (spec->type == LTTNG_EVENT_USERSPACE_PROBE)
		write_userspace_probe_attributes(w, spec->probe_location);
	else
		write_probe_attributes(w, spec->probe_location);
	xml_writer_close(w);
}

static void write_event(struct xml_writer *w, const struct lsc_event *spec,
			enum lttng_domain_type domain)
{
	xml_writer_open(w, "event");
	xml_writer_string(w, "name", spec->name);
	xml_writer_bool(w, "enabled", spec->enabled);
	xml_writer_string(w, "type", event_type_name(spec->type));
	if (domain != LTTNG_DOMAIN_KERNEL) {
		xml_writer_string(
			w, "loglevel_type",
			lttng_names_loglevel_type(spec->loglevel_type));
		if (spec->loglevel_type != LTTNG_EVENT_LOGLEVEL_ALL)
			xml_writer_i64(w, "loglevel", spec->loglevel);
	}
	if (spec->filter)
		xml_writer_string(w, "filter", spec->filter);
	if (spec->exclusion_count) {
		xml_writer_open(w, "exclusions");
		for (uint32_t i = 0; i < spec->exclusion_count; i++)
			xml_writer_string(w, "exclusion", spec->exclusions[i]);
		xml_writer_close(w);
	}
	if (domain == LTTNG_DOMAIN_KERNEL)
		write_event_attributes(w, spec);
	xml_writer_close(w);
}

static void write_channel_attributes(struct xml_writer *w,
				     const struct channel *chan,
				     enum lttng_domain_type domain)
{
	const struct lttng_channel_attr *attr = &chan->attr;

	xml_writer_string(w, "overwrite_mode",
			  attr->overwrite ? "OVERWRITE" : "DISCARD");
	xml_writer_u64(w, "subbuffer_size", attr->subbuf_size);
	xml_writer_u64(w, "subbuffer_count", attr->num_subbuf);
	xml_writer_u64(w, "switch_timer_interval", attr->switch_timer_interval);
	xml_writer_u64(w, "read_timer_interval", attr->read_timer_interval);
	xml_writer_string(w, "output_type",
			  attr->output == LTTNG_EVENT_SPLICE ? "SPLICE"
							     : "MMAP");
	if (domain == LTTNG_DOMAIN_KERNEL) {
		xml_writer_u64(w, "tracefile_size", attr->tracefile_size);
		xml_writer_u64(w, "tracefile_count", attr->tracefile_count);
		xml_writer_u64(w, "live_timer_interval",
			       attr->live_timer_interval);
		xml_writer_u64(w, "monitor_timer_interval",
			       chan->ext.monitor_timer_interval);
		xml_writer_i64(w, "blocking_timeout",
			       chan->ext.blocking_timeout);
		return;
	}
	xml_writer_i64(w, "blocking_timeout", chan->ext.blocking_timeout);
	xml_writer_u64(w, "monitor_timer_interval",
		       chan->ext.monitor_timer_interval);
	xml_writer_u64(w, "tracefile_size", attr->tracefile_size);
	xml_writer_u64(w, "tracefile_count", attr->tracefile_count);
	xml_writer_u64(w, "live_timer_interval", attr->live_timer_interval);
}

static void write_channel(struct xml_writer *w, const struct channel *chan,
			  enum lttng_domain_type domain)
{
	xml_writer_open(w, "channel");
	xml_writer_string(w, "name", chan->name);
	xml_writer_bool(w, "enabled", chan->enabled);
	write_channel_attributes(w, chan, domain);
	xml_writer_open(w, "events");
	for (const struct event_rule *r = chan->rules; r; r = r->next)
		write_event(w, &r->spec, domain);
	xml_writer_close(w);
	/* A kernel channel without context fields has no <contexts>. */
	if (domain != LTTNG_DOMAIN_KERNEL || chan->contexts) {
		xml_writer_open(w, "contexts");
		for (const struct context *c = chan->contexts; c; c = c->next)
			write_context(w, &c->spec);
		xml_writer_close(w);
	}
	xml_writer_close(w);
}

static void write_channels(struct xml_writer *w, const struct domain *domain)
{
	xml_writer_open(w, "channels");
	for (const struct channel *c = domain->channels; c; c = c->next)
		write_channel(w, c, domain->type);
	xml_writer_close(w);
}

/* One value of a tracker: <vuid><id>0</id></vuid> or <name>. */
static void write_tracker_value(struct xml_writer *w,
				enum lttng_process_attr attr, int64_t id,
				const char *name)
{
	xml_writer_open(w, lttng_names_process_attr(attr));
	if (name && name[0])
		xml_writer_string(w, "name", name);
	else
		xml_writer_i64(w, "id", id);
	xml_writer_close(w);
}

/* Opens <ATTR_process_attr_tracker><process_attr_values>. */
static void open_tracker(struct xml_writer *w, enum lttng_process_attr attr)
{
	/* The writer keeps the name until the close: static strings. */
	xml_writer_open(w, lttng_names_process_attr_tracker(attr));
	xml_writer_open(w, "process_attr_values");
}

static void close_tracker(struct xml_writer *w)
{
	xml_writer_close(w);
	xml_writer_close(w);
}

static void write_ust_trackers(struct xml_writer *w,
			       const struct ust_trackers *trackers)
{
	static const enum lttng_process_attr attrs[UST_TRACKER_COUNT] = {
		LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
		LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID,
		LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID,
	};

	xml_writer_open(w, "process_attr_trackers");
	for (int i = 0; i < UST_TRACKER_COUNT; i++) {
		const struct process_attr_tracker *t = &trackers->trackers[i];

		if (t->policy == LTTNG_TRACKING_POLICY_INCLUDE_ALL)
			continue;
		open_tracker(w, attrs[i]);
		for (size_t v = 0; v < t->count; v++)
			write_tracker_value(w, attrs[i], t->values[v].id,
					    t->values[v].name);
		close_tracker(w);
	}
	xml_writer_close(w);
}

static void write_kernel_trackers(struct xml_writer *w,
				  const struct kernel_session *ks)
{
	xml_writer_open(w, "process_attr_trackers");
	for (int attr = 0; attr < KERNEL_TRACKER_COUNT; attr++) {
		const struct kernel_tracker *t = &ks->trackers[attr];

		if (t->policy == LTTNG_TRACKING_POLICY_INCLUDE_ALL)
			continue;
		open_tracker(w, attr);
		for (size_t v = 0; v < t->count; v++)
			write_tracker_value(w, attr, t->values[v].id,
					    t->values[v].name);
		close_tracker(w);
	}
	xml_writer_close(w);
}

static void write_agent_domain(struct xml_writer *w, const char *type,
			       enum lttng_buffer_type buffer_type)
{
	xml_writer_open(w, "domain");
	xml_writer_string(w, "type", type);
	xml_writer_string(w, "buffer_type",
			  lttng_names_buffer_type(buffer_type));
	xml_writer_open(w, "channels");
	xml_writer_close(w);
	xml_writer_close(w);
}

static bool ust_domain_exists(const struct session *session)
{
	return session->ust.channel_count > 0 || session->ust_trackers.used;
}

/* The buffering scheme of a user space domain without channels yet. */
static enum lttng_buffer_type ust_buffer_type(const struct session *session)
{
	return session->ust.channel_count ? session->ust.buffer_type
					  : LTTNG_BUFFER_PER_UID;
}

static void write_ust_domains(struct xml_writer *w,
			      const struct session *session)
{
	enum lttng_buffer_type buffer_type = ust_buffer_type(session);

	xml_writer_open(w, "domain");
	xml_writer_string(w, "type", "UST");
	xml_writer_string(w, "buffer_type",
			  lttng_names_buffer_type(buffer_type));
	write_channels(w, &session->ust);
	write_ust_trackers(w, &session->ust_trackers);
	xml_writer_close(w);
	write_agent_domain(w, "JUL", buffer_type);
	write_agent_domain(w, "LOG4J", buffer_type);
	write_agent_domain(w, "PYTHON", buffer_type);
}

static void write_kernel_domain(struct xml_writer *w,
				const struct kernel_session *ks)
{
	xml_writer_open(w, "domain");
	xml_writer_string(w, "type", "KERNEL");
	xml_writer_string(w, "buffer_type", "GLOBAL");
	write_channels(w, &ks->domain);
	write_kernel_trackers(w, ks);
	xml_writer_close(w);
}

static void write_domains(struct xml_writer *w, const struct session *session)
{
	bool ust = ust_domain_exists(session);

	if (!session->kernel && !ust)
		return;
	xml_writer_open(w, "domains");
	if (session->kernel)
		write_kernel_domain(w, session->kernel);
	if (ust)
		write_ust_domains(w, session);
	xml_writer_close(w);
}

static void write_consumer_output(struct xml_writer *w, const char *path)
{
	xml_writer_open(w, "consumer_output");
	xml_writer_bool(w, "enabled", true);
	xml_writer_open(w, "destination");
	xml_writer_string(w, "path", path);
	xml_writer_close(w);
	xml_writer_close(w);
}

/*
 * A snapshot output's destination, or a network session's: its
 * directory or its relay daemon.
 */
static void write_snapshot_destination(struct xml_writer *w,
				       const struct snapshot_output *out)
{
	if (out->local) {
		write_consumer_output(w, out->path);
		return;
	}
	xml_writer_open(w, "consumer_output");
	xml_writer_bool(w, "enabled", true);
	xml_writer_open(w, "destination");
	xml_writer_open(w, "net_output");
	xml_writer_string(w, "control_uri", out->ctrl_url);
	xml_writer_string(w, "data_uri", out->data_url);
	xml_writer_close(w);
	xml_writer_close(w);
	xml_writer_close(w);
}

static void write_snapshot_output(struct xml_writer *w,
				  const struct snapshot_output *out)
{
	uint64_t max_size = out->max_size == LSC_SNAPSHOT_MAX_SIZE_UNSET
				    ? 0
				    : out->max_size;

	xml_writer_open(w, "snapshot_outputs");
	xml_writer_open(w, "output");
	xml_writer_string(w, "name", out->name);
	xml_writer_u64(w, "max_size", max_size);
	write_snapshot_destination(w, out);
	xml_writer_close(w);
	xml_writer_close(w);
}

/*
 * A snapshot session's output is its snapshot output (none: no <output>
 * at all); another session's is its trace directory, an empty path when
 * it has none.
 */
static void write_output(struct xml_writer *w, const struct session *session)
{
	if (session->snapshot && !session->snap.output)
		return;
	xml_writer_open(w, "output");
	if (session->snapshot)
		write_snapshot_output(w, session->snap.output);
	else if (session->has_network_output)
		write_snapshot_destination(w, &session->network_output);
	else
		write_consumer_output(w, session->output_path);
	xml_writer_close(w);
}

static bool has_rotation_schedules(const struct session *session)
{
	return session->rotation.timer_period_us ||
	       session->rotation.size_threshold;
}

static void write_rotation_schedules(struct xml_writer *w,
				     const struct session *session)
{
	xml_writer_open(w, "rotation_schedules");
	if (session->rotation.timer_period_us) {
		xml_writer_open(w, "periodic");
		xml_writer_u64(w, "time_us", session->rotation.timer_period_us);
		xml_writer_close(w);
	}
	if (session->rotation.size_threshold) {
		xml_writer_open(w, "size_threshold");
		xml_writer_u64(w, "bytes", session->rotation.size_threshold);
		xml_writer_close(w);
	}
	xml_writer_close(w);
}

/* Snapshot mode and rotation schedules, when the session has them. */
static void write_attributes(struct xml_writer *w,
			     const struct session *session)
{
	if (!session->snapshot && !has_rotation_schedules(session))
		return;
	xml_writer_open(w, "attributes");
	if (session->snapshot)
		xml_writer_bool(w, "snapshot_mode", true);
	if (has_rotation_schedules(session))
		write_rotation_schedules(w, session);
	xml_writer_close(w);
}

int session_xml_write(struct xml_writer *w, const struct session *session)
{
	xml_writer_open(w, "session");
	xml_writer_string(w, "name", session->name);
	if (session->shm_path[0])
		xml_writer_string(w, "shared_memory_path", session->shm_path);
	write_domains(w, session);
	xml_writer_bool(w, "started", session->active);
	write_attributes(w, session);
	write_output(w, session);
	xml_writer_close(w);
	if (w->error == -ENOMEM)
		return LTTNG_ERR_NOMEM;
	return w->error ? LTTNG_ERR_INVALID : LTTNG_OK;
}
