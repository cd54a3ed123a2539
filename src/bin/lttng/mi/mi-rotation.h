/*
 * MI elements of trace chunk rotations: the <rotation> result of
 * `lttng rotate` (session, state, archive location), the
 * <rotation_schedule_results> of enable-rotation and disable-rotation,
 * and a session's <rotation_schedules> as `lttng list SESSION` shows
 * them.
 */
#ifndef LTTNG_CLI_MI_ROTATION_H
#define LTTNG_CLI_MI_ROTATION_H

#include <stdbool.h>

#include <lttng/lttng.h>

#include "mi-writer.h"

/*
 * <periodic> with its <time_us>, or <size_threshold> with its <bytes>;
 * the value is left out when the schedule has none.
 */
void mi_rotation_write_schedule(struct mi_writer *mi,
				const struct lttng_rotation_schedule *schedule);

/*
 * rotate: <rotation> with the session's name, the rotation's state and,
 * when location is not NULL, where the archived trace chunk is.
 */
void mi_rotation_write_result(
	const char *session, enum lttng_rotation_state state,
	const struct lttng_trace_archive_location *location);

/*
 * enable-rotation and disable-rotation: open <rotation_schedule_results>
 * with the session's name (mi_command_end closes it), then add one
 * result per schedule the command set or unset.
 */
void mi_rotation_results_begin(const char *session);
void mi_rotation_results_add(const struct lttng_rotation_schedule *schedule,
			     bool success);

/*
 * disable-rotation found no schedule of this type: the result LTTng
 * writes then, an empty schedule of the type and success false.
 */
void mi_rotation_results_add_missing(enum lttng_rotation_schedule_type type);

/*
 * list SESSION: the session's <rotation_schedules>, nothing when it has
 * none. Returns 0, or the negative LTTNG_ERR_* code of the listing.
 */
int mi_rotation_write_session_schedules(struct mi_writer *mi,
					const char *session);

#endif /* LTTNG_CLI_MI_ROTATION_H */
