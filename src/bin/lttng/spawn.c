/*
 * Implementation of spawn.h. The daemon is run with --daemonize: its
 * first process exits only when the daemon is ready, so waiting for that
 * process is the readiness handshake, and the daemon's stdio is detached
 * from ours.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "command.h"
#include "spawn.h"
#include "util/paths.h"

#define SESSIOND_PATH_ENV "LTTNG_SESSIOND_PATH"
#define RELAYD_PATH_ENV "LTTNG_RELAYD_PATH"

/*
 * The path of a daemon: `option` (from the command line), else the
 * environment variable `env`, else `name` beside this lttng binary.
 * 0, or -1 when it does not fit in buf.
 */
static int daemon_path(const char *option, const char *env, const char *name,
		       char *buf, size_t len)
{
	const char *path = option ? option : getenv(env);
	char self_dir[PATH_MAX];

	if (path) {
		if (strlen(path) >= len)
			return -1;
		strcpy(buf, path);
		return 0;
	}
	if (paths_self_dir(self_dir, sizeof(self_dir)))
		return -1;
	return paths_join(buf, len, self_dir, name) ? -1 : 0;
}

static int sessiond_path(char *buf, size_t len)
{
	return daemon_path(cli_options.sessiond_path, SESSIOND_PATH_ENV,
			   "lttng-sessiond", buf, len);
}

static int run_sessiond(const char *path)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		execl(path, "lttng-sessiond", "--daemonize", "--quiet",
		      (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int spawn_sessiond_if_needed(void)
{
	char path[PATH_MAX];

	if (cli_options.no_sessiond || lttng_session_daemon_alive())
		return 0;
	if (sessiond_path(path, sizeof(path))) {
		ERR("Cannot find a session daemon to launch");
		return -1;
	}
	if (access(path, F_OK | X_OK)) {
		ERR("No such file or access denied: %s", path);
		ERR("Problem occurred while launching session daemon (%s)",
		    path);
		return -1;
	}
	MSG("Spawning a session daemon");
	if (run_sessiond(path) || !lttng_session_daemon_alive()) {
		ERR("Problem occurred while launching session daemon (%s)",
		    path);
		return -1;
	}
	return 0;
}

/* --relayd-path, else $LTTNG_RELAYD_PATH, else lttng-relayd beside us. */
static int relayd_path(char *buf, size_t len)
{
	return daemon_path(cli_options.relayd_path, RELAYD_PATH_ENV,
			   "lttng-relayd", buf, len);
}

int spawn_relayd_for_live(void)
{
	char path[PATH_MAX];

	if (relayd_path(path, sizeof(path)) == 0 && !access(path, X_OK)) {
		ERR("Live sessions need a relay daemon this toolkit cannot "
		    "drive yet (%s)",
		    path);
		return CMD_UNSUPPORTED;
	}
	/* LTTng tries twice, then gives up with this message. */
	MSG("Spawning a relayd daemon");
	MSG("Spawning a relayd daemon");
	ERR("No relayd found. Use --relayd-path.");
	return CMD_ERROR;
}
