/*
 * liblttng-ust: glob and log level matching for recording event rules.
 * The glob matcher backtracks only to the last `*`, so it is linear in
 * practice and never recursive.
 */
#include <assert.h>
#include <stddef.h>

#include "event-match.h"

/* Whether pattern character *p matches c; advances past an escape. */
static int char_matches(const char **p, char c)
{
	if (**p == '\\' && (*p)[1])
		(*p)++;
	return **p == c;
}

int ust_match_name(const char *pattern, const char *name)
{
	const char *star = NULL;   /* pattern just after the last `*` */
	const char *resume = NULL; /* name where that `*` matching goes on */
	const char *p = pattern;
	const char *n = name;

	assert(pattern && name);
	while (*n) {
		const char *q = p;

		if (*p == '*') {
			star = ++p;
			resume = n;
			continue;
		}
		if (*p && char_matches(&q, *n)) {
			p = q + 1;
			n++;
			continue;
		}
		if (!star)
			return 0;
		p = star;
		n = ++resume;
	}
	while (*p == '*')
		p++;
	return *p == '\0';
}

int ust_match_loglevel(enum ust_loglevel_type type, int level, int event_level)
{
	switch (type) {
	case UST_LOGLEVEL_ALL:
		return 1;
	case UST_LOGLEVEL_RANGE:
		return event_level <= level;
	case UST_LOGLEVEL_SINGLE:
		return event_level == level;
	}
	assert(0 && "unknown log level condition");
	return 0;
}
