/*
 * liblttng-ust: recording event rule life cycle and matching. A rule
 * matches an event when the pattern matches "provider:event", no
 * exclusion does, and the event's log level satisfies the condition.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/tracepoint.h>

#include "channel.h"
#include "filter/validator.h"
#include "event-rule.h"
#include "probe-registry.h"
#include "tracer.h"

int ust_event_rule_matches(const struct ust_event_rule *rule,
			   const struct lttng_ust_event_desc *desc)
{
	char name[UST_EVENT_NAME_MAX];
	size_t i;

	if (!ust_match_loglevel(rule->loglevel_type, rule->loglevel,
				desc->loglevel))
		return 0;
	ust_event_full_name(desc, name);
	if (!ust_match_name(rule->pattern, name))
		return 0;
	for (i = 0; i < rule->nr_exclusions; i++)
		if (ust_match_name(rule->exclusions[i], name))
			return 0;
	return 1;
}

static int name_is_valid(const char *what, const char *name)
{
	if (name && *name && strlen(name) < UST_EVENT_NAME_MAX)
		return 1;
	ust_log("event rule: invalid %s \"%s\"", what, name ? name : "(null)");
	return 0;
}

static int filter_check(const struct ust_event_rule_attr *attr)
{
	char msg[128];

	if (!filter_validate(attr->filter, attr->filter_len, msg, sizeof(msg)))
		return 0;
	ust_log("event rule %s: invalid filter bytecode: %s", attr->pattern,
		msg);
	return -EINVAL;
}

static int attr_check(const struct ust_event_rule_attr *attr)
{
	size_t i;

	if (!name_is_valid("pattern", attr->pattern))
		return -EINVAL;
	for (i = 0; i < attr->nr_exclusions; i++)
		if (!name_is_valid("exclusion", attr->exclusions[i]))
			return -EINVAL;
	if (attr->filter && filter_check(attr))
		return -EINVAL;
	switch (attr->loglevel_type) {
	case UST_LOGLEVEL_ALL:
		return 0;
	case UST_LOGLEVEL_RANGE:
	case UST_LOGLEVEL_SINGLE:
		if (attr->loglevel >= LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG &&
		    attr->loglevel <= LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG)
			return 0;
		ust_log("event rule %s: invalid log level %d", attr->pattern,
			attr->loglevel);
		return -EINVAL;
	}
	ust_log("event rule %s: unknown log level condition %d", attr->pattern,
		(int)attr->loglevel_type);
	return -EINVAL;
}

void ust_event_rule_free(struct ust_event_rule *rule)
{
	size_t i;

	for (i = 0; i < rule->nr_exclusions; i++)
		free(rule->exclusions[i]);
	free(rule->exclusions);
	free(rule->pattern);
	free(rule->filter);
	free(rule);
}

static struct ust_event_rule *rule_alloc(const struct ust_event_rule_attr *attr)
{
	struct ust_event_rule *rule;
	size_t i;

	rule = calloc(1, sizeof(*rule));
	if (!rule)
		return NULL;
	rule->pattern = strdup(attr->pattern);
	if (attr->nr_exclusions)
		rule->exclusions =
			calloc(attr->nr_exclusions, sizeof(*rule->exclusions));
	if (!rule->pattern || (attr->nr_exclusions && !rule->exclusions)) {
		ust_event_rule_free(rule);
		return NULL;
	}
	for (i = 0; i < attr->nr_exclusions; i++) {
		rule->exclusions[i] = strdup(attr->exclusions[i]);
		rule->nr_exclusions++;
		if (!rule->exclusions[i]) {
			ust_event_rule_free(rule);
			return NULL;
		}
	}
	if (attr->filter) {
		rule->filter = malloc(attr->filter_len);
		if (!rule->filter) {
			ust_event_rule_free(rule);
			return NULL;
		}
		memcpy(rule->filter, attr->filter, attr->filter_len);
		rule->filter_len = attr->filter_len;
	}
	rule->loglevel_type = attr->loglevel_type;
	rule->loglevel = attr->loglevel;
	rule->enabled = 1;
	return rule;
}

int ust_event_rule_create(struct ust_channel *chan,
			  const struct ust_event_rule_attr *attr,
			  struct ust_event_rule **out)
{
	struct ust_event_rule *rule;
	int ret;

	ret = attr_check(attr);
	if (ret)
		return ret;
	rule = rule_alloc(attr);
	if (!rule) {
		ust_log("event rule %s: out of memory", attr->pattern);
		return -ENOMEM;
	}
	ust_lock();
	rule->chan = chan;
	cds_list_add_tail(&rule->node, &chan->rules);
	ust_channel_sync_locked(chan);
	ust_unlock();
	*out = rule;
	return 0;
}

static int rule_set_enabled(struct ust_event_rule *rule, int enabled)
{
	ust_lock();
	rule->enabled = enabled;
	ust_channel_sync_locked(rule->chan);
	ust_unlock();
	return 0;
}

int ust_event_rule_enable(struct ust_event_rule *rule)
{
	return rule_set_enabled(rule, 1);
}

int ust_event_rule_disable(struct ust_event_rule *rule)
{
	return rule_set_enabled(rule, 0);
}

void ust_event_rule_destroy(struct ust_event_rule *rule)
{
	struct ust_channel *chan = rule->chan;

	ust_lock();
	cds_list_del(&rule->node);
	ust_channel_sync_locked(chan);
	ust_unlock();
	ust_event_rule_free(rule);
}
