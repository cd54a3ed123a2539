/*
 * liblttng-ust: recording event rules of user space channels
 * (lttng-enable-event(1) --userspace): an event name pattern, exclusion
 * patterns and a log level condition. A rule belongs to one channel and
 * is enabled when created; channel.c turns rules into event recorders.
 */
#ifndef UST_EVENT_RULE_H
#define UST_EVENT_RULE_H

#include <stddef.h>

#include <lttng/ust-events.h>
#include <urcu/list.h>

#include "common/ust-log.h"
#include "event-match.h"

struct ust_channel;

struct ust_event_rule_attr {
	const char *pattern;		 /* "provider:event" glob */
	const char *const *exclusions; /* globs of full names */
	size_t nr_exclusions;
	enum ust_loglevel_type loglevel_type;
	int loglevel; /* for RANGE and SINGLE: 0 (EMERG) to 14 (DEBUG) */
};

struct ust_event_rule {
	struct ust_channel *chan;
	char *pattern;
	char **exclusions;
	size_t nr_exclusions;
	enum ust_loglevel_type loglevel_type;
	int loglevel;
	int enabled;
	struct cds_list_head node; /* in chan->rules */
};

/*
 * Creates an enabled rule in `chan` and attaches it to every matching
 * registered event (and to events registered later). Returns 0 and sets
 * *rule, -EINVAL for an empty or too long pattern or exclusion or an
 * out-of-range log level, -ENOMEM.
 */
UST_API int ust_event_rule_create(struct ust_channel *chan,
				  const struct ust_event_rule_attr *attr,
				  struct ust_event_rule **rule);

/* Start or stop recording what the rule matches. Return 0. */
UST_API int ust_event_rule_enable(struct ust_event_rule *rule);
UST_API int ust_event_rule_disable(struct ust_event_rule *rule);

/* Removes the rule; events only it matched lose their recorders. */
UST_API void ust_event_rule_destroy(struct ust_event_rule *rule);

/* Whether the rule (enabled or not) matches the event. */
int ust_event_rule_matches(const struct ust_event_rule *rule,
			   const struct lttng_ust_event_desc *desc);

/* Frees a rule already unlinked from its channel (channel.c). */
void ust_event_rule_free(struct ust_event_rule *rule);

#endif /* UST_EVENT_RULE_H */
