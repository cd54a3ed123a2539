/*
 * lttng disable-channel: disable channels (comma-separated names).
 */
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../mi/mi-channel.h"
#include "../mi/mi-command.h"
#include "../utils.h"

enum { OPT_SESSION = 3, OPT_KERNEL, OPT_USERSPACE };

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	{"kernel", 'k', POPT_ARG_NONE, NULL, OPT_KERNEL, NULL, NULL},
	{"userspace", 'u', POPT_ARG_NONE, NULL, OPT_USERSPACE, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

static int disable_channels(enum lttng_domain_type type, char *names,
			    const char *session)
{
	struct lttng_domain dom = {.type = type};
	struct lttng_handle *handle = lttng_create_handle(session, &dom);
	char *name, *save = NULL;
	int warn = 0;

	if (!handle)
		return CMD_FATAL;
	if (mi_enabled())
		mi_channel_list_begin("disable-channel");
	for (name = strtok_r(names, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		int ret = lttng_disable_channel(handle, name);

		if (mi_enabled())
			mi_channel_add_disabled(name, ret == 0);
		if (ret < 0) {
			ERR("Channel %s: %s (session %s)", name,
			    lttng_strerror(ret), session);
			warn = 1;
			continue;
		}
		MSG("%s channel %s disabled for session %s",
		    utils_domain_str(type), name, session);
	}
	lttng_destroy_handle(handle);
	if (mi_enabled())
		mi_command_end(mi_success_of(warn));
	return warn ? CMD_WARNING : CMD_SUCCESS;
}

int cmd_disable_channel(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	char *opt_session = NULL, *session = NULL, *names = NULL;
	int opt, ret = CMD_SUCCESS, kernel = 0, userspace = 0;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		if (opt == OPT_KERNEL || opt == OPT_USERSPACE) {
			*(opt == OPT_KERNEL ? &kernel : &userspace) = 1;
		} else if (opt == OPT_SESSION) {
			free(opt_session);
			opt_session = poptGetOptArg(pc);
		} else {
			ret = cli_common_option(opt, "disable-channel",
						options);
			goto end;
		}
	}
	if (utils_check_one_domain(kernel + userspace,
				   "--kernel/--userspace")) {
		ret = CMD_ERROR;
		goto end;
	}
	if (!poptPeekArg(pc)) {
		ERR("Missing channel name(s).");
		ret = CMD_ERROR;
		goto end;
	}
	names = strdup(poptGetArg(pc));
	if (poptPeekArg(pc)) {
		ERR("Unknown argument: %s", poptPeekArg(pc));
		ret = CMD_ERROR;
		goto end;
	}
	session = utils_session_name(opt_session);
	if (!names || !session) {
		ret = CMD_ERROR;
		goto end;
	}
	ret = disable_channels(kernel ? LTTNG_DOMAIN_KERNEL : LTTNG_DOMAIN_UST,
			       names, session);
end:
	free(names);
	free(session);
	free(opt_session);
	poptFreeContext(pc);
	return ret;
}
