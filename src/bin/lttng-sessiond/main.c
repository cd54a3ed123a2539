/*
 * lttng-sessiond: options, runtime directory, single-instance lock, pid
 * file, daemonizing (-d/-b: the parent returns only once clients can
 * connect), signals, and the client loop. SIGTERM/SIGINT stop the loop;
 * the socket and pid file are removed on the way out.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
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
#include "session-load.h"
#include "session.h"
#include "stop-request.h"
#include "util/log.h"
#include "util/man-page.h"
#include "kernel/kernel-domain.h"
#include "util/paths.h"
#include "util/unix-socket.h"

#define SESSIOND_VERSION "2.13.9"

enum {
	OPT_NO_KERNEL = 256,
	OPT_CONSUMERD32_PATH,
	OPT_CONSUMERD64_PATH,
	OPT_CONSUMERD32_LIBDIR,
	OPT_CONSUMERD64_LIBDIR,
	OPT_VERBOSE_CONSUMER,
	OPT_KCONSUMERD_PATH,
	OPT_AGENT_TCP_PORT,
	OPT_KMOD_PROBES,
	OPT_EXTRA_KMOD_PROBES,
	OPT_CONSUMER_SOCK,
	OPT_ERROR_BUFFER_SIZE_KERNEL,
	OPT_ERROR_BUFFER_SIZE_USERSPACE,
};

static const struct option long_options[] = {
	{"background", no_argument, NULL, 'b'},
	{"daemonize", no_argument, NULL, 'd'},
	{"sig-parent", no_argument, NULL, 'S'},
	{"group", required_argument, NULL, 'g'},
	{"apps-sock", required_argument, NULL, 'a'},
	{"client-sock", required_argument, NULL, 'c'},
	{"no-kernel", no_argument, NULL, OPT_NO_KERNEL},
	{"consumerd32-path", required_argument, NULL, OPT_CONSUMERD32_PATH},
	{"consumerd64-path", required_argument, NULL, OPT_CONSUMERD64_PATH},
	{"kconsumerd-path", required_argument, NULL, OPT_KCONSUMERD_PATH},
	{"consumerd32-libdir", required_argument, NULL, OPT_CONSUMERD32_LIBDIR},
	{"consumerd64-libdir", required_argument, NULL, OPT_CONSUMERD64_LIBDIR},
	{"quiet", no_argument, NULL, 'q'},
	{"verbose", no_argument, NULL, 'v'},
	{"verbose-consumer", no_argument, NULL, OPT_VERBOSE_CONSUMER},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{"config", required_argument, NULL, 'f'},
	{"load", required_argument, NULL, 'l'},
	{"pidfile", required_argument, NULL, 'p'},
	{"agent-tcp-port", required_argument, NULL, OPT_AGENT_TCP_PORT},
	{"kmod-probes", required_argument, NULL, OPT_KMOD_PROBES},
	{"extra-kmod-probes", required_argument, NULL, OPT_EXTRA_KMOD_PROBES},
	/* Our consumer daemons get their sockets another way. */
	{"kconsumerd-err-sock", required_argument, NULL, OPT_CONSUMER_SOCK},
	{"kconsumerd-cmd-sock", required_argument, NULL, OPT_CONSUMER_SOCK},
	{"ustconsumerd32-err-sock", required_argument, NULL, OPT_CONSUMER_SOCK},
	{"ustconsumerd64-err-sock", required_argument, NULL, OPT_CONSUMER_SOCK},
	{"ustconsumerd32-cmd-sock", required_argument, NULL, OPT_CONSUMER_SOCK},
	{"ustconsumerd64-cmd-sock", required_argument, NULL, OPT_CONSUMER_SOCK},
	{"event-notifier-error-buffer-size-kernel", required_argument, NULL,
	 OPT_ERROR_BUFFER_SIZE_KERNEL},
	{"event-notifier-error-buffer-size-userspace", required_argument, NULL,
	 OPT_ERROR_BUFFER_SIZE_USERSPACE},
	{NULL, 0, NULL, 0},
};

static const char usage_text[] =
	"Usage: lttng-sessiond [--background | --daemonize] [--sig-parent]\n"
	"                      [--group=GROUP] [--apps-sock=PATH]\n"
	"                      [--client-sock=PATH] [--no-kernel]\n"
	"                      [--consumerd32-path=PATH] "
	"[--consumerd64-path=PATH]\n"
	"                      [--kconsumerd-path=PATH]\n"
	"                      [--quiet | [--verbose]...]\n"
	"\n"
	"See lttng-sessiond(8) for the meaning of each option.\n";

/* Options whose value is only needed while parsing. */
struct parsed_options {
	const char *pid_file;
	const char *load_path;
	const char *client_sock;
	const char *apps_sock;
	const char *consumerd64_path;
	const char *consumerd32_path;
	const char *kconsumerd_path;
};

static int copy_option(char *dst, size_t len, const char *value,
		       const char *name)
{
	if (snprintf(dst, len, "%s", value) >= (int)len) {
		ERR("Value of --%s is too long: %s", name, value);
		return -1;
	}
	return 0;
}

/*
 * --agent-tcp-port=PORT and the event notifier error buffer sizes: an
 * integer in [1, max], checked with LTTng's messages. 0 or -1.
 */
static int check_number_option(const char *name, const char *value, long max,
			       const char *range_message)
{
	char *end;
	long number;

	errno = 0;
	number = strtol(value, &end, 0);
	if (errno || end == value || *end || number < 0) {
		ERR("Wrong value in --%s parameter: %s", name, value);
		return -1;
	}
	if (number < 1 || number > max) {
		ERR("%s --%s parameter: %s", range_message, name, value);
		return -1;
	}
	return 0;
}

