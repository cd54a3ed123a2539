/*
 * lttng help [COMMAND]: show the manual page of lttng or of a command.
 */
#include <stdio.h>
#include <string.h>

#include "../command.h"
#include "../utils.h"

static const char *const known_commands[] = {
	"add-context",
	"add-trigger",
	"clear",
	"create",
	"destroy",
	"disable-channel",
	"disable-event",
	"disable-rotation",
	"enable-channel",
	"enable-event",
	"enable-rotation",
	"help",
	"list",
	"list-triggers",
	"load",
	"metadata",
	"regenerate",
	"remove-trigger",
	"rotate",
	"save",
	"set-session",
	"snapshot",
	"start",
	"status",
	"stop",
	"track",
	"untrack",
	"version",
	"view",
	NULL,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

static int is_known_command(const char *name)
{
	const char *const *cmd;

	for (cmd = known_commands; *cmd; cmd++) {
		if (!strcmp(*cmd, name))
			return 1;
	}
	return 0;
}

int cmd_help(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	const char *command;
	char page[64];
	int opt, ret;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		ret = cli_common_option(opt, "help", options);
		goto end;
	}
	command = poptGetArg(pc);
	if (!command) {
		ret = utils_show_man_page("lttng");
		goto end;
	}
	if (!is_known_command(command)) {
		ERR("Unknown command \"%s\"", command);
		ret = CMD_ERROR;
		goto end;
	}
	snprintf(page, sizeof(page), "lttng-%s", command);
	ret = utils_show_man_page(page);
end:
	poptFreeContext(pc);
	return ret;
}
