/*
 * lttng create [NAME] [--output=DIR | --no-output] [--snapshot]: spawn a
 * session daemon when none runs, create the session, print where its
 * traces go, and make it the current session.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
#include <stdio.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-session.h"
#include "../conf.h"
#include "../spawn.h"
#include "../utils.h"
#include "util/paths.h"
#include "util/time-format.h"

#define MAX_NAME_LEN 255
#define DEFAULT_LIVE_TIMER_US 1000000

enum {
	OPT_OUTPUT = 3,
	OPT_NO_OUTPUT,
	OPT_NO_CONSUMER,
	OPT_SNAPSHOT,
	OPT_SET_URL,
	OPT_CTRL_URL,
	OPT_DATA_URL,
	OPT_LIVE,
	OPT_SHM_PATH,
};

/* The order of LTTng's table, which --list-options shows. */
static struct poptOption options[] = {
	{"help", 'h', POPT_ARG_NONE, NULL, OPT_HELP, NULL, NULL},
	{"output", 'o', POPT_ARG_STRING, NULL, OPT_OUTPUT, NULL, NULL},
	{"list-options", 0, POPT_ARG_NONE, NULL, OPT_LIST_OPTIONS, NULL, NULL},
	{"set-url", 'U', POPT_ARG_STRING, NULL, OPT_SET_URL, NULL, NULL},
	{"ctrl-url", 'C', POPT_ARG_STRING, NULL, OPT_CTRL_URL, NULL, NULL},
	{"data-url", 'D', POPT_ARG_STRING, NULL, OPT_DATA_URL, NULL, NULL},
	{"no-output", 0, POPT_ARG_NONE, NULL, OPT_NO_OUTPUT, NULL, NULL},
	{"no-consumer", 0, POPT_ARG_NONE, NULL, OPT_NO_CONSUMER, NULL, NULL},
	{"snapshot", 0, POPT_ARG_NONE, NULL, OPT_SNAPSHOT, NULL, NULL},
	{"live", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL, OPT_LIVE,
	 NULL, NULL},
	{"shm-path", 0, POPT_ARG_STRING, NULL, OPT_SHM_PATH, NULL, NULL},
	POPT_TABLEEND,
};

struct create_opts {
	/* popt-allocated strings */
	char *output, *set_url, *ctrl_url, *data_url, *shm_path;
	int no_output;
	int snapshot;
	unsigned long live_us; /* 0: not a live session */
	int done; /* --help or --list-options answered the command */
};

/* Replaces *slot by the option's argument. */
static void take_arg(poptContext pc, char **slot)
{
	free(*slot);
	*slot = poptGetOptArg(pc);
}

