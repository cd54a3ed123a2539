/*
 * lttng disable-event: disable recording event rules by name
 * (comma-separated) or all of a channel's rules (--all-events).
 */
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-event.h"
#include "../utils.h"

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
	OPT_FUNCTION,
	OPT_SYSCALL,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	{"all-events", 'a', POPT_ARG_NONE, NULL, OPT_ALL, NULL, NULL},
	{"channel", 'c', POPT_ARG_STRING, NULL, OPT_CHANNEL, NULL, NULL},
	{"jul", 'j', POPT_ARG_NONE, NULL, OPT_JUL, NULL, NULL},
	{"log4j", 'l', POPT_ARG_NONE, NULL, OPT_LOG4J, NULL, NULL},
	{"python", 'p', POPT_ARG_NONE, NULL, OPT_PYTHON, NULL, NULL},
	{"kernel", 'k', POPT_ARG_NONE, NULL, OPT_KERNEL, NULL, NULL},
	{"userspace", 'u', POPT_ARG_NONE, NULL, OPT_USERSPACE, NULL, NULL},
	{"syscall", 0, POPT_ARG_NONE, NULL, OPT_SYSCALL, NULL, NULL},
	{"probe", 0, POPT_ARG_NONE, NULL, OPT_PROBE, NULL, NULL},
	{"tracepoint", 0, POPT_ARG_NONE, NULL, OPT_TRACEPOINT, NULL, NULL},
	{"function", 0, POPT_ARG_NONE, NULL, OPT_FUNCTION, NULL, NULL},
	/* LTTng 2.13 accepts --all and ignores it (--all-events is -a). */
	{"all", 0, POPT_ARG_NONE, NULL, 0, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

struct disable_opts {
	char *session, *channel;
	int all;
	int domains[LTTNG_DOMAIN_PYTHON + 1];
	enum lttng_domain_type domain;
	enum lttng_event_type type;
	int done;
};

static const char *type_string(enum lttng_event_type type)
{
	switch (type) {
	case LTTNG_EVENT_TRACEPOINT:
		return "tracepoint";
	case LTTNG_EVENT_PROBE:
		return "probe";
	case LTTNG_EVENT_FUNCTION:
		return "function";
	case LTTNG_EVENT_SYSCALL:
		return "syscall";
	default:
		return "any";
	}
}

static int parse_options(poptContext pc, struct disable_opts *o)
{
	static const enum lttng_event_type types[] = {
		LTTNG_EVENT_TRACEPOINT, LTTNG_EVENT_PROBE, LTTNG_EVENT_FUNCTION,
		LTTNG_EVENT_SYSCALL};
	int opt;

	o->type = LTTNG_EVENT_ALL;
	while ((opt = poptGetNextOpt(pc)) != -1) {
		char **slot = opt == OPT_SESSION   ? &o->session
			      : opt == OPT_CHANNEL ? &o->channel
						   : NULL;

		if (slot) {
			free(*slot);
			*slot = poptGetOptArg(pc);
		} else if (opt == OPT_ALL) {
			o->all = 1;
		} else if (opt >= OPT_KERNEL && opt <= OPT_PYTHON) {
			/* The OPT_ values follow enum lttng_domain_type. */
			o->domains[opt - OPT_KERNEL + LTTNG_DOMAIN_KERNEL] = 1;
		} else if (opt >= OPT_TRACEPOINT && opt <= OPT_SYSCALL) {
			o->type = types[opt - OPT_TRACEPOINT];
		} else {
			o->done = 1;
			return cli_common_option(opt, "disable-event", options);
		}
	}
	return CMD_SUCCESS;
}

static int disable_all(const struct disable_opts *o,
		       struct lttng_handle *handle)
{
	struct lttng_event ev;
	int ret;

	memset(&ev, 0, sizeof(ev));
	ev.type = o->type;
	ev.loglevel = -1;
	ret = lttng_disable_event_ext(handle, &ev, o->channel, NULL);
	if (mi_enabled())
		mi_event_add_disabled("*", ret >= 0);
	if (ret < 0) {
		ERR("%s", lttng_strerror(ret));
		return ret;
	}
	MSG("All %s events of type %s are disabled in channel %s",
	    utils_domain_str(o->domain), type_string(o->type),
	    utils_channel_name(o->channel));
	return CMD_SUCCESS;
}

static int disable_named(const struct disable_opts *o,
			 struct lttng_handle *handle, char *names,
			 const char *session)
{
	char *name, *save = NULL;
	struct lttng_event ev;
	int ret = 0, failed = 0;

	for (name = strtok_r(names, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		memset(&ev, 0, sizeof(ev));
		snprintf(ev.name, sizeof(ev.name), "%s", name);
		ev.type = o->type;
		ev.loglevel = -1;
		ret = lttng_disable_event_ext(handle, &ev, o->channel, NULL);
		if (mi_enabled())
			mi_event_add_disabled(name, ret >= 0);
		if (ret < 0) {
			ERR("%s of type %s : %s (channel %s, session %s)", name,
			    type_string(o->type), lttng_strerror(ret),
			    ret == -LTTNG_ERR_NEED_CHANNEL_NAME
				    ? utils_raw_channel_name(o->channel)
				    : utils_channel_name(o->channel),
			    session);
			failed = 1;
			continue;
		}
		MSG("%s %s of type %s disabled in channel %s for session %s",
		    utils_domain_str(o->domain), name, type_string(o->type),
		    utils_channel_name(o->channel), session);
	}
	/*
	 * As LTTng: the last rule's error, else a warning when an earlier
	 * one failed.
	 */
	if (ret < 0)
		return ret;
	return failed ? CMD_WARNING : CMD_SUCCESS;
}

int cmd_disable_event(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct disable_opts o = {0};
	struct lttng_domain dom = {0};
	struct lttng_handle *handle = NULL;
	char *session = NULL, *names = NULL;
	int ret = parse_options(pc, &o), type, count = 0;

	if (ret != CMD_SUCCESS || o.done)
		goto end;
	for (type = LTTNG_DOMAIN_KERNEL; type <= LTTNG_DOMAIN_PYTHON; type++) {
		if (o.domains[type])
			o.domain = type;
		count += o.domains[type];
	}
	if (utils_check_one_domain(count, "--kernel/--userspace/--jul/"
					  "--log4j/--python")) {
		ret = CMD_ERROR;
		goto end;
	}
	if (poptPeekArg(pc))
		names = strdup(poptGetArg(pc));
	if (!names && !o.all) {
		ERR("Missing event name(s).\n");
		ret = CMD_ERROR;
		goto end;
	}
	if (poptPeekArg(pc)) {
		ERR("Unknown argument: %s", poptPeekArg(pc));
		ret = CMD_ERROR;
		goto end;
	}
	session = utils_session_name(o.session);
	dom.type = o.domain;
	handle = session ? lttng_create_handle(session, &dom) : NULL;
	if (!handle) {
		ret = CMD_ERROR;
		goto end;
	}
	if (mi_enabled())
		mi_event_disable_begin(utils_channel_name(o.channel));
	ret = o.all ? disable_all(&o, handle)
		    : disable_named(&o, handle, names, session);
	if (mi_enabled())
		mi_command_end(mi_success_of(ret));
end:
	lttng_destroy_handle(handle);
	free(names);
	free(session);
	free(o.session);
	free(o.channel);
	poptFreeContext(pc);
	return ret;
}
