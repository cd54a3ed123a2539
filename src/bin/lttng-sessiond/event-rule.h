/*
 * Recording event rules of a channel: name pattern, log level condition,
 * filter expression and exclusions, and whether the rule is enabled.
 * Two rules are the same rule when all their conditions are equal.
 * A filter is kept twice: the user's expression (for `lttng list` and
 * rule identity) and the bytecode the client compiled from it
 * (spec.bytecode, validated on receipt), which UST_CMD_RULE_CREATE
 * sends to the applications as ust_rule_desc.bytecode.
 */
#ifndef SESSIOND_EVENT_RULE_H
#define SESSIOND_EVENT_RULE_H

#include <stdbool.h>

#include "sessiond-comm/codec.h"

struct event_rule {
	uint64_t id;	       /* unique in the daemon: the apps' rule id */
	struct lsc_event spec; /* owns filter, bytecode and exclusions */
	struct event_rule *next;
};

/* The rule of list with exactly spec's conditions, or NULL. */
struct event_rule *event_rule_find(struct event_rule *list,
				   const struct lsc_event *spec);

/* Append an enabled copy of spec to *list. LTTNG_OK or LTTNG_ERR_NOMEM. */
int event_rule_add(struct event_rule **list, const struct lsc_event *spec);

/*
 * Disable every rule named name (every rule when name is ""). Returns
 * the number of rules the name matched.
 */
unsigned int event_rule_disable(struct event_rule *list, const char *name);

void event_rule_destroy_all(struct event_rule *list);

/* Whether name is a '*' pattern (exclusions only apply to those). */
bool event_rule_name_is_pattern(const char *name);

#endif /* SESSIOND_EVENT_RULE_H */