/*
 * --config=PATH: LTTng reads the INI file before the other options;
 * this daemon takes its configuration from options only, so an existing
 * file is reported as ignored once the daemon runs.
 */
static int check_config_file(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f) {
		ERR("Failed to open daemon configuration file at %s", path);
		return -1;
	}
	fclose(f);
	return 0;
}

/* Parse argv into sessiond_config; -1 on error, 1 when done (--help). */
static int parse_options(int argc, char **argv, struct parsed_options *opts)
{
	int opt;

	while ((opt = getopt_long(argc, argv, "bdSg:a:c:qvhVf:l:p:",
				  long_options, NULL)) != -1) {
		switch (opt) {
		case 'b':
			sessiond_config.background = true;
			break;
		case 'd':
			sessiond_config.daemonize = true;
			break;
		case 'S':
			sessiond_config.sig_parent = true;
			break;
		case 'g':
			if (copy_option(sessiond_config.tracing_group,
					sizeof(sessiond_config.tracing_group),
					optarg, "group"))
				return -1;
			break;
		case 'a':
			opts->apps_sock = optarg;
			break;
		case 'c':
			opts->client_sock = optarg;
			break;
		case OPT_NO_KERNEL:
			sessiond_config.no_kernel = true;
			break;
		case OPT_CONSUMERD64_PATH:
			opts->consumerd64_path = optarg;
			break;
		case OPT_CONSUMERD32_PATH:
			opts->consumerd32_path = optarg;
			break;
		case OPT_VERBOSE_CONSUMER:
			sessiond_config.verbose_consumer = true;
			break;
		case OPT_KCONSUMERD_PATH:
			opts->kconsumerd_path = optarg;
			break;
		case OPT_CONSUMERD32_LIBDIR:
		case OPT_CONSUMERD64_LIBDIR:
			/* Only one (64-bit) consumer, found by path. */
			break;
		case 'q':
			log_quiet = true;
			break;
		case 'v':
			log_verbosity++;
			break;
		case 'h':
			/* As LTTng's: the manual page, else man's error. */
			man_page_exec(8, "lttng-sessiond");
			fputs(usage_text, stdout);
			return 1;
		case 'V':
			puts(SESSIOND_VERSION);
			return 1;
		case 'f':
			if (check_config_file(optarg))
				return -1;
			WARN("Ignoring the configuration file %s: this daemon "
			     "is configured by its options",
			     optarg);
			break;
		case 'l':
			opts->load_path = optarg;
			break;
		case 'p':
			opts->pid_file = optarg;
			break;
		case OPT_AGENT_TCP_PORT:
			if (check_number_option("agent-tcp-port", optarg, 65535,
						"Port overflow in"))
				return -1;
			break;
		case OPT_ERROR_BUFFER_SIZE_KERNEL:
		case OPT_ERROR_BUFFER_SIZE_USERSPACE:
			if (check_number_option(
				    opt == OPT_ERROR_BUFFER_SIZE_KERNEL
					    ? "event-notifier-error-buffer-"
					      "size-kernel"
					    : "event-notifier-error-buffer-"
					      "size-userspace",
				    optarg, INT32_MAX,
				    "Value out of range for"))
				return -1;
			break;
		case OPT_KMOD_PROBES:
		case OPT_EXTRA_KMOD_PROBES:
			/* The kernel domain uses tracefs, not probe modules. */
		case OPT_CONSUMER_SOCK:
			break;
		default:
			return -1;
		}
	}
	/* LTTng ignores arguments that are not options. */
	return 0;
}

/* dst = option when given, else rundir/file_name. */
static int set_path(char *dst, size_t len, const char *option,
		    const char *file_name)
{
	if (option)
		return snprintf(dst, len, "%s", option) >= (int)len ? -1 : 0;
	return paths_join(dst, len, sessiond_config.rundir, file_name);
}

/* Derive every path of sessiond_config from the options. */
static int configure_paths(const struct parsed_options *opts)
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

static int find_consumers(const struct parsed_options *opts)
{
	if (consumer_find_path(opts->consumerd64_path,
			       sessiond_config.consumerd64_path,
			       sizeof(sessiond_config.consumerd64_path))) {
		ERR("No executable consumer daemon at %s",
		    opts->consumerd64_path);
		return -1;
	}
	if (opts->consumerd32_path &&
	    consumer_find_path(opts->consumerd32_path,
			       sessiond_config.consumerd32_path,
			       sizeof(sessiond_config.consumerd32_path))) {
		ERR("No executable consumer daemon at %s",
		    opts->consumerd32_path);
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
		close(pipe_fds[1]);
		exit(read(pipe_fds[0], &ready, 1) == 1 ? EXIT_SUCCESS
						       : EXIT_FAILURE);
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
	struct parsed_options opts = {0};
	char load_path[PATH_MAX];
	int ret;

	strcpy(sessiond_config.tracing_group, "tracing");
	ret = parse_options(argc, argv, &opts);
	if (ret)
		return ret > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
	if (configure_paths(&opts) || find_consumers(&opts))
		return EXIT_FAILURE;
	/* A relative --load path is the caller's: -d/-b change directory. */
	if (opts.load_path &&
	    !paths_absolute(opts.load_path, load_path, sizeof(load_path)))
		opts.load_path = load_path;
	return run(opts.load_path);
}
