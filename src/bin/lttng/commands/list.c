/*
 * lttng list: the recording sessions; one session in detail (domains,
 * tracked processes, channels with their attributes and statistics,
 * recording event rules); or the instrumentation points of a domain.
 * The layout, blank lines included, is LTTng 2.13's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-list.h"
#include "../utils.h"
#include "list.h"

enum {
	OPT_KERNEL = 3,
	OPT_USERSPACE,
	OPT_JUL,
	OPT_LOG4J,
	OPT_PYTHON,
	OPT_CHANNEL,
	OPT_DOMAIN,
	OPT_FIELDS,
	OPT_SYSCALL,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"kernel", 'k', POPT_ARG_NONE, NULL, OPT_KERNEL, NULL, NULL},
	{"jul", 'j', POPT_ARG_NONE, NULL, OPT_JUL, NULL, NULL},
	{"log4j", 'l', POPT_ARG_NONE, NULL, OPT_LOG4J, NULL, NULL},
	{"python", 'p', POPT_ARG_NONE, NULL, OPT_PYTHON, NULL, NULL},
	{"userspace", 'u', POPT_ARG_NONE, NULL, OPT_USERSPACE, NULL, NULL},
	{"channel", 'c', POPT_ARG_STRING, NULL, OPT_CHANNEL, NULL, NULL},
	{"domain", 'd', POPT_ARG_NONE, NULL, OPT_DOMAIN, NULL, NULL},
	{"fields", 'f', POPT_ARG_NONE, NULL, OPT_FIELDS, NULL, NULL},
	{"syscall", 'S', POPT_ARG_NONE, NULL, OPT_SYSCALL, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

static const char *const loglevel_names[] = {
	"TRACE_EMERG",		"TRACE_ALERT",
	"TRACE_CRIT",		"TRACE_ERR",
	"TRACE_WARNING",	"TRACE_NOTICE",
	"TRACE_INFO",		"TRACE_DEBUG_SYSTEM",
	"TRACE_DEBUG_PROGRAM",	"TRACE_DEBUG_PROCESS",
	"TRACE_DEBUG_MODULE",	"TRACE_DEBUG_UNIT",
	"TRACE_DEBUG_FUNCTION", "TRACE_DEBUG_LINE",
	"TRACE_DEBUG",
};

/* LTTng writes "µs" only when $LANG names a "utf8" locale. */
static const char *usec_unit(void)
{
	const char *lang = getenv("LANG");

	return lang && strstr(lang, "utf8") ? "\xc2\xb5s" : "us";
}

static const char *loglevel_name(int loglevel)
{
	if (loglevel < 0 || loglevel > LTTNG_LOGLEVEL_DEBUG)
		return "<<UNKNOWN>>";
	return loglevel_names[loglevel];
}

static const char *enabled_string(int enabled)
{
	return enabled == 1 ? " [enabled]" : enabled == 0 ? " [disabled]" : "";
}

/* " [exclusions: a,b]" or "" into buf. */
static void exclusions_string(struct lttng_event *event, char *buf, size_t len)
{
	int count = lttng_event_get_exclusion_name_count(event), i;
	size_t used;

	buf[0] = '\0';
	if (count <= 0)
		return;
	used = snprintf(buf, len, " [exclusions: ");
	for (i = 0; i < count && used < len; i++) {
		const char *name = "?";

		lttng_event_get_exclusion_name(event, i, &name);
		used += snprintf(buf + used, len - used, "%s%s", i ? "," : "",
				 name);
	}
	if (used < len)
		snprintf(buf + used, len - used, "]");
}

