/*
 * lttng create [NAME] [--output=DIR | --no-output] [--snapshot]: spawn a
 * session daemon when none runs, create the session, print where its
 * traces go, and make it the current session.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../conf.h"
#include "../spawn.h"
#include "../utils.h"
#include "util/paths.h"

#define MAX_NAME_LEN 255

enum {
	OPT_OUTPUT = 3,
	OPT_NO_OUTPUT,
	OPT_SNAPSHOT,
	OPT_URL,
	OPT_LIVE,
	OPT_SHM_PATH,
};

/* The order of LTTng's table, which --list-options shows. */
static struct poptOption options[] = {
	{"help", 'h', POPT_ARG_NONE, NULL, OPT_HELP, NULL, NULL},
	{"output", 'o', POPT_ARG_STRING, NULL, OPT_OUTPUT, NULL, NULL},
	{"list-options", 0, POPT_ARG_NONE, NULL, OPT_LIST_OPTIONS, NULL, NULL},
	{"set-url", 'U', POPT_ARG_STRING, NULL, OPT_URL, NULL, NULL},
	{"ctrl-url", 'C', POPT_ARG_STRING, NULL, OPT_URL, NULL, NULL},
	{"data-url", 'D', POPT_ARG_STRING, NULL, OPT_URL, NULL, NULL},
	{"no-output", 0, POPT_ARG_NONE, NULL, OPT_NO_OUTPUT, NULL, NULL},
	{"no-consumer", 0, POPT_ARG_NONE, NULL, OPT_NO_OUTPUT, NULL, NULL},
	{"snapshot", 0, POPT_ARG_NONE, NULL, OPT_SNAPSHOT, NULL, NULL},
	{"live", 0, POPT_ARG_INT | POPT_ARGFLAG_OPTIONAL, NULL, OPT_LIVE, NULL,
	 NULL},
	{"shm-path", 0, POPT_ARG_STRING, NULL, OPT_SHM_PATH, NULL, NULL},
	POPT_TABLEEND,
};

struct create_opts {
	char *output; /* popt-allocated */
	int no_output;
	int snapshot;
	int done; /* --help or --list-options answered the command */
};

/* An absolute output directory from --output or a file:// URL. */
static int output_from_url(const char *url, struct create_opts *opts)
{
	if (strncmp(url, "file://", 7)) {
		ERR("Network outputs (%s) need lttng-relayd, which this "
		    "toolkit does not provide yet",
		    url);
		return CMD_UNSUPPORTED;
	}
	free(opts->output);
	opts->output = strdup(url + 7);
	return opts->output ? CMD_SUCCESS : CMD_FATAL;
}

static int parse_options(poptContext pc, struct create_opts *opts)
{
	int opt, ret;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		switch (opt) {
		case OPT_OUTPUT:
			free(opts->output);
			opts->output = poptGetOptArg(pc);
			break;
		case OPT_NO_OUTPUT:
			opts->no_output = 1;
			break;
		case OPT_SNAPSHOT:
			opts->snapshot = 1;
			break;
		case OPT_URL: {
			char *url = poptGetOptArg(pc);

			ret = output_from_url(url, opts);
			free(url);
			if (ret != CMD_SUCCESS)
				return ret;
			break;
		}
		case OPT_LIVE:
		case OPT_SHM_PATH:
			ERR("Live sessions and --shm-path need components this "
			    "toolkit does not provide yet");
			return CMD_UNSUPPORTED;
		default:
			opts->done = 1;
			return cli_common_option(opt, "create", options);
		}
	}
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
	return opts->snapshot
		       ? lttng_session_descriptor_snapshot_local_create(name,
									output)
		       : lttng_session_descriptor_local_create(name, output);
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
		return;
	}
	MSG("Snapshot session %s created.", name);
	if (path)
		MSG("Default snapshot output set to %s", path);
	MSG("Every channel enabled for this session will be set to mmap "
	    "output and default to overwrite mode.");
}

static int create_session(const char *name, const struct create_opts *opts)
{
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
		ret = CMD_ERROR;
		goto end;
	}
	print_created(desc, opts);
	lttng_session_descriptor_get_session_name(desc, &final_name);
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
	name = poptGetArg(pc);
	leftover = poptGetArg(pc);
	if (leftover) {
		ERR("Unknown argument: %s", leftover);
		ret = CMD_ERROR;
		goto end;
	}
	ret = check_name(name);
	if (ret != CMD_SUCCESS)
		goto end;
	if (spawn_sessiond_if_needed()) {
		ret = CMD_ERROR;
		goto end;
	}
	ret = create_session(name, &opts);
end:
	free(opts.output);
	poptFreeContext(pc);
	return ret;
}
