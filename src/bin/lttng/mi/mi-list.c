/*
 * `lttng --mi xml list`: walks the sessions, domains, trackers,
 * channels and rules (or the registered applications' tracepoints)
 * through liblttng-ctl and writes them as LTTng's MI. Like LTTng, the
 * list document has no <success>; a listing that fails halfway leaves
 * what was written so far, closed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "mi-channel.h"
#include "mi-command.h"
#include "mi-event.h"
#include "mi-list.h"
#include "mi-rotation.h"
#include "mi-session.h"
#include "mi-tracker.h"
#include "../utils.h"
#include "util/lttng-names.h"

static bool is_agent_domain(enum lttng_domain_type type)
{
	return type == LTTNG_DOMAIN_JUL || type == LTTNG_DOMAIN_LOG4J ||
	       type == LTTNG_DOMAIN_PYTHON;
}

static void open_domain(struct mi_writer *mi, const struct lttng_domain *d)
{
	mi_writer_open(mi, "domain");
	mi_writer_string(mi, "type", lttng_names_domain_type(d->type));
	mi_writer_string(mi, "buffer_type",
			 lttng_names_buffer_type(d->buf_type));
}

int mi_list_sessions(void)
{
	struct lttng_session *sessions = NULL;
	int count = lttng_list_sessions(&sessions), i;
	struct mi_writer *mi;

	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		mi_command_begin("list");
		mi_command_end(MI_SUCCESS_OMIT);
		return CMD_ERROR;
	}
	mi = mi_command_begin("list");
	mi_writer_open(mi, "sessions");
	for (i = 0; i < count; i++) {
		mi_session_open(mi, &sessions[i]);
		mi_writer_close(mi);
	}
	mi_command_end(MI_SUCCESS_OMIT);
	free(sessions);
	return CMD_SUCCESS;
}

/* One value of an inclusion set. */
static void write_tracked_value(struct mi_writer *mi,
				enum lttng_process_attr attr,
				const struct lttng_process_attr_values *values,
				unsigned int i)
{
	const char *name;
	long long id;

	if (!utils_tracker_value(values, i, &id, &name))
		return;
	mi_tracker_value(mi, attr, id, name, MI_SUCCESS_OMIT);
}

/*
 * One tracker: nothing when it tracks everything, else its inclusion
 * set (empty when it tracks nothing). Returns CMD_SUCCESS or, with
 * LTTng's message, CMD_ERROR when the daemon cannot give it.
 */
static int write_tracker(struct mi_writer *mi, const char *session,
			 enum lttng_domain_type domain,
			 enum lttng_process_attr attr)
{
	struct lttng_process_attr_tracker_handle *h = NULL;
	const struct lttng_process_attr_values *values = NULL;
	enum lttng_tracking_policy policy;
	unsigned int count = 0, i;

	if (lttng_session_get_tracker_handle(session, domain, attr, &h) !=
		    LTTNG_OK ||
	    lttng_process_attr_tracker_handle_get_tracking_policy(h, &policy) !=
		    LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK) {
		ERR("Failed to get process attribute tracker handle: "
		    "Unknown error code");
		lttng_process_attr_tracker_handle_destroy(h);
		return CMD_ERROR;
	}
	if (policy != LTTNG_TRACKING_POLICY_INCLUDE_ALL) {
		if (policy == LTTNG_TRACKING_POLICY_INCLUDE_SET &&
		    lttng_process_attr_tracker_handle_get_inclusion_set(
			    h, &values) ==
			    LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK)
			lttng_process_attr_values_get_count(values, &count);
		mi_tracker_open(mi, attr);
		for (i = 0; i < count; i++)
			write_tracked_value(mi, attr, values, i);
		mi_tracker_close(mi);
	}
	lttng_process_attr_tracker_handle_destroy(h);
	return CMD_SUCCESS;
}

static int write_trackers(struct mi_writer *mi, const char *session,
			  enum lttng_domain_type domain)
{
	static const enum lttng_process_attr kernel_attrs[] = {
		LTTNG_PROCESS_ATTR_PROCESS_ID,
		LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
		LTTNG_PROCESS_ATTR_USER_ID,
		LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID,
		LTTNG_PROCESS_ATTR_GROUP_ID,
		LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID,
	};
	const enum lttng_process_attr *attrs = kernel_attrs;
	size_t count = 6, i;
	int ret = CMD_SUCCESS;

