/*
 * lttng enable-event: create or enable recording event rules, one per
 * comma-separated name (or "*" with --all), with an optional log level
 * condition, filter expression and, for user space '*' patterns, name
 * exclusions. Messages and exit codes are LTTng 2.13's: the exit code
 * is the LTTNG_ERR_* code of the last rule that failed.
 */
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-event.h"
#include "../utils.h"
#include "loglevel.h"

enum {
	OPT_SESSION = 3,
	OPT_ALL,
	OPT_CHANNEL,
	OPT_KERNEL,
	OPT_USERSPACE,
	OPT_JUL,
	OPT_LOG4J,
	OPT_PYTHON,
	OPT_TRACEPOINT,
	OPT_PROBE,
	OPT_USERSPACE_PROBE,
	OPT_FUNCTION,
	OPT_SYSCALL,
	OPT_LOGLEVEL,
	OPT_LOGLEVEL_ONLY,
	OPT_FILTER,
	OPT_EXCLUDE,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	{"all", 'a', POPT_ARG_NONE, NULL, OPT_ALL, NULL, NULL},
	{"channel", 'c', POPT_ARG_STRING, NULL, OPT_CHANNEL, NULL, NULL},
	{"kernel", 'k', POPT_ARG_NONE, NULL, OPT_KERNEL, NULL, NULL},
	{"userspace", 'u', POPT_ARG_NONE, NULL, OPT_USERSPACE, NULL, NULL},
	{"jul", 'j', POPT_ARG_NONE, NULL, OPT_JUL, NULL, NULL},
	{"log4j", 'l', POPT_ARG_NONE, NULL, OPT_LOG4J, NULL, NULL},
	{"python", 'p', POPT_ARG_NONE, NULL, OPT_PYTHON, NULL, NULL},
	{"tracepoint", 0, POPT_ARG_NONE, NULL, OPT_TRACEPOINT, NULL, NULL},
	{"probe", 0, POPT_ARG_STRING, NULL, OPT_PROBE, NULL, NULL},
	{"userspace-probe", 0, POPT_ARG_STRING, NULL, OPT_USERSPACE_PROBE, NULL,
	 NULL},
	{"function", 0, POPT_ARG_STRING, NULL, OPT_FUNCTION, NULL, NULL},
	{"syscall", 0, POPT_ARG_NONE, NULL, OPT_SYSCALL, NULL, NULL},
	{"loglevel", 0, POPT_ARG_STRING, NULL, OPT_LOGLEVEL, NULL, NULL},
	{"loglevel-only", 0, POPT_ARG_STRING, NULL, OPT_LOGLEVEL_ONLY, NULL,
	 NULL},
	CLI_LIST_OPTIONS_OPTION,
	{"filter", 'f', POPT_ARG_STRING, NULL, OPT_FILTER, NULL, NULL},
	{"exclude", 'x', POPT_ARG_STRING, NULL, OPT_EXCLUDE, NULL, NULL},
	POPT_TABLEEND,
};

struct event_opts {
	char *session, *channel, *filter, *exclude, *loglevel;
	char *probe; /* --probe, --function, --userspace-probe location */
	int all;
	int domains[LTTNG_DOMAIN_PYTHON + 1];
	enum lttng_domain_type domain;
	enum lttng_event_type type;
	int type_set;
	enum lttng_loglevel_type loglevel_type;
	int done;
};

static void free_opts(struct event_opts *o)
{
	free(o->session);
	free(o->channel);
	free(o->filter);
	free(o->exclude);
	free(o->loglevel);
	free(o->probe);
}

static enum lttng_event_type type_of_option(int opt)
{
	switch (opt) {
	case OPT_PROBE:
		return LTTNG_EVENT_PROBE;
	case OPT_USERSPACE_PROBE:
		return LTTNG_EVENT_USERSPACE_PROBE;
	case OPT_FUNCTION:
		return LTTNG_EVENT_FUNCTION;
	case OPT_SYSCALL:
		return LTTNG_EVENT_SYSCALL;
	default:
		return LTTNG_EVENT_TRACEPOINT;
	}
}

