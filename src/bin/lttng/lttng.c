/*
 * The lttng command line: global options, the command table, and the
 * mapping of a command's result to the exit status (LTTng's: 0 success,
 * 1 error, 2 bad arguments, 3 fatal, 4 warning, else the LTTNG_ERR_*
 * code a command returned negated).
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command.h"
#include "help.h"
#include "mi/mi-command.h"
#include "utils.h"
#include "util/lttng-ctl-options.h"

#define VERSION_STRING "2.13.9"
#define VERSION_NAME "Nordicit\xc3\xa9"

struct cli_options cli_options;

struct command {
	const char *name;
	cli_command_func func;
};

/* In LTTng's order, which --list-commands shows. */
static const struct command commands[] = {
	{"add-context", cmd_add_context},
	{"add-trigger", cmd_add_trigger},
	{"create", cmd_create},
	{"clear", cmd_clear},
	{"destroy", cmd_destroy},
	{"disable-channel", cmd_disable_channel},
	{"disable-event", cmd_disable_event},
	{"enable-channel", cmd_enable_channel},
	{"enable-event", cmd_enable_event},
	{"help", cmd_help},
	{"list", cmd_list},
	{"list-triggers", cmd_list_triggers},
	{"load", cmd_load},
	{"metadata", cmd_metadata},
	{"regenerate", cmd_regenerate},
	{"remove-trigger", cmd_remove_trigger},
	{"rotate", cmd_rotate},
	{"enable-rotation", cmd_enable_rotation},
	{"disable-rotation", cmd_disable_rotation},
	{"save", cmd_save},
	{"set-session", cmd_set_session},
	{"snapshot", cmd_snapshot},
	{"start", cmd_start},
	{"status", cmd_status},
	{"stop", cmd_stop},
	{"track", cmd_track},
	{"untrack", cmd_untrack},
	{"version", cmd_version},
	{"view", cmd_view},
	{NULL, NULL},
};

enum {
	OPT_SESSIOND_PATH = 256,
	OPT_RELAYD_PATH,
	OPT_DUMP_OPTIONS,
	OPT_DUMP_COMMANDS,
};

static const struct option long_options[] = {
	{"version", no_argument, NULL, 'V'},
	{"help", no_argument, NULL, 'h'},
	{"group", required_argument, NULL, 'g'},
	{"verbose", no_argument, NULL, 'v'},
	{"quiet", no_argument, NULL, 'q'},
	{"mi", required_argument, NULL, 'm'},
	{"no-sessiond", no_argument, NULL, 'n'},
	{"sessiond-path", required_argument, NULL, OPT_SESSIOND_PATH},
	{"relayd-path", required_argument, NULL, OPT_RELAYD_PATH},
	{"list-options", no_argument, NULL, OPT_DUMP_OPTIONS},
	{"list-commands", no_argument, NULL, OPT_DUMP_COMMANDS},
	{NULL, 0, NULL, 0},
};

static const struct command *find_command(const char *name)
{
	const struct command *cmd;

	for (cmd = commands; cmd->name; cmd++) {
		if (!strcmp(cmd->name, name))
			return cmd;
	}
	return NULL;
}

cli_command_func cli_find_command(const char *name)
{
	const struct command *cmd = find_command(name);

	return cmd ? cmd->func : NULL;
}

/* The exit status of a command's result. */
static int exit_status(const char *command, int ret)
{
	if (ret == CMD_UNDEFINED)
		ERR("Unrecognized argument used with '%s' command", command);
	if (ret < 0)
		return -ret;
	return ret;
}

static void list_global_options(void)
{
	const struct option *opt;

	for (opt = long_options; opt->name; opt++) {
		printf("--%s\n", opt->name);
		if (opt->val < 256)
			printf("-%c\n", opt->val);
	}
}

static void list_commands(void)
{
	const struct command *cmd;

	for (cmd = commands; cmd->name; cmd++)
		printf("%s\n", cmd->name);
}

/*
 * Handle the global options. Returns -1 to go on with the command at
 * argv[optind], else the exit status to end with.
 */
static int parse_global_options(int argc, char **argv)
{
	int opt;

	while ((opt = getopt_long(argc, argv, "+Vhg:vqm:n", long_options,
				  NULL)) != -1) {
		switch (opt) {
		case 'V':
			printf("%s (LTTng Trace Control) " VERSION_STRING
			       " - " VERSION_NAME "\n",
			       argv[0]);
			return EXIT_SUCCESS;
		case 'h':
			return help_show_lttng();
		case 'g':
			lttng_set_tracing_group(optarg);
			break;
		case 'v':
			log_verbosity++;
			break;
		case 'q':
			log_quiet = true;
			break;
		case 'm':
			/*
			 * LTTng compares only the first three letters, in
			 * any case: "XML" and "xmlfoo" select XML too.
			 */
			if (strncasecmp(optarg, "xml", 3)) {
				ERR("MI output format not supported");
				/* LTTng exits with -LTTNG_ERR_MI_OUTPUT_TYPE.
				 */
				return 256 - LTTNG_ERR_MI_OUTPUT_TYPE;
			}
			mi_enable();
			log_stdout_silenced = true;
			break;
		case 'n':
			cli_options.no_sessiond = true;
			break;
		case OPT_SESSIOND_PATH:
			cli_options.sessiond_path = optarg;
			break;
		case OPT_RELAYD_PATH:
			cli_options.relayd_path = optarg;
			break;
		case OPT_DUMP_OPTIONS:
			list_global_options();
			return EXIT_SUCCESS;
		case OPT_DUMP_COMMANDS:
			list_commands();
			return EXIT_SUCCESS;
		default:
			return CMD_ERROR;
		}
	}
	return -1;
}

int main(int argc, char **argv)
{
	const struct command *cmd;
	int ret;

	cli_options.argv0 = argv[0] ? argv[0] : "lttng";
	if (argc < 2) {
		help_print_command_list();
		return CMD_ERROR;
	}
	ret = parse_global_options(argc, argv);
	if (ret >= 0)
		return ret;
	if (optind >= argc) {
		/* Under --mi xml, LTTng prints no usage either. */
		if (!mi_enabled())
			help_print_command_list();
		return CMD_ERROR;
	}
	if (log_quiet) {
		log_verbosity = 0;
		lttng_opt_quiet = 1; /* the library's messages too */
	}
	cmd = find_command(argv[optind]);
	if (!cmd) {
		MSG("lttng: %s is not an lttng command. See 'lttng --help'.",
		    argv[optind]);
		return CMD_UNDEFINED;
	}
	if (mi_enabled() && !strcmp(cmd->name, "view"))
		WARN("mi does not apply to view command");
	ret = cmd->func(argc - optind, (const char **)argv + optind);
	fflush(stdout);
	return exit_status(cmd->name, ret);
}
