/*
 * lttng regenerate (metadata | statedump) [-s SESSION], and its
 * deprecated form lttng metadata regenerate [-s SESSION]: regenerate the
 * metadata or the state dump event records of a recording session, with
 * LTTng 2.13's messages, exit statuses (the LTTng error code of a failed
 * request) and MI documents.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../help.h"
#include "../mi/mi-command.h"
#include "../mi/mi-regenerate.h"
#include "../utils.h"

enum {
	OPT_SESSION = 3,
	OPT_LIST_COMMANDS,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	{"list-commands", 0, POPT_ARG_NONE, NULL, OPT_LIST_COMMANDS, NULL,
	 NULL},
	POPT_TABLEEND,
};

/* One subcommand: its name and what it does to a session. */
struct regenerate_target {
	const char *name;
	int (*run)(const char *session, bool extra_args);
};

/* One of the two commands. */
struct regenerate_command {
	const char *name;	/* "regenerate" or "metadata" */
	const char *missing;	/* LTTng's error without a subcommand */
	const char *mi_element; /* the MI element naming the subcommand */
	const struct regenerate_target *targets; /* ends with a NULL name */
};

/* Extra arguments are an unrecognized argument, as LTTng says. */
static int regenerate_metadata(const char *session, bool extra_args)
{
	int ret;

	if (extra_args)
		return CMD_UNDEFINED;
	ret = lttng_regenerate_metadata(session);
	if (ret == 0)
		MSG("Metadata successfully regenerated for session %s",
		    session);
	else
		ERR("%s", lttng_strerror(ret));
	return ret;
}

/*
 * LTTng 2.13 prints nothing when this fails (nor for extra arguments,
 * which end with -LTTNG_ERR_INVALID): only the exit status tells.
 */
static int regenerate_statedump(const char *session, bool extra_args)
{
	int ret;

	if (extra_args)
		return -LTTNG_ERR_INVALID;
	ret = lttng_regenerate_statedump(session);
	if (ret == 0)
		MSG("State dump successfully regenerated for session %s",
		    session);
	return ret;
}

static const struct regenerate_target regenerate_targets[] = {
	{"metadata", regenerate_metadata},
	{"statedump", regenerate_statedump},
	{NULL, NULL},
};

static const struct regenerate_target metadata_targets[] = {
	{"regenerate", regenerate_metadata},
	{NULL, NULL},
};

static const struct regenerate_command regenerate_command = {
	"regenerate",
	"No object specified for regenerate command.",
	"regenerate_action",
	regenerate_targets,
};

static const struct regenerate_command metadata_command = {
	"metadata",
	"No action specified for metadata command.",
	"metadata_action",
	metadata_targets,
};

static const struct regenerate_target *
find_target(const struct regenerate_command *cmd, const char *name)
{
	for (const struct regenerate_target *t = cmd->targets; t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/*
 * Under MI, LTTng prints an empty document (no <success>) before the
 * lists of --list-commands and --list-options.
 */
static void print_mi_frame(const struct regenerate_command *cmd)
{
	if (mi_enabled())
		mi_command_print_empty(cmd->name, NULL, MI_SUCCESS_OMIT);
}

/*
 * Parses the options into *session_opt. Returns -1 to go on, else the
 * command's result (--help, --list-options, --list-commands or a bad
 * option, for which LTTng shows the manual page).
 */
static int parse_options(poptContext pc, const struct regenerate_command *cmd,
			 char **session_opt)
{
	int opt, ret;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		switch (opt) {
		case OPT_SESSION:
			free(*session_opt);
			*session_opt = poptGetOptArg(pc);
			break;
		case OPT_LIST_COMMANDS:
			print_mi_frame(cmd);
			for (const struct regenerate_target *t = cmd->targets;
			     t->name; t++)
				printf("%s\n", t->name);
			return CMD_SUCCESS;
		default:
			if (opt == OPT_LIST_OPTIONS)
				print_mi_frame(cmd);
			ret = cli_common_option(opt, cmd->name, options);
			if (ret != CMD_UNDEFINED)
				return ret;
			return help_show_command(cmd->name, options);
		}
	}
	return -1;
}

/* The subcommand, once the session is known. */
static int run_target(poptContext pc, const struct regenerate_command *cmd,
		      const char *session)
{
	const char *name = poptGetArg(pc);
	const struct regenerate_target *target;

	if (!name) {
		ERR("%s", cmd->missing);
		return CMD_ERROR;
	}
	target = find_target(cmd, name);
	if (!target)
		return CMD_UNDEFINED;
	if (mi_enabled())
		mi_regenerate_action(cmd->mi_element, target->name);
	return target->run(session, poptPeekArg(pc) != NULL);
}

static int run(int argc, const char **argv,
	       const struct regenerate_command *cmd)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	char *session_opt = NULL, *session = NULL;
	int ret = parse_options(pc, cmd, &session_opt);

	if (ret >= 0)
		goto end;
	if (mi_enabled())
		mi_command_begin(cmd->name);
	session = utils_session_name(session_opt);
	if (!session) {
		/* LTTng's document has no <success> then */
		if (mi_enabled())
			mi_command_end(MI_SUCCESS_OMIT);
		ret = CMD_ERROR;
		goto end;
	}
	ret = run_target(pc, cmd, session);
	if (mi_enabled())
		mi_command_end(mi_success_of(ret));
end:
	free(session);
	free(session_opt);
	poptFreeContext(pc);
	return ret;
}

int cmd_regenerate(int argc, const char **argv)
{
	return run(argc, argv, &regenerate_command);
}

int cmd_metadata(int argc, const char **argv)
{
	return run(argc, argv, &metadata_command);
}
