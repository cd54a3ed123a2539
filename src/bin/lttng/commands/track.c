/*
 * lttng track / lttng untrack: add values to, or remove them from, the
 * process attribute inclusion sets of a session's domain (--pid, --vpid,
 * --uid, --vuid, --gid, --vgid with VALUE[,VALUE]...), or include every
 * value / none (--all with empty attribute options), through the process
 * attribute tracker handles of liblttng-ctl. Messages and exit codes are
 * LTTng 2.13's.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/tracker.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-tracker.h"
#include "../utils.h"

enum {
	OPT_SESSION = 3,
	OPT_KERNEL,
	OPT_USERSPACE,
	OPT_ALL,
	OPT_PID,
	OPT_VPID,
	OPT_UID,
	OPT_VUID,
	OPT_GID,
	OPT_VGID,
};

#define NR_ATTRS 6 /* enum lttng_process_attr */

/* LTTng's table order, which --list-options shows. */
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

/* One attribute option: given or not, and its values ("a,b" joined). */
struct attr_request {
	bool given;
	char *values; /* NULL: none given */
};

struct track_opts {
	const char *command; /* "track" or "untrack" */
	bool track;
	char *session;
	int kernel, userspace, all;
	int done; /* --help or --list-options answered the command */
	struct attr_request attrs[NR_ATTRS];
};

/* The tracker names LTTng prints, by enum lttng_process_attr. */
static const char *const attr_names[NR_ATTRS] = {
	"process ID",	   "virtual process ID", "user ID",
	"virtual user ID", "group ID",		 "virtual group ID",
};

static const char *const capitalized_attr_names[NR_ATTRS] = {
	"Process ID",	   "Virtual process ID", "User ID",
	"Virtual user ID", "Group ID",		 "Virtual group ID",
};

/* Appends one option's values to the attribute's list. */
static int add_values(struct attr_request *req, char *values)
{
	char *joined;
	size_t len;

	req->given = true;
	if (!values)
		return 0;
	if (!req->values) {
		req->values = values;
		return 0;
	}
	len = strlen(req->values) + strlen(values) + 2;
	joined = malloc(len);
	if (!joined) {
		free(values);
		return -1;
	}
	snprintf(joined, len, "%s,%s", req->values, values);
	free(req->values);
	free(values);
	req->values = joined;
	return 0;
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
			if (add_values(&o->attrs[opt - OPT_PID],
				       poptGetOptArg(pc)))
				return CMD_FATAL;
			break;
		default:
			o->done = 1;
			return cli_common_option(opt, o->command, options);
		}
	}
	return CMD_SUCCESS;
}

/* Whether text is a whole non-negative decimal integer (*out). */
static bool parse_integer(const char *text, long *out)
{
	char *end;
	long v;

	if (!*text || *text == '-' || *text == '+')
		return false;
	v = strtol(text, &end, 10);
	if (*end || v < 0 || v > 0x7fffffff)
		return false;
	*out = v;
	return true;
}

