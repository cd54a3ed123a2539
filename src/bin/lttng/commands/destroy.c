/*
 * lttng destroy [SESSION | --all] [--no-wait]: stop (waiting for data
 * unless --no-wait) and destroy recording sessions, forgetting the
 * current session when it is one of them.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-session.h"
#include "../conf.h"
#include "../utils.h"

#define DATA_WAIT_NS 200000000L

enum { OPT_ALL = 3, OPT_NO_WAIT };

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"all", 'a', POPT_ARG_NONE, NULL, OPT_ALL, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	{"no-wait", 'n', POPT_ARG_NONE, NULL, OPT_NO_WAIT, NULL, NULL},
	POPT_TABLEEND,
};

/*
 * Wait until the session's data is written. Like LTTng, say so only when
 * the first check finds data still pending. Returns whether the
 * "Destroying session" line was started.
 */
static int wait_for_data(const char *name)
{
	const struct timespec pause = {0, DATA_WAIT_NS};
	int printed = 0;

	while (lttng_data_pending(name) == 1) {
		if (!printed)
			log_print_raw("Destroying session %s", name);
		printed = 1;
		nanosleep(&pause, NULL);
		log_print_raw(".");
	}
	return printed;
}

/* Where the archive of the session's last trace chunk is, if it has one. */
static void print_archive(const struct lttng_destruction_handle *handle,
			  const char *name)
{
	const struct lttng_trace_archive_location *location;
	enum lttng_rotation_state state;
	const char *path;

	if (lttng_destruction_handle_get_rotation_state(handle, &state) !=
		    LTTNG_DESTRUCTION_HANDLE_STATUS_OK ||
	    state != LTTNG_ROTATION_STATE_COMPLETED)
		return;
	if (lttng_destruction_handle_get_archive_location(handle, &location) !=
		    LTTNG_DESTRUCTION_HANDLE_STATUS_OK ||
	    lttng_trace_archive_location_local_get_absolute_path(
		    location, &path) != LTTNG_TRACE_ARCHIVE_LOCATION_STATUS_OK)
		return;
	MSG("Trace chunk archive for session %s is now readable at %s", name,
	    path);
}

/*
 * LTTng's daemon closes a recorded session's trace chunk asynchronously
 * and its CLI prints "Destroying session NAME" and a dot per 200 ms wait
 * meanwhile: two waits in LTTng 2.13 (one to finalize the streams, one
 * for the chunk's files). Ours is done when the reply comes; the same
 * line reports the two finalization steps.
 */
static void report_closed_chunk(const char *name, int printed)
{
	if (!printed)
		log_print_raw("Destroying session %s", name);
	log_print_raw("..");
}

static int destroy_one(const struct lttng_session *session, int no_wait)
{
	struct lttng_destruction_handle *handle = NULL;
	enum lttng_error_code code;
	int ret, printed = 0;

	if (session->enabled) {
		ret = lttng_stop_tracing_no_wait(session->name);
		/* As LTTng's: said, and the destruction goes on. */
		if (ret < 0 && ret != -LTTNG_ERR_TRACE_ALREADY_STOPPED)
			ERR("%s", lttng_strerror(ret));
	}
	if (!no_wait)
		printed = wait_for_data(session->name);
	code = lttng_destroy_session_ext(session->name, &handle);
	if (code != LTTNG_OK) {
		if (printed)
			log_print_raw("\n");
		ret = -(int)code;
		ERR("%s during the destruction of session \"%s\"",
		    lttng_strerror(ret), session->name);
		return ret;
	}
	if (lttng_ctl_destruction_handle_closed_chunk(handle) && !no_wait) {
		report_closed_chunk(session->name, printed);
		printed = 1;
	}
	/* LTTng tells where the last trace chunk went only when it waits. */
	if (!no_wait)
		print_archive(handle, session->name);
	lttng_destruction_handle_destroy(handle);
	MSG("%sSession %s destroyed", printed ? "\n" : "", session->name);
	if (mi_enabled())
		mi_session_list_add(session);
	if (conf_forget_session(session->name))
		WARN("Cannot update .lttngrc after destroying %s",
		     session->name);
	return CMD_SUCCESS;
}

static int destroy_named(const struct lttng_session *sessions, int count,
			 const char *arg, int no_wait)
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
		ret = destroy_one(&sessions[i], no_wait);
	else
		ERR("Session name %s not found", name);
	free(name);
	return ret;
}

int cmd_destroy(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct lttng_session *sessions = NULL;
	int opt, ret = CMD_SUCCESS, all = 0, no_wait = 0, count, i;
	const char *leftover;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		if (opt == OPT_ALL || opt == OPT_NO_WAIT) {
			*(opt == OPT_ALL ? &all : &no_wait) = 1;
			continue;
		}
		ret = cli_common_option(opt, "destroy", options);
		goto end;
	}
	count = lttng_list_sessions(&sessions);
	if (count < 0) {
		ERR("%s", lttng_strerror(count));
		if (mi_enabled())
			mi_command_print_empty("destroy", "sessions",
					       MI_SUCCESS_FALSE);
		ret = CMD_ERROR;
		goto end;
	}
	if (mi_enabled())
		mi_session_list_begin("destroy");
	if (all) {
		for (i = 0; i < count && ret == CMD_SUCCESS; i++)
			ret = destroy_one(&sessions[i], no_wait);
	} else {
		ret = destroy_named(sessions, count, poptGetArg(pc), no_wait);
	}
	leftover = poptGetArg(pc);
	if (ret == CMD_SUCCESS && leftover) {
		ERR("Unknown argument: %s", leftover);
		ret = CMD_ERROR;
	}
	if (mi_enabled()) {
		mi_command_end(mi_success_of(ret));
		/* LTTng's MI mode exits with 0 after an extra argument. */
		if (ret == CMD_ERROR && leftover)
			ret = CMD_SUCCESS;
	}
end:
	free(sessions);
	poptFreeContext(pc);
	return ret;
}
