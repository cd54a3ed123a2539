/*
 * Implementation of options.h. One function, set_option(), applies an
 * option whatever its source; the sources differ only in how a value
 * reaches it and in where an error points: nowhere for the command
 * line (LTTng's messages, unchanged), the file and line for an INI
 * file, the variable for the environment.
 *
 * Where LTTng is lax we are strict and say why: a malformed line, a bad
 * value, an empty value or a key that cannot be set from a file stops
 * the daemon with an error naming the file and line (LTTng skips such
 * lines or keeps its default). An unknown key stays a warning, as with
 * LTTng, so that one lttng.conf can serve several versions.
 *
 * LTTNG_SYSCONFDIR relocates /etc (for tests and relocated installs).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "config/ini.h"
#include "options.h"
#include "util/log.h"
#include "util/man-page.h"
#include "util/paths.h"

#define SESSIOND_VERSION "2.13.9"
#define CONFIG_FILE_NAME "lttng.conf"
#define CONFIG_SECTION "sessiond"

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

static const char short_options[] = "bdSg:a:c:qvhVf:l:p:";

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

/*
 * Where the option being applied comes from, appended to its error
 * messages: "" on the command line, " (FILE, line N)" from a file,
 * " (environment variable NAME)" from the environment.
 */
static char origin[PATH_MAX + 64];
/* What to do about a refused option, by source. */
static const char *remedy = "remove the option";

/* Back to the command line as the source of options. */
static void origin_reset(void)
{
	origin[0] = '\0';
	remedy = "remove the option";
}

static int replace_string(char **dst, const char *value)
{
	char *copy = strdup(value);

	if (!copy) {
		ERR("Out of memory");
		return -1;
	}
	free(*dst);
	*dst = copy;
	return 0;
}

/*
 * An integer in [1, max], checked with LTTng's messages. 0 or -1. The
 * value itself is not kept: there is no agent port nor event notifier
 * error counter to size yet.
 */
static int check_number_option(const char *name, const char *value, long max,
			       const char *range_message)
{
	char *end;
	long number;

	errno = 0;
	number = strtol(value, &end, 0);
	if (errno || end == value || *end || number < 0) {
		ERR("Wrong value in --%s parameter: %s%s", name, value, origin);
		return -1;
	}
	if (number < 1 || number > max) {
		ERR("%s --%s parameter: %s%s", range_message, name, value,
		    origin);
		return -1;
	}
	return 0;
}

/* Keep the first reason the daemon cannot start with these options. */
static int refuse(struct sessiond_options *opts, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int refuse(struct sessiond_options *opts, const char *fmt, ...)
{
	va_list args;
	char *text;
	int len;

	if (opts->refusal)
		return 0;
	va_start(args, fmt);
	len = vasprintf(&text, fmt, args);
	va_end(args);
	if (len < 0) {
		ERR("Out of memory");
		return -1;
	}
	opts->refusal = text;
	return 0;
}

/*
 * A switch: on the command line it is always on; in a file it may turn
 * off what an earlier file turned on.
 */
static void set_switch(int opt, bool on)
{
	switch (opt) {
	case 'b':
		sessiond_config.background = on;
		break;
	case 'd':
		sessiond_config.daemonize = on;
		break;
	case 'S':
		sessiond_config.sig_parent = on;
		break;
	case OPT_NO_KERNEL:
		sessiond_config.no_kernel = on;
		break;
	case OPT_VERBOSE_CONSUMER:
		sessiond_config.verbose_consumer = on;
		break;
	case 'q':
		log_quiet = on;
		break;
	case 'v':
		/* The command line adds a level per -v; a file sets one. */
		log_verbosity = on ? (log_verbosity ? log_verbosity : 1) : 0;
		break;
	}
}

/* An option with a value (opt from long_options, name its long name). */
static int set_value(int opt, const char *name, const char *value,
		     struct sessiond_options *opts)
{
	switch (opt) {
	case 'g':
		if (strlen(value) >= sizeof(sessiond_config.tracing_group)) {
			ERR("Value of --%s is too long: %s%s", name, value,
			    origin);
			return -1;
		}
		strcpy(sessiond_config.tracing_group, value);
		return 0;
	case 'a':
		return replace_string(&opts->apps_sock, value);
	case 'c':
		return replace_string(&opts->client_sock, value);
	case 'l':
		return replace_string(&opts->load_path, value);
	case 'p':
		return replace_string(&opts->pid_file, value);
	case OPT_CONSUMERD64_PATH:
		return replace_string(&opts->consumerd64_path, value);
	case OPT_CONSUMERD64_LIBDIR:
		return replace_string(&opts->consumerd64_libdir, value);
	case OPT_KCONSUMERD_PATH:
		return replace_string(&opts->kconsumerd_path, value);
	case OPT_CONSUMERD32_PATH:
	case OPT_CONSUMERD32_LIBDIR:
		return refuse(opts,
			      "Cannot use --%s=%s%s: this platform has no "
			      "32-bit consumer daemon (only 64-bit "
			      "applications can be traced); %s",
			      name, value, origin, remedy);
	case OPT_CONSUMER_SOCK:
		return refuse(opts,
			      "Cannot use --%s=%s%s: this session daemon "
			      "talks to its consumer daemons over socket "
			      "pairs it creates, never over socket paths; "
			      "%s",
			      name, value, origin, remedy);
	case OPT_AGENT_TCP_PORT:
		return check_number_option(name, value, 65535,
					   "Port overflow in");
	case OPT_ERROR_BUFFER_SIZE_KERNEL:
	case OPT_ERROR_BUFFER_SIZE_USERSPACE:
		return check_number_option(name, value, INT32_MAX,
					   "Value out of range for");
	case OPT_KMOD_PROBES:
	case OPT_EXTRA_KMOD_PROBES:
		/* The kernel domain uses tracefs, not probe modules. */
		return 0;
	}
	return 0;
}

/* true, yes, on, 1 / false, no, off, 0 (any case); -1 otherwise. */
static int parse_bool(const char *value)
{
	static const char *const words[][2] = {
		{"true", "false"}, {"yes", "no"}, {"on", "off"}, {"1", "0"}};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (!strcasecmp(value, words[i][0]))
			return 1;
		if (!strcasecmp(value, words[i][1]))
			return 0;
	}
	return -1;
}