/* Adds or removes one value (given as text) of tracker attr. */
static enum lttng_process_attr_tracker_handle_status
change_value(const struct lttng_process_attr_tracker_handle *h,
	     enum lttng_process_attr attr, bool track, const char *text,
	     bool *is_name)
{
	long id = 0;

	*is_name = !parse_integer(text, &id);
	switch (attr) {
	case LTTNG_PROCESS_ATTR_PROCESS_ID:
		return track ? lttng_process_attr_process_id_tracker_handle_add_pid(
				       h, (pid_t)id)
			     : lttng_process_attr_process_id_tracker_handle_remove_pid(
				       h, (pid_t)id);
	case LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID:
		return track ? lttng_process_attr_virtual_process_id_tracker_handle_add_pid(
				       h, (pid_t)id)
			     : lttng_process_attr_virtual_process_id_tracker_handle_remove_pid(
				       h, (pid_t)id);
	case LTTNG_PROCESS_ATTR_USER_ID:
		if (*is_name)
			return track ? lttng_process_attr_user_id_tracker_handle_add_user_name(
					       h, text)
				     : lttng_process_attr_user_id_tracker_handle_remove_user_name(
					       h, text);
		return track ? lttng_process_attr_user_id_tracker_handle_add_uid(
				       h, (uid_t)id)
			     : lttng_process_attr_user_id_tracker_handle_remove_uid(
				       h, (uid_t)id);
	case LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID:
		if (*is_name)
			return track ? lttng_process_attr_virtual_user_id_tracker_handle_add_user_name(
					       h, text)
				     : lttng_process_attr_virtual_user_id_tracker_handle_remove_user_name(
					       h, text);
		return track ? lttng_process_attr_virtual_user_id_tracker_handle_add_uid(
				       h, (uid_t)id)
			     : lttng_process_attr_virtual_user_id_tracker_handle_remove_uid(
				       h, (uid_t)id);
	case LTTNG_PROCESS_ATTR_GROUP_ID:
		if (*is_name)
			return track ? lttng_process_attr_group_id_tracker_handle_add_group_name(
					       h, text)
				     : lttng_process_attr_group_id_tracker_handle_remove_group_name(
					       h, text);
		return track ? lttng_process_attr_group_id_tracker_handle_add_gid(
				       h, (gid_t)id)
			     : lttng_process_attr_group_id_tracker_handle_remove_gid(
				       h, (gid_t)id);
	case LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID:
		if (*is_name)
			return track ? lttng_process_attr_virtual_group_id_tracker_handle_add_group_name(
					       h, text)
				     : lttng_process_attr_virtual_group_id_tracker_handle_remove_group_name(
					       h, text);
		return track ? lttng_process_attr_virtual_group_id_tracker_handle_add_gid(
				       h, (gid_t)id)
			     : lttng_process_attr_virtual_group_id_tracker_handle_remove_gid(
				       h, (gid_t)id);
	}
	return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
}

/* Prints LTTng's message for one value's result; CMD_* result. */
static int report_value(enum lttng_process_attr attr, bool track,
			const char *session, const char *text, bool is_name,
			enum lttng_process_attr_tracker_handle_status status)
{
	char pretty[512];

	snprintf(pretty, sizeof(pretty), is_name ? "`%s`" : "%s", text);
	switch (status) {
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK:
		MSG("%s %s %s the %s tracker inclusion set",
		    track ? "Added" : "Removed", text, track ? "to" : "from",
		    attr_names[attr]);
		return CMD_SUCCESS;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_SESSION_DOES_NOT_EXIST:
		ERR("Session `%s` not found", session);
		return CMD_SUCCESS;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_EXISTS:
		WARN("%s is already in the %s inclusion set", pretty,
		     attr_names[attr]);
		return CMD_SUCCESS;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_MISSING:
		WARN("%s is not in the %s the inclusion set", pretty,
		     attr_names[attr]);
		return CMD_SUCCESS;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_USER_NOT_FOUND:
		ERR("User %s was not found", pretty);
		return CMD_ERROR;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_GROUP_NOT_FOUND:
		ERR("Group %s was not found", pretty);
		return CMD_ERROR;
	default:
		ERR("Unknown error encountered while %s %s %s %s tracker's "
		    "inclusion set",
		    track ? "adding" : "removing", attr_names[attr], pretty,
		    track ? "to" : "from");
		return CMD_FATAL;
	}
}

/* One value's result in the MI document. */
static void
report_mi_value(enum lttng_process_attr attr, const char *text, bool is_name,
		enum lttng_process_attr_tracker_handle_status status)
{
	bool success =
		status == LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK ||
		status == LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_EXISTS ||
		status == LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_MISSING;
	long id = 0;