static void print_event(struct lttng_event *event)
{
	char exclusions[LTTNG_SYMBOL_NAME_LEN * 8];
	const char *filter = NULL;
	char *filter_msg = NULL;

	exclusions_string(event, exclusions, sizeof(exclusions));
	lttng_event_get_filter_expression(event, &filter);
	if (filter && asprintf(&filter_msg, " [filter: '%s']", filter) < 0)
		filter_msg = NULL;
	if (event->type == LTTNG_EVENT_SYSCALL)
		MSG("      %s (type:syscall)%s%s", event->name,
		    enabled_string(event->enabled),
		    filter_msg ? filter_msg : "");
	else if (event->type == LTTNG_EVENT_USERSPACE_PROBE)
		MSG("      %s (type: userspace-probe)%s%s", event->name,
		    enabled_string(event->enabled),
		    filter_msg ? filter_msg : "");
	else if (event->loglevel != -1 &&
		 event->loglevel_type == LTTNG_EVENT_LOGLEVEL_ALL)
		/* Kernel tracepoints, as LTTng lists them. */
		MSG("      %s (loglevel: %s (%d)) (type: tracepoint)%s%s%s",
		    event->name, loglevel_name(event->loglevel),
		    event->loglevel, enabled_string(event->enabled), exclusions,
		    filter_msg ? filter_msg : "");
	else if (event->loglevel != -1 &&
		 event->loglevel_type != LTTNG_EVENT_LOGLEVEL_ALL)
		MSG("      %s (loglevel%s %s (%d)) (type: tracepoint)%s%s%s",
		    event->name,
		    event->loglevel_type == LTTNG_EVENT_LOGLEVEL_RANGE ? " <="
								       : " ==",
		    loglevel_name(event->loglevel), event->loglevel,
		    enabled_string(event->enabled), exclusions,
		    filter_msg ? filter_msg : "");
	else
		MSG("      %s (type: tracepoint)%s%s%s", event->name,
		    enabled_string(event->enabled), exclusions,
		    filter_msg ? filter_msg : "");
	free(filter_msg);
}

static int list_rules(struct lttng_handle *handle, const char *channel)
{
	struct lttng_event *events = NULL;
	int count = lttng_list_events(handle, channel, &events), i;

	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		return CMD_ERROR;
	}
	MSG("    Recording event rules:");
	if (count == 0)
		MSG("      None");
	for (i = 0; i < count; i++)
		print_event(&events[i]);
	MSG("%s", "");
	free(events);
	return CMD_SUCCESS;
}

static void print_timer(const char *label, uint64_t period_us)
{
	if (period_us)
		MSG("      %s%" PRIu64 " %s", label, period_us, usec_unit());
	else
		MSG("      %sinactive", label);
}

static void print_statistics(struct lttng_channel *chan, int snapshot)
{
	uint64_t count = 0;

	MSG("    Statistics:");
	if (snapshot) {
		MSG("      None");
	} else if (chan->attr.overwrite) {
		lttng_channel_get_lost_packet_count(chan, &count);
		MSG("      Lost packets:     %" PRIu64, count);
	} else {
		lttng_channel_get_discarded_event_count(chan, &count);
		MSG("      Discarded events: %" PRIu64, count);
	}
	MSG("%s", "");
}

static void print_channel(struct lttng_channel *chan, int snapshot)
{
	uint64_t monitor = 0;
	int64_t blocking = 0;

	lttng_channel_get_monitor_timer_interval(chan, &monitor);
	lttng_channel_get_blocking_timeout(chan, &blocking);
	MSG("- %s:%s\n", chan->name, enabled_string(chan->enabled));
	MSG("    Attributes:");
	MSG("      Event-loss mode:  %s",
	    chan->attr.overwrite ? "overwrite" : "discard");
	MSG("      Sub-buffer size:  %" PRIu64 " bytes",
	    chan->attr.subbuf_size);
	MSG("      Sub-buffer count: %" PRIu64, chan->attr.num_subbuf);
	print_timer("Switch timer:     ", chan->attr.switch_timer_interval);
	print_timer("Read timer:       ", chan->attr.read_timer_interval);
	print_timer("Monitor timer:    ", monitor);
	if (!chan->attr.overwrite) {
		if (blocking == -1)
			MSG("      Blocking timeout: infinite");
		else
			MSG("      Blocking timeout: %" PRId64 " %s", blocking,
			    usec_unit());
	}
	MSG("      Trace file count: %" PRIu64 " per stream",
	    chan->attr.tracefile_count ? chan->attr.tracefile_count : 1);
	if (chan->attr.tracefile_size)
		MSG("      Trace file size:  %" PRIu64 " bytes",
		    chan->attr.tracefile_size);
	else
		MSG("      Trace file size:  unlimited");
	MSG("      Output mode:      %s",
	    chan->attr.output == LTTNG_EVENT_SPLICE ? "splice" : "mmap");
	MSG("%s", "");
	print_statistics(chan, snapshot);
}