static const struct option *find_long_option(const char *name)
{
	for (const struct option *o = long_options; o->name; o++) {
		if (!strcmp(o->name, name))
			return o;
	}
	return NULL;
}

static const char *long_option_name(int opt)
{
	for (const struct option *o = long_options; o->name; o++) {
		if (o->val == opt)
			return o->name;
	}
	return "";
}

struct config_file {
	const char *path;
	struct sessiond_options *opts;
};

/*
 * One INI entry: only the [sessiond] section is ours. Returns 0, or 1
 * after printing an error (positive: ini_parse()'s own codes are
 * negative).
 */
static int apply_config_entry(const struct ini_entry *entry, void *data)
{
	const struct config_file *file = data;
	const struct option *o;
	int on;

	if (strcmp(entry->section, CONFIG_SECTION))
		return 0;
	snprintf(origin, sizeof(origin), " (%s, line %u)", file->path,
		 entry->line);
	remedy = "remove the line";
	o = find_long_option(entry->key);
	if (!o) {
		WARN("Unrecognized option \"%s\" in daemon configuration "
		     "file%s.",
		     entry->key, origin);
		return 0;
	}
	if (o->val == 'h' || o->val == 'V' || o->val == 'f') {
		ERR("Option \"%s\" cannot be set in a daemon configuration "
		    "file%s",
		    entry->key, origin);
		return 1;
	}
	if (o->has_arg == no_argument) {
		on = parse_bool(entry->value);
		if (on < 0) {
			ERR("Invalid configuration value \"%s\" for option "
			    "%s%s: use true, yes, on, false, no or off",
			    entry->value, entry->key, origin);
			return 1;
		}
		set_switch(o->val, on);
		return 0;
	}
	if (!entry->value[0]) {
		ERR("Empty value for option \"%s\"%s", entry->key, origin);
		return 1;
	}
	return set_value(o->val, o->name, entry->value, file->opts) ? 1 : 0;
}

/*
 * Apply the [sessiond] section of path. A missing file is no error
 * unless `required` (--config). 0 or -1.
 */
static int load_config_file(const char *path, bool required,
			    struct sessiond_options *opts)
{
	struct config_file file = {.path = path, .opts = opts};
	struct ini_error error = {0};
	FILE *f = fopen(path, "r");
	int ret;

	if (!f) {
		if (required) {
			ERR("Failed to open daemon configuration file at %s",
			    path);
			return -1;
		}
		if (errno != ENOENT)
			WARN("Cannot read the daemon configuration file %s: "
			     "%s",
			     path, strerror(errno));
		return 0;
	}
	DBG("Reading the daemon configuration file %s", path);
	ret = ini_parse(f, apply_config_entry, &file, &error);
	if (ret == INI_ERR_SYNTAX)
		ERR("Daemon configuration file %s, line %u: %s", path,
		    error.line, error.reason);
	else if (ret == INI_ERR_READ)
		ERR("Cannot read the daemon configuration file %s: %s", path,
		    strerror(errno));
	fclose(f);
	origin_reset();
	return ret ? -1 : 0;
}

/* /etc/lttng/lttng.conf, $LTTNG_HOME/.lttng/lttng.conf, then --config. */
static int load_config_files(const char *config_option,
			     struct sessiond_options *opts)
{
	const char *sysconfdir = getenv("LTTNG_SYSCONFDIR");
	char path[PATH_MAX], home[PATH_MAX];

	if (!sysconfdir || !sysconfdir[0])
		sysconfdir = "/etc";
	if (snprintf(path, sizeof(path), "%s/lttng/" CONFIG_FILE_NAME,
		     sysconfdir) < (int)sizeof(path) &&
	    load_config_file(path, false, opts))
		return -1;
	if (!paths_home(home, sizeof(home)) &&
	    snprintf(path, sizeof(path), "%s/.lttng/" CONFIG_FILE_NAME, home) <
		    (int)sizeof(path) &&
	    load_config_file(path, false, opts))
		return -1;
	return config_option ? load_config_file(config_option, true, opts) : 0;
}

