/*
 * Implementation of viewer.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/log.h"
#include "viewer.h"

#define MAX_VIEWER_ARGS 64

/* Whether name is an executable file in a directory of $PATH. */
static bool in_path(const char *name)
{
	const char *path = getenv("PATH");
	char candidate[4096];

	while (path && *path) {
		size_t len = strcspn(path, ":");

		snprintf(candidate, sizeof(candidate), "%.*s/%s", (int)len,
			 path, name);
		if (len && access(candidate, X_OK) == 0)
			return true;
		path += len;
		if (*path == ':')
			path++;
	}
	return false;
}

/*
 * argv of the reader: the command's words, then trace_dir. Modifies
 * line (a copy of the command). Returns the argument count or -1.
 */
static int build_argv(char *line, const char *trace_dir, char **argv)
{
	int argc = 0;

	for (char *word = strtok(line, " "); word; word = strtok(NULL, " ")) {
		if (argc == MAX_VIEWER_ARGS - 2)
			return -1;
		argv[argc++] = word;
	}
	if (!argc)
		return -1;
	argv[argc++] = (char *)trace_dir;
	argv[argc] = NULL;
	return argc;
}

/* As LTTng's, the reader's own exit status is not lttng-crash's. */
static int wait_viewer(pid_t pid, const char *name)
{
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			ERR("Cannot wait for the trace viewer %s: %s", name,
			    strerror(errno));
			return -1;
		}
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		DBG("Trace viewer %s exited with status 0x%x", name, status);
	return 0;
}

int viewer_run(const char *command, const char *trace_dir)
{
	char *argv[MAX_VIEWER_ARGS];
	char *line;
	pid_t pid;
	int ret;

	if (!command)
		command = in_path("babeltrace2") ? "babeltrace2" : "babeltrace";
	line = strdup(command);
	if (!line || build_argv(line, trace_dir, argv) < 0) {
		ERR("Invalid trace viewer command: %s", command);
		free(line);
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		execvp(argv[0], argv);
		log_perror("spawn-viewer.c", "spawn_viewer", 242,
			   "Failed to launch \"%s\" viewer", argv[0]);
		_exit(127);
	}
	if (pid < 0) {
		ERR("Cannot run the trace viewer %s: %s", argv[0],
		    strerror(errno));
		free(line);
		return -1;
	}
	ret = wait_viewer(pid, argv[0]);
	free(line);
	return ret;
}
