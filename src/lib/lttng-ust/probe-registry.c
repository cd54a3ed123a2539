/*
 * liblttng-ust: provider registration. A provider is checked (ABI,
 * names, field descriptions, log level) before it is accepted; on
 * registration every channel re-applies its event rules so that rules
 * created before a provider was loaded (dlopen, LD_PRELOAD) attach to
 * its events too; on unregistration its recorders are destroyed first,
 * so none of its probes runs once lttng_ust_probe_unregister_abi1()
 * returns.
 *
 * Several providers may have the same name (two libraries providing the
 * same events, possibly with other fields, or one library loaded twice):
 * as with LTTng-UST, each is registered and each of their events gets its
 * own recorder, so an enabled event records once per registered probe.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/tracepoint.h>
#include <urcu/list.h>

#include "channel.h"
#include "probe-registry.h"
#include "tracer.h"

struct ust_provider {
	struct lttng_ust_probe_desc *desc;
	struct cds_list_head node;
};

static CDS_LIST_HEAD(providers);

void ust_event_full_name(const struct lttng_ust_event_desc *desc, char *buf)
{
	snprintf(buf, UST_EVENT_NAME_MAX, "%s:%s", desc->provider_name,
		 desc->event_name);
}

static struct ust_provider *
provider_find(const struct lttng_ust_probe_desc *desc)
{
	struct ust_provider *p;

	cds_list_for_each_entry(p, &providers, node)
		if (p->desc == desc)
			return p;
	return NULL;
}

static int field_is_valid(const struct lttng_ust_event_field *f)
{
	if (!f->name || !*f->name)
		return 0;
	switch (f->kind) {
	case LTTNG_UST_TYPE_ENUM:
		return f->enum_desc != NULL;
	case LTTNG_UST_TYPE_SEQUENCE:
		return f->length_name != NULL;
	case LTTNG_UST_TYPE_INTEGER:
	case LTTNG_UST_TYPE_FLOAT:
	case LTTNG_UST_TYPE_STRING:
	case LTTNG_UST_TYPE_ARRAY:
		return 1;
	}
	return 0;
}

/* 0 when the event can be registered; logs why not otherwise. */
static int event_check(const struct lttng_ust_event_desc *ev)
{
	unsigned int i;

	if (!ev->provider_name || !ev->event_name || !ev->probe_callback ||
	    !ev->signature) {
		ust_log("provider event with a missing name or probe");
		return -EINVAL;
	}
	if (strlen(ev->provider_name) + strlen(ev->event_name) + 2 >
	    UST_EVENT_NAME_MAX) {
		ust_log("event %s:%s: name longer than %d bytes",
			ev->provider_name, ev->event_name,
			UST_EVENT_NAME_MAX - 1);
		return -EINVAL;
	}
	if (ev->loglevel < LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG ||
	    ev->loglevel > LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG) {
		ust_log("event %s:%s: invalid log level %d", ev->provider_name,
			ev->event_name, ev->loglevel);
		return -EINVAL;
	}
	for (i = 0; i < ev->nr_fields; i++) {
		if (!field_is_valid(&ev->fields[i])) {
			ust_log("event %s:%s: field %u is malformed",
				ev->provider_name, ev->event_name, i);
			return -EINVAL;
		}
	}
	return 0;
}

static int provider_check(const struct lttng_ust_probe_desc *desc)
{
	unsigned int i;
	int ret;

	if (!desc->provider_name || !*desc->provider_name) {
		ust_log("provider without a name");
		return -EINVAL;
	}
	if (desc->major != LTTNG_UST_PROBE_ABI_MAJOR ||
	    desc->minor > LTTNG_UST_PROBE_ABI_MINOR) {
		ust_log("provider %s: probe ABI %u.%u, tracer has %d.%d",
			desc->provider_name, desc->major, desc->minor,
			LTTNG_UST_PROBE_ABI_MAJOR, LTTNG_UST_PROBE_ABI_MINOR);
		return -EINVAL;
	}
	for (i = 0; i < desc->nr_events; i++) {
		ret = event_check(desc->event_descs[i]);
		if (ret)
			return ret;
	}
	return 0;
}

UST_API int lttng_ust_probe_register_abi1(struct lttng_ust_probe_desc *desc)
{
	struct ust_provider *p;
	int ret;

	ust_init();
	ret = provider_check(desc);
	if (ret)
		return ret;
	ust_lock();
	if (provider_find(desc)) {
		ust_unlock();
		ust_log("provider %s: this description is already registered: "
			"ignored",
			desc->provider_name);
		return -EEXIST;
	}
	p = calloc(1, sizeof(*p));
	if (!p) {
		ust_unlock();
		ust_log("provider %s: out of memory", desc->provider_name);
		return -ENOMEM;
	}
	p->desc = desc;
	cds_list_add_tail(&p->node, &providers);
	ust_channels_sync_all_locked();
	ust_unlock();
	ust_log("registered provider %s (%u events)", desc->provider_name,
		desc->nr_events);
	return 0;
}

UST_API void lttng_ust_probe_unregister_abi1(struct lttng_ust_probe_desc *desc)
{
	struct ust_provider *p;

	ust_lock();
	p = provider_find(desc);
	if (p) {
		ust_channels_drop_provider_locked(desc);
		cds_list_del(&p->node);
		free(p);
	}
	ust_unlock();
}

void ust_registry_for_each_event_locked(ust_event_visitor visit, void *priv)
{
	struct ust_provider *p;
	unsigned int i;

	cds_list_for_each_entry(p, &providers, node)
		for (i = 0; i < p->desc->nr_events; i++)
			visit(p->desc->event_descs[i], priv);
}

void ust_registry_list_events(ust_event_visitor visit, void *priv)
{
	ust_lock();
	ust_registry_for_each_event_locked(visit, priv);
	ust_unlock();
}
