/*
 * Implementation of loglevel.h: one name table per domain.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "loglevel.h"

struct level_name {
	const char *name;
	int value;
};

static const struct level_name ust_levels[] = {
	{"EMERG", LTTNG_LOGLEVEL_EMERG},
	{"ALERT", LTTNG_LOGLEVEL_ALERT},
	{"CRIT", LTTNG_LOGLEVEL_CRIT},
	{"ERR", LTTNG_LOGLEVEL_ERR},
	{"WARNING", LTTNG_LOGLEVEL_WARNING},
	{"NOTICE", LTTNG_LOGLEVEL_NOTICE},
	{"INFO", LTTNG_LOGLEVEL_INFO},
	{"DEBUG_SYSTEM", LTTNG_LOGLEVEL_DEBUG_SYSTEM},
	{"DEBUG_PROGRAM", LTTNG_LOGLEVEL_DEBUG_PROGRAM},
	{"DEBUG_PROCESS", LTTNG_LOGLEVEL_DEBUG_PROCESS},
	{"DEBUG_MODULE", LTTNG_LOGLEVEL_DEBUG_MODULE},
	{"DEBUG_UNIT", LTTNG_LOGLEVEL_DEBUG_UNIT},
	{"DEBUG_FUNCTION", LTTNG_LOGLEVEL_DEBUG_FUNCTION},
	{"DEBUG_LINE", LTTNG_LOGLEVEL_DEBUG_LINE},
	{"DEBUG", LTTNG_LOGLEVEL_DEBUG},
	{NULL, 0},
};

static const struct level_name jul_levels[] = {
	{"OFF", INT32_MAX}, {"SEVERE", 1000}, {"WARNING", 900}, {"INFO", 800},
	{"CONFIG", 700},    {"FINE", 500},    {"FINER", 400},	{"FINEST", 300},
	{"ALL", INT32_MIN}, {NULL, 0},
};

static const struct level_name log4j_levels[] = {
	{"OFF", INT32_MAX}, {"FATAL", 50000},	{"ERROR", 40000},
	{"WARN", 30000},    {"INFO", 20000},	{"DEBUG", 10000},
	{"TRACE", 5000},    {"ALL", INT32_MIN}, {NULL, 0},
};

static const struct level_name python_levels[] = {
	{"CRITICAL", 50}, {"ERROR", 40}, {"WARNING", 30}, {"INFO", 20},
	{"DEBUG", 10},	  {"NOTSET", 0}, {NULL, 0},
};

static int lookup(const struct level_name *table, const char *prefix,
		  const char *name)
{
	size_t len = strlen(prefix);

	if (!strncasecmp(name, prefix, len))
		name += len;
	for (; table->name; table++) {
		if (!strcasecmp(table->name, name))
			return table->value;
	}
	return -1;
}

int loglevel_parse(enum lttng_domain_type domain, const char *name)
{
	if (!name || !*name)
		return -1;
	switch (domain) {
	case LTTNG_DOMAIN_UST:
		return lookup(ust_levels, "TRACE_", name);
	case LTTNG_DOMAIN_JUL:
		return lookup(jul_levels, "JUL_", name);
	case LTTNG_DOMAIN_LOG4J:
		return lookup(log4j_levels, "LOG4J_", name);
	case LTTNG_DOMAIN_PYTHON:
		return lookup(python_levels, "PYTHON_", name);
	default:
		return -1;
	}
}
