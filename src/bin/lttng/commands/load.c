/*
 * lttng load [--all | SESSION [--override-name NAME]] [--force]
 * [--input-path PATH] [--override-url URL]: recreate recording sessions
 * from configuration files (liblttng-ctl reads, validates and applies
 * them).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../command.h"
#include "../conf.h"
#include "../mi/mi-command.h"
#include "../mi/mi-save-load.h"
#include "../utils.h"

enum {
	OPT_ALL = 3,
	OPT_INPUT_PATH,
	OPT_FORCE,
	OPT_OVERRIDE_URL,
	OPT_OVERRIDE_NAME,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"all", 'a', POPT_ARG_NONE, NULL, OPT_ALL, NULL, NULL},
	{"input-path", 'i', POPT_ARG_STRING, NULL, OPT_INPUT_PATH, NULL, NULL},
	{"force", 'f', POPT_ARG_NONE, NULL, OPT_FORCE, NULL, NULL},
	{"override-url", 0, POPT_ARG_STRING, NULL, OPT_OVERRIDE_URL, NULL,
	 NULL},
	{"override-name", 0, POPT_ARG_STRING, NULL, OPT_OVERRIDE_NAME, NULL,
	 NULL},
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

struct load_opts {
	int all, force;
	char *input_path, *override_url, *override_name;
	const char *session;
};

/* A check failed before the request: MI prints an empty <output/>. */
static int stopped_before_loading(int ret)
{
	if (mi_enabled())
		mi_command_print_empty("load", NULL, MI_SUCCESS_OMIT);
	return ret;
}

static void print_success(const struct load_opts *opts)
{
	if (opts->all)
		MSG("All sessions have been loaded successfully");
	else
		MSG("Session %s has been loaded successfully", opts->session);
	if (opts->override_name)
		MSG("Session name overridden with %s", opts->override_name);
	if (opts->override_url)
		MSG("Session output url overridden with %s",
		    opts->override_url);
}

static int set_attributes(struct lttng_load_session_attr *attr,
			  const struct load_opts *opts, const char *input)
{
	int ret;

	if (lttng_load_session_attr_set_session_name(attr, opts->session) ||
	    lttng_load_session_attr_set_input_url(attr, input) ||
	    lttng_load_session_attr_set_overwrite(attr, opts->force))
		return CMD_ERROR;
	if (opts->override_url) {
		ret = lttng_load_session_attr_set_override_url(
			attr, opts->override_url);
		if (ret) {
			ERR("Url override is invalid");
			return ret;
		}
	}
	if (opts->override_name &&
	    lttng_load_session_attr_set_override_session_name(
		    attr, opts->override_name)) {
		ERR("Failed to set session name override");
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

static int load(const struct load_opts *opts)
{
	struct lttng_load_session_attr *attr;
	char input[PATH_MAX];
	int ret;

	if (opts->input_path && !realpath(opts->input_path, input)) {
		log_perror("commands/load.c", "cmd_load", 248,
			   "Invalid input path");
		return stopped_before_loading(CMD_ERROR);
	}
	if (opts->all && opts->override_name) {
		ERR("Options --all and --override-name cannot be used "
		    "simultaneously");
		return stopped_before_loading(CMD_ERROR);
	}
	attr = lttng_load_session_attr_create();
	if (!attr)
		return CMD_FATAL;
	ret = set_attributes(attr, opts, opts->input_path ? input : NULL);
	if (ret != CMD_SUCCESS) {
		ret = stopped_before_loading(ret);
		goto end;
	}
	ret = lttng_load_session(attr);
	if (ret)
		ERR("%s", lttng_strerror(ret));
	if (mi_enabled())
		mi_load_print(opts->all ? NULL : opts->session,
			      opts->input_path ? input : NULL,
			      opts->override_name, opts->override_url, ret);
	if (ret) {
		/* Under MI, LTTng's load exits with 0 all the same. */
		ret = mi_enabled() ? CMD_SUCCESS : CMD_ERROR;
	} else {
		print_success(opts);
		/*
		 * As LTTng's, a load by name makes that name (not its
		 * override) the current session.
		 */
		if (!opts->all && conf_set_session(opts->session)) {
			ERR("Cannot write the current session to .lttngrc");
			ret = CMD_ERROR;
		}
	}
end:
	lttng_load_session_attr_destroy(attr);
	return ret;
}

int cmd_load(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct load_opts opts = {0};
	const char *leftover;
	int opt, ret;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		switch (opt) {
		case OPT_ALL:
			opts.all = 1;
			break;
		case OPT_FORCE:
			opts.force = 1;
			break;
		case OPT_INPUT_PATH:
			free(opts.input_path);
			opts.input_path = poptGetOptArg(pc);
			break;
		case OPT_OVERRIDE_URL:
			free(opts.override_url);
			opts.override_url = poptGetOptArg(pc);
			break;
		case OPT_OVERRIDE_NAME:
			free(opts.override_name);
			opts.override_name = poptGetOptArg(pc);
			break;
		default:
			ret = cli_common_option(opt, "load", options);
			goto end;
		}
	}
	if (!opts.all)
		opts.session = poptGetArg(pc);
	leftover = poptGetArg(pc);
	if (leftover) {
		ERR("Unknown argument: %s", leftover);
		ret = CMD_ERROR;
		goto end;
	}
	if (!opts.session)
		opts.all = 1;
	ret = load(&opts);
end:
	free(opts.input_path);
	free(opts.override_url);
	free(opts.override_name);
	poptFreeContext(pc);
	return ret;
}