	if (domain == LTTNG_DOMAIN_UST) {
		/* The user space domain has the three virtual ones. */
		static const enum lttng_process_attr ust_attrs[] = {
			LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
			LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID,
			LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID,
		};
		attrs = ust_attrs;
		count = 3;
	}
	mi_writer_open(mi, "process_attr_trackers");
	for (i = 0; i < count && ret == CMD_SUCCESS; i++)
		ret = write_tracker(mi, session, domain, attrs[i]);
	mi_writer_close(mi);
	return ret;
}

/* <events> of one channel (or of an agent domain: channel NULL). */
static int write_events(struct mi_writer *mi, struct lttng_handle *handle,
			const char *channel)
{
	struct lttng_event *events = NULL;
	int count = lttng_list_events(handle, channel, &events), i;

	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		return CMD_ERROR;
	}
	mi_writer_open(mi, "events");
	for (i = 0; i < count; i++)
		mi_event_write_listed(mi, handle->domain.type, &events[i]);
	mi_writer_close(mi);
	free(events);
	return CMD_SUCCESS;
}

static int write_channels(struct mi_writer *mi, struct lttng_handle *handle,
			  const char *filter)
{
	struct lttng_channel *channels = NULL;
	int count = lttng_list_channels(handle, &channels), i;
	int ret = CMD_SUCCESS;

	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		return CMD_ERROR;
	}
	mi_writer_open(mi, "channels");
	for (i = 0; i < count && ret == CMD_SUCCESS; i++) {
		if (filter && strcmp(channels[i].name, filter))
			continue;
		mi_channel_open(mi, &channels[i]);
		ret = write_events(mi, handle, channels[i].name);
		mi_writer_close(mi);
	}
	mi_writer_close(mi);
	free(channels);
	return ret;
}

static int write_domain(struct mi_writer *mi, const char *session,
			const struct lttng_domain *domain, const char *channel)
{
	struct lttng_handle *handle;
	int ret;

	open_domain(mi, domain);
	handle = lttng_create_handle(session, (struct lttng_domain *)domain);
	if (!handle)
		return CMD_FATAL;
	if (is_agent_domain(domain->type)) {
		ret = write_events(mi, handle, NULL);
	} else {
		ret = write_trackers(mi, session, domain->type);
		if (ret == CMD_SUCCESS)
			ret = write_channels(mi, handle, channel);
	}
	lttng_destroy_handle(handle);
	mi_writer_close(mi);
	return ret;
}

static int write_all_domains(struct mi_writer *mi, const char *session,
			     const char *channel, int domains_only)
{
	struct lttng_domain *domains = NULL;
	int count = lttng_list_domains(session, &domains), i;
	int ret = CMD_SUCCESS;

	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		return CMD_ERROR;
	}
	mi_writer_open(mi, "domains");
	for (i = 0; i < count && ret == CMD_SUCCESS; i++) {
		if (domains_only) {
			open_domain(mi, &domains[i]);
			mi_writer_close(mi);
		} else {
			ret = write_domain(mi, session, &domains[i], channel);
		}
	}
	mi_writer_close(mi);
	free(domains);
	return ret;
}

