/*
 * liblttng-ust: the matching rules of recording event rules
 * (lttng-enable-event(1)): event name globs and log level conditions.
 * Pure functions; used by event-rule.c and tested by table.
 */
#ifndef UST_EVENT_MATCH_H
#define UST_EVENT_MATCH_H

/* The log level condition of a recording event rule. */
enum ust_loglevel_type {
	UST_LOGLEVEL_ALL,    /* no --loglevel option */
	UST_LOGLEVEL_RANGE,  /* --loglevel=X: X or more severe */
	UST_LOGLEVEL_SINGLE, /* --loglevel-only=X: exactly X */
};

/*
 * Whether `name` matches the globbing pattern: `*` matches any run of
 * characters (also empty), `\` makes the next character literal.
 */
int ust_match_name(const char *pattern, const char *name);

/*
 * Whether an event of log level `event_level` satisfies the condition
 * (type, level). Lower values are more severe (EMERG is 0).
 */
int ust_match_loglevel(enum ust_loglevel_type type, int level,
		       int event_level);

#endif /* UST_EVENT_MATCH_H */
