/*
 * Implementation of mi-rotation.h: rotations and rotation schedules as
 * LTTng 2.13's MI writes them (schema types rotate_type,
 * rotation_schedule_type and rotation_schedule_cmd_type).
 */
#include <stdint.h>

#include "mi-command.h"
#include "mi-rotation.h"

static const char *state_name(enum lttng_rotation_state state)
{
	switch (state) {
	case LTTNG_ROTATION_STATE_ONGOING:
		return "ONGOING";
	case LTTNG_ROTATION_STATE_COMPLETED:
		return "COMPLETED";
	case LTTNG_ROTATION_STATE_EXPIRED:
		return "EXPIRED";
	default:
		return "ERROR";
	}
}

void mi_rotation_write_schedule(struct mi_writer *mi,
				const struct lttng_rotation_schedule *schedule)
{
	uint64_t value;

	switch (lttng_rotation_schedule_get_type(schedule)) {
	case LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC:
		mi_writer_open(mi, "periodic");
		if (lttng_rotation_schedule_periodic_get_period(
			    schedule, &value) == LTTNG_ROTATION_STATUS_OK)
			mi_writer_uint(mi, "time_us", value);
		mi_writer_close(mi);
		break;
	case LTTNG_ROTATION_SCHEDULE_TYPE_SIZE_THRESHOLD:
		mi_writer_open(mi, "size_threshold");
		if (lttng_rotation_schedule_size_threshold_get_threshold(
			    schedule, &value) == LTTNG_ROTATION_STATUS_OK)
			mi_writer_uint(mi, "bytes", value);
		mi_writer_close(mi);
		break;
	default:
		break;
	}
}

static void write_local_location(struct mi_writer *mi,
				 const struct lttng_trace_archive_location *l)
{
	const char *path = "";

	lttng_trace_archive_location_local_get_absolute_path(l, &path);
	mi_writer_open(mi, "local");
	mi_writer_string(mi, "absolute_path", path);
	mi_writer_close(mi);
}

/* A relay daemon's archive: host, ports, protocol, relative path. */
static void write_relay_location(struct mi_writer *mi,
				 const struct lttng_trace_archive_location *l)
{
	const char *host = "", *relative_path = "";
	uint16_t control_port = 0, data_port = 0;

	lttng_trace_archive_location_relay_get_host(l, &host);
	lttng_trace_archive_location_relay_get_control_port(l, &control_port);
	lttng_trace_archive_location_relay_get_data_port(l, &data_port);
	lttng_trace_archive_location_relay_get_relative_path(l, &relative_path);
	mi_writer_open(mi, "relay");
	mi_writer_string(mi, "host", host);
	mi_writer_uint(mi, "control_port", control_port);
	mi_writer_uint(mi, "data_port", data_port);
	mi_writer_string(mi, "protocol", "TCP");
	mi_writer_string(mi, "relative_path", relative_path);
	mi_writer_close(mi);
}

void mi_rotation_write_result(
	const char *session, enum lttng_rotation_state state,
	const struct lttng_trace_archive_location *location)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, "rotation");
	mi_writer_string(mi, "session_name", session);
	mi_writer_string(mi, "state", state_name(state));
	if (location) {
		mi_writer_open(mi, "location");
		if (lttng_trace_archive_location_get_type(location) ==
		    LTTNG_TRACE_ARCHIVE_LOCATION_TYPE_RELAY)
			write_relay_location(mi, location);
		else
			write_local_location(mi, location);
		mi_writer_close(mi);
	}
	mi_writer_close(mi);
}

void mi_rotation_results_begin(const char *session)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, "rotation_schedule_results");
	mi_writer_string(mi, "session_name", session);
}

void mi_rotation_results_add(const struct lttng_rotation_schedule *schedule,
			     bool success)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, "rotation_schedule_result");
	mi_writer_open(mi, "rotation_schedule");
	mi_rotation_write_schedule(mi, schedule);
	mi_writer_close(mi);
	mi_writer_bool(mi, "success", success);
	mi_writer_close(mi);
}

void mi_rotation_results_add_missing(enum lttng_rotation_schedule_type type)
{
	struct lttng_rotation_schedule *empty =
		type == LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC
			? lttng_rotation_schedule_periodic_create()
			: lttng_rotation_schedule_size_threshold_create();

	if (!empty)
		return;
	mi_rotation_results_add(empty, false);
	lttng_rotation_schedule_destroy(empty);
}

int mi_rotation_write_session_schedules(struct mi_writer *mi,
					const char *session)
{
	struct lttng_rotation_schedules *set = NULL;
	unsigned int count = 0, i;
	int ret = lttng_session_list_rotation_schedules(session, &set);

	if (ret < 0)
		return ret;
	lttng_rotation_schedules_get_count(set, &count);
	if (count) {
		mi_writer_open(mi, "rotation_schedules");
		for (i = 0; i < count; i++)
			mi_rotation_write_schedule(
				mi,
				lttng_rotation_schedules_get_at_index(set, i));
		mi_writer_close(mi);
	}
	lttng_rotation_schedules_destroy(set);
	return 0;
}