int mi_list_session(const char *name, enum lttng_domain_type only_domain,
		    const char *channel, int domains_only)
{
	struct lttng_session *sessions = NULL, *session = NULL;
	int count = lttng_list_sessions(&sessions), i, ret;
	struct mi_writer *mi;

	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		mi = mi_command_begin("list");
		mi_writer_open(mi, "sessions");
		mi_command_end(MI_SUCCESS_OMIT);
		return CMD_ERROR;
	}
	for (i = 0; i < count && !session; i++) {
		if (!strcmp(sessions[i].name, name))
			session = &sessions[i];
	}
	mi = mi_command_begin("list");
	mi_writer_open(mi, "sessions");
	if (!session) {
		ERR("Session '%s' not found", name);
		mi_command_end(MI_SUCCESS_OMIT);
		free(sessions);
		return CMD_ERROR;
	}
	mi_session_open(mi, session);
	ret = mi_rotation_write_session_schedules(mi, name);
	if (ret < 0) {
		ERR("Failed to list session rotation schedules: %s",
		    lttng_strerror(ret));
		mi_command_end(MI_SUCCESS_OMIT);
		free(sessions);
		return CMD_ERROR;
	}
	if (only_domain != LTTNG_DOMAIN_NONE && !domains_only) {
		struct lttng_domain domain = {.type = only_domain};

		mi_writer_open(mi, "domains");
		ret = write_domain(mi, name, &domain, channel);
	} else {
		ret = write_all_domains(mi, name, channel, domains_only);
	}
	mi_command_end(MI_SUCCESS_OMIT);
	free(sessions);
	return ret;
}

/*
 * One tracepoint of an application (or agent logger, or kernel event),
 * left open for its fields. LTTng's daemon reports every available
 * instrumentation point as enabled: so does its MI.
 */
static void write_point(struct mi_writer *mi, enum lttng_domain_type domain,
			const struct lttng_event *event)
{
	mi_writer_open(mi, "event");
	mi_writer_string(mi, "name", event->name);
	mi_writer_string(mi, "type", mi_event_type_name(event->type));
	mi_writer_bool(mi, "enabled", true);
	if (domain == LTTNG_DOMAIN_UST || event->loglevel != -1) {
		mi_writer_string(mi, "loglevel",
				 mi_loglevel_name(domain, event->loglevel));
		mi_writer_string(mi, "loglevel_type",
				 mi_loglevel_type_name(event->loglevel_type));
	}
	mi_writer_open(mi, "exclusions");
	mi_writer_close(mi);
}

/* "./hello": the first argument of /proc/PID/cmdline. */
static void process_name(pid_t pid, char *name, size_t len)
{
	char path[64];
	FILE *f;
	size_t n = 0;

	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)pid);
	f = fopen(path, "r");
	if (f) {
		n = fread(name, 1, len - 1, f);
		fclose(f);
	}
	name[n] = '\0';
}

static void open_pid(struct mi_writer *mi, pid_t pid)
{
	char name[4096];

	process_name(pid, name, sizeof(name));
	mi_writer_open(mi, "pid");
	mi_writer_int(mi, "id", pid);
	mi_writer_string(mi, "name", name);
	mi_writer_open(mi, "events");
}

static const char *field_type_name(enum lttng_event_field_type type)
{
	switch (type) {
	case LTTNG_EVENT_FIELD_INTEGER:
		return "INTEGER";
	case LTTNG_EVENT_FIELD_ENUM:
		return "ENUM";
	case LTTNG_EVENT_FIELD_FLOAT:
		return "FLOAT";
	case LTTNG_EVENT_FIELD_STRING:
		return "STRING";
	default:
		return "OTHER";
	}
}

/* Open <domains><domain> for a listing of instrumentation points. */
static void open_points_domain(struct mi_writer *mi,
			       const struct lttng_domain *domain)
{
	mi_writer_open(mi, "domains");
	open_domain(mi, domain);
}

static int write_ust_fields(struct mi_writer *mi, struct lttng_handle *handle)
{
	struct lttng_event_field *fields = NULL;
	int count = lttng_list_tracepoint_fields(handle, &fields), i;
	int depth = mi->depth;

	if (count < 0) {
		ERR("Unable to list UST event fields: %s",
		    lttng_strerror(count));
		return CMD_ERROR;
	}
	open_points_domain(mi, &handle->domain);
	mi_writer_open(mi, "pids");
	for (i = 0; i < count; i++) {
		const struct lttng_event *event = &fields[i].event;
		bool new_pid = i == 0 || event->pid != fields[i - 1].event.pid;
		bool new_event = new_pid ||
				 strcmp(event->name, fields[i - 1].event.name);

		if (new_event && i > 0)
			mi_writer_close_to(mi, depth + (new_pid ? 3 : 5));
		if (new_pid)
			open_pid(mi, event->pid);
		if (new_event) {
			write_point(mi, LTTNG_DOMAIN_UST, event);
			mi_writer_open(mi, "event_fields");
		}
		if (!fields[i].field_name[0])
			continue;
		mi_writer_open(mi, "event_field");
		mi_writer_string(mi, "name", fields[i].field_name);
		mi_writer_string(mi, "type", field_type_name(fields[i].type));
		mi_writer_int(mi, "nowrite", fields[i].nowrite);
		mi_writer_close(mi);
	}
	mi_writer_close_to(mi, depth);
	free(fields);
	return CMD_SUCCESS;
}

