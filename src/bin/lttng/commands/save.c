/*
 * lttng save [--all | SESSION] [--force] [--output-path DIR]: save
 * recording session configurations to DIR/NAME.lttng (the session
 * daemon writes them, by default to ~/.lttng/sessions).
 */
#include <stdlib.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-save-load.h"
#include "../utils.h"

enum {
	OPT_ALL = 3,
	OPT_OUTPUT_PATH,
	OPT_FORCE,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"all", 'a', POPT_ARG_NONE, NULL, OPT_ALL, NULL, NULL},
	{"output-path", 'o', POPT_ARG_STRING, NULL, OPT_OUTPUT_PATH, NULL,
	 NULL},
	{"force", 'f', POPT_ARG_NONE, NULL, OPT_FORCE, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

struct save_opts {
	int all, force;
	char *output_path;
	const char *session;
};

static void print_success(const struct save_opts *opts)
{
	if (!opts->session && opts->output_path)
		MSG("All sessions have been saved successfully in %s.",
		    opts->output_path);
	else if (!opts->session)
		MSG("All sessions have been saved successfully.");
	else if (opts->output_path)
		MSG("Session %s saved successfully in %s.", opts->session,
		    opts->output_path);
	else
		MSG("Session %s saved successfully.", opts->session);
}

static int save(const struct save_opts *opts)
{
	struct lttng_save_session_attr *attr = lttng_save_session_attr_create();
	int ret;

	if (!attr)
		return CMD_FATAL;
	if (lttng_save_session_attr_set_session_name(attr, opts->session) ||
	    lttng_save_session_attr_set_output_url(attr, opts->output_path) ||
	    lttng_save_session_attr_set_overwrite(attr, opts->force)) {
		ret = CMD_ERROR;
		goto end;
	}
	ret = lttng_save_session(attr);
	if (ret < 0)
		ERR("%s", lttng_strerror(ret));
	else
		print_success(opts);
	if (mi_enabled())
		mi_save_print(opts->session, opts->output_path, ret);
end:
	lttng_save_session_attr_destroy(attr);
	return ret;
}

int cmd_save(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct save_opts opts = {0};
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
		case OPT_OUTPUT_PATH:
			free(opts.output_path);
			opts.output_path = poptGetOptArg(pc);
			break;
		default:
			ret = cli_common_option(opt, "save", options);
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
	ret = save(&opts);
end:
	free(opts.output_path);
	poptFreeContext(pc);
	return ret;
}
