/*
 * lttng snapshot (add-output | del-output | list-output | record): the
 * snapshot output of a recording session and taking snapshots, with
 * LTTng 2.13's options, messages and exit statuses.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-snapshot.h"
#include "../utils.h"

enum {
	OPT_SESSION = 3,
	OPT_CTRL_URL,
	OPT_DATA_URL,
	OPT_NAME,
	OPT_MAX_SIZE,
	OPT_LIST_COMMANDS,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	{"ctrl-url", 'C', POPT_ARG_STRING, NULL, OPT_CTRL_URL, NULL, NULL},
	{"data-url", 'D', POPT_ARG_STRING, NULL, OPT_DATA_URL, NULL, NULL},
	{"name", 'n', POPT_ARG_STRING, NULL, OPT_NAME, NULL, NULL},
	{"max-size", 'm', POPT_ARG_STRING, NULL, OPT_MAX_SIZE, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	{"list-commands", 0, POPT_ARG_NONE, NULL, OPT_LIST_COMMANDS, NULL,
	 NULL},
	POPT_TABLEEND,
};

static const char *const actions[] = {"add-output", "del-output", "list-output",
				      "record", NULL};

/* The options of one `lttng snapshot` run. */
struct snapshot_args {
	char *session_opt;
	char *ctrl_url;
	char *data_url;
	char *name;
	bool has_max_size;
	uint64_t max_size;
	const char *session; /* resolved: the option or the current one */
};

static void take_arg(poptContext pc, char **slot)
{
	free(*slot);
	*slot = poptGetOptArg(pc);
}

static bool is_action(const char *word)
{
	for (const char *const *a = actions; *a; a++)
		if (!strcmp(word, *a))
			return true;
	return false;
}

/* Parses the options; returns -1 to go on, else the command's status. */
static int parse_options(poptContext pc, struct snapshot_args *args)
{
	char *size = NULL;
	int opt;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		switch (opt) {
		case OPT_SESSION:
			take_arg(pc, &args->session_opt);
			break;
		case OPT_CTRL_URL:
			take_arg(pc, &args->ctrl_url);
			break;
		case OPT_DATA_URL:
			take_arg(pc, &args->data_url);
			break;
		case OPT_NAME:
			take_arg(pc, &args->name);
			break;
		case OPT_MAX_SIZE:
			size = poptGetOptArg(pc);
			if (!size || utils_parse_size(size, &args->max_size)) {
				ERR("Unable to handle max-size value %s",
				    size ? size : "");
				free(size);
				return CMD_ERROR;
			}
			args->has_max_size = true;
			free(size);
			break;
		case OPT_LIST_COMMANDS:
			for (const char *const *a = actions; *a; a++)
				printf("%s\n", *a);
			return CMD_SUCCESS;
		default:
			return cli_common_option(opt, "snapshot", options);
		}
	}
	return -1;
}

static bool has_network_urls(const struct snapshot_args *args)
{
	return args->ctrl_url || args->data_url;
}

