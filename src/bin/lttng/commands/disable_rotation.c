/*
 * lttng disable-rotation [-s SESSION] [--timer] [--size]: unset the
 * periodic and/or size-based rotation schedule of a recording session
 * (under --mi xml, one <rotation_schedule_result> per schedule type
 * asked for).
 */
#include <stdlib.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-rotation.h"
#include "../utils.h"

enum { OPT_SESSION = 3, OPT_TIMER, OPT_SIZE };

/* Here --timer and --size take no value. */
static struct poptOption options[] = {
	CLI_HELP_OPTION,
	CLI_LIST_OPTIONS_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	{"timer", 0, POPT_ARG_NONE, NULL, OPT_TIMER, NULL, NULL},
	{"size", 0, POPT_ARG_NONE, NULL, OPT_SIZE, NULL, NULL},
	POPT_TABLEEND,
};

static const char *kind_name(enum lttng_rotation_schedule_type type)
{
	return type == LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC ? "periodic"
							     : "size-based";
}

/* The session's schedule of a type, NULL when it has none. */
static const struct lttng_rotation_schedule *
find_schedule(const struct lttng_rotation_schedules *set,
	      enum lttng_rotation_schedule_type type)
{
	unsigned int count = 0;

	lttng_rotation_schedules_get_count(set, &count);
	for (unsigned int i = 0; i < count; i++) {
		const struct lttng_rotation_schedule *s =
			lttng_rotation_schedules_get_at_index(set, i);

		if (lttng_rotation_schedule_get_type(s) == type)
			return s;
	}
	return NULL;
}

static int remove_schedule(const char *session,
			   const struct lttng_rotation_schedules *set,
			   enum lttng_rotation_schedule_type type)
{
	const struct lttng_rotation_schedule *schedule =
		find_schedule(set, type);
	int ret = CMD_SUCCESS;

	if (!schedule) {
		ERR("No %s rotation schedule active on session %s",
		    kind_name(type), session);
		if (mi_enabled())
			mi_rotation_results_add_missing(type);
		return CMD_ERROR;
	}
	if (lttng_session_remove_rotation_schedule(session, schedule) !=
	    LTTNG_ROTATION_STATUS_OK) {
		ERR("Failed to disable %s rotation schedule on session %s",
		    kind_name(type), session);
		ret = CMD_ERROR;
	} else {
		MSG("Disabled %s rotation on session %s", kind_name(type),
		    session);
	}
	if (mi_enabled())
		mi_rotation_results_add(schedule, ret == CMD_SUCCESS);
	return ret;
}

static int disable(const char *session, int timer, int size)
{
	struct lttng_rotation_schedules *set = NULL;
	int ret = CMD_SUCCESS;

	if (mi_enabled())
		mi_rotation_results_begin(session);
	if (lttng_session_list_rotation_schedules(session, &set) < 0) {
		ERR("Failed to list rotation schedules of session %s", session);
		return CMD_ERROR;
	}
	if (timer && remove_schedule(session, set,
				     LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC))
		ret = CMD_ERROR;
	if (size &&
	    remove_schedule(session, set,
			    LTTNG_ROTATION_SCHEDULE_TYPE_SIZE_THRESHOLD))
		ret = CMD_ERROR;
	lttng_rotation_schedules_destroy(set);
	return ret;
}

int cmd_disable_rotation(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	char *session_opt = NULL, *session = NULL;
	int opt, ret = CMD_ERROR, timer = 0, size = 0;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		if (opt == OPT_SESSION) {
			free(session_opt);
			session_opt = poptGetOptArg(pc);
		} else if (opt == OPT_TIMER || opt == OPT_SIZE) {
			*(opt == OPT_TIMER ? &timer : &size) = 1;
		} else {
			ret = cli_common_option(opt, "disable-rotation",
						options);
			goto end;
		}
	}
	session = utils_session_name(session_opt);
	if (!session)
		goto end;
	if (mi_enabled())
		mi_command_begin("disable-rotation");
	if (!timer && !size)
		ERR("No session rotation schedule type provided.");
	else
		ret = disable(session, timer, size);
	if (mi_enabled())
		mi_command_end(mi_success_of(ret));
end:
	free(session);
	free(session_opt);
	poptFreeContext(pc);
	return ret;
}
