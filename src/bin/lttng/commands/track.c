/*
 * lttng track / lttng untrack: add values to, or remove them from, the
 * inclusion sets of a session's process attribute trackers
 * (--vpid=VPID[,VPID]..., --vuid=VUID|USER[,...], --vgid=..., and in the
 * kernel domain --pid), or make a tracker include every process / none
 * (--all --vpid). Each attribute option is handled in command-line order,
 * with LTTng 2.13's messages. User space: --pid means --vpid; --uid and
 * --gid are refused as LTTng refuses them. Kernel domain: the process ID
 * tracker (its older API); the other kernel trackers are not implemented.
 */
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../utils.h"

#define MAX_ATTRIBUTE_OPTIONS 32

enum {
	OPT_SESSION = 3,
	OPT_KERNEL,
	OPT_USERSPACE,
	OPT_ALL,
	/* One per option, in enum lttng_process_attr's order. */
	OPT_PID,
	OPT_VPID,
	OPT_UID,
	OPT_VUID,
	OPT_GID,
	OPT_VGID,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	{"kernel", 'k', POPT_ARG_NONE, NULL, OPT_KERNEL, NULL, NULL},
	{"userspace", 'u', POPT_ARG_NONE, NULL, OPT_USERSPACE, NULL, NULL},
	{"pid", 'p', POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL, OPT_PID,
	 NULL, NULL},
	{"vpid", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL, OPT_VPID,
	 NULL, NULL},
	{"uid", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL, OPT_UID, NULL,
	 NULL},
	{"vuid", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL, OPT_VUID,
	 NULL, NULL},
	{"gid", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL, OPT_GID, NULL,
	 NULL},
	{"vgid", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL, OPT_VGID,
	 NULL, NULL},
	{"all", 'a', POPT_ARG_NONE, NULL, OPT_ALL, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

/* One process attribute option as given: --vpid=1,2 or --vpid. */
struct attribute_option {
	enum lttng_process_attr attr;
	char *values; /* popt-allocated, NULL without a value */
};

struct track_opts {
	const char *command; /* "track" or "untrack" */
	int track;
	char *session;
	int kernel, userspace, all;
	int done; /* --help or --list-options answered the command */
	struct attribute_option attributes[MAX_ATTRIBUTE_OPTIONS];
	int attribute_count;
};

/* "virtual process ID" (capitalized: "Virtual process ID"). */
static const char *attr_name(enum lttng_process_attr attr, int capitalized)
{
	static const char *const names[][2] = {
		{"process ID", "Process ID"},
		{"virtual process ID", "Virtual process ID"},
		{"user ID", "User ID"},
		{"virtual user ID", "Virtual user ID"},
		{"group ID", "Group ID"},
		{"virtual group ID", "Virtual group ID"},
	};

	return names[attr][capitalized];
}

static int parse(poptContext pc, struct track_opts *o)
{
	int opt;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		switch (opt) {
		case OPT_SESSION:
			free(o->session);
			o->session = poptGetOptArg(pc);
			break;
		case OPT_KERNEL:
			o->kernel = 1;
			break;
		case OPT_USERSPACE:
			o->userspace = 1;
			break;
		case OPT_ALL:
			o->all = 1;
			break;
		case OPT_PID:
		case OPT_VPID:
		case OPT_UID:
		case OPT_VUID:
		case OPT_GID:
		case OPT_VGID:
			if (o->attribute_count == MAX_ATTRIBUTE_OPTIONS) {
				ERR("Too many process attribute options");
				return CMD_ERROR;
			}
			o->attributes[o->attribute_count].attr =
				(enum lttng_process_attr)(opt - OPT_PID);
			o->attributes[o->attribute_count++].values =
				poptGetOptArg(pc);
			break;
		default:
			o->done = 1;
			return cli_common_option(opt, o->command, options);
		}
	}
	return CMD_SUCCESS;
}

/* The checks LTTng makes before it contacts the session daemon. */
static int check(const struct track_opts *o)
{
	if (!o->kernel && !o->userspace) {
		ERR("Please specify a domain (--kernel/--userspace).");
		return CMD_ERROR;
	}
	if (o->kernel && o->userspace) {
		ERR("Only one domain must be specified.");
		return CMD_ERROR;
	}
	if (!o->attribute_count) {
		ERR("At least one process attribute must be specified");
		return CMD_ERROR;
	}
	for (int i = 0; i < o->attribute_count; i++) {
		const struct attribute_option *a = &o->attributes[i];

		if (o->all && a->values) {
			ERR("The --all option cannot be used with a list of "
			    "process attribute values");
			return CMD_ERROR;
		}
		if (!o->all && !a->values) {
			ERR("No process attribute value specified for %s "
			    "tracker",
			    attr_name(a->attr, 1));
			return CMD_ERROR;
		}
	}
	return CMD_SUCCESS;
}

/* Whether the attribute's values are IDs that may also be names. */
static int takes_names(enum lttng_process_attr attr)
{
	return attr != LTTNG_PROCESS_ATTR_PROCESS_ID &&
	       attr != LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID;
}

static int parse_id(const char *text, long *id)
{
	char *end;

	if (!*text || *text == '-' || *text == '+')
		return -1;
	*id = strtol(text, &end, 10);
	return *end || *id > 0x7fffffff ? -1 : 0;
}

/* Checks every value of a list before any is sent, as LTTng does. */
static int check_values(enum lttng_process_attr attr, const char *list)
{
	char *copy = strdup(list), *save = NULL, *item;
	int ret = CMD_SUCCESS;
	long id;

	if (!copy)
		return CMD_FATAL;
	for (item = strtok_r(copy, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		if (!takes_names(attr) && parse_id(item, &id)) {
			ERR("%s is not a valid %s value; expected an integer",
			    item, attr_name(attr, 0));
			ret = CMD_ERROR;
			break;
		}
	}
	free(copy);
	return ret;
}

typedef enum lttng_process_attr_tracker_handle_status tracker_status;

/* Sends one value (a number, or a user/group name) to the tracker. */
static tracker_status send_value(struct lttng_process_attr_tracker_handle *h,
				 enum lttng_process_attr attr, int track,
				 const char *text)
{
	long id;
	int numeric = parse_id(text, &id) == 0;

	switch (attr) {
	case LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID:
		return track ? lttng_process_attr_virtual_process_id_tracker_handle_add_pid(
				       h, (pid_t)id)
			     : lttng_process_attr_virtual_process_id_tracker_handle_remove_pid(
				       h, (pid_t)id);
	case LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID:
		if (numeric)
			return track ? lttng_process_attr_virtual_user_id_tracker_handle_add_uid(
					       h, (uid_t)id)
				     : lttng_process_attr_virtual_user_id_tracker_handle_remove_uid(
					       h, (uid_t)id);
		return track ? lttng_process_attr_virtual_user_id_tracker_handle_add_user_name(
				       h, text)
			     : lttng_process_attr_virtual_user_id_tracker_handle_remove_user_name(
				       h, text);
	case LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID:
		if (numeric)
			return track ? lttng_process_attr_virtual_group_id_tracker_handle_add_gid(
					       h, (gid_t)id)
				     : lttng_process_attr_virtual_group_id_tracker_handle_remove_gid(
					       h, (gid_t)id);
		return track ? lttng_process_attr_virtual_group_id_tracker_handle_add_group_name(
				       h, text)
			     : lttng_process_attr_virtual_group_id_tracker_handle_remove_group_name(
				       h, text);
	default:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	}
}

/* Prints LTTng's message for one value's result. CMD_* result. */
static int report_value(enum lttng_process_attr attr, int track,
			const char *text, tracker_status status)
{
	long id;
	/* Warnings quote user and group names. */
	const char *quote = parse_id(text, &id) ? "`" : "";

	switch (status) {
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK:
		MSG("%s %s %s the %s tracker inclusion set",
		    track ? "Added" : "Removed", text, track ? "to" : "from",
		    attr_name(attr, 0));
		return CMD_SUCCESS;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_EXISTS:
		WARN("%s%s%s is already in the %s inclusion set", quote, text,
		     quote, attr_name(attr, 0));
		return CMD_SUCCESS;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_MISSING:
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID_TRACKING_POLICY:
		WARN("%s%s%s is not in the %s the inclusion set", quote, text,
		     quote, attr_name(attr, 0));
		return CMD_SUCCESS;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_USER_NOT_FOUND:
		ERR("User `%s` was not found", text);
		return CMD_ERROR;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_GROUP_NOT_FOUND:
		ERR("Group `%s` was not found", text);
		return CMD_ERROR;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_COMMUNICATION_ERROR:
		ERR("Communication error with the session daemon");
		return CMD_ERROR;
	default:
		ERR("Failed to %s %s %s", track ? "track" : "untrack",
		    attr_name(attr, 0), text);
		return CMD_ERROR;
	}
}

/* The tracker must track a set before values are added to it. */
static int ensure_include_set(struct lttng_process_attr_tracker_handle *h)
{
	enum lttng_tracking_policy policy;

	if (lttng_process_attr_tracker_handle_get_tracking_policy(h, &policy) !=
	    LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK) {
		ERR("Failed to get the tracking policy");
		return CMD_ERROR;
	}
	if (policy == LTTNG_TRACKING_POLICY_INCLUDE_SET)
		return CMD_SUCCESS;
	if (lttng_process_attr_tracker_handle_set_tracking_policy(
		    h, LTTNG_TRACKING_POLICY_INCLUDE_SET) !=
	    LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK) {
		ERR("Failed to set the tracking policy");
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

static int set_all(struct lttng_process_attr_tracker_handle *h,
		   enum lttng_process_attr attr, int track)
{
	if (lttng_process_attr_tracker_handle_set_tracking_policy(
		    h, track ? LTTNG_TRACKING_POLICY_INCLUDE_ALL
			     : LTTNG_TRACKING_POLICY_EXCLUDE_ALL) !=
	    LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK) {
		ERR("Failed to set the tracking policy");
		return CMD_ERROR;
	}
	MSG("%s tracking policy set to `%s all`", attr_name(attr, 1),
	    track ? "include" : "exclude");
	return CMD_SUCCESS;
}

/* One user space attribute option: --all or its list of values. */
static int change_ust_attribute(const struct track_opts *o, const char *session,
				const struct attribute_option *a)
{
	enum lttng_process_attr attr = a->attr;
	struct lttng_process_attr_tracker_handle *h = NULL;
	char *save = NULL, *item;
	enum lttng_error_code code;
	int ret;

	if (attr == LTTNG_PROCESS_ATTR_PROCESS_ID)
		attr = LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID;
	if (attr == LTTNG_PROCESS_ATTR_USER_ID ||
	    attr == LTTNG_PROCESS_ATTR_GROUP_ID) {
		ERR("The %s process attribute cannot be tracked in the user "
		    "space domain.",
		    attr_name(attr, 0));
		return CMD_ERROR;
	}
	code = lttng_session_get_tracker_handle(session, LTTNG_DOMAIN_UST, attr,
						&h);
	if (code == LTTNG_ERR_SESS_NOT_FOUND) {
		ERR("Recording session does not exist");
		return CMD_ERROR;
	}
	if (code != LTTNG_OK) {
		ERR("%s", lttng_strerror(-(int)code));
		return CMD_ERROR;
	}
	if (o->all) {
		ret = set_all(h, attr, o->track);
		goto end;
	}
	ret = o->track ? ensure_include_set(h) : CMD_SUCCESS;
	/* Values are sent in order; a bad one stops the list there. */
	for (item = strtok_r(a->values, ",", &save); item && ret == CMD_SUCCESS;
	     item = strtok_r(NULL, ",", &save)) {
		ret = check_values(attr, item);
		if (ret == CMD_SUCCESS)
			ret = report_value(attr, o->track, item,
					   send_value(h, attr, o->track, item));
	}
end:
	lttng_process_attr_tracker_handle_destroy(h);
	return ret;
}

/* Kernel domain, process ID tracker: one pid (-1: --all). */
static int change_kernel_pid(struct lttng_handle *handle, int track, int pid)
{
	int ret = track ? lttng_track_pid(handle, pid)
			: lttng_untrack_pid(handle, pid);

	if (ret == -LTTNG_ERR_PROCESS_ATTR_EXISTS) {
		WARN("%d is already in the process ID inclusion set", pid);
		return CMD_SUCCESS;
	}
	if (ret == -LTTNG_ERR_PROCESS_ATTR_MISSING) {
		WARN("%d is not in the process ID the inclusion set", pid);
		return CMD_SUCCESS;
	}
	if (ret < 0) {
		ERR("Error %s process ID %d: %s",
		    track ? "tracking" : "untracking", pid,
		    lttng_strerror(ret));
		return CMD_ERROR;
	}
	if (pid == -1)
		MSG("Process ID tracking policy set to `%s all`",
		    track ? "include" : "exclude");
	else
		MSG("%s %d %s the process ID tracker inclusion set",
		    track ? "Added" : "Removed", pid, track ? "to" : "from");
	return CMD_SUCCESS;
}

static int change_kernel_attribute(const struct track_opts *o,
				   const char *session,
				   const struct attribute_option *a)
{
	struct lttng_domain dom = {.type = LTTNG_DOMAIN_KERNEL,
				   .buf_type = LTTNG_BUFFER_GLOBAL};
	struct lttng_handle *handle;
	char *save = NULL, *item;
	int ret;
	long pid;

	if (a->attr != LTTNG_PROCESS_ATTR_PROCESS_ID) {
		ERR("Only the process ID tracker (--pid) is supported in the "
		    "kernel domain");
		return CMD_UNSUPPORTED;
	}
	if (!o->all && check_values(a->attr, a->values) != CMD_SUCCESS)
		return CMD_ERROR;
	handle = lttng_create_handle(session, &dom);
	if (!handle)
		return CMD_FATAL;
	if (o->all) {
		ret = change_kernel_pid(handle, o->track, -1);
		goto end;
	}
	ret = CMD_SUCCESS;
	for (item = strtok_r(a->values, ",", &save); item && ret == CMD_SUCCESS;
	     item = strtok_r(NULL, ",", &save)) {
		parse_id(item, &pid);
		ret = change_kernel_pid(handle, o->track, (int)pid);
	}
end:
	lttng_destroy_handle(handle);
	return ret;
}

static int run(int argc, const char **argv, const char *command, int track)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct track_opts o = {.command = command, .track = track};
	char *session = NULL;
	int ret = parse(pc, &o);

	if (ret != CMD_SUCCESS || o.done)
		goto end;
	if (poptPeekArg(pc)) {
		ERR("Unknown argument: %s", poptPeekArg(pc));
		ret = CMD_ERROR;
		goto end;
	}
	ret = check(&o);
	if (ret != CMD_SUCCESS)
		goto end;
	session = utils_session_name(o.session);
	if (!session) {
		ret = CMD_ERROR;
		goto end;
	}
	for (int i = 0; i < o.attribute_count && ret == CMD_SUCCESS; i++)
		ret = o.kernel ? change_kernel_attribute(&o, session,
							 &o.attributes[i])
			       : change_ust_attribute(&o, session,
						      &o.attributes[i]);
end:
	free(session);
	free(o.session);
	for (int i = 0; i < o.attribute_count; i++)
		free(o.attributes[i].values);
	poptFreeContext(pc);
	return ret;
}

int cmd_track(int argc, const char **argv)
{
	return run(argc, argv, "track", 1);
}

int cmd_untrack(int argc, const char **argv)
{
	return run(argc, argv, "untrack", 0);
}
