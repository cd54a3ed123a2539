/*
 * lttng-sessiond: runtime directory, single-instance lock, pid
 * file, daemonizing (-d/-b: the parent returns only once clients can
 * connect), signals, and the client loop. SIGTERM/SIGINT stop the loop;
 * the socket and pid file are removed on the way out.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app-listener.h"
#include "client.h"
#include "config.h"
#include "daemon-clock.h"
#include "health-server.h"
#include "consumer.h"
#include "options.h"
#include "session-load.h"
#include "session.h"
#include "stop-request.h"
#include "util/log.h"
#include "kernel/kernel-domain.h"
#include "util/paths.h"
#include "util/unix-socket.h"

/* dst = option when given, else rundir/file_name. */
static int set_path(char *dst, size_t len, const char *option,
		    const char *file_name)
{
	if (option)
		return snprintf(dst, len, "%s", option) >= (int)len ? -1 : 0;
	return paths_join(dst, len, sessiond_config.rundir, file_name);
}

/* Derive every path of sessiond_config from the options. */
static int configure_paths(const struct sessiond_options *opts)
{
	struct sessiond_config *c = &sessiond_config;

	c->is_root = getuid() == 0;
	if (paths_rundir(getuid(), c->rundir, sizeof(c->rundir)) ||
	    paths_home(c->home, sizeof(c->home))) {
		ERR("Cannot find the runtime directory: set LTTNG_HOME or "
		    "HOME");
		return -1;
	}
	if (set_path(c->pid_file_path, sizeof(c->pid_file_path), opts->pid_file,
		     PATHS_PID_FILE) ||
	    set_path(c->lock_file_path, sizeof(c->lock_file_path), NULL,
		     PATHS_LOCK_FILE) ||
	    set_path(c->client_sock_path, sizeof(c->client_sock_path),
		     opts->client_sock, PATHS_CLIENT_SOCK) ||
	    set_path(c->apps_sock_path, sizeof(c->apps_sock_path),
		     opts->apps_sock, PATHS_APPS_SOCK)) {
		ERR("Runtime path too long (runtime directory %s)", c->rundir);
		return -1;
	}
	return 0;
}

static int find_consumers(const struct sessiond_options *opts)
{
	if (consumer_find_path(opts->consumerd64_path,
			       sessiond_config.consumerd64_path,
			       sizeof(sessiond_config.consumerd64_path))) {
		ERR("No executable consumer daemon at %s",
		    opts->consumerd64_path);
		return -1;
	}
	if (opts->consumerd64_libdir &&
	    snprintf(sessiond_config.consumerd64_libdir,
		     sizeof(sessiond_config.consumerd64_libdir), "%s",
		     opts->consumerd64_libdir) >=
		    (int)sizeof(sessiond_config.consumerd64_libdir)) {
		ERR("Value of --consumerd64-libdir is too long: %s",
		    opts->consumerd64_libdir);
		return -1;
	}
	if (opts->kconsumerd_path
		    ? consumer_find_path(
			      opts->kconsumerd_path,
			      sessiond_config.kconsumerd_path,
			      sizeof(sessiond_config.kconsumerd_path))
		    : snprintf(sessiond_config.kconsumerd_path,
			       sizeof(sessiond_config.kconsumerd_path), "%s",
			       sessiond_config.consumerd64_path) < 0) {
		ERR("No executable consumer daemon at %s",
		    opts->kconsumerd_path);
		return -1;
	}
	DBG("64-bit consumer daemon: %s",
	    sessiond_config.consumerd64_path[0]
		    ? sessiond_config.consumerd64_path
		    : "none");
	return 0;
}

/*
 * Take the single-instance lock of the runtime directory. The lock fd
 * stays open (and inherited across the daemonizing fork) for the life
 * of the daemon. Returns 0, or -1 when another daemon holds it.
 */
static int take_instance_lock(void)
{
	mode_t mode = sessiond_config.is_root ? 0755 : 0700;
	int fd, ret = paths_mkdir_p(sessiond_config.rundir, mode);

	if (ret) {
		ERR("Cannot create the runtime directory %s: %s",
		    sessiond_config.rundir, strerror(-ret));
		return -1;
	}
	fd = open(sessiond_config.lock_file_path, O_RDWR | O_CREAT | O_CLOEXEC,
		  0600);
	if (fd < 0) {
		ERR("Cannot open %s: %s", sessiond_config.lock_file_path,
		    strerror(errno));
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		ERR("A session daemon is already running.");
		close(fd);
		return -1;
	}
	return 0;
}

/*
 * Fork for -d/-b. The parent waits on a pipe and exits 0 once the child
 * writes that it is ready (1 if the child dies first). Returns, in the
 * child, the write end of the pipe (-1 when not daemonizing).
 */