/* --live[=PERIODUS]: LTTng's default period is one second. */
static int parse_live(const char *arg, struct create_opts *opts)
{
	char *end;

	if (!arg) {
		opts->live_us = DEFAULT_LIVE_TIMER_US;
		return CMD_SUCCESS;
	}
	errno = 0;
	opts->live_us = strtoul(arg, &end, 0);
	if (errno || end == arg || *end || arg[0] == '-' ||
	    opts->live_us > UINT32_MAX) {
		ERR("Wrong value for --live parameter: %s", arg);
		return CMD_ERROR;
	}
	if (opts->live_us == 0) {
		ERR("Live timer interval must be greater than zero");
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

static int parse_options(poptContext pc, struct create_opts *opts)
{
	int opt, ret;
	char *arg;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		switch (opt) {
		case OPT_OUTPUT:
			take_arg(pc, &opts->output);
			break;
		case OPT_SET_URL:
			take_arg(pc, &opts->set_url);
			break;
		case OPT_CTRL_URL:
			take_arg(pc, &opts->ctrl_url);
			break;
		case OPT_DATA_URL:
			take_arg(pc, &opts->data_url);
			break;
		case OPT_SHM_PATH:
			take_arg(pc, &opts->shm_path);
			break;
		case OPT_NO_OUTPUT:
			opts->no_output = 1;
			break;
		case OPT_NO_CONSUMER:
			MSG("The option --no-consumer is obsolete. Use "
			    "--no-output now.");
			opts->done = 1;
			return CMD_WARNING;
		case OPT_SNAPSHOT:
			opts->snapshot = 1;
			break;
		case OPT_LIVE:
			arg = poptGetOptArg(pc);
			ret = parse_live(arg, opts);
			free(arg);
			if (ret != CMD_SUCCESS)
				return ret;
			break;
		default:
			opts->done = 1;
			return cli_common_option(opt, "create", options);
		}
	}
	return CMD_SUCCESS;
}

/* The checks LTTng makes on how the output options combine. */
static int check_output_options(const struct create_opts *opts)
{
	int kinds = !!opts->output + !!opts->set_url +
		    !!(opts->ctrl_url || opts->data_url);

	if (kinds > 1) {
		ERR("Only one of the --set-url, --ctrl-url/data-url, or "
		    "--output options may be used at once.");
		return CMD_ERROR;
	}
	if (opts->snapshot && opts->live_us) {
		ERR("Snapshot and live modes are mutually exclusive.");
		return CMD_ERROR;
	}
	if (!opts->ctrl_url != !opts->data_url) {
		ERR("Both control and data URLs must be specified.");
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

/*
 * Checks a URL as LTTng's parser does: file:// with an absolute path, or
 * net[4|6]:// / tcp[4|6]:// with a host. Prints LTTng's messages.
 */
static int check_url(const char *url)
{
	static const char *const network_schemes[] = {
		"net://", "net4://", "net6://", "tcp://", "tcp4://", "tcp6://",
	};
	const char *sep = strstr(url, "://");
	size_t i;

	if (!strncmp(url, "file://", 7)) {
		if (url[7] == '/')
			return CMD_SUCCESS;
		ERR("Missing destination full path.");
	} else if (!sep) {
		ERR("URI parse unknown protocol %s", url);
	} else {
		for (i = 0;
		     i < sizeof(network_schemes) / sizeof(network_schemes[0]);
		     i++) {
			if (!strncmp(url, network_schemes[i],
				     strlen(network_schemes[i])))
				return CMD_SUCCESS;
		}
		/* LTTng quotes the whole URL, "://" and the rest included. */
		ERR("URI parse unknown protocol %s", url);
	}
	ERR("Unable to parse the URL %s", url);
	ERR("Unrecognized URL format.");
	return CMD_ERROR;
}

/*
 * The output directory of a --set-url=file://DIR; network URLs are
 * checked here and go to the session daemon, which connects to
 * lttng-relayd when the session gets its first channel, as LTTng does.
 */
static int resolve_urls(struct create_opts *opts)
{
	int ret;

	if (opts->set_url) {
		ret = check_url(opts->set_url);
		if (ret != CMD_SUCCESS)
			return ret;
		if (!strncmp(opts->set_url, "file://", 7)) {
			if (opts->live_us) {
				ERR("Unsupported output type specified for "
				    "live session.");
				return CMD_ERROR;
			}
			opts->output = strdup(opts->set_url + 7);
			return opts->output ? CMD_SUCCESS : CMD_FATAL;
		}
	}
	if (opts->ctrl_url && ((ret = check_url(opts->ctrl_url)) ||
			       (ret = check_url(opts->data_url))))
		return ret;
	if (opts->live_us)
		return spawn_relayd_for_live();
	return CMD_SUCCESS;
}

static int check_name(const char *name)
{
	if (!name)
		return CMD_SUCCESS;
	if (!strcmp(name, "auto")) {
		ERR("%s is a reserved keyword for default session(s)", name);
		return CMD_ERROR;
	}
	if (strlen(name) > MAX_NAME_LEN) {
		ERR("Session name too long. Length must be lower or equal to "
		    "%d",
		    MAX_NAME_LEN);
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

/*
 * LTTng expands --output as far as it exists (realpath of its existing
 * part); a part it may not search fails the command, with LTTng's
 * messages. Returns CMD_SUCCESS or CMD_ERROR.
 */
static int check_output_path(const char *output)
{
	char path[PATH_MAX], resolved[PATH_MAX];
	struct timespec now;
	struct tm tm;
	char *slash;

	if (!output || paths_absolute(output, path, sizeof(path)))
		return CMD_SUCCESS;
	for (slash = path + 1;; slash++) {
		char saved = *slash;

		if (saved != '/' && saved != '\0')
			continue;
		*slash = '\0';
		if (!realpath(path, resolved) && errno != ENOENT) {
			int error = errno;

			clock_gettime(CLOCK_REALTIME, &now);
			localtime_r(&now.tv_sec, &tm);
			fprintf(stderr,
				"PERROR - %02d:%02d:%02d.%09ld [%ld/%ld]: "
				"realpath (partial_realpath): %s (in "
				"utils_partial_realpath() at path.c:93)\n",
				tm.tm_hour, tm.tm_min, tm.tm_sec, now.tv_nsec,
				(long)getpid(), (long)gettid(),
				strerror(error));
			ERR("Failed to expand output path.");
			return CMD_ERROR;
		}
		*slash = saved;
		if (saved == '\0')
			return CMD_SUCCESS;
	}
}

/* A net://, net6:// or tcp:// output (not a file:// one). */
static bool has_network_url(const struct create_opts *opts)
{
	return opts->ctrl_url ||
	       (opts->set_url && strncmp(opts->set_url, "file://", 7));
}

static struct lttng_session_descriptor *
make_descriptor(const char *name, const struct create_opts *opts)
{
	char path[PATH_MAX];
	const char *output = NULL;

	if (opts->output && !opts->no_output) {
		if (paths_absolute(opts->output, path, sizeof(path)))
			return NULL;
		output = path;
	}
	if (opts->no_output)
		return opts->snapshot
			       ? lttng_session_descriptor_snapshot_create(name)
			       : lttng_session_descriptor_create(name);
	if (opts->snapshot ? opts->set_url || opts->ctrl_url
			   : has_network_url(opts)) {
		const char *ctrl =
			opts->set_url ? opts->set_url : opts->ctrl_url;
		const char *data = opts->set_url ? NULL : opts->data_url;

		return opts->snapshot
			       ? lttng_session_descriptor_snapshot_network_create(
					 name, ctrl, data)
			       : lttng_session_descriptor_network_create(
					 name, ctrl, data);
	}
	return opts->snapshot
		       ? lttng_session_descriptor_snapshot_local_create(name,
									output)
		       : lttng_session_descriptor_local_create(name, output);
}

/* A session's network output as the session daemon lists it. */
static void print_network_output(const char *session)
{
	struct lttng_session *sessions;
	int i, count = lttng_list_sessions(&sessions);

	for (i = 0; i < count; i++)
		if (!strcmp(sessions[i].name, session))
			MSG("Traces will be output to %s", sessions[i].path);
	if (count > 0)
		free(sessions);
}

/* A network snapshot output as the session daemon lists it. */
static void print_network_snapshot_output(const char *session)
{
	struct lttng_snapshot_output_list *list;
	struct lttng_snapshot_output *output;

	if (lttng_snapshot_list_output(session, &list) < 0)
		return;
	output = lttng_snapshot_output_list_get_next(list);
	if (output)
		MSG("Default snapshot output set to %s",
		    lttng_snapshot_output_get_ctrl_url(output));
	lttng_snapshot_output_list_destroy(list);
}

static void print_created(const struct lttng_session_descriptor *desc,
			  const struct create_opts *opts)
{
	const char *name = "", *path = NULL;

	lttng_session_descriptor_get_session_name(desc, &name);
	if (lttng_session_descriptor_get_local_output_path(desc, &path) !=
	    LTTNG_SESSION_DESCRIPTOR_STATUS_OK)
		path = NULL;
	if (!opts->snapshot) {
		MSG("Session %s created.", name);
		if (path)
			MSG("Traces will be output to %s", path);
		else if (has_network_url(opts))
			print_network_output(name);
		return;
	}
	MSG("Snapshot session %s created.", name);
	if (path)
		MSG("Default snapshot output set to %s", path);
	else if (opts->set_url || opts->ctrl_url)
		print_network_snapshot_output(name);
	MSG("Every channel enabled for this session will be set to mmap "
	    "output and default to overwrite mode.");
}

/*
 * --shm-path=DIR: the buffers go to DIR/<session>-<date>-<time>, or
 * DIR/<session> for an automatic name (which has the date already), as
 * LTTng sets it. Fills path (LTTNG_PATH_MAX bytes); CMD_SUCCESS or
 * CMD_ERROR.
 */
static int set_shm_path(const char *session, const struct create_opts *opts,
			bool auto_named, char *path)
{
	char date[TIME_FORMAT_DATETIME_LEN] = "";
	int n, ret;

	if (!auto_named && time_format_datetime(time(NULL), date, sizeof(date)))
		date[0] = '\0';
	n = snprintf(path, LTTNG_PATH_MAX, "%s/%s%s%s", opts->shm_path, session,
		     date[0] ? "-" : "", date);
	if (n < 0 || n >= LTTNG_PATH_MAX) {
		ERR("Shared memory path too long");
		return CMD_ERROR;
	}
	ret = lttng_set_session_shm_path(session, path);
	if (ret < 0) {
		ERR("%s", lttng_strerror(ret));
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

static int create_session(const char *name, const struct create_opts *opts)
{
	char shm_path[LTTNG_PATH_MAX];
	struct lttng_session_descriptor *desc = make_descriptor(name, opts);
	enum lttng_error_code code;
	const char *final_name;
	int ret = CMD_SUCCESS;

	if (!desc) {
		ERR("Invalid session name or output directory");
		return CMD_ERROR;
	}
	code = lttng_create_session_ext(desc);
	if (code != LTTNG_OK) {
		ERR("%s", lttng_strerror(code));
		if (mi_enabled())
			mi_command_print_empty("create", NULL,
					       MI_SUCCESS_FALSE);
		ret = CMD_ERROR;
		goto end;
	}
	lttng_session_descriptor_get_session_name(desc, &final_name);
	if (opts->shm_path) {
		ret = set_shm_path(final_name, opts, name == NULL, shm_path);
		if (ret != CMD_SUCCESS) {
			lttng_destroy_session(final_name);
			goto end;
		}
	}
	if (mi_enabled())
		mi_session_print_created(final_name);
	else
		print_created(desc, opts);
	if (opts->shm_path && !mi_enabled())
		MSG("Shared memory path set to %s", shm_path);
	if (conf_set_session(final_name)) {
		ERR("Cannot write the current session to .lttngrc");
		ret = CMD_ERROR;
	}
end:
	lttng_session_descriptor_destroy(desc);
	return ret;
}

int cmd_create(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct create_opts opts = {0};
	const char *name, *leftover;
	int ret = parse_options(pc, &opts);

	if (ret != CMD_SUCCESS || opts.done)
		goto end;
	ret = check_output_options(&opts);
	if (ret != CMD_SUCCESS)
		goto end;
	name = poptGetArg(pc);
	leftover = poptGetArg(pc);
	if (leftover) {
		ERR("Unknown argument: %s", leftover);
		if (mi_enabled())
			mi_command_print_empty("create", NULL, MI_SUCCESS_OMIT);
		ret = CMD_ERROR;
		goto end;
	}
	ret = check_name(name);
	if (ret != CMD_SUCCESS)
		goto end;
	ret = resolve_urls(&opts);
	if (ret == CMD_SUCCESS && !opts.no_output)
		ret = check_output_path(opts.output);
	if (ret != CMD_SUCCESS)
		goto end;
	if (spawn_sessiond_if_needed()) {
		ret = CMD_ERROR;
		goto end;
	}
	ret = create_session(name, &opts);
end:
	free(opts.output);
	free(opts.set_url);
	free(opts.ctrl_url);
	free(opts.data_url);
	free(opts.shm_path);
	poptFreeContext(pc);
	return ret;
}
