/*
 * One <session> element of a configuration file, recreated through the
 * public API as LTTng 2.13's loader does: create the session (its mode
 * and output, with the request's overrides), then each domain's
 * channels with their rules and context fields (load-rules.c) and the
 * domain's process attribute trackers (load-trackers.c), and start it
 * when it was saved started. The file was validated against
 * session.xsd, so elements are where the schema puts them; values are
 * still checked.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "ctl-internal.h"
#include "load-internal.h"
#include "load-xml.h"
#include "util/log.h"
#include "util/lttng-names.h"

struct session_config {
	char name[LTTNG_NAME_MAX];
	bool started, snapshot, live;
	char shm_path[PATH_MAX]; /* <shared_memory_path>, "" without */
	xmlNodePtr rotation_schedules;
	bool has_output;   /* an <output> element */
	bool output_local; /* a <path> destination (maybe "") */
	char path[PATH_MAX];
	char ctrl_url[PATH_MAX], data_url[PATH_MAX]; /* a <net_output> */
	xmlNodePtr snapshot_outputs;		     /* snapshot sessions' */
	xmlNodePtr domains;
};

/* <destination><path> or <net_output>. */
static int parse_consumer_output(xmlNodePtr consumer,
				 struct session_config *cfg)
{
	xmlNodePtr destination = xml_child(consumer, "destination");
	xmlNodePtr path = xml_child(destination, "path");

	xmlNodePtr net = xml_child(destination, "net_output");
	int ret;

	cfg->has_output = true;
	if (!path) {
		ret = xml_text(xml_child(net, "control_uri"), cfg->ctrl_url,
			       sizeof(cfg->ctrl_url));
		if (!ret)
			ret = xml_text(xml_child(net, "data_uri"),
				       cfg->data_url, sizeof(cfg->data_url));
		if (!ret)
			load_tcp4_as_tcp(cfg->ctrl_url);
		if (!ret)
			load_tcp4_as_tcp(cfg->data_url);
		return ret;
	}
	cfg->output_local = true;
	return xml_text(path, cfg->path, sizeof(cfg->path));
}

/* A session's <output>: snapshot outputs, or a consumer output. */
static int parse_output(xmlNodePtr output, struct session_config *cfg)
{
	cfg->snapshot_outputs = xml_child(output, "snapshot_outputs");
	if (cfg->snapshot_outputs)
		return 0;
	return parse_consumer_output(xml_child(output, "consumer_output"), cfg);
}

static int parse_session(xmlNodePtr node, struct session_config *cfg)
{
	xmlNodePtr name = xml_child(node, "name"), attributes, n;
	int ret;

	memset(cfg, 0, sizeof(*cfg));
	if (!name)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	ret = xml_text(name, cfg->name, sizeof(cfg->name));
	if (!ret && (n = xml_child(node, "started")))
		ret = xml_bool(n, &cfg->started);
	attributes = xml_child(node, "attributes");
	if (!ret && (n = xml_child(attributes, "snapshot_mode")))
		ret = xml_bool(n, &cfg->snapshot);
	if (!ret && (n = xml_child(attributes, "live_timer_interval"))) {
		uint64_t live_timer = 0;

		ret = xml_u64(n, &live_timer);
		cfg->live = live_timer != 0;
	}
	if (!ret && (n = xml_child(node, "shared_memory_path")))
		ret = xml_text(n, cfg->shm_path, sizeof(cfg->shm_path));
	cfg->rotation_schedules = xml_child(attributes, "rotation_schedules");
	if (!ret && (n = xml_child(node, "output")))
		ret = parse_output(n, cfg);
	cfg->domains = xml_child(node, "domains");
	return ret;
}

static struct lttng_session_descriptor *
make_descriptor(const struct session_config *cfg, const char *name,
		const struct load_overrides *overrides)
{
	const char *path = cfg->output_local ? cfg->path : NULL;

	if (cfg->snapshot) /* its outputs are added next */
		return lttng_session_descriptor_snapshot_create(name);
	if (overrides->path[0])
		path = overrides->path;
	else if (overrides->ctrl_url[0])
		return lttng_session_descriptor_network_create(
			name, overrides->ctrl_url, NULL);
	else if (cfg->has_output && !cfg->output_local)
		return lttng_session_descriptor_network_create(
			name, cfg->ctrl_url, cfg->data_url);
	if (path)
		return lttng_session_descriptor_local_create(name, path);
	return lttng_session_descriptor_create(name);
}

/*
 * Create the session with its mode and output. A failure to add a
 * snapshot output leaves the session, as LTTng's loader does.
 */
