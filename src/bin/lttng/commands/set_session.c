/*
 * lttng set-session NAME: make NAME the current session (.lttngrc)
 * after checking that the session daemon has it.
 */
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../conf.h"
#include "../mi/mi-command.h"
#include "../mi/mi-session.h"

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

/* CMD_SUCCESS when the daemon lists a session of that name. */
static int check_session_exists(const char *name)
{
	struct lttng_session *sessions = NULL;
	int count = lttng_list_sessions(&sessions), i, found = 0;

	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		return CMD_ERROR;
	}
	for (i = 0; i < count && !found; i++)
		found = !strcmp(sessions[i].name, name);
	free(sessions);
	if (!found) {
		ERR("Session '%s' not found", name);
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

int cmd_set_session(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	const char *name;
	int opt, ret;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		ret = cli_common_option(opt, "set-session", options);
		goto end;
	}
	name = poptGetArg(pc);
	if (!name) {
		ERR("Missing session name");
		ret = CMD_ERROR;
		goto end;
	}
	ret = check_session_exists(name);
	if (ret != CMD_SUCCESS) {
		if (mi_enabled())
			mi_command_print_empty("set-session", NULL,
					       MI_SUCCESS_FALSE);
		goto end;
	}
	if (conf_set_session(name)) {
		ERR("Cannot write the current session to .lttngrc");
		ret = CMD_ERROR;
		goto end;
	}
	MSG("Session set to %s", name);
	if (mi_enabled())
		mi_session_print_set(name);
end:
	poptFreeContext(pc);
	return ret;
}