/* -C and -D go together, and not with a URL argument. */
static int check_urls(const struct snapshot_args *args, const char *url)
{
	if (has_network_urls(args) && !(args->ctrl_url && args->data_url)) {
		ERR("URLs must be specified for both data and control");
		return CMD_ERROR;
	}
	if (url && has_network_urls(args)) {
		ERR("%s", lttng_strerror(-LTTNG_ERR_INVALID));
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

/*
 * An output object from the options and url. NULL when a value does not
 * fit (LTTng then ends with the fatal status and no message).
 */
static struct lttng_snapshot_output *
output_from_args(const struct snapshot_args *args, const char *url)
{
	struct lttng_snapshot_output *output = lttng_snapshot_output_create();
	int ret = 0;

	if (!output)
		return NULL;
	if (args->name)
		ret = lttng_snapshot_output_set_name(args->name, output);
	if (!ret && args->has_max_size)
		ret = lttng_snapshot_output_set_size(args->max_size, output);
	if (!ret && url)
		ret = lttng_snapshot_output_set_ctrl_url(url, output);
	if (!ret && has_network_urls(args))
		ret = lttng_snapshot_output_set_ctrl_url(args->ctrl_url,
							 output);
	if (!ret && has_network_urls(args))
		ret = lttng_snapshot_output_set_data_url(args->data_url,
							 output);
	if (ret) {
		lttng_snapshot_output_destroy(output);
		return NULL;
	}
	return output;
}

/* "  [ID] NAME: URL" with " (max size: N bytes)" when it has one. */
static void print_output(const char *indent,
			 const struct lttng_snapshot_output *output,
			 const char *url)
{
	uint64_t max = lttng_snapshot_output_get_maxsize(output);

	if (max && max != UINT64_MAX)
		MSG("%s[%" PRIu32 "] %s: %s (max size: %" PRIu64 " bytes)",
		    indent, lttng_snapshot_output_get_id(output),
		    lttng_snapshot_output_get_name(output), url, max);
	else
		MSG("%s[%" PRIu32 "] %s: %s", indent,
		    lttng_snapshot_output_get_id(output),
		    lttng_snapshot_output_get_name(output), url);
}

static int add_output(const struct snapshot_args *args, const char *url)
{
	struct lttng_snapshot_output *output;
	int ret;

	if (!url && !has_network_urls(args)) {
		ERR("An output destination must be specified to add a "
		    "snapshot output.");
		return CMD_ERROR;
	}
	ret = check_urls(args, url);
	if (ret != CMD_SUCCESS)
		return ret;
	output = output_from_args(args, url);
	if (!output)
		return CMD_FATAL;
	ret = lttng_snapshot_add_output(args->session, output);
	if (ret < 0) {
		ERR("%s", lttng_strerror(ret));
		ret = CMD_ERROR;
	} else {
		if (mi_enabled())
			mi_snapshot_added(output, args->session);
		MSG("Snapshot output successfully added for session %s",
		    args->session);
		print_output("  ", output,
			     lttng_snapshot_output_get_ctrl_url(output));
		ret = CMD_SUCCESS;
	}
	lttng_snapshot_output_destroy(output);
	return ret;
}

/* An output id (a number) or, when it does not start with one, a name. */
static int del_output(const struct snapshot_args *args, const char *which)
{
	struct lttng_snapshot_output *output;
	char *rest;
	long id;
	int ret;

	if (!which) {
		ERR("A snapshot output name or id must be provided to delete "
		    "a snapshot output.");
		return CMD_ERROR;
	}
	output = lttng_snapshot_output_create();
	if (!output)
		return CMD_FATAL;
	errno = 0;
	id = strtol(which, &rest, 10);
	if (id == 0 && (errno == 0 || errno == EINVAL)) {
		ret = lttng_snapshot_output_set_name(rest, output);
	} else if (errno == 0 && *rest == '\0' && id > 0 && id <= UINT32_MAX) {
		ret = lttng_snapshot_output_set_id((uint32_t)id, output);
	} else {
		ERR("Argument %s not recognized", which);
		ERR("Unknown error code");
		lttng_snapshot_output_destroy(output);
		return CMD_ERROR;
	}
	if (!ret)
		ret = lttng_snapshot_del_output(args->session, output);
	if (ret >= 0 && mi_enabled())
		mi_snapshot_deleted(id > 0 ? (uint32_t)id : 0, rest,
				    args->session);
	if (ret < 0) {
		ERR("%s", lttng_strerror(ret));
		ret = CMD_ERROR;
	} else if (id) {
		MSG("Snapshot output id %ld successfully deleted for session "
		    "%s",
		    id, args->session);
	} else {
		MSG("Snapshot output %s successfully deleted for session %s",
		    rest, args->session);
	}
	lttng_snapshot_output_destroy(output);
	return ret;
}

static int list_output(const struct snapshot_args *args)
{
	struct lttng_snapshot_output_list *list;
	struct lttng_snapshot_output *output;
	int ret = lttng_snapshot_list_output(args->session, &list);
	bool any = false;

	if (ret < 0) {
		ERR("%s", lttng_strerror(ret));
		return CMD_ERROR;
	}
	if (mi_enabled()) {
		mi_snapshot_listed(args->session, list);
		lttng_snapshot_output_list_destroy(list);
		return CMD_SUCCESS;
	}
	MSG("Snapshot output list for session %s", args->session);
	while ((output = lttng_snapshot_output_list_get_next(list))) {
		print_output("    ", output,
			     lttng_snapshot_output_get_ctrl_url(output));
		any = true;
	}
	if (!any)
		MSG("    None");
	lttng_snapshot_output_list_destroy(list);
	return CMD_SUCCESS;
}

static int record(const struct snapshot_args *args, const char *url)
{
	struct lttng_snapshot_output *output = NULL;
	int ret = check_urls(args, url);

	if (ret != CMD_SUCCESS)
		return ret;
	if (url || has_network_urls(args) || args->name || args->has_max_size) {
		output = output_from_args(args, url);
		if (!output)
			return CMD_FATAL;
	}
	ret = lttng_snapshot_record(args->session, output, 0);
	lttng_snapshot_output_destroy(output);
	if (ret < 0) {
		if (ret == -LTTNG_ERR_MAX_SIZE_INVALID)
			ERR("Invalid snapshot size. Cannot fit at least one "
			    "packet per stream.");
		ERR("%s", lttng_strerror(ret));
		return CMD_ERROR;
	}
	if (mi_enabled())
		mi_snapshot_recorded(url, args->ctrl_url, args->data_url);
	MSG("Snapshot recorded successfully for session %s", args->session);
	if (url)
		MSG("Snapshot written at: %s", url);
	else if (has_network_urls(args))
		MSG("Snapshot written to ctrl: %s, data: %s", args->ctrl_url,
		    args->data_url);
	return CMD_SUCCESS;
}

static int run_action_of(const char *action, const char *first, poptContext pc,
			 const struct snapshot_args *args);

/* Runs action with the arguments that follow it (LTTng's rules). */
static int run_action(const char *action, poptContext pc,
		      const struct snapshot_args *args)
{
	const char *first = poptGetArg(pc);
	int ret;

	if (!mi_enabled())
		return run_action_of(action, first, pc, args);
	mi_snapshot_begin(action);
	ret = run_action_of(action, first, pc, args);
	mi_command_end(mi_success_of(ret));
	return ret;
}

static int run_action_of(const char *action, const char *first, poptContext pc,
			 const struct snapshot_args *args)
{
	if (!strcmp(action, "add-output"))
		return add_output(args, first);
	if (!strcmp(action, "del-output"))
		return del_output(args, first);
	if (!strcmp(action, "list-output"))
		return list_output(args);
	/* record takes a URL only when it is the one argument */
	return record(args, poptPeekArg(pc) ? NULL : first);
}

int cmd_snapshot(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct snapshot_args args = {0};
	char *session = NULL;
	const char *action;
	int ret = parse_options(pc, &args);

	if (ret >= 0)
		goto end;
	action = poptGetArg(pc);
	if (!action) {
		ERR("No action specified for snapshot command.");
		if (mi_enabled())
			mi_command_print_empty("snapshot", NULL,
					       MI_SUCCESS_FALSE);
		ret = CMD_ERROR;
		goto end;
	}
	session = utils_session_name(args.session_opt);
	if (!session && mi_enabled()) {
		mi_command_begin("snapshot");
		mi_command_end(MI_SUCCESS_OMIT);
	}
	if (!session) {
		ret = CMD_ERROR;
		goto end;
	}
	args.session = session;
	if (is_action(action)) {
		ret = run_action(action, pc, &args);
	} else {
		if (mi_enabled())
			mi_command_print_empty("snapshot", NULL,
					       MI_SUCCESS_FALSE);
		ret = CMD_UNDEFINED;
	}
end:
	free(session);
	free(args.session_opt);
	free(args.ctrl_url);
	free(args.data_url);
	free(args.name);
	poptFreeContext(pc);
	return ret;
}