/* Options with a string value: where each one is stored. */
static char **string_slot(struct event_opts *o, int opt)
{
	switch (opt) {
	case OPT_SESSION:
		return &o->session;
	case OPT_CHANNEL:
		return &o->channel;
	case OPT_FILTER:
		return &o->filter;
	case OPT_EXCLUDE:
		return &o->exclude;
	case OPT_LOGLEVEL:
	case OPT_LOGLEVEL_ONLY:
		o->loglevel_type = opt == OPT_LOGLEVEL
					   ? LTTNG_EVENT_LOGLEVEL_RANGE
					   : LTTNG_EVENT_LOGLEVEL_SINGLE;
		return &o->loglevel;
	default:
		return NULL;
	}
}

static int parse_options(poptContext pc, struct event_opts *o)
{
	int opt;

	o->type = LTTNG_EVENT_ALL;
	while ((opt = poptGetNextOpt(pc)) != -1) {
		char **slot;

		if (opt >= OPT_KERNEL && opt <= OPT_PYTHON) {
			/* The OPT_ values follow enum lttng_domain_type. */
			o->domains[opt - OPT_KERNEL + LTTNG_DOMAIN_KERNEL] = 1;
			continue;
		}
		if (opt == OPT_ALL) {
			o->all = 1;
			continue;
		}
		if (opt >= OPT_TRACEPOINT && opt <= OPT_SYSCALL) {
			enum lttng_event_type type = type_of_option(opt);

			if (o->type_set && o->type != type) {
				ERR("Multiple event type not supported.");
				return CMD_ERROR;
			}
			o->type = type;
			o->type_set = 1;
			if (opt != OPT_TRACEPOINT && opt != OPT_SYSCALL) {
				free(o->probe);
				o->probe = poptGetOptArg(pc);
			}
			continue;
		}
		slot = string_slot(o, opt);
		if (!slot) {
			o->done = 1;
			return cli_common_option(opt, "enable-event", options);
		}
		free(*slot);
		*slot = poptGetOptArg(pc);
	}
	return CMD_SUCCESS;
}

/* Whether name holds an unescaped '*'. */
static int is_glob(const char *name)
{
	for (; *name; name++) {
		if (*name == '\\' && name[1])
			name++;
		else if (*name == '*')
			return 1;
	}
	return 0;
}

/* Whether the only '*' of name is its last character. */
static int is_star_at_end_only(const char *name)
{
	size_t len = strlen(name);

	return len && name[len - 1] == '*' &&
	       strchr(name, '*') == name + len - 1;
}

/*
 * For an event pattern "prefix*", tell the user when an exclusion can
 * exclude nothing (warning) or everything (error: returns -1).
 */
static int check_exclusion(const char *event, const char *exclusion)
{
	const char *e = event, *x = exclusion;

	for (;; e++, x++) {
		if (*x == '*') {
			ERR("Event %s: %s excludes all events from %s", event,
			    exclusion, event);
			return -1;
		}
		if (*e == '*')
			return 0;
		if (*e != *x)
			break;
	}
	WARN("Event %s: %s does not exclude any events from %s", event,
	     exclusion, event);
	return 0;
}

/* Split and validate --exclude for event; NULL-terminated array. */
static char **make_exclusions(const char *event, const char *arg, int *count)
{
	char *copy = strdup(arg), *name, *rest = copy;
	char **list = calloc(strlen(arg) + 2, sizeof(*list));
	int n = 0;

	if (!copy || !list)
		goto error;
	if (!is_glob(event)) {
		ERR("Event %s: Exclusions can only be used with a globbing "
		    "pattern",
		    event);
		goto error;
	}
	/* As LTTng's, empty names between commas are exclusions too. */
	while ((name = strsep(&rest, ","))) {
		if (is_star_at_end_only(event) &&
		    (!is_glob(name) || is_star_at_end_only(name)) &&
		    check_exclusion(event, name))
			goto error;
		if (strlen(name) >= LTTNG_SYMBOL_NAME_LEN)
			WARN("Event exclusion \"%s\" will be truncated", name);
		list[n] = strdup(name);
		if (!list[n++])
			goto error;
	}
	free(copy);
	*count = n;
	return list;
error:
	free(copy);
	while (list && n > 0)
		free(list[--n]);
	free(list);
	return NULL;
}

