/*
 * lttng clear [SESSION | --all]: delete the recording buffers' contents
 * and the trace data of recording sessions (archived trace chunks are
 * kept).
 */
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../utils.h"

#define CLEAR_WAIT_MS 100

enum { OPT_ALL = 3 };

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"all", 'a', POPT_ARG_NONE, NULL, OPT_ALL, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

/*
 * LTTng's daemon deletes a trace chunk's files asynchronously and its CLI
 * prints "Waiting for clear of session \"NAME\"" and a dot per wait
 * meanwhile (two when nothing slows it down). Ours has deleted them when
 * the reply comes; the same line reports it.
 */
static int wait_for_clear(struct lttng_clear_handle *handle, const char *name)
{
	enum lttng_clear_handle_status status;
	enum lttng_error_code result;
	int printed = 0;

	if (lttng_ctl_clear_handle_closed_chunk(handle)) {
		log_print_raw("Waiting for clear of session \"%s\".", name);
		printed = 1;
	}
	while ((status = lttng_clear_handle_wait_for_completion(
			handle, CLEAR_WAIT_MS)) ==
	       LTTNG_CLEAR_HANDLE_STATUS_TIMEOUT) {
		if (!printed)
			log_print_raw("Waiting for clear of session \"%s\"",
				      name);
		printed = 1;
		log_print_raw(".");
	}
	if (printed)
		log_print_raw(".\n");
	if (status != LTTNG_CLEAR_HANDLE_STATUS_COMPLETED ||
	    lttng_clear_handle_get_result(handle, &result) !=
		    LTTNG_CLEAR_HANDLE_STATUS_OK)
		return -LTTNG_ERR_UNK;
	return result == LTTNG_OK ? 0 : -(int)result;
}

static int clear_one(const char *name)
{
	struct lttng_clear_handle *handle = NULL;
	enum lttng_error_code code = lttng_clear_session(name, &handle);
	int ret;

	if (code != LTTNG_OK) {
		ERR("%s", lttng_strerror(-(int)code));
		return -(int)code;
	}
	ret = wait_for_clear(handle, name);
	lttng_clear_handle_destroy(handle);
	if (ret) {
		ERR("%s", lttng_strerror(ret));
		return ret;
	}
	MSG("Session \"%s\" cleared", name);
	return CMD_SUCCESS;
}

static int clear_named(const struct lttng_session *sessions, int count,
		       const char *arg)
{
	char *name = utils_session_name(arg);
	int i, ret = -LTTNG_ERR_SESS_NOT_FOUND;

	if (!name)
		return CMD_ERROR;
	for (i = 0; i < count; i++) {
		if (!strcmp(sessions[i].name, name))
			break;
	}
	if (i < count)
		ret = clear_one(name);
	else
		ERR("Session name %s not found", name);
	free(name);
	return ret;
}

int cmd_clear(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct lttng_session *sessions = NULL;
	int opt, ret = CMD_SUCCESS, all = 0, count, i;
	const char *arg, *leftover;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		if (opt == OPT_ALL) {
			all = 1;
			continue;
		}
		ret = cli_common_option(opt, "clear", options);
		goto end;
	}
	arg = poptGetArg(pc);
	leftover = poptGetArg(pc);
	if (leftover) {
		ERR("Unknown argument: %s", leftover);
		ret = CMD_ERROR;
		goto end;
	}
	count = lttng_list_sessions(&sessions);
	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		ret = CMD_ERROR;
		goto end;
	}
	if (all && !count) {
		MSG("No session found, nothing to do.");
	} else if (all) {
		for (i = 0; i < count && ret == CMD_SUCCESS; i++)
			ret = clear_one(sessions[i].name);
	} else {
		ret = clear_named(sessions, count, arg);
	}
end:
	free(sessions);
	poptFreeContext(pc);
	return ret;
}
