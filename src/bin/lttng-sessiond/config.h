/*
 * The session daemon's configuration: options (options.c: environment,
 * configuration files, command line) and the paths derived from them at
 * startup. main.c fills it once before any client is served; every
 * other module only reads it.
 */
#ifndef SESSIOND_CONFIG_H
#define SESSIOND_CONFIG_H

#include <limits.h>
#include <stdbool.h>

struct sessiond_config {
	bool daemonize;	 /* -d: detach, close the console */
	bool background; /* -b: detach, keep the console */
	bool sig_parent; /* -S: SIGUSR1 to the parent when ready */
	bool no_kernel;
	bool verbose_consumer; /* --verbose-consumer */
	bool is_root;	       /* Root daemon: may trace the kernel. */
	bool debug_noclone;    /* LTTNG_DEBUG_NOCLONE=1: no forks as a user */
	int app_socket_timeout_ms;     /* LTTNG_APP_SOCKET_TIMEOUT, 0: none */
	int network_socket_timeout_ms; /* LTTNG_NETWORK_SOCKET_TIMEOUT, 0: OS */
	char tracing_group[64];
	char rundir[PATH_MAX];
	char home[PATH_MAX]; /* $LTTNG_HOME: default trace outputs */
	char client_sock_path[PATH_MAX];
	char apps_sock_path[PATH_MAX];
	char pid_file_path[PATH_MAX];
	char lock_file_path[PATH_MAX];
	char consumerd64_path[PATH_MAX]; /* "" when none was found */
	char consumerd64_libdir[PATH_MAX]; /* "": LD_LIBRARY_PATH unchanged */
	char kconsumerd_path[PATH_MAX]; /* kernel consumer, "" when none */
};

extern struct sessiond_config sessiond_config;

#endif /* SESSIOND_CONFIG_H */
