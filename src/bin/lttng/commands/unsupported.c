/*
 * The lttng commands this toolkit parses but does not implement:
 * regenerate and metadata. Each has LTTng 2.13's option table (so
 * --help, --list-options and option errors are LTTng's) and LTTng's
 * checks of its arguments; a command that passes them ends with an error
 * saying it is not implemented (exit status 5). The trigger commands are in
 * trigger.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../utils.h"

enum {
	OPT_SESSION = 3,
	OPT_ALL,
	OPT_PATH,
	OPT_FORCE,
	OPT_OVERRIDE_URL,
	OPT_OVERRIDE_NAME,
	OPT_CTRL_URL,
	OPT_DATA_URL,
	OPT_NAME,
	OPT_MAX_SIZE,
	OPT_LIST_COMMANDS,
	OPT_NO_WAIT,
	OPT_TIMER,
	OPT_SIZE,
};

/* regenerate and metadata */
static struct poptOption session_subcommand_options[] = {
	CLI_HELP_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	{"list-commands", 0, POPT_ARG_NONE, NULL, OPT_LIST_COMMANDS, NULL,
	 NULL},
	POPT_TABLEEND,
};

static const char *const regenerate_objects[] = {"metadata", "statedump", NULL};
static const char *const metadata_actions[] = {"regenerate", NULL};

/* What one parse of a popt-based command's options found. */
struct parsed {
	int done; /* --help, --list-options or an error ended the command */
	int ret;
	char *session;
	int timer, size;
	char *timer_value, *size_value;
};

static int not_implemented(const char *command)
{
	ERR("The `%s` command is not implemented by this toolkit", command);
	return CMD_UNSUPPORTED;
}

static int show_page(const char *command)
{
	char page[64];

	snprintf(page, sizeof(page), "lttng-%s", command);
	return utils_show_man_page(page);
}

static void print_words(const char *const *words)
{
	for (; *words; words++)
		printf("%s\n", *words);
}

static int is_one_of(const char *word, const char *const *words)
{
	for (; *words; words++) {
		if (!strcmp(word, *words))
			return 1;
	}
	return 0;
}

static void take_arg(poptContext pc, char **slot)
{
	free(*slot);
	*slot = poptGetOptArg(pc);
}

/* Parses every option; sets p->done when the command must end now. */
static void parse_popt(poptContext pc, const char *command,
		       const struct poptOption *options,
		       const char *const *subcommands, struct parsed *p)
{
	int opt;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		switch (opt) {
		case OPT_SESSION:
			take_arg(pc, &p->session);
			break;
		case OPT_TIMER:
			p->timer = 1;
			take_arg(pc, &p->timer_value);
			break;
		case OPT_SIZE:
			p->size = 1;
			take_arg(pc, &p->size_value);
			break;
		case OPT_PATH:
		case OPT_OVERRIDE_URL:
		case OPT_OVERRIDE_NAME:
		case OPT_CTRL_URL:
		case OPT_DATA_URL:
		case OPT_NAME:
		case OPT_MAX_SIZE:
			free(poptGetOptArg(pc));
			break;
		case OPT_ALL:
		case OPT_FORCE:
		case OPT_NO_WAIT:
			break;
		case OPT_LIST_COMMANDS:
			print_words(subcommands);
			p->done = 1;
			p->ret = CMD_SUCCESS;
			return;
		default:
			p->done = 1;
			p->ret = cli_common_option(opt, command, options);
			return;
		}
	}
}

static void free_parsed(struct parsed *p)
{
	free(p->session);
	free(p->timer_value);
	free(p->size_value);
}

/* Whether a session is given or current (else LTTng's messages). */
static int have_session(const struct parsed *p)
{
	char *name = utils_session_name(p->session);

	if (!name)
		return 0;
	free(name);
	return 1;
}

/*
 * snapshot, regenerate and metadata: COMMAND [OPTIONS] SUBCOMMAND
 * [ARGS]. missing_message is LTTng's error when no subcommand is given.
 */
static int run_with_subcommand(int argc, const char **argv, const char *command,
			       const char *const *subcommands,
			       const char *missing_message)
{
	poptContext pc =
		poptGetContext(NULL, argc, argv, session_subcommand_options, 0);
	struct parsed p = {0};
	const char *sub;
	int ret;

	parse_popt(pc, command, session_subcommand_options, subcommands, &p);
	if (p.done) {
		/* LTTng shows the manual page for an unknown option here. */
		ret = p.ret == CMD_UNDEFINED ? show_page(command) : p.ret;
		goto end;
	}
	sub = poptGetArg(pc);
	if (!sub) {
		ERR("%s", missing_message);
		ret = CMD_ERROR;
		goto end;
	}
	if (!have_session(&p)) {
		ret = CMD_ERROR;
		goto end;
	}
	ret = is_one_of(sub, subcommands) && !poptPeekArg(pc)
		      ? not_implemented(command)
		      : CMD_UNDEFINED;
end:
	free_parsed(&p);
	poptFreeContext(pc);
	return ret;
}

int cmd_regenerate(int argc, const char **argv)
{
	return run_with_subcommand(argc, argv, "regenerate", regenerate_objects,
				   "No object specified for regenerate "
				   "command.");
}

int cmd_metadata(int argc, const char **argv)
{
	return run_with_subcommand(argc, argv, "metadata", metadata_actions,
				   "No action specified for metadata "
				   "command.");
}