static void free_exclusions(char **list)
{
	char **p;

	for (p = list; p && *p; p++)
		free(*p);
	free(list);
}

/* ' excluding "a", "b"' for messages, into a malloc'd string. */
static char *exclusions_text(char **list)
{
	size_t len = 1;
	char **p, *text;

	for (p = list; p && *p; p++)
		len += strlen(*p) + 4;
	text = calloc(1, len + sizeof(" excluding "));
	if (!text || !list || !*list)
		return text;
	strcpy(text, " excluding ");
	for (p = list; *p; p++) {
		strcat(text, "\"");
		strcat(text, *p);
		strcat(text, p[1] ? "\", " : "\"");
	}
	return text;
}

struct enable_ctx {
	const struct event_opts *o;
	struct lttng_handle *handle;
	const char *session;
	int error_holder; /* last LTTNG_ERR_* (negative) or 0 */
	int error, warn;
};

static void report_failure(struct enable_ctx *c, const char *name,
			   const char *excl, int ret)
{
	const char *channel = ret == -LTTNG_ERR_NEED_CHANNEL_NAME
				      ? utils_raw_channel_name(c->o->channel)
				      : utils_channel_name(c->o->channel);
	const char *why = ret == -LTTNG_ERR_TRACE_ALREADY_STARTED
				  ? "The command tried to enable an event in a "
				    "new domain for a session that has already "
				    "been started once."
				  : lttng_strerror(ret);

	if (ret == -LTTNG_ERR_KERN_EVENT_EXIST && !c->o->filter) {
		WARN("Kernel event %s%s already enabled (channel %s, session "
		     "%s)",
		     name, excl, channel, c->session);
		c->warn = 1;
		return;
	}
	if (c->o->filter)
		ERR("Event %s%s: %s (channel %s, session %s, filter '%s')",
		    name, excl, why, channel, c->session, c->o->filter);
	else
		ERR("Event %s%s: %s (channel %s, session %s)", name, excl, why,
		    channel, c->session);
	c->error = 1;
	c->error_holder = ret;
}

/* Fill the rule for name: type and log level. CMD_* result. */
static int fill_event(const struct event_opts *o, const char *name,
		      struct lttng_event *ev)
{
	memset(ev, 0, sizeof(*ev));
	snprintf(ev->name, sizeof(ev->name), "%s", name);
	ev->type = o->type;
	ev->loglevel = -1;
	if (o->domain == LTTNG_DOMAIN_KERNEL) {
		if (o->type == LTTNG_EVENT_ALL && strcmp(name, "*"))
			ev->type = LTTNG_EVENT_TRACEPOINT;
		/* The location travels in attr.probe.symbol_name. */
		if (o->probe &&
		    snprintf(ev->attr.probe.symbol_name,
			     sizeof(ev->attr.probe.symbol_name), "%s",
			     o->probe) >=
			    (int)sizeof(ev->attr.probe.symbol_name)) {
			ERR("Probe location too long: %s", o->probe);
			return CMD_ERROR;
		}
		return CMD_SUCCESS;
	}
	if (o->type != LTTNG_EVENT_ALL && o->type != LTTNG_EVENT_TRACEPOINT) {
		ERR(o->domain == LTTNG_DOMAIN_UST
			    ? "Event type not available for user-space tracing"
			    : "Event type not supported for domain.");
		return CMD_UNSUPPORTED;
	}
	ev->type = LTTNG_EVENT_TRACEPOINT;
	if (!o->loglevel)
		return CMD_SUCCESS;
	ev->loglevel_type = o->loglevel_type;
	ev->loglevel = loglevel_parse(o->domain, o->loglevel);
	if (ev->loglevel == -1) {
		ERR("Unknown loglevel %s", o->loglevel);
		return -LTTNG_ERR_INVALID;
	}
	return CMD_SUCCESS;
}

