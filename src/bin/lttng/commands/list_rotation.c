/*
 * The "Automatic rotation schedules" part of `lttng list SESSION`.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../utils.h"
#include "list.h"

static void print_schedule(const struct lttng_rotation_schedule *s)
{
	uint64_t value;

	switch (lttng_rotation_schedule_get_type(s)) {
	case LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC:
		if (lttng_rotation_schedule_periodic_get_period(s, &value) ==
		    LTTNG_ROTATION_STATUS_OK)
			MSG("    timer period: %" PRIu64 " %s", value,
			    utils_usec_unit());
		break;
	case LTTNG_ROTATION_SCHEDULE_TYPE_SIZE_THRESHOLD:
		if (lttng_rotation_schedule_size_threshold_get_threshold(
			    s, &value) == LTTNG_ROTATION_STATUS_OK)
			MSG("    size threshold: %" PRIu64 " bytes", value);
		break;
	default:
		break;
	}
}

int list_rotation_schedules(const char *session)
{
	struct lttng_rotation_schedules *set = NULL;
	unsigned int count = 0;
	int ret = lttng_session_list_rotation_schedules(session, &set);

	if (ret < 0) {
		ERR("Failed to list session rotation schedules: %s",
		    lttng_strerror(ret));
		return CMD_ERROR;
	}
	lttng_rotation_schedules_get_count(set, &count);
	if (count) {
		MSG("Automatic rotation schedules:");
		for (unsigned int i = 0; i < count; i++)
			print_schedule(
				lttng_rotation_schedules_get_at_index(set, i));
		MSG("%s", "");
	}
	lttng_rotation_schedules_destroy(set);
	return CMD_SUCCESS;
}