static int create_session(const struct session_config *cfg, const char *name,
			  const struct load_overrides *overrides)
{
	struct lttng_session_descriptor *desc;
	int ret;

	/* Live sessions need a live lttng-relayd, which we lack. */
	if (!cfg->snapshot && cfg->live)
		return -LTTNG_ERR_RELAYD_CONNECT_FAIL;
	desc = make_descriptor(cfg, name, overrides);
	if (!desc)
		return -LTTNG_ERR_INVALID;
	/* An enum lttng_error_code: LTTNG_OK or a positive error. */
	ret = lttng_create_session_ext(desc);
	lttng_session_descriptor_destroy(desc);
	if (ret != LTTNG_OK)
		return -abs(ret);
	if (cfg->snapshot)
		return load_snapshot_outputs(name, cfg->snapshot_outputs,
					     overrides);
	return 0;
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
		if (xml_is_element(n, "name")) {
			ret = xml_text(n, chan->name, sizeof(chan->name));
		} else if (xml_is_element(n, "enabled")) {
			ret = xml_bool(n, &b);
			chan->enabled = b;
		} else if (xml_is_element(n, "overwrite_mode")) {
			ret = xml_text(n, text, sizeof(text));
			attr->overwrite = xml_name_index(text, modes);
		} else if (xml_is_element(n, "output_type")) {
			ret = xml_text(n, text, sizeof(text));
			attr->output = xml_name_index(text, outputs) == 0
					       ? LTTNG_EVENT_SPLICE
					       : LTTNG_EVENT_MMAP;
		} else if (xml_is_element(n, "subbuffer_size")) {
			ret = xml_u64(n, &u);
			attr->subbuf_size = u;
		} else if (xml_is_element(n, "subbuffer_count")) {
			ret = xml_u64(n, &u);
			attr->num_subbuf = u;
		} else if (xml_is_element(n, "switch_timer_interval")) {
			ret = xml_u64(n, &u);
			attr->switch_timer_interval = (unsigned int)u;
		} else if (xml_is_element(n, "read_timer_interval")) {
			ret = xml_u64(n, &u);
			attr->read_timer_interval = (unsigned int)u;
		} else if (xml_is_element(n, "tracefile_size")) {
			ret = xml_u64(n, &u);
			attr->tracefile_size = u;
		} else if (xml_is_element(n, "tracefile_count")) {
			ret = xml_u64(n, &u);
			attr->tracefile_count = u;
		} else if (xml_is_element(n, "live_timer_interval")) {
			ret = xml_u64(n, &u);
			attr->live_timer_interval = (unsigned int)u;
		} else if (xml_is_element(n, "monitor_timer_interval")) {
			ret = xml_u64(n, &u);
			if (!ret)
				ret = lttng_channel_set_monitor_timer_interval(
					chan, u);
		} else if (xml_is_element(n, "blocking_timeout")) {
			ret = xml_i64(n, &i);
			if (!ret)
				ret = lttng_channel_set_blocking_timeout(chan,
									 i);
		}
	}
	return ret;
}

/*
 * An agent domain's channel lives in the user space tracer: its
 * attributes start from a user space channel's (the XML gives them all).
 */
static struct lttng_channel *channel_for(const struct lttng_domain *domain)
{
	struct lttng_domain ust = {.type = LTTNG_DOMAIN_UST,
				   .buf_type = LTTNG_BUFFER_PER_UID};

	if (domain->type == LTTNG_DOMAIN_KERNEL ||
	    domain->type == LTTNG_DOMAIN_UST)
		return lttng_channel_create((struct lttng_domain *)domain);
	return lttng_channel_create(&ust);
}

static int load_channel(struct lttng_handle *handle, xmlNodePtr node)
{
	struct lttng_channel *chan = channel_for(&handle->domain);
	int ret;

	if (!chan)
		return -LTTNG_ERR_NOMEM;
	chan->enabled = 1;
	ret = parse_channel(node, chan);
	if (!ret)
		ret = lttng_enable_channel(handle, chan);
	if (!ret)
		ret = load_events(handle, chan->name,
				  xml_child(node, "events"));
	for (xmlNodePtr n = xmlFirstElementChild(xml_child(node, "contexts"));
	     n && !ret; n = xmlNextElementSibling(n))
		ret = load_context(handle, chan->name, n);
	if (!ret && !chan->enabled)
		ret = lttng_disable_channel(handle, chan->name);
	lttng_channel_destroy(chan);
	return ret < 0 ? ret : 0;
}

static int parse_domain_type(xmlNodePtr domain, struct lttng_domain *out)
{
	char text[32];
	int type, buffer, ret;

	memset(out, 0, sizeof(*out));
	ret = xml_text(xml_child(domain, "type"), text, sizeof(text));
	if (ret)
		return ret;
	type = xml_name_index(text, lttng_names_domain_types);
	ret = xml_text(xml_child(domain, "buffer_type"), text, sizeof(text));
	if (ret)
		return ret;
	buffer = xml_name_index(text, lttng_names_buffer_types);
	/* "NONE" names no domain a file may hold. */
	if (type <= LTTNG_DOMAIN_NONE || buffer < 0)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	out->type = (enum lttng_domain_type)type;
	out->buf_type = (enum lttng_buffer_type)buffer;
	return 0;
}

static int load_domain(const char *session, xmlNodePtr node)
{
	xmlNodePtr channels = xml_child(node, "channels");
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
	if (!ret)
		ret = load_trackers(session, domain.type, node);
	lttng_destroy_handle(handle);
	return ret;
}

/* The saved shared memory path already ends with <name>-<date>. */
static int load_shm_path(const struct session_config *cfg, const char *name)
{
	if (!cfg->shm_path[0])
		return 0;
	return lttng_set_session_shm_path(name, cfg->shm_path);
}

static int load_domains(const struct session_config *cfg, const char *name)
{
	int ret = 0;

	for (xmlNodePtr n = xmlFirstElementChild(cfg->domains); n && !ret;
	     n = xmlNextElementSibling(n))
		ret = load_domain(name, n);
	return ret;
}

/* A session that failed after its creation is destroyed, as by LTTng. */
static int fail_session(const char *name, int ret)
{
	ERR("Failed to load session %s: %s", name, lttng_strerror(ret));
	lttng_destroy_session(name);
	return ret;
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
	ret = load_shm_path(&cfg, name);
	if (!ret)
		ret = load_domains(&cfg, name);
	if (ret)
		return fail_session(name, ret);
	/* As LTTng's, a schedule that fails leaves the session as it is. */
	if (cfg.rotation_schedules) {
		ret = load_rotation_schedules(name, cfg.rotation_schedules);
		if (ret)
			return ret;
	}
	if (cfg.started) {
		ret = lttng_start_tracing(name);
		if (ret < 0)
			return fail_session(name, ret);
	}
	return 0;
}
