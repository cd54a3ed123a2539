/*
 * MI elements of recording event rules: the names MI gives event types,
 * log levels and log level types, and the <event> element of a listed
 * rule. LTTng writes an empty <exclusions/> before the list of
 * exclusion names (itself an <exclusions> element when there are any).
 */
#include <stddef.h>
#include <stdint.h>

#include "mi-command.h"
#include "mi-event.h"
#include "util/lttng-names.h"

struct level_name {
	int value;
	const char *name;
};

static const struct level_name ust_levels[] = {
	{LTTNG_LOGLEVEL_EMERG, "TRACE_EMERG"},
	{LTTNG_LOGLEVEL_ALERT, "TRACE_ALERT"},
	{LTTNG_LOGLEVEL_CRIT, "TRACE_CRIT"},
	{LTTNG_LOGLEVEL_ERR, "TRACE_ERR"},
	{LTTNG_LOGLEVEL_WARNING, "TRACE_WARNING"},
	{LTTNG_LOGLEVEL_NOTICE, "TRACE_NOTICE"},
	{LTTNG_LOGLEVEL_INFO, "TRACE_INFO"},
	{LTTNG_LOGLEVEL_DEBUG_SYSTEM, "TRACE_DEBUG_SYSTEM"},
	{LTTNG_LOGLEVEL_DEBUG_PROGRAM, "TRACE_DEBUG_PROGRAM"},
	{LTTNG_LOGLEVEL_DEBUG_PROCESS, "TRACE_DEBUG_PROCESS"},
	{LTTNG_LOGLEVEL_DEBUG_MODULE, "TRACE_DEBUG_MODULE"},
	{LTTNG_LOGLEVEL_DEBUG_UNIT, "TRACE_DEBUG_UNIT"},
	{LTTNG_LOGLEVEL_DEBUG_FUNCTION, "TRACE_DEBUG_FUNCTION"},
	{LTTNG_LOGLEVEL_DEBUG_LINE, "TRACE_DEBUG_LINE"},
	{LTTNG_LOGLEVEL_DEBUG, "TRACE_DEBUG"},
	{0, NULL},
};

static const struct level_name jul_levels[] = {
	{INT32_MAX, "JUL_OFF"},
	{1000, "JUL_SEVERE"},
	{900, "JUL_WARNING"},
	{800, "JUL_INFO"},
	{700, "JUL_CONFIG"},
	{500, "JUL_FINE"},
	{400, "JUL_FINER"},
	{300, "JUL_FINEST"},
	{INT32_MIN, "JUL_ALL"},
	{-1, "JUL_ALL"},
	{0, NULL},
};

static const struct level_name log4j_levels[] = {
	{INT32_MAX, "LOG4J_OFF"}, {50000, "LOG4J_FATAL"},
	{40000, "LOG4J_ERROR"},	  {30000, "LOG4J_WARN"},
	{20000, "LOG4J_INFO"},	  {10000, "LOG4J_DEBUG"},
	{5000, "LOG4J_TRACE"},	  {INT32_MIN, "LOG4J_ALL"},
	{-1, "LOG4J_ALL"},	  {0, NULL},
};

static const struct level_name python_levels[] = {
	{50, "PYTHON_CRITICAL"},
	{40, "PYTHON_ERROR"},
	{30, "PYTHON_WARNING"},
	{20, "PYTHON_INFO"},
	{10, "PYTHON_DEBUG"},
	{0, "PYTHON_NOTSET"},
	{0, NULL},
};

static const char *lookup(const struct level_name *levels, int value)
{
	for (; levels->name; levels++) {
		if (levels->value == value)
			return levels->name;
	}
	return "<<UNKNOWN>>";
}

const char *mi_loglevel_name(enum lttng_domain_type domain, int loglevel)
{
	switch (domain) {
	case LTTNG_DOMAIN_JUL:
		return lookup(jul_levels, loglevel);
	case LTTNG_DOMAIN_LOG4J:
		return lookup(log4j_levels, loglevel);
	case LTTNG_DOMAIN_PYTHON:
		/* LTTng's Python "all" level is shown as its lowest. */
		return loglevel == -1 ? "PYTHON_DEBUG"
				      : lookup(python_levels, loglevel);
	default:
		return lookup(ust_levels, loglevel);
	}
}

const char *mi_loglevel_type_name(enum lttng_loglevel_type type)
{
	return lttng_names_loglevel_type(type);
}

const char *mi_event_type_name(enum lttng_event_type type)
{
	const char *name = lttng_names_event_type(type);

	return name ? name : "";
}

static void write_exclusions(struct mi_writer *mi, struct lttng_event *event)
{
	int count = lttng_event_get_exclusion_name_count(event), i;

	mi_writer_open(mi, "exclusions");
	mi_writer_close(mi);
	if (count <= 0)
		return;
	mi_writer_open(mi, "exclusions");
	for (i = 0; i < count; i++) {
		const char *name = "";

		lttng_event_get_exclusion_name(event, i, &name);
		mi_writer_string(mi, "exclusion", name);
	}
	mi_writer_close(mi);
}

/*
 * A kernel probe's location (its address, or its symbol and offset) or
 * a function's symbol, as <attributes>.
 */
