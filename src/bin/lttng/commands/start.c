/*
 * lttng start [SESSION]: activate a recording session.
 */
#include <stdlib.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-session.h"
#include "../utils.h"

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

int cmd_start(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	const char *arg, *leftover;
	char *session = NULL;
	int opt, ret;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		ret = cli_common_option(opt, "start", options);
		goto end;
	}
	arg = poptGetArg(pc);
	leftover = poptGetArg(pc);
	if (leftover) {
		ERR("Unknown argument: %s", leftover);
		ret = CMD_ERROR;
		goto end;
	}
	session = utils_session_name(arg);
	if (!session) {
		if (mi_enabled())
			mi_command_print_empty("start", "sessions",
					       MI_SUCCESS_FALSE);
		ret = CMD_ERROR;
		goto end;
	}
	ret = lttng_start_tracing(session);
	if (ret == -LTTNG_ERR_TRACE_ALREADY_STARTED)
		WARN("Tracing already started for session %s", session);
	else if (ret < 0)
		ERR("%s", lttng_strerror(ret));
	else
		MSG("Tracing started for session %s", session);
	if (mi_enabled())
		mi_session_print_state("start", session, ret, true);
end:
	free(session);
	poptFreeContext(pc);
	return ret;
}
