/*
 * Log level rules (lttng/log-level-rule.h): a type and a level, owned
 * by the caller until handed to an event rule.
 */
#include <stdlib.h>

#include "ctl-internal.h"

struct lttng_log_level_rule {
	enum lttng_log_level_rule_type type;
	int level;
};

static struct lttng_log_level_rule *
log_level_rule_create(enum lttng_log_level_rule_type type, int level)
{
	struct lttng_log_level_rule *rule = malloc(sizeof(*rule));

	if (!rule)
		return NULL;
	rule->type = type;
	rule->level = level;
	return rule;
}

/* The level of a rule of the given type, or ..._STATUS_INVALID. */
static enum lttng_log_level_rule_status
log_level_rule_get_level(const struct lttng_log_level_rule *rule,
			 enum lttng_log_level_rule_type type, int *level)
{
	if (!rule || !level || rule->type != type)
		return LTTNG_LOG_LEVEL_RULE_STATUS_INVALID;
	*level = rule->level;
	return LTTNG_LOG_LEVEL_RULE_STATUS_OK;
}

LTTNG_API enum lttng_log_level_rule_type
lttng_log_level_rule_get_type(const struct lttng_log_level_rule *rule)
{
	return rule ? rule->type : LTTNG_LOG_LEVEL_RULE_TYPE_UNKNOWN;
}

LTTNG_API struct lttng_log_level_rule *
lttng_log_level_rule_exactly_create(int level)
{
	return log_level_rule_create(LTTNG_LOG_LEVEL_RULE_TYPE_EXACTLY, level);
}

LTTNG_API enum lttng_log_level_rule_status
lttng_log_level_rule_exactly_get_level(const struct lttng_log_level_rule *rule,
				       int *level)
{
	return log_level_rule_get_level(rule, LTTNG_LOG_LEVEL_RULE_TYPE_EXACTLY,
					level);
}

LTTNG_API struct lttng_log_level_rule *
lttng_log_level_rule_at_least_as_severe_as_create(int level)
{
	return log_level_rule_create(
		LTTNG_LOG_LEVEL_RULE_TYPE_AT_LEAST_AS_SEVERE_AS, level);
}

LTTNG_API enum lttng_log_level_rule_status
lttng_log_level_rule_at_least_as_severe_as_get_level(
	const struct lttng_log_level_rule *rule, int *level)
{
	return log_level_rule_get_level(
		rule, LTTNG_LOG_LEVEL_RULE_TYPE_AT_LEAST_AS_SEVERE_AS, level);
}

LTTNG_API void lttng_log_level_rule_destroy(struct lttng_log_level_rule *rule)
{
	free(rule);
}
