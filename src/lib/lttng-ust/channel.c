/*
 * liblttng-ust: channels and the reconciliation of their recorders with
 * their event rules. Reconciliation is a full walk over the registered
 * events (control plane only, under the tracer lock): for each event,
 * which rules of the channel match it and whether one of them is enabled
 * decide whether its recorder exists and records.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <urcu/list.h>

#include "channel.h"
#include "context/context-set.h"
#include "event-filter.h"
#include "event-rule.h"
#include "probe-registry.h"
#include "tracer.h"

static CDS_LIST_HEAD(channels);

int ust_channel_create(const struct lttng_ust_recorder_ops *ops,
		       void *backend, struct ust_channel **out)
{
	struct ust_channel *chan;

	if (!ops || !ops->reserve || !ops->commit || !ops->record) {
		ust_log("channel: backend ops lack reserve, commit or record");
		return -EINVAL;
	}
	chan = calloc(1, sizeof(*chan));
	if (!chan) {
		ust_log("channel: out of memory");
		return -ENOMEM;
	}
	chan->contexts = ust_ctx_set_create();
	if (!chan->contexts) {
		ust_log("channel: out of memory");
		free(chan);
		return -ENOMEM;
	}
	chan->ops = ops;
	chan->backend = backend;
	CDS_INIT_LIST_HEAD(&chan->rules);
	CDS_INIT_LIST_HEAD(&chan->recorders);
	ust_lock();
	cds_list_add_tail(&chan->node, &channels);
	ust_unlock();
	*out = chan;
	return 0;
}

void ust_channel_destroy(struct ust_channel *chan)
{
	struct ust_event_rule *rule, *tmp_rule;
	struct ust_recorder *rec, *tmp_rec;

	ust_lock();
	cds_list_for_each_entry_safe(rec, tmp_rec, &chan->recorders, node)
		ust_recorder_destroy(rec);
	cds_list_for_each_entry_safe(rule, tmp_rule, &chan->rules, node) {
		cds_list_del(&rule->node);
		ust_event_rule_free(rule);
	}
	cds_list_del(&chan->node);
	ust_unlock();
	ust_ctx_set_destroy(chan->contexts);
	free(chan);
}

int ust_channel_add_context(struct ust_channel *chan,
			    const struct ust_context_desc *desc)
{
	int ret;

	ust_lock();
	if (!cds_list_empty(&chan->rules))
		ret = -EBUSY;
	else
		ret = ust_ctx_set_add(chan->contexts, desc);
	ust_unlock();
	return ret;
}

static struct ust_recorder *
recorder_of(struct ust_channel *chan, const struct lttng_ust_event_desc *desc)
{
	struct ust_recorder *rec;

	cds_list_for_each_entry(rec, &chan->recorders, node)
		if (rec->pub.desc == desc)
			return rec;
	return NULL;
}

struct ust_recorder *ust_channel_find_recorder(struct ust_channel *chan,
					       const char *full_name)
{
	char name[UST_EVENT_NAME_MAX];
	struct ust_recorder *rec;
	struct ust_recorder *found = NULL;

	ust_lock();
	cds_list_for_each_entry(rec, &chan->recorders, node) {
		ust_event_full_name(rec->pub.desc, name);
		if (!strcmp(name, full_name)) {
			found = rec;
			break;
		}
	}
	ust_unlock();
	return found;
}

/*
 * The enabled rules of chan matching desc, into a malloc'd *out, and
 * whether one of them has no filter (*unfiltered). Returns the count
 * of rules matching desc, enabled or not (-ENOMEM on failure).
 */
static int matching_rules(struct ust_channel *chan,
			  const struct lttng_ust_event_desc *desc,
			  struct ust_event_rule ***out, size_t *nr_enabled,
			  int *unfiltered)
{
	struct ust_event_rule *rule, **enabled = NULL;
	int matched = 0;
	size_t n = 0;

	cds_list_for_each_entry(rule, &chan->rules, node)
		n++;
	if (n && !(enabled = calloc(n, sizeof(*enabled))))
		return -ENOMEM;
	n = 0;
	*unfiltered = 0;
	cds_list_for_each_entry(rule, &chan->rules, node) {
		if (!ust_event_rule_matches(rule, desc))
			continue;
		matched++;
		if (!rule->enabled)
			continue;
		enabled[n++] = rule;
		*unfiltered |= !rule->filter;
	}
	*out = enabled;
	*nr_enabled = n;
	return matched;
}

static void sync_event(const struct lttng_ust_event_desc *desc, void *priv)
{
	struct ust_channel *chan = priv;
	struct ust_event_rule **enabled;
	struct ust_recorder *rec;
	size_t nr_enabled;
	int matched, unfiltered;

	matched = matching_rules(chan, desc, &enabled, &nr_enabled,
				 &unfiltered);
	if (matched < 0) {
		ust_log("event %s:%s: out of memory", desc->provider_name,
			desc->event_name);
		return;
	}
	rec = recorder_of(chan, desc);
	if (!matched) {
		if (rec)
			ust_recorder_destroy(rec);
		free(enabled);
		return;
	}
	if (!rec)
		rec = ust_recorder_create(chan, desc);
	if (rec) {
		/* Filters first: an enabled recorder never records what
		 * its rules' filters reject. */
		if (nr_enabled && ust_event_filter_update(
					  rec, enabled,
					  unfiltered ? 0 : nr_enabled))
			nr_enabled = 0; /* cannot filter: do not record */
		ust_recorder_set_enabled(rec, nr_enabled > 0);
		if (!nr_enabled)
			ust_event_filter_update(rec, NULL, 0);
	}
	free(enabled);
}

void ust_channel_sync_locked(struct ust_channel *chan)
{
	ust_registry_for_each_event_locked(sync_event, chan);
}

void ust_channels_sync_all_locked(void)
{
	struct ust_channel *chan;

	cds_list_for_each_entry(chan, &channels, node)
		ust_channel_sync_locked(chan);
}

static int desc_of_provider(const struct lttng_ust_probe_desc *provider,
			    const struct lttng_ust_event_desc *desc)
{
	unsigned int i;

	for (i = 0; i < provider->nr_events; i++)
		if (provider->event_descs[i] == desc)
			return 1;
	return 0;
}

void ust_channels_drop_provider_locked(const struct lttng_ust_probe_desc *desc)
{
	struct ust_recorder *rec, *tmp;
	struct ust_channel *chan;

	cds_list_for_each_entry(chan, &channels, node)
		cds_list_for_each_entry_safe(rec, tmp, &chan->recorders, node)
			if (desc_of_provider(desc, rec->pub.desc))
				ust_recorder_destroy(rec);
}

void ust_channel_set_event_id_source(struct ust_channel *chan,
				     ust_event_id_fn fn)
{
	ust_lock();
	chan->event_id = fn;
	ust_unlock();
}
