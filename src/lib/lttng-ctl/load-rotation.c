/*
 * The rotation schedules of a session in a configuration file
 * (<attributes><rotation_schedules>: <periodic><time_us> and
 * <size_threshold><bytes>), added to the loaded session as LTTng's
 * loader does, after its domains and before it starts.
 */
#include "ctl-internal.h"
#include "load-internal.h"
#include "load-xml.h"

static int rotation_status_error(enum lttng_rotation_status status)
{
	switch (status) {
	case LTTNG_ROTATION_STATUS_OK:
		return 0;
	case LTTNG_ROTATION_STATUS_SCHEDULE_ALREADY_SET:
	case LTTNG_ROTATION_STATUS_INVALID:
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	default:
		return -LTTNG_ERR_UNK;
	}
}

/* Add one schedule: periodic (value in us) or size threshold (bytes). */
static int add_schedule(const char *session, bool periodic, uint64_t value)
{
	struct lttng_rotation_schedule *schedule =
		periodic ? lttng_rotation_schedule_periodic_create()
			 : lttng_rotation_schedule_size_threshold_create();
	enum lttng_rotation_status status;
	int ret;

	if (!schedule)
		return -LTTNG_ERR_NOMEM;
	status = periodic
			 ? lttng_rotation_schedule_periodic_set_period(schedule,
								       value)
			 : lttng_rotation_schedule_size_threshold_set_threshold(
				   schedule, value);
	if (status != LTTNG_ROTATION_STATUS_OK)
		ret = -LTTNG_ERR_INVALID;
	else
		ret = rotation_status_error(
			lttng_session_add_rotation_schedule(session, schedule));
	lttng_rotation_schedule_destroy(schedule);
	return ret;
}

int load_rotation_schedules(const char *session, xmlNodePtr schedules)
{
	uint64_t period = 0, size = 0;
	int ret = 0;

	for (xmlNodePtr n = xmlFirstElementChild(schedules); n && !ret;
	     n = xmlNextElementSibling(n)) {
		if (xml_is_element(n, "periodic"))
			ret = xml_u64(xml_child(n, "time_us"), &period);
		else if (xml_is_element(n, "size_threshold"))
			ret = xml_u64(xml_child(n, "bytes"), &size);
	}
	if (ret)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	if (period)
		ret = add_schedule(session, true, period);
	if (!ret && size)
		ret = add_schedule(session, false, size);
	return ret;
}