static int write_points(struct mi_writer *mi, struct lttng_handle *handle)
{
	enum lttng_domain_type type = handle->domain.type;
	struct lttng_event *events = NULL;
	int count = lttng_list_tracepoints(handle, &events), i;
	int depth = mi->depth;

	if (count < 0) {
		ERR("Unable to list %s events: %s",
		    type == LTTNG_DOMAIN_KERNEL ? "kernel"
		    : type == LTTNG_DOMAIN_UST	? "UST"
						: lttng_names_domain_type(type),
		    lttng_strerror(count));
		return CMD_ERROR;
	}
	open_points_domain(mi, &handle->domain);
	if (type == LTTNG_DOMAIN_KERNEL)
		mi_writer_open(mi, "events");
	else
		mi_writer_open(mi, "pids");
	for (i = 0; i < count; i++) {
		bool new_pid = i == 0 || events[i].pid != events[i - 1].pid;

		if (type != LTTNG_DOMAIN_KERNEL && new_pid) {
			mi_writer_close_to(mi, depth + 3);
			open_pid(mi, events[i].pid);
		}
		write_point(mi, type, &events[i]);
		mi_writer_close(mi);
	}
	mi_writer_close_to(mi, depth);
	free(events);
	return CMD_SUCCESS;
}

/*
 * The kernel's system calls: <events> right in <output>, each with its
 * name, type and state only (LTTng's daemon lists them with an enabled
 * field of -1, which its MI writes as true).
 */
static int write_syscalls(struct mi_writer *mi)
{
	struct lttng_event *events = NULL;
	int count = lttng_list_syscalls(&events), i;

	if (count < 0) {
		ERR("Unable to list system calls: %s", lttng_strerror(count));
		return CMD_ERROR;
	}
	mi_writer_open(mi, "events");
	for (i = 0; i < count; i++) {
		mi_writer_open(mi, "event");
		mi_writer_string(mi, "name", events[i].name);
		mi_writer_string(mi, "type",
				 mi_event_type_name(LTTNG_EVENT_SYSCALL));
		mi_writer_bool(mi, "enabled", true);
		mi_writer_close(mi);
	}
	mi_writer_close(mi);
	free(events);
	return CMD_SUCCESS;
}

int mi_list_points(const int *wanted, int fields, int syscalls)
{
	struct mi_writer *mi = NULL;
	enum lttng_domain_type type;
	int ret = CMD_SUCCESS;
	bool agent_listed = false;

	for (type = LTTNG_DOMAIN_KERNEL;
	     type <= LTTNG_DOMAIN_PYTHON && ret == CMD_SUCCESS; type++) {
		struct lttng_domain domain = {.type = type};
		struct lttng_handle *handle;

		/* Like LTTng, only the first agent domain asked for. */
		if (!wanted[type] || (is_agent_domain(type) && agent_listed))
			continue;
		agent_listed |= is_agent_domain(type);
		handle = lttng_create_handle(NULL, &domain);
		if (!handle)
			return CMD_FATAL;
		if (!mi)
			mi = mi_command_begin("list");
		if (syscalls && type == LTTNG_DOMAIN_KERNEL)
			ret = write_syscalls(mi);
		else if (fields && type == LTTNG_DOMAIN_UST)
			ret = write_ust_fields(mi, handle);
		else
			ret = write_points(mi, handle);
		lttng_destroy_handle(handle);
	}
	if (mi)
		mi_command_end(MI_SUCCESS_OMIT);
	return ret;
}