static int daemonize(void)
{
	int pipe_fds[2];
	char ready;
	pid_t pid;

	if (!sessiond_config.daemonize && !sessiond_config.background)
		return -1;
	if (pipe2(pipe_fds, O_CLOEXEC)) {
		ERR("pipe: %s", strerror(errno));
		exit(EXIT_FAILURE);
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		ERR("fork: %s", strerror(errno));
		exit(EXIT_FAILURE);
	}
	if (pid > 0) {
		bool is_ready;

		close(pipe_fds[1]);
		is_ready = read(pipe_fds[0], &ready, 1) == 1;
		close(pipe_fds[0]);
		exit(is_ready ? EXIT_SUCCESS : EXIT_FAILURE);
	}
	close(pipe_fds[0]);
	setsid();
	if (chdir("/"))
		DBG("chdir(\"/\") failed: %s", strerror(errno));
	if (sessiond_config.daemonize) {
		int null_fd = open("/dev/null", O_RDWR);

		if (null_fd >= 0) {
			dup2(null_fd, STDIN_FILENO);
			dup2(null_fd, STDOUT_FILENO);
			dup2(null_fd, STDERR_FILENO);
			if (null_fd > STDERR_FILENO)
				close(null_fd);
		}
	}
	return pipe_fds[1];
}

static int write_pid_file(void)
{
	FILE *f = fopen(sessiond_config.pid_file_path, "w");

	if (!f || fprintf(f, "%d\n", (int)getpid()) < 0 || fclose(f)) {
		ERR("Cannot write the pid file %s",
		    sessiond_config.pid_file_path);
		return -1;
	}
	return 0;
}

/* Let the tracing group (when it exists) use the root daemon's socket. */
static void give_socket_to_tracing_group(void)
{
	struct group *grp = getgrnam(sessiond_config.tracing_group);

	if (grp && chown(sessiond_config.client_sock_path, 0, grp->gr_gid))
		WARN("Cannot give %s to group %s: %s",
		     sessiond_config.client_sock_path,
		     sessiond_config.tracing_group, strerror(errno));
}

static int open_client_socket(void)
{
	mode_t mode = sessiond_config.is_root ? 0660 : 0600;
	int fd = usock_listen(sessiond_config.client_sock_path, mode);

	if (fd < 0) {
		ERR("Cannot listen on %s: %s", sessiond_config.client_sock_path,
		    strerror(-fd));
		return -1;
	}
	if (sessiond_config.is_root)
		give_socket_to_tracing_group();
	return fd;
}

/* Tell whoever waits (daemonizing parent, -S parent) that we are ready. */
static void notify_ready(int ready_fd)
{
	if (ready_fd >= 0) {
		if (write(ready_fd, "1", 1) != 1)
			DBG("Parent did not wait for readiness");
		close(ready_fd);
	}
	if (sessiond_config.sig_parent)
		kill(getppid(), SIGUSR1);
}

static int run(const char *load_path)
{
	int listen_fd, ready_fd, ret;

	if (take_instance_lock())
		return EXIT_FAILURE;
	kernel_domain_init();
	daemon_clock_init();
	ready_fd = daemonize();
	if (stop_request_init() || write_pid_file() || health_server_start())
		return EXIT_FAILURE;
	listen_fd = open_client_socket();
	if (listen_fd < 0) {
		unlink(sessiond_config.pid_file_path);
		return EXIT_FAILURE;
	}
	if (app_listener_start()) {
		close(listen_fd);
		unlink(sessiond_config.client_sock_path);
		unlink(sessiond_config.pid_file_path);
		return EXIT_FAILURE;
	}
	DBG("Listening on %s", sessiond_config.client_sock_path);
	rotation_schedule_thread_start();
	/* The daemon is ready once the saved sessions are loaded. */
	if (session_load_start(load_path, sessiond_config.home, notify_ready,
			       ready_fd))
		notify_ready(ready_fd);
	ret = client_serve(listen_fd, stop_request_fd());
	/* From here a new SIGTERM cuts short a shutdown stuck on a peer. */
	stop_request_acknowledge();
	rotation_schedule_thread_stop();
	DBG("Session daemon stopping");
	close(listen_fd);
	unlink(sessiond_config.client_sock_path);
	app_listener_stop();
	/*
	 * Destroying the sessions flushes their data to the trace files and
	 * archives the last trace chunk of rotated ones.
	 */
	pthread_mutex_lock(&session_lock);
	rotation_destroy_all_sessions();
	pthread_mutex_unlock(&session_lock);
	app_listener_release_apps();
	consumer_stop();
	health_server_stop();
	unlink(sessiond_config.pid_file_path);
	stop_request_fini();
	return ret ? EXIT_FAILURE : EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
	struct sessiond_options opts = {0};
	char load_path[PATH_MAX];
	const char *load = NULL;
	int ret;

	ret = sessiond_options_parse(argc, argv, &opts);
	if (!ret && opts.refusal) {
		ERR("%s", opts.refusal);
		ret = -1;
	}
	if (!ret && (configure_paths(&opts) || find_consumers(&opts) ||
		     consumer_set_library_dir()))
		ret = -1;
	/* A relative --load path is the caller's: -d/-b change directory. */
	if (!ret && opts.load_path)
		load = paths_absolute(opts.load_path, load_path,
				      sizeof(load_path))
			       ? opts.load_path
			       : load_path;
	if (!ret)
		ret = run(load) == EXIT_SUCCESS ? 0 : -1;
	sessiond_options_fini(&opts);
	return ret < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