static int list_channels(struct lttng_handle *handle, const char *filter,
			 int snapshot)
{
	struct lttng_channel *channels = NULL;
	int count = lttng_list_channels(handle, &channels), i, found = 0;
	int ret = CMD_SUCCESS;

	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		return CMD_ERROR;
	}
	if (count)
		MSG("Channels:\n-------------");
	for (i = 0; i < count && ret == CMD_SUCCESS; i++) {
		if (filter && strcmp(channels[i].name, filter))
			continue;
		found = 1;
		print_channel(&channels[i], snapshot);
		ret = list_rules(handle, channels[i].name);
	}
	free(channels);
	if (ret == CMD_SUCCESS && filter && !found) {
		ERR("Channel %s not found", filter);
		ret = CMD_ERROR;
	}
	return ret;
}

/* Appends one inclusion set value ("1234" or "`name`") to line. */
static void append_value(const struct lttng_process_attr_values *values,
			 unsigned int i, char *line, size_t len)
{
	size_t used = strlen(line);
	const char *name;
	long long id;

	if (!utils_tracker_value(values, i, &id, &name))
		return;
	if (name)
		snprintf(line + used, len - used, "%s`%s`", i ? ", " : "",
			 name);
	else
		snprintf(line + used, len - used, "%s%lld", i ? ", " : "", id);
}

/*
 * One tracker's line, as LTTng lists it: "all", "none" or the inclusion
 * set ("1234, `name`"); label is padded to LTTng's column.
 */
static void print_tracker(const char *session, enum lttng_domain_type domain,
			  enum lttng_process_attr attr, const char *label)
{
	struct lttng_process_attr_tracker_handle *h = NULL;
	const struct lttng_process_attr_values *values = NULL;
	enum lttng_tracking_policy policy = LTTNG_TRACKING_POLICY_INCLUDE_ALL;
	char line[2048] = "";
	unsigned int count = 0, i;

	if (lttng_session_get_tracker_handle(session, domain, attr, &h) ==
	    LTTNG_OK)
		lttng_process_attr_tracker_handle_get_tracking_policy(h,
								      &policy);
	if (policy == LTTNG_TRACKING_POLICY_INCLUDE_SET &&
	    lttng_process_attr_tracker_handle_get_inclusion_set(h, &values) ==
		    LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK)
		lttng_process_attr_values_get_count(values, &count);
	for (i = 0; i < count; i++)
		append_value(values, i, line, sizeof(line));
	if (policy == LTTNG_TRACKING_POLICY_INCLUDE_ALL)
		snprintf(line, sizeof(line), "all");
	else if (!count)
		snprintf(line, sizeof(line), "none");
	MSG("  %-22s%s", label, line);
	lttng_process_attr_tracker_handle_destroy(h);
}

/* The user space domain's three trackers, as LTTng lists them. */
static void print_ust_trackers(const char *session)
{
	MSG("Tracked process attributes");
	print_tracker(session, LTTNG_DOMAIN_UST,
		      LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
		      "Virtual process IDs:");
	print_tracker(session, LTTNG_DOMAIN_UST,
		      LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID, "Virtual user IDs:");
	print_tracker(session, LTTNG_DOMAIN_UST,
		      LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID,
		      "Virtual group IDs:");
	MSG("%s", "");
}

/* The kernel domain's six trackers, as LTTng lists them. */
static void print_kernel_trackers(const char *session)
{
	MSG("Tracked process attributes");
	print_tracker(session, LTTNG_DOMAIN_KERNEL,
		      LTTNG_PROCESS_ATTR_PROCESS_ID, "Process IDs:");
	print_tracker(session, LTTNG_DOMAIN_KERNEL,
		      LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
		      "Virtual process IDs:");
	print_tracker(session, LTTNG_DOMAIN_KERNEL, LTTNG_PROCESS_ATTR_USER_ID,
		      "User IDs:");
	print_tracker(session, LTTNG_DOMAIN_KERNEL,
		      LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID, "Virtual user IDs:");
	print_tracker(session, LTTNG_DOMAIN_KERNEL, LTTNG_PROCESS_ATTR_GROUP_ID,
		      "Group IDs:");
	print_tracker(session, LTTNG_DOMAIN_KERNEL,
		      LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID,
		      "Virtual group IDs:");
	MSG("%s", "");
}

static int list_domain(const struct lttng_session *session,
		       struct lttng_domain *domain, const char *channel)
{
	struct lttng_handle *handle =
		lttng_create_handle(session->name, domain);
	int ret;

	if (!handle)
		return CMD_FATAL;
	if (domain->type == LTTNG_DOMAIN_KERNEL)
		print_kernel_trackers(session->name);
	else
		print_ust_trackers(session->name);
	ret = list_channels(handle, channel, session->snapshot_mode);
	lttng_destroy_handle(handle);
	return ret;
}