static int enable_one(struct enable_ctx *c, const char *name)
{
	const struct event_opts *o = c->o;
	char **exclusions = NULL, *excl;
	struct lttng_event ev;
	int count = 0, ret = fill_event(o, name, &ev);

	if (ret != CMD_SUCCESS)
		return ret;
	if (o->exclude) {
		exclusions = make_exclusions(name, o->exclude, &count);
		if (!exclusions)
			return CMD_ERROR;
	}
	excl = exclusions_text(exclusions);
	if (!excl) {
		free_exclusions(exclusions);
		return CMD_FATAL;
	}
	ret = lttng_enable_event_with_exclusions(c->handle, &ev, o->channel,
						 o->filter, count, exclusions);
	if (mi_enabled())
		mi_event_add_enabled(o->domain, &ev, exclusions, count,
				     ret >= 0);
	if (ret < 0)
		report_failure(c, name, excl, ret);
	else if (o->filter)
		MSG("Event %s%s: Filter '%s' successfully set", name, excl,
		    o->filter);
	else if (o->domain == LTTNG_DOMAIN_KERNEL ||
		 o->domain == LTTNG_DOMAIN_UST)
		MSG("%s event %s%s created in channel %s",
		    utils_domain_str(o->domain), name, excl,
		    utils_channel_name(o->channel));
	else
		MSG("%s event %s%s enabled", utils_domain_str(o->domain), name,
		    excl);
	free(excl);
	free_exclusions(exclusions);
	return CMD_SUCCESS;
}

/* --all: one "*" rule, with LTTng's own messages for it. */
static int enable_all(struct enable_ctx *c)
{
	const struct event_opts *o = c->o;
	const char *channel = utils_channel_name(o->channel);
	char **exclusions = NULL, *excl;
	struct lttng_event ev;
	int count = 0, ret = fill_event(o, "*", &ev);

	if (ret != CMD_SUCCESS)
		return ret;
	if (o->exclude) {
		exclusions = make_exclusions("*", o->exclude, &count);
		if (!exclusions)
			return CMD_ERROR;
	}
	excl = exclusions_text(exclusions);
	ret = lttng_enable_event_with_exclusions(c->handle, &ev, o->channel,
						 o->filter, count, exclusions);
	if (mi_enabled() && ret >= 0)
		mi_event_add_enabled(o->domain, &ev, exclusions, count, true);
	if (ret < 0 && o->filter) {
		ERR("All events: %s (channel %s, session %s, filter '%s')",
		    lttng_strerror(ret),
		    ret == -LTTNG_ERR_NEED_CHANNEL_NAME
			    ? utils_raw_channel_name(o->channel)
			    : channel,
		    c->session, o->filter);
		c->error_holder = ret;
	} else if (ret < 0) {
		ERR("Events: %s (channel %s, session %s)", lttng_strerror(ret),
		    ret == -LTTNG_ERR_NEED_CHANNEL_NAME
			    ? utils_raw_channel_name(o->channel)
			    : channel,
		    c->session);
		c->error = 1;
	} else if (o->filter) {
		MSG("Filter '%s' successfully set", o->filter);
	} else if (o->type == LTTNG_EVENT_SYSCALL) {
		MSG("All %s system calls are enabled in channel %s",
		    utils_domain_str(o->domain), channel);
	} else if (o->loglevel) {
		MSG("All %s %s%s are enabled in channel %s for loglevel %s",
		    utils_domain_str(o->domain),
		    o->type == LTTNG_EVENT_TRACEPOINT ? "tracepoints"
						      : "events",
		    excl ? excl : "", channel, o->loglevel);
	} else {
		MSG("All %s %s%s are enabled in channel %s",
		    utils_domain_str(o->domain),
		    o->type == LTTNG_EVENT_TRACEPOINT ? "tracepoints"
						      : "events",
		    excl ? excl : "", channel);
	}
	free(excl);
	free_exclusions(exclusions);
	return CMD_SUCCESS;
}

