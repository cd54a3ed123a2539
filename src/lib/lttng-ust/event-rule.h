/*
 * liblttng-ust: recording event rules of user space channels
 * (lttng-enable-event(1) --userspace): an event name pattern, exclusion
 * patterns, a log level condition and an optional filter (bytecode
 * compiled by the client, filter/bytecode.h). A rule belongs to one
 * channel and is enabled when created; channel.c turns rules into event
 * recorders, which link the filter against each matched event.
 */
#ifndef UST_EVENT_RULE_H
#define UST_EVENT_RULE_H

#include <stddef.h>
#include <stdint.h>

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
	const uint8_t *filter; /* bytecode, NULL: no filter */
	size_t filter_len;
};

struct ust_event_rule {
	struct ust_channel *chan;
	char *pattern;
	char **exclusions;
	size_t nr_exclusions;
	enum ust_loglevel_type loglevel_type;
	int loglevel;
	uint8_t *filter; /* validated bytecode, NULL: no filter */
	size_t filter_len;
	int enabled;
	struct cds_list_head node; /* in chan->rules */
};

/*
 * Creates an enabled rule in `chan` and attaches it to every matching
 * registered event (and to events registered later). Returns 0 and sets
 * *rule, -EINVAL for an empty or too long pattern or exclusion, an
 * out-of-range log level or filter bytecode that does not validate,
 * -ENOMEM.
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