static const char *domain_title(enum lttng_domain_type type)
{
	switch (type) {
	case LTTNG_DOMAIN_KERNEL:
		return "Linux kernel";
	case LTTNG_DOMAIN_UST:
		return "User space";
	case LTTNG_DOMAIN_JUL:
		return "java.util.logging (JUL)";
	case LTTNG_DOMAIN_LOG4J:
		return "log4j";
	case LTTNG_DOMAIN_PYTHON:
		return "Python logging";
	default:
		return "Unknown";
	}
}

static const char *domain_list_name(enum lttng_domain_type type)
{
	switch (type) {
	case LTTNG_DOMAIN_KERNEL:
		return "Kernel";
	case LTTNG_DOMAIN_UST:
		return "UST global";
	case LTTNG_DOMAIN_JUL:
		return "JUL (Java Util Logging)";
	case LTTNG_DOMAIN_LOG4J:
		return "LOG4j (Logging for Java)";
	case LTTNG_DOMAIN_PYTHON:
		return "Python (logging)";
	default:
		return "Unknown";
	}
}

static int list_all_domains(const struct lttng_session *session,
			    const char *channel, int names_only)
{
	struct lttng_domain *domains = NULL;
	int count = lttng_list_domains(session->name, &domains), i;
	int ret = CMD_SUCCESS;

	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		return CMD_ERROR;
	}
	if (names_only)
		MSG("Domains:\n-------------");
	for (i = 0; i < count && ret == CMD_SUCCESS; i++) {
		if (names_only) {
			MSG("  - %s", domain_list_name(domains[i].type));
			continue;
		}
		MSG("=== Domain: %s ===\n", domain_title(domains[i].type));
		if (domains[i].type == LTTNG_DOMAIN_UST)
			MSG("Buffering scheme: %s\n",
			    domains[i].buf_type == LTTNG_BUFFER_PER_PID
				    ? "per-process"
				    : "per-user");
		ret = list_domain(session, &domains[i], channel);
	}
	free(domains);
	return ret;
}

int list_print_session(const char *name, enum lttng_domain_type only_domain,
		       const char *channel, int domains_only)
{
	struct lttng_session *sessions = NULL, *session = NULL;
	int count, i, ret;

	if (mi_enabled())
		return mi_list_session(name, only_domain, channel,
				       domains_only);
	count = lttng_list_sessions(&sessions);
	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		return CMD_ERROR;
	}
	for (i = 0; i < count && !session; i++) {
		if (!strcmp(sessions[i].name, name))
			session = &sessions[i];
	}
	if (!session) {
		ERR("Session '%s' not found", name);
		free(sessions);
		return CMD_ERROR;
	}
	MSG("Recording session %s: [%s%s]", name,
	    session->enabled ? "active" : "inactive",
	    session->snapshot_mode ? " snapshot" : "");
	if (session->path[0])
		MSG("    Trace output: %s\n", session->path);
	if (list_rotation_schedules(name) != CMD_SUCCESS) {
		free(sessions);
		return CMD_ERROR;
	}
	if (only_domain != LTTNG_DOMAIN_NONE && !domains_only) {
		struct lttng_domain domain = {.type = only_domain};

		ret = list_domain(session, &domain, channel);
	} else {
		ret = list_all_domains(session, channel, domains_only);
	}
	free(sessions);
	return ret;
}

static int list_sessions(void)
{
	struct lttng_session *sessions = NULL;
	int count = lttng_list_sessions(&sessions), i;

	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		return CMD_ERROR;
	}
	if (count == 0) {
		MSG("Currently no available recording session");
		return CMD_SUCCESS;
	}
	MSG("Available recording sessions:");
	for (i = 0; i < count; i++) {
		MSG("  %d) %s [%s%s]", i + 1, sessions[i].name,
		    sessions[i].enabled ? "active" : "inactive",
		    sessions[i].snapshot_mode ? " snapshot" : "");
		if (sessions[i].path[0])
			MSG("    Trace output: %s", sessions[i].path);
		MSG("%s", "");
	}
	MSG("\nUse lttng list <session_name> for more details");
	free(sessions);
	return CMD_SUCCESS;
}

/*
 * lttng list --kernel --syscall. tracefs only has the native system
 * calls (no compat entry points), hence "[64-bit]" on 64-bit hosts.
 */