/*
 * An environment variable that gives a default to an option: applied
 * as the option would be, errors naming the variable.
 */
static int apply_environment_option(const char *variable, int opt,
				    const char *name,
				    struct sessiond_options *opts)
{
	const char *value = getenv(variable);

	if (!value || !value[0])
		return 0;
	snprintf(origin, sizeof(origin), " (environment variable %s)",
		 variable);
	remedy = "unset the variable";
	return set_value(opt, name, value, opts);
}

/*
 * A timeout variable: an integer; 0 or -1 (or below) mean none. Returns
 * the value in `unit_ms` units converted to ms (0: none), or -1 when it
 * is not a number.
 */
static int read_timeout_variable(const char *variable, long unit_ms,
				 long default_value, int *timeout_ms)
{
	const char *value = getenv(variable);
	char *end;
	long number;

	if (!value || !value[0]) {
		*timeout_ms = (int)(default_value * unit_ms);
		return 0;
	}
	errno = 0;
	number = strtol(value, &end, 10);
	if (errno || end == value || *end || number > INT_MAX / unit_ms) {
		ERR("Invalid value of %s: %s (an integer; 0 or -1 for no "
		    "timeout)",
		    variable, value);
		return -1;
	}
	*timeout_ms = number <= 0 ? 0 : (int)(number * unit_ms);
	return 0;
}

static int apply_environment(struct sessiond_options *opts)
{
	const char *noclone = getenv("LTTNG_DEBUG_NOCLONE");
	int ret;

	ret = apply_environment_option("LTTNG_CONSUMERD64_BIN",
				       OPT_CONSUMERD64_PATH, "consumerd64-path",
				       opts) ||
	      apply_environment_option("LTTNG_CONSUMERD64_LIBDIR",
				       OPT_CONSUMERD64_LIBDIR,
				       "consumerd64-libdir", opts) ||
	      apply_environment_option("LTTNG_CONSUMERD32_BIN",
				       OPT_CONSUMERD32_PATH, "consumerd32-path",
				       opts) ||
	      apply_environment_option("LTTNG_CONSUMERD32_LIBDIR",
				       OPT_CONSUMERD32_LIBDIR,
				       "consumerd32-libdir", opts);
	origin_reset();
	if (ret)
		return -1;
	sessiond_config.debug_noclone = noclone && !strcmp(noclone, "1");
	if (read_timeout_variable("LTTNG_APP_SOCKET_TIMEOUT", 1000, 5,
				  &sessiond_config.app_socket_timeout_ms) ||
	    read_timeout_variable("LTTNG_NETWORK_SOCKET_TIMEOUT", 1, 0,
				  &sessiond_config.network_socket_timeout_ms))
		return -1;
	return 0;
}

/* The --config file, found in a first pass so that argv beats it. */
static const char *find_config_option(int argc, char **argv)
{
	const char *path = NULL;
	int opt;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, short_options, long_options,
				  NULL)) != -1) {
		if (opt == 'f')
			path = optarg;
	}
	opterr = 1;
	optind = 0;
	return path;
}

int sessiond_options_parse(int argc, char **argv, struct sessiond_options *opts)
{
	const char *config_option = find_config_option(argc, argv);
	int opt, index;

	strcpy(sessiond_config.tracing_group, "tracing");
	if (apply_environment(opts) || load_config_files(config_option, opts))
		return -1;
	while ((opt = getopt_long(argc, argv, short_options, long_options,
				  &index)) != -1) {
		const char *name;

		switch (opt) {
		case '?':
			return -1;
		case 'h':
			/* As LTTng's: the manual page, else man's error. */
			man_page_exec(8, "lttng-sessiond");
			fputs(usage_text, stdout);
			return 1;
		case 'V':
			puts(SESSIOND_VERSION);
			return 1;
		case 'f':
			break; /* read before the other options */
		case 'v':
			log_verbosity++;
			break;
		case 'b':
		case 'd':
		case 'S':
		case 'q':
		case OPT_NO_KERNEL:
		case OPT_VERBOSE_CONSUMER:
			set_switch(opt, true);
			break;
		default:
			/* Several socket options share one value. */
			name = opt == OPT_CONSUMER_SOCK
				       ? long_options[index].name
				       : long_option_name(opt);
			if (set_value(opt, name, optarg, opts))
				return -1;
		}
	}
	/* LTTng ignores arguments that are not options. */
	return 0;
}

void sessiond_options_fini(struct sessiond_options *opts)
{
	free(opts->pid_file);
	free(opts->load_path);
	free(opts->client_sock);
	free(opts->apps_sock);
	free(opts->consumerd64_path);
	free(opts->consumerd64_libdir);
	free(opts->kconsumerd_path);
	free(opts->refusal);
	*opts = (struct sessiond_options){0};
}
