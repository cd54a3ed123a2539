/*
 * The session daemon's options, from every place LTTng takes them, in
 * this order (each overrides the previous): the environment variables,
 * the INI files /etc/lttng/lttng.conf and $LTTNG_HOME/.lttng/lttng.conf,
 * the file of --config, then the command line. Fills sessiond_config
 * (config.h) and struct sessiond_options (the values main.c turns into
 * paths). main.c calls sessiond_options_parse() once, before anything
 * else.
 */
#ifndef SESSIOND_OPTIONS_H
#define SESSIOND_OPTIONS_H

/* Values needed only while the daemon starts (NULL when not set). */
struct sessiond_options {
	char *pid_file;
	char *load_path;
	char *client_sock;
	char *apps_sock;
	char *consumerd64_path;
	char *consumerd64_libdir;
	char *kconsumerd_path;
	/*
	 * Why the daemon cannot start with these options although they are
	 * well-formed (a 32-bit consumer, a consumer socket path), printed
	 * as an error unless --version or --help ends the parse first.
	 */
	char *refusal;
};

/*
 * Parse the environment, the configuration files and argv. Returns 0
 * to go on, 1 when done (--help, --version), -1 on error (printed).
 */
int sessiond_options_parse(int argc, char **argv,
			   struct sessiond_options *opts);

void sessiond_options_fini(struct sessiond_options *opts);

#endif /* SESSIOND_OPTIONS_H */