static int list_syscalls(void)
{
	struct lttng_event *events = NULL;
	int count = lttng_list_syscalls(&events), i;

	if (count < 0) {
		ERR("Unable to list system calls: %s", lttng_strerror(count));
		return CMD_ERROR;
	}
	MSG("System calls:\n-------------");
	for (i = 0; i < count; i++)
		MSG("      %s%s", events[i].name,
		    sizeof(long) == 8 ? " [64-bit]" : " [32-bit]");
	MSG("%s", "");
	free(events);
	return CMD_SUCCESS;
}

/*
 * "PID: 1234 - Name: ./hello": the process's command (first argument of
 * /proc/PID/cmdline), like LTTng, which reads it on the client side.
 */
static void print_process(pid_t pid)
{
	char path[64], cmdline[4096] = "";
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)pid);
	f = fopen(path, "r");
	if (f) {
		size_t n = fread(cmdline, 1, sizeof(cmdline) - 1, f);

		cmdline[n] = '\0';
		fclose(f);
	}
	MSG("\nPID: %d - Name: %s", (int)pid, cmdline);
}

/* One tracepoint of a process, as `lttng list --userspace` shows it. */
static void print_tracepoint(const struct lttng_event *event)
{
	if (event->loglevel != -1)
		MSG("      %s (loglevel: %s (%d)) (type: tracepoint)",
		    event->name, loglevel_name(event->loglevel),
		    event->loglevel);
	else
		MSG("      %s (type: tracepoint)", event->name);
}

/* The instrumentation points of one domain (no session given). */
static int list_points(enum lttng_domain_type type)
{
	struct lttng_domain domain = {.type = type};
	struct lttng_event *events = NULL;
	struct lttng_handle *handle = lttng_create_handle(NULL, &domain);
	int count, i;

	if (!handle)
		return CMD_FATAL;
	count = lttng_list_tracepoints(handle, &events);
	lttng_destroy_handle(handle);
	if (count < 0) {
		ERR("Unable to list %s events: %s",
		    type == LTTNG_DOMAIN_KERNEL ? "kernel"
		    : type == LTTNG_DOMAIN_UST	? "UST"
						: utils_domain_str(type),
		    lttng_strerror(count));
		return CMD_ERROR;
	}
	if (type == LTTNG_DOMAIN_KERNEL)
		MSG("Kernel events:\n-------------");
	else if (type == LTTNG_DOMAIN_UST)
		MSG("UST events:\n-------------");
	else
		MSG("%s events (Logger name):\n-------------------------",
		    utils_domain_str(type));
	if (count == 0 && type != LTTNG_DOMAIN_KERNEL)
		MSG("None");
	for (i = 0; i < count; i++) {
		if (type != LTTNG_DOMAIN_KERNEL &&
		    (i == 0 || events[i].pid != events[i - 1].pid))
			print_process(events[i].pid);
		if (type == LTTNG_DOMAIN_UST)
			print_tracepoint(&events[i]);
		else if (type == LTTNG_DOMAIN_KERNEL)
			print_event(&events[i]);
		else
			MSG("      - %s", events[i].name);
	}
	MSG("%s", "");
	free(events);
	return CMD_SUCCESS;
}

static const char *field_type_name(enum lttng_event_field_type type)
{
	switch (type) {
	case LTTNG_EVENT_FIELD_INTEGER:
		return "integer";
	case LTTNG_EVENT_FIELD_ENUM:
		return "enum";
	case LTTNG_EVENT_FIELD_FLOAT:
		return "float";
	case LTTNG_EVENT_FIELD_STRING:
		return "string";
	default:
		return "unknown";
	}
}

/* Whether entry i starts another tracepoint than entry i - 1. */
static int new_tracepoint(const struct lttng_event_field *f, int i)
{
	return i == 0 || f[i].event.pid != f[i - 1].event.pid ||
	       strcmp(f[i].event.name, f[i - 1].event.name);
}

