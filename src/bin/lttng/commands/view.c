/*
 * lttng view [SESSION] [--viewer=CMD] [--trace-path=PATH]: run a trace
 * reader (babeltrace2 by default) on a session's trace output.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../command.h"
#include "../utils.h"

#define DEFAULT_VIEWER "babeltrace2"
#define MAX_VIEWER_ARGS 64

enum { OPT_VIEWER = 3, OPT_TRACE_PATH };

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	CLI_LIST_OPTIONS_OPTION,
	{"viewer", 'e', POPT_ARG_STRING, NULL, OPT_VIEWER, NULL, NULL},
	{"trace-path", 't', POPT_ARG_STRING, NULL, OPT_TRACE_PATH, NULL, NULL},
	POPT_TABLEEND,
};

/* The trace output of a session (malloc'd), NULL with messages. */
static char *session_path(const char *name)
{
	struct lttng_session *sessions = NULL;
	int count = lttng_list_sessions(&sessions), i;
	char *path = NULL;

	if (count < 0) {
		MSG("Is there a session daemon running?");
		ERR("Unable to list sessions. Session name %s not found.",
		    name);
		return NULL;
	}
	for (i = 0; i < count && !path; i++) {
		if (!strcmp(sessions[i].name, name))
			path = strdup(sessions[i].path);
	}
	free(sessions);
	if (!path && count >= 0)
		MSG("Session name %s not found", name);
	return path;
}

/* Replace this process with the viewer command followed by path. */
static int run_viewer(const char *viewer, const char *path)
{
	char *argv[MAX_VIEWER_ARGS + 2];
	char *copy = strdup(viewer ? viewer : DEFAULT_VIEWER), *save = NULL;
	int argc = 0;

	if (!copy)
		return CMD_FATAL;
	for (argv[argc] = strtok_r(copy, " ", &save);
	     argv[argc] && argc < MAX_VIEWER_ARGS;
	     argv[argc] = strtok_r(NULL, " ", &save))
		argc++;
	if (argc == 0) {
		ERR("Empty viewer command");
		free(copy);
		return CMD_ERROR;
	}
	argv[argc++] = (char *)path;
	argv[argc] = NULL;
	fflush(NULL);
	execvp(argv[0], argv);
	if (!viewer && errno == ENOENT) {
		argv[0] = "babeltrace";
		execvp(argv[0], argv);
	}
	ERR("Cannot run the trace viewer %s: %s", argv[0], strerror(errno));
	free(copy);
	return CMD_ERROR;
}

int cmd_view(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	char *viewer = NULL, *trace_path = NULL, *session = NULL;
	char *path = NULL;
	const char *name;
	int opt, ret = CMD_SUCCESS;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		char **slot = opt == OPT_VIEWER	      ? &viewer
			      : opt == OPT_TRACE_PATH ? &trace_path
						      : NULL;

		if (!slot) {
			ret = cli_common_option(opt, "view", options);
			goto end;
		}
		free(*slot);
		*slot = poptGetOptArg(pc);
	}
	name = poptGetArg(pc);
	if (poptPeekArg(pc)) {
		ERR("Unknown argument: %s", poptPeekArg(pc));
		ret = CMD_ERROR;
		goto end;
	}
	if (trace_path) {
		ret = run_viewer(viewer, trace_path);
		goto end;
	}
	session = utils_session_name(name);
	path = session ? session_path(session) : NULL;
	ret = path ? run_viewer(viewer, path) : CMD_ERROR;
end:
	free(path);
	free(session);
	free(viewer);
	free(trace_path);
	poptFreeContext(pc);
	return ret;
}