static int enable_events(struct event_opts *o, char *names, const char *session)
{
	struct lttng_domain dom = {.type = o->domain};
	struct enable_ctx c = {.o = o, .session = session};
	char *name, *save = NULL;
	int ret = CMD_SUCCESS;

	if (o->domain == LTTNG_DOMAIN_KERNEL && o->loglevel)
		WARN("Kernel loglevels are not supported.");
	if (o->exclude && o->domain != LTTNG_DOMAIN_UST) {
		ERR("Event name exclusions are not yet implemented for %s "
		    "events",
		    utils_domain_str(o->domain));
		return CMD_ERROR;
	}
	dom.buf_type = o->domain == LTTNG_DOMAIN_KERNEL ? LTTNG_BUFFER_GLOBAL
							: LTTNG_BUFFER_PER_UID;
	c.handle = lttng_create_handle(session, &dom);
	if (!c.handle)
		return CMD_FATAL;
	if (mi_enabled())
		mi_event_list_begin("enable-event");
	if (o->all) {
		ret = enable_all(&c);
	} else {
		for (name = strtok_r(names, ",", &save);
		     name && ret == CMD_SUCCESS;
		     name = strtok_r(NULL, ",", &save))
			ret = enable_one(&c, name);
	}
	lttng_destroy_handle(c.handle);
	if (mi_enabled())
		mi_event_list_end(ret != CMD_SUCCESS,
				  !c.error_holder && !c.error && !c.warn);
	if (ret != CMD_SUCCESS)
		return ret;
	if (c.error_holder)
		return c.error_holder;
	return c.error ? CMD_ERROR : c.warn ? CMD_WARNING : CMD_SUCCESS;
}

/* The one domain given, or 0 after printing LTTng's error. */
static int pick_domain(struct event_opts *o)
{
	int type, count = 0;

	for (type = LTTNG_DOMAIN_KERNEL; type <= LTTNG_DOMAIN_PYTHON; type++) {
		if (o->domains[type])
			o->domain = type;
		count += o->domains[type];
	}
	return utils_check_one_domain(count, "--kernel/--userspace/--jul/"
					     "--log4j/--python")
		       ? 0
		       : 1;
}

int cmd_enable_event(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct event_opts o = {0};
	char *session = NULL, *names = NULL;
	int ret = parse_options(pc, &o);

	if (ret != CMD_SUCCESS || o.done)
		goto end;
	if (!pick_domain(&o)) {
		ret = CMD_ERROR;
		goto end;
	}
	if (poptPeekArg(pc))
		names = strdup(poptGetArg(pc));
	if (!names && !o.all) {
		ERR("Missing event name(s).");
		if (mi_enabled()) {
			mi_command_begin("enable-event");
			mi_command_end(MI_SUCCESS_OMIT);
		}
		ret = CMD_ERROR;
		goto end;
	}
	if (poptPeekArg(pc)) {
		ERR("Unknown argument: %s", poptPeekArg(pc));
		if (mi_enabled())
			mi_command_print_empty("enable-event", NULL,
					       MI_SUCCESS_OMIT);
		ret = CMD_ERROR;
		goto end;
	}
	session = utils_session_name(o.session);
	ret = session ? enable_events(&o, names, session) : CMD_ERROR;
	if (!session && mi_enabled())
		mi_command_print_empty("enable-event", NULL, MI_SUCCESS_FALSE);
end:
	free(names);
	free(session);
	free_opts(&o);
	poptFreeContext(pc);
	return ret;
}