	if (!is_name)
		parse_integer(text, &id);
	mi_tracker_value(mi_command_writer(), attr, id, is_name ? text : NULL,
			 success ? MI_SUCCESS_TRUE : MI_SUCCESS_FALSE);
	if (status == LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_USER_NOT_FOUND ||
	    status == LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_GROUP_NOT_FOUND)
		mi_tracker_set_failure(MI_TRACKER_FAILURE_IN_TRACKERS);
}

/* Whether attr's values must be integers (process IDs). */
static bool integers_only(enum lttng_process_attr attr)
{
	return attr == LTTNG_PROCESS_ATTR_PROCESS_ID ||
	       attr == LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID;
}

/* The worse of two CMD_* results (a fatal error wins). */
static int worse(int a, int b)
{
	if (a == CMD_FATAL || b == CMD_FATAL)
		return CMD_FATAL;
	return a != CMD_SUCCESS ? a : b;
}

/* Sets tracker attr to include every value (track) or none. */
static int change_policy(struct lttng_process_attr_tracker_handle *h,
			 enum lttng_process_attr attr, bool track)
{
	enum lttng_process_attr_tracker_handle_status status =
		lttng_process_attr_tracker_handle_set_tracking_policy(
			h, track ? LTTNG_TRACKING_POLICY_INCLUDE_ALL
				 : LTTNG_TRACKING_POLICY_EXCLUDE_ALL);

	if (status != LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK) {
		ERR("Failed to set tracking policy of %s tracker",
		    attr_names[attr]);
		return CMD_FATAL;
	}
	if (mi_enabled())
		mi_tracker_value_all(mi_command_writer(), attr, true);
	MSG("%s tracking policy set to `%s all`", capitalized_attr_names[attr],
	    track ? "include" : "exclude");
	return CMD_SUCCESS;
}

/*
 * Adds or removes each value of one attribute option, as LTTng does: a
 * value's error is reported and the next values still apply; a value
 * that is not an integer where one is needed stops the command.
 */
static int change_values(const struct track_opts *o, const char *session,
			 struct lttng_process_attr_tracker_handle *h,
			 enum lttng_process_attr attr)
{
	char *copy = strdup(o->attrs[attr].values), *item, *save = NULL;
	enum lttng_process_attr_tracker_handle_status status;
	int ret = CMD_SUCCESS;
	bool is_name;
	long id;

	if (!copy)
		return CMD_FATAL;
	for (item = strtok_r(copy, ",", &save); item && ret != CMD_FATAL;
	     item = strtok_r(NULL, ",", &save)) {
		if (integers_only(attr) && !parse_integer(item, &id)) {
			ERR("%s is not a valid %s value; expected an integer",
			    item, attr_names[attr]);
			if (mi_enabled()) {
				mi_tracker_value(mi_command_writer(), attr, 0,
						 item, MI_SUCCESS_OMIT);
				mi_tracker_set_failure(
					MI_TRACKER_FAILURE_IN_OUTPUT);
			}
			ret = worse(ret, CMD_ERROR);
			break;
		}
		status = change_value(h, attr, o->track, item, &is_name);
		if (mi_enabled())
			report_mi_value(attr, item, is_name, status);
		ret = worse(ret, report_value(attr, o->track, session, item,
					      is_name, status));
	}
	free(copy);
	return ret;
}

/* Applies one attribute option to its tracker. */
static int apply_attr(const struct track_opts *o, const char *session,
		      enum lttng_domain_type domain,
		      enum lttng_process_attr attr)
{
	struct lttng_process_attr_tracker_handle *h = NULL;
	enum lttng_error_code code;
	int ret;

	code = lttng_session_get_tracker_handle(session, domain, attr, &h);
	if (code != LTTNG_OK && o->all) {
		ERR("Session `%s` does not exist", session);
		return CMD_FATAL;
	}
	if (code != LTTNG_OK) {
		ERR("%s", lttng_strerror(-(int)code));
		return CMD_ERROR;
	}
	ret = o->all ? change_policy(h, attr, o->track)
		     : change_values(o, session, h, attr);
	lttng_process_attr_tracker_handle_destroy(h);
	return ret;
}

