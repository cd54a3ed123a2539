/*
 * Log level rules: "exactly this level" or "this level or a more severe
 * one", the condition on an event's log level that the event rules of
 * the user and agent domains take. Values are LTTng's.
 */
#ifndef LTTNG_LOG_LEVEL_RULE_H
#define LTTNG_LOG_LEVEL_RULE_H

#ifdef __cplusplus
extern "C" {
#endif

struct lttng_log_level_rule;

enum lttng_log_level_rule_type {
	LTTNG_LOG_LEVEL_RULE_TYPE_UNKNOWN = -1,
	LTTNG_LOG_LEVEL_RULE_TYPE_EXACTLY = 0,
	LTTNG_LOG_LEVEL_RULE_TYPE_AT_LEAST_AS_SEVERE_AS = 1,
};

enum lttng_log_level_rule_status {
	LTTNG_LOG_LEVEL_RULE_STATUS_OK = 0,
	LTTNG_LOG_LEVEL_RULE_STATUS_ERROR = -1,
	LTTNG_LOG_LEVEL_RULE_STATUS_INVALID = -3,
};

/* The rule's type; LTTNG_LOG_LEVEL_RULE_TYPE_UNKNOWN for NULL. */
enum lttng_log_level_rule_type
lttng_log_level_rule_get_type(const struct lttng_log_level_rule *rule);

/*
 * A rule matching `level` only (any integer: the domain gives it a
 * meaning), or NULL when out of memory. The caller owns it.
 */
struct lttng_log_level_rule *lttng_log_level_rule_exactly_create(int level);

/*
 * Sets *level for an "exactly" rule; LTTNG_LOG_LEVEL_RULE_STATUS_INVALID
 * (and *level untouched) for NULL arguments or another type of rule.
 */
enum lttng_log_level_rule_status
lttng_log_level_rule_exactly_get_level(const struct lttng_log_level_rule *rule,
				       int *level);

/* A rule matching `level` and the more severe levels, or NULL. */
struct lttng_log_level_rule *
lttng_log_level_rule_at_least_as_severe_as_create(int level);

/* As lttng_log_level_rule_exactly_get_level(), for this type. */
enum lttng_log_level_rule_status
lttng_log_level_rule_at_least_as_severe_as_get_level(
	const struct lttng_log_level_rule *rule, int *level);

/* Frees the rule; NULL is ignored. */
void lttng_log_level_rule_destroy(struct lttng_log_level_rule *log_level_rule);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_LOG_LEVEL_RULE_H */
