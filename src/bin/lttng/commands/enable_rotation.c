/*
 * lttng enable-rotation [-s SESSION] [--timer=PERIODUS] [--size=SIZE]:
 * set the periodic and/or size-based rotation schedule of a recording
 * session (under --mi xml, one <rotation_schedule_result> per schedule
 * the session daemon was asked to set).
 */
#include <inttypes.h>
#include <stdlib.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-rotation.h"
#include "../utils.h"

enum { OPT_SESSION = 3, OPT_TIMER, OPT_SIZE };

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	CLI_LIST_OPTIONS_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	{"timer", 0, POPT_ARG_STRING, NULL, OPT_TIMER, NULL, NULL},
	{"size", 0, POPT_ARG_STRING, NULL, OPT_SIZE, NULL, NULL},
	POPT_TABLEEND,
};

struct enable_args {
	char *session;
	char *timer, *size; /* the option values, NULL when not given */
	uint64_t period_us, size_bytes;
};

static void take_arg(poptContext pc, char **slot)
{
	free(*slot);
	*slot = poptGetOptArg(pc);
}

/* The words LTTng uses for each schedule type in its messages. */
static const char *kind_name(enum lttng_rotation_schedule_type type)
{
	return type == LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC ? "periodic"
							     : "size-based";
}

static int add_schedule(const char *session,
			enum lttng_rotation_schedule_type type, uint64_t value)
{
	bool periodic = type == LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC;
	struct lttng_rotation_schedule *schedule =
		periodic ? lttng_rotation_schedule_periodic_create()
			 : lttng_rotation_schedule_size_threshold_create();
	enum lttng_rotation_status status;
	int ret = CMD_ERROR;

	if (!schedule) {
		ERR("Failed to allocate a rotation schedule");
		return CMD_ERROR;
	}
	status = periodic
			 ? lttng_rotation_schedule_periodic_set_period(schedule,
								       value)
			 : lttng_rotation_schedule_size_threshold_set_threshold(
				   schedule, value);
	if (status != LTTNG_ROTATION_STATUS_OK) {
		ERR("Invalid value for %s option", kind_name(type));
		goto end;
	}
	status = lttng_session_add_rotation_schedule(session, schedule);
	if (status == LTTNG_ROTATION_STATUS_OK) {
		if (periodic)
			MSG("Enabled periodic rotations every %" PRIu64
			    " %s on session %s",
			    value, utils_usec_unit(), session);
		else
			MSG("Enabled size-based rotations every %" PRIu64
			    " bytes written on session %s",
			    value, session);
		ret = CMD_SUCCESS;
	} else if (status == LTTNG_ROTATION_STATUS_SCHEDULE_ALREADY_SET) {
		ERR("A %s rotation schedule is already set on session %s",
		    kind_name(type), session);
	} else {
		ERR("Failed to enable %s rotation schedule on session %s",
		    kind_name(type), session);
	}
	if (mi_enabled())
		mi_rotation_results_add(schedule, ret == CMD_SUCCESS);
end:
	lttng_rotation_schedule_destroy(schedule);
	return ret;
}

/* Checks the values, as LTTng does before it looks for the session. */
static int check_values(struct enable_args *a)
{
	if (a->timer && utils_parse_time_us(a->timer, &a->period_us)) {
		ERR("Invalid value for --timer option: %s", a->timer);
		return CMD_ERROR;
	}
	if (a->size && utils_parse_size(a->size, &a->size_bytes)) {
		ERR("Invalid value for --size option: %s", a->size);
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

static int enable(struct enable_args *a)
{
	char *session;
	int ret = check_values(a);

	if (ret != CMD_SUCCESS)
		return ret;
	session = utils_session_name(a->session);
	if (!session)
		return CMD_ERROR;
	if (mi_enabled())
		mi_command_begin("enable-rotation");
	if (!a->timer && !a->size) {
		ERR("No session rotation schedule parameter provided.");
		ret = CMD_ERROR;
	} else if (mi_enabled()) {
		mi_rotation_results_begin(session);
	}
	if (a->timer &&
	    add_schedule(session, LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC,
			 a->period_us) != CMD_SUCCESS)
		ret = CMD_ERROR;
	if (a->size &&
	    add_schedule(session, LTTNG_ROTATION_SCHEDULE_TYPE_SIZE_THRESHOLD,
			 a->size_bytes) != CMD_SUCCESS)
		ret = CMD_ERROR;
	if (mi_enabled())
		mi_command_end(mi_success_of(ret));
	free(session);
	return ret;
}

int cmd_enable_rotation(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct enable_args a = {0};
	int opt, ret;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		if (opt == OPT_SESSION) {
			take_arg(pc, &a.session);
		} else if (opt == OPT_TIMER) {
			take_arg(pc, &a.timer);
		} else if (opt == OPT_SIZE) {
			take_arg(pc, &a.size);
		} else {
			ret = cli_common_option(opt, "enable-rotation",
						options);
			goto end;
		}
	}
	ret = enable(&a);
end:
	free(a.session);
	free(a.timer);
	free(a.size);
	poptFreeContext(pc);
	return ret;
}