/* Applies one attribute option. */
static int run_attr(const struct track_opts *o, const char *session,
		    enum lttng_domain_type domain, enum lttng_process_attr attr)
{
	int ret;

	if (mi_enabled())
		mi_tracker_open(mi_command_writer(), attr);
	ret = apply_attr(o, session, domain, attr);
	if (mi_enabled())
		mi_tracker_close(mi_command_writer());
	return ret;
}

/* Checks the option combination; CMD_SUCCESS when it can be sent. */
static int check(const struct track_opts *o)
{
	bool any = false;
	int attr;

	if (!o->kernel && !o->userspace) {
		ERR("Please specify a domain (--kernel/--userspace).");
		return CMD_ERROR;
	}
	if (o->kernel && o->userspace) {
		ERR("Only one domain must be specified.");
		return CMD_ERROR;
	}
	for (attr = 0; attr < NR_ATTRS; attr++) {
		const struct attr_request *req = &o->attrs[attr];

		if (!req->given)
			continue;
		any = true;
		if (o->userspace && (attr == LTTNG_PROCESS_ATTR_USER_ID ||
				     attr == LTTNG_PROCESS_ATTR_GROUP_ID)) {
			ERR("The %s process attribute cannot be tracked in "
			    "the user space domain.",
			    attr_names[attr]);
			return CMD_ERROR;
		}
		if (o->all && req->values) {
			ERR("The --all option cannot be used with a list of "
			    "process attribute values");
			return CMD_ERROR;
		}
		if (!o->all && !req->values) {
			ERR("No process attribute value specified for %s "
			    "tracker",
			    capitalized_attr_names[attr]);
			return CMD_ERROR;
		}
	}
	if (!any) {
		ERR("At least one process attribute must be specified");
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

static int run(int argc, const char **argv, const char *command, bool track)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct track_opts o = {.command = command, .track = track};
	char *session = NULL;
	int ret = parse(pc, &o), attr;

	if (ret != CMD_SUCCESS || o.done)
		goto end;
	if (poptPeekArg(pc)) {
		ERR("Unknown argument: %s", poptPeekArg(pc));
		ret = CMD_ERROR;
		goto end;
	}
	/* In user space, --pid is the virtual process ID. */
	if (o.userspace && o.attrs[LTTNG_PROCESS_ATTR_PROCESS_ID].given) {
		struct attr_request *pid =
			&o.attrs[LTTNG_PROCESS_ATTR_PROCESS_ID];

		if (add_values(&o.attrs[LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID],
			       pid->values)) {
			ret = CMD_FATAL;
			goto end;
		}
		pid->values = NULL;
		pid->given = false;
	}
	ret = check(&o);
	if (ret != CMD_SUCCESS)
		goto end;
	session = utils_session_name(o.session);
	if (!session) {
		ret = CMD_ERROR;
		goto end;
	}
	if (mi_enabled())
		mi_tracker_doc_begin(command);
	for (attr = 0; attr < NR_ATTRS && ret != CMD_FATAL; attr++) {
		if (o.attrs[attr].given)
			ret = worse(ret,
				    run_attr(&o, session,
					     o.kernel ? LTTNG_DOMAIN_KERNEL
						      : LTTNG_DOMAIN_UST,
					     (enum lttng_process_attr)attr));
	}
	if (mi_enabled())
		mi_tracker_doc_end(ret);
end:
	free(session);
	free(o.session);
	for (attr = 0; attr < NR_ATTRS; attr++)
		free(o.attrs[attr].values);
	poptFreeContext(pc);
	return ret;
}

int cmd_track(int argc, const char **argv)
{
	return run(argc, argv, "track", true);
}

int cmd_untrack(int argc, const char **argv)
{
	return run(argc, argv, "untrack", false);
}
