/*
 * lttng status: `lttng list` of the current session.
 */
#include <stdlib.h>

#include "../command.h"
#include "../utils.h"
#include "list.h"

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

int cmd_status(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	char *session = NULL;
	int opt, ret;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		ret = cli_common_option(opt, "status", options);
		goto end;
	}
	if (poptPeekArg(pc)) {
		ERR("This command does not accept positional arguments.\n");
		ret = CMD_UNDEFINED;
		goto end;
	}
	session = utils_session_name(NULL);
	ret = session ? list_print_session(session, LTTNG_DOMAIN_NONE, NULL, 0)
		      : CMD_ERROR;
end:
	free(session);
	poptFreeContext(pc);
	return ret;
}
