/*
 * lttng rotate [--no-wait] [SESSION]: archive the current trace chunk of
 * a recording session and, unless --no-wait, print where the archive is
 * (under --mi xml, as a <rotation> element).
 */
#include <stdlib.h>
#include <time.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-rotation.h"
#include "../utils.h"

#define STATE_POLL_NS 100000000L

enum { OPT_NO_WAIT = 3 };

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	CLI_LIST_OPTIONS_OPTION,
	{"no-wait", 'n', POPT_ARG_NONE, NULL, OPT_NO_WAIT, NULL, NULL},
	POPT_TABLEEND,
};

/* Waits for the rotation to end; its final state, or -1 on error. */
static int wait_for_rotation(struct lttng_rotation_handle *handle)
{
	const struct timespec pause = {0, STATE_POLL_NS};
	enum lttng_rotation_state state;

	log_print_raw("Waiting for rotation to complete");
	for (;;) {
		if (lttng_rotation_handle_get_state(handle, &state) !=
		    LTTNG_ROTATION_STATUS_OK) {
			log_print_raw("\n");
			ERR("Failed to query the state of the rotation.");
			return -1;
		}
		if (state != LTTNG_ROTATION_STATE_ONGOING)
			break;
		nanosleep(&pause, NULL);
		log_print_raw(".");
	}
	log_print_raw("...\n");
	return (int)state;
}

static int print_archive(struct lttng_rotation_handle *handle,
			 const char *session)
{
	const struct lttng_trace_archive_location *location = NULL;
	const char *path;

	if (lttng_rotation_handle_get_archive_location(handle, &location) !=
		    LTTNG_ROTATION_STATUS_OK ||
	    lttng_trace_archive_location_local_get_absolute_path(location,
								 &path) !=
		    LTTNG_TRACE_ARCHIVE_LOCATION_STATUS_OK) {
		ERR("Failed to retrieve the rotation's completed chunk "
		    "archive location");
		if (mi_enabled())
			mi_rotation_write_result(
				session, LTTNG_ROTATION_STATE_COMPLETED, NULL);
		return CMD_ERROR;
	}
	MSG("Trace chunk archive for session %s is now readable at %s", session,
	    path);
	if (mi_enabled())
		mi_rotation_write_result(
			session, LTTNG_ROTATION_STATE_COMPLETED, location);
	return CMD_SUCCESS;
}

/* The result of a rotation that ended without an archive to show. */
static int report_state_only(const char *session,
			     enum lttng_rotation_state state)
{
	if (state == LTTNG_ROTATION_STATE_ONGOING)
		MSG("Rotation ongoing for session %s", session);
	else
		MSG("Session %s rotated, but the handle expired", session);
	if (mi_enabled())
		mi_rotation_write_result(session, state, NULL);
	return CMD_SUCCESS;
}

static int rotate(const char *session, int no_wait)
{
	struct lttng_rotation_handle *handle = NULL;
	int ret = lttng_rotate_session(session, NULL, &handle);
	int state;

	if (ret < 0) {
		ERR("%s", lttng_strerror(ret));
		return CMD_ERROR;
	}
	state = no_wait ? LTTNG_ROTATION_STATE_ONGOING
			: wait_for_rotation(handle);
	switch (state) {
	case LTTNG_ROTATION_STATE_COMPLETED:
		ret = print_archive(handle, session);
		break;
	case LTTNG_ROTATION_STATE_ONGOING:
	case LTTNG_ROTATION_STATE_EXPIRED:
		ret = report_state_only(session, state);
		break;
	case LTTNG_ROTATION_STATE_ERROR:
		ERR("Failed to retrieve rotation state.");
		ret = CMD_ERROR;
		break;
	default:
		/* wait_for_rotation said why. */
		ret = CMD_ERROR;
		break;
	}
	lttng_rotation_handle_destroy(handle);
	return ret;
}

int cmd_rotate(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	char *session = NULL;
	int opt, ret, no_wait = 0;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		if (opt == OPT_NO_WAIT) {
			no_wait = 1;
			continue;
		}
		ret = cli_common_option(opt, "rotate", options);
		goto end;
	}
	session = utils_session_name(poptGetArg(pc));
	if (!session) {
		ret = CMD_ERROR;
		goto end;
	}
	if (mi_enabled())
		mi_command_begin("rotate");
	ret = rotate(session, no_wait);
	if (mi_enabled())
		mi_command_end(mi_success_of(ret));
end:
	free(session);
	poptFreeContext(pc);
	return ret;
}
