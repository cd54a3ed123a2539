/*
 * lttng stop [SESSION] [--no-wait]: deactivate a recording session and,
 * unless --no-wait, wait until its data is written ("." per wait).
 */
#include <stdlib.h>
#include <time.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-session.h"
#include "../utils.h"

#define DATA_WAIT_NS 200000000L

enum { OPT_NO_WAIT = 3 };

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	CLI_LIST_OPTIONS_OPTION,
	{"no-wait", 'n', POPT_ARG_NONE, NULL, OPT_NO_WAIT, NULL, NULL},
	POPT_TABLEEND,
};

/* Print "Waiting for data availability", a dot per wait, a newline. */
static int wait_for_data(const char *session)
{
	const struct timespec pause = {0, DATA_WAIT_NS};
	int ret;

	log_print_raw("Waiting for data availability");
	while ((ret = lttng_data_pending(session)) == 1) {
		nanosleep(&pause, NULL);
		log_print_raw(".");
	}
	log_print_raw("\n");
	if (ret < 0)
		ERR("%s", lttng_strerror(ret));
	return ret;
}

/* Stop session, waiting for its data unless no_wait; prints the result. */
static int stop_session(const char *session, int no_wait)
{
	int ret = lttng_stop_tracing_no_wait(session);

	if (ret == -LTTNG_ERR_TRACE_ALREADY_STOPPED) {
		WARN("Tracing already stopped for session %s", session);
		return ret;
	}
	if (ret < 0) {
		ERR("%s", lttng_strerror(ret));
		return ret;
	}
	if (!no_wait) {
		ret = wait_for_data(session);
		if (ret < 0)
			return ret;
	}
	MSG("Tracing stopped for session %s", session);
	return ret;
}

int cmd_stop(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	const char *arg, *leftover;
	char *session = NULL;
	int opt, ret, no_wait = 0;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		if (opt == OPT_NO_WAIT) {
			no_wait = 1;
			continue;
		}
		ret = cli_common_option(opt, "stop", options);
		goto end;
	}
	arg = poptGetArg(pc);
	leftover = poptGetArg(pc);
	if (leftover) {
		ERR("Unknown argument: %s", leftover);
		if (mi_enabled())
			mi_command_print_empty("stop", "sessions",
					       MI_SUCCESS_OMIT);
		ret = CMD_ERROR;
		goto end;
	}
	session = utils_session_name(arg);
	if (!session) {
		if (mi_enabled())
			mi_command_print_empty("stop", "sessions",
					       MI_SUCCESS_FALSE);
		ret = CMD_ERROR;
		goto end;
	}
	ret = stop_session(session, no_wait);
	if (mi_enabled())
		mi_session_print_state("stop", session, ret, false);
end:
	free(session);
	poptFreeContext(pc);
	return ret;
}