static void write_attributes(struct mi_writer *mi,
			     const struct lttng_event *event)
{
	if (event->type == LTTNG_EVENT_PROBE) {
		mi_writer_open(mi, "attributes");
		mi_writer_open(mi, "probe_attributes");
		if (event->attr.probe.addr) {
			mi_writer_uint(mi, "address", event->attr.probe.addr);
		} else {
			mi_writer_string(mi, "symbol_name",
					 event->attr.probe.symbol_name);
			mi_writer_uint(mi, "offset", event->attr.probe.offset);
		}
		mi_writer_close_to(mi, mi->depth - 2);
	} else if (event->type == LTTNG_EVENT_FUNCTION ||
		   event->type == LTTNG_EVENT_FUNCTION_ENTRY) {
		mi_writer_open(mi, "attributes");
		mi_writer_open(mi, "function_attributes");
		mi_writer_string(mi, "symbol_name",
				 event->attr.ftrace.symbol_name);
		mi_writer_close_to(mi, mi->depth - 2);
	}
}

/*
 * Tracepoints and system calls are written with their log level and
 * exclusions (as LTTng's enable-event shows them); probes and functions
 * with their location; "all events" with neither.
 */
static bool has_tracepoint_form(enum lttng_event_type type)
{
	return type == LTTNG_EVENT_TRACEPOINT || type == LTTNG_EVENT_SYSCALL;
}

static bool is_agent_domain(enum lttng_domain_type domain)
{
	return domain == LTTNG_DOMAIN_JUL || domain == LTTNG_DOMAIN_LOG4J ||
	       domain == LTTNG_DOMAIN_PYTHON;
}

/*
 * Log level and its type: always for agent domains, else when set. A
 * kernel rule's level is LTTng's unset one, 0 with type "ALL".
 */
static void write_loglevel(struct mi_writer *mi, enum lttng_domain_type domain,
			   const struct lttng_event *event)
{
	if (domain == LTTNG_DOMAIN_KERNEL) {
		mi_writer_string(mi, "loglevel", mi_loglevel_name(domain, 0));
		mi_writer_string(
			mi, "loglevel_type",
			mi_loglevel_type_name(LTTNG_EVENT_LOGLEVEL_ALL));
		return;
	}
	if (event->loglevel == -1 && !is_agent_domain(domain))
		return;
	mi_writer_string(mi, "loglevel",
			 mi_loglevel_name(domain, event->loglevel));
	mi_writer_string(mi, "loglevel_type",
			 mi_loglevel_type_name(event->loglevel_type));
}

void mi_event_write_listed(struct mi_writer *mi, enum lttng_domain_type domain,
			   struct lttng_event *event)
{
	const char *filter = NULL;

	mi_writer_open(mi, "event");
	mi_writer_string(mi, "name", event->name);
	mi_writer_string(mi, "type", mi_event_type_name(event->type));
	mi_writer_bool(mi, "enabled", event->enabled == 1);
	lttng_event_get_filter_expression(event, &filter);
	if (filter)
		mi_writer_string(mi, "filter_expression", filter);
	if (has_tracepoint_form(event->type)) {
		write_loglevel(mi, domain, event);
		write_exclusions(mi, event);
	} else {
		write_attributes(mi, event);
	}
	mi_writer_close(mi);
}

void mi_event_list_begin(const char *command)
{
	mi_writer_open(mi_command_begin(command), "events");
}

/* The empty <exclusions/>, then the names given, as LTTng writes them. */
static void write_exclusion_names(struct mi_writer *mi, char *const *exclusions,
				  int count)
{
	int i;

	mi_writer_open(mi, "exclusions");
	mi_writer_close(mi);
	if (count <= 0)
		return;
	mi_writer_open(mi, "exclusions");
	for (i = 0; i < count; i++)
		mi_writer_string(mi, "exclusion", exclusions[i]);
	mi_writer_close(mi);
}

void mi_event_add_enabled(enum lttng_domain_type domain,
			  const struct lttng_event *event,
			  char *const *exclusions, int exclusion_count,
			  bool success)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, "event");
	mi_writer_string(mi, "name", event->name);
	mi_writer_string(mi, "type", mi_event_type_name(event->type));
	mi_writer_bool(mi, "enabled", success);
	if (has_tracepoint_form(event->type)) {
		write_loglevel(mi, domain, event);
		write_exclusion_names(mi, exclusions, exclusion_count);
	} else {
		write_attributes(mi, event);
	}
	mi_writer_bool(mi, "success", success);
	mi_writer_close(mi);
}

void mi_event_list_end(bool aborted, bool success)
{
	struct mi_writer *mi = mi_command_writer();

	if (!aborted) {
		mi_command_end(success ? MI_SUCCESS_TRUE : MI_SUCCESS_FALSE);
		return;
	}
	mi_writer_close(mi);
	mi_writer_bool(mi, "success", false);
	mi_command_end(MI_SUCCESS_OMIT);
}

void mi_event_disable_begin(const char *channel)
{
	struct mi_writer *mi = mi_command_begin("disable-event");

	mi_writer_open(mi, "channel");
	mi_writer_string(mi, "name", channel);
	mi_writer_open(mi, "events");
}

void mi_event_add_disabled(const char *name, bool success)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, "event");
	mi_writer_string(mi, "name", name);
	mi_writer_bool(mi, "enabled", !success);
	mi_writer_bool(mi, "success", success);
	mi_writer_close(mi);
}
