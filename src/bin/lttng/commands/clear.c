/*
 * lttng clear [SESSION | --all]: delete the recording buffers' contents
 * and the trace data of recording sessions (archived trace chunks are
 * kept). Under --mi xml, the sessions cleared are listed as <session>
 * elements.
 */
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-session.h"
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

static int clear_one(const struct lttng_session *session)
{
	struct lttng_clear_handle *handle = NULL;
	enum lttng_error_code code =
		lttng_clear_session(session->name, &handle);
	int ret;

	if (code != LTTNG_OK) {
		ERR("%s", lttng_strerror(-(int)code));
		return -(int)code;
	}
	ret = wait_for_clear(handle, session->name);
	lttng_clear_handle_destroy(handle);
	if (ret) {
		ERR("%s", lttng_strerror(ret));
		return ret;
	}
	MSG("Session \"%s\" cleared", session->name);
	if (mi_enabled())
		mi_session_list_add(session);
	return CMD_SUCCESS;
}

static int clear_named(const struct lttng_session *sessions, int count,
		       const char *name)
{
	int i;

	for (i = 0; i < count; i++) {
		if (!strcmp(sessions[i].name, name))
			return clear_one(&sessions[i]);
	}
	ERR("Session name %s not found", name);
	return -LTTNG_ERR_SESS_NOT_FOUND;
}

/* --all: stops at the first session that fails, as LTTng. */
static int clear_all(const struct lttng_session *sessions, int count)
{
	int i, ret = CMD_SUCCESS;

	if (!count)
		MSG("No session found, nothing to do.");
	for (i = 0; i < count && ret == CMD_SUCCESS; i++)
		ret = clear_one(&sessions[i]);
	return ret;
}

/* Clears the session named (NULL: every session). */
static int clear(const char *name)
{
	struct lttng_session *sessions = NULL;
	int count = lttng_list_sessions(&sessions);
	int ret;

	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		return CMD_ERROR;
	}
	ret = name ? clear_named(sessions, count, name)
		   : clear_all(sessions, count);
	free(sessions);
	return ret;
}

/*
 * As LTTng does: the session name (unless --all) is found before the
 * arguments are checked, and these before the session daemon is asked.
 */
int cmd_clear(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	int opt, ret, all = 0;
	const char *leftover = NULL;
	char *name = NULL;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		if (opt == OPT_ALL) {
			all = 1;
			continue;
		}
		ret = cli_common_option(opt, "clear", options);
		goto end;
	}
	if (mi_enabled())
		mi_session_list_begin("clear");
	if (!all) {
		name = utils_session_name(poptGetArg(pc));
		if (!name) {
			ret = CMD_ERROR;
			goto end_document;
		}
	}
	leftover = poptGetArg(pc);
	if (leftover) {
		ERR("Unknown argument: %s", leftover);
		ret = CMD_ERROR;
		goto end_document;
	}
	ret = clear(name);
end_document:
	if (mi_enabled()) {
		mi_command_end(mi_success_of(ret));
		/* LTTng's MI mode exits with 0 after an extra argument. */
		if (leftover)
			ret = CMD_SUCCESS;
	}
end:
	free(name);
	poptFreeContext(pc);
	return ret;
}