/* `lttng list --userspace --fields`. */
static int list_ust_fields(void)
{
	struct lttng_domain domain = {.type = LTTNG_DOMAIN_UST};
	struct lttng_event_field *fields = NULL;
	struct lttng_handle *handle = lttng_create_handle(NULL, &domain);
	int count, i;

	if (!handle)
		return CMD_FATAL;
	count = lttng_list_tracepoint_fields(handle, &fields);
	lttng_destroy_handle(handle);
	if (count < 0) {
		ERR("Unable to list UST event fields: %s",
		    lttng_strerror(count));
		return CMD_ERROR;
	}
	MSG("UST events:\n-------------");
	if (count == 0)
		MSG("None");
	for (i = 0; i < count; i++) {
		if (i == 0 || fields[i].event.pid != fields[i - 1].event.pid)
			print_process(fields[i].event.pid);
		if (new_tracepoint(fields, i))
			print_tracepoint(&fields[i].event);
		if (fields[i].field_name[0])
			MSG("        field: %s (%s)%s", fields[i].field_name,
			    field_type_name(fields[i].type),
			    fields[i].nowrite ? " [no write]" : "");
	}
	MSG("%s", "");
	free(fields);
	return CMD_SUCCESS;
}

struct list_opts {
	int domains[LTTNG_DOMAIN_PYTHON + 1];
	int syscall;
	char *channel;
	int domains_only;
	int fields;
};

static int parse_options(poptContext pc, struct list_opts *opts, int *done)
{
	int opt;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		switch (opt) {
		case OPT_KERNEL:
		case OPT_USERSPACE:
		case OPT_JUL:
		case OPT_LOG4J:
		case OPT_PYTHON:
			/* The OPT_ values follow enum lttng_domain_type. */
			opts->domains[opt - OPT_KERNEL + LTTNG_DOMAIN_KERNEL] =
				1;
			break;
		case OPT_CHANNEL:
			free(opts->channel);
			opts->channel = poptGetOptArg(pc);
			break;
		case OPT_DOMAIN:
			opts->domains_only = 1;
			break;
		case OPT_FIELDS:
			opts->fields = 1;
			break;
		case OPT_SYSCALL:
			opts->syscall = 1;
			break;
		default:
			*done = 1;
			return cli_common_option(opt, "list", options);
		}
	}
	return CMD_SUCCESS;
}

/* The same listings, as MI documents. */
static int list_mi(const char *name, enum lttng_domain_type only,
		   const struct list_opts *opts, int any_domain)
{
	if (name)
		return mi_list_session(name, only, opts->channel,
				       opts->domains_only);
	if (!any_domain)
		return mi_list_sessions();
	return mi_list_points(opts->domains, opts->fields, opts->syscall);
}

int cmd_list(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct list_opts opts = {0};
	enum lttng_domain_type type, only = LTTNG_DOMAIN_NONE;
	int done = 0, any_domain = 0, ret = parse_options(pc, &opts, &done);
	const char *name;

	if (ret != CMD_SUCCESS || done)
		goto end;
	name = poptGetArg(pc);
	if (poptPeekArg(pc)) {
		ERR("Unknown argument: %s", poptPeekArg(pc));
		if (mi_enabled())
			mi_command_print_empty("list", NULL, MI_SUCCESS_OMIT);
		ret = CMD_ERROR;
		goto end;
	}
	if (opts.syscall && !opts.domains[LTTNG_DOMAIN_KERNEL]) {
		WARN("--syscall will only work with the Kernel domain (-k)");
		if (mi_enabled()) {
			mi_command_begin("list");
			mi_command_end(MI_SUCCESS_OMIT);
		}
		ret = CMD_ERROR;
		goto end;
	}
	for (type = LTTNG_DOMAIN_KERNEL; type <= LTTNG_DOMAIN_PYTHON; type++) {
		if (opts.domains[type] && only == LTTNG_DOMAIN_NONE)
			only = type;
		any_domain |= opts.domains[type];
	}
	if (mi_enabled())
		ret = list_mi(name, only, &opts, any_domain);
	else if (name) {
		ret = list_print_session(name, only, opts.channel,
					 opts.domains_only);
	} else if (!any_domain) {
		ret = list_sessions();
	} else {
		for (type = LTTNG_DOMAIN_KERNEL;
		     type <= LTTNG_DOMAIN_PYTHON && ret == CMD_SUCCESS;
		     type++) {
			if (opts.domains[type] && type == LTTNG_DOMAIN_KERNEL &&
			    opts.syscall)
				ret = list_syscalls();
			else if (opts.domains[type] && opts.fields &&
				 type == LTTNG_DOMAIN_UST)
				ret = list_ust_fields();
			else if (opts.domains[type])
				ret = list_points(type);
		}
	}
end:
	free(opts.channel);
	poptFreeContext(pc);
	return ret;
}
