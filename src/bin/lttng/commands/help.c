/*
 * lttng help [COMMAND]: show the manual page of lttng or, as LTTng does,
 * run COMMAND with --help so that it shows its own.
 */
#include <stdio.h>

#include "../command.h"
#include "../help.h"
#include "../utils.h"

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

int cmd_help(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	const char *command, *command_argv[3];
	cli_command_func func;
	int opt, ret;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		ret = cli_common_option(opt, "help", options);
		goto end;
	}
	command = poptGetArg(pc);
	if (!command) {
		ret = help_show_lttng();
		goto end;
	}
	func = cli_find_command(command);
	if (!func) {
		ERR("Unknown command \"%s\"", command);
		ret = CMD_ERROR;
		goto end;
	}
	command_argv[0] = command;
	command_argv[1] = "--help";
	command_argv[2] = NULL;
	ret = func(2, command_argv);
end:
	poptFreeContext(pc);
	return ret;
}
