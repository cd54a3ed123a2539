/*
 * <lttng/rotation.h>: immediate rotations and their handles, rotation
 * schedules and the sets of them a session lists. The session daemon
 * completes a rotation before it answers, so a handle knows the archive
 * at once; lttng_rotation_handle_get_state() still asks the daemon.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/rotation.h>

#include "ctl-internal.h"
#include "location.h"

struct lttng_rotation_handle {
	char session_name[LTTNG_NAME_MAX];
	uint64_t rotation_id;
	enum lttng_rotation_state state;
	struct lttng_trace_archive_location *location;
};

struct lttng_rotation_schedule {
	enum lttng_rotation_schedule_type type;
	bool is_set;
	uint64_t value; /* period (us) or size threshold (bytes) */
};

struct lttng_rotation_schedules {
	unsigned int count;
	struct lttng_rotation_schedule schedules[2];
};

/* Records a state and archive path from the daemon in the handle. */
static int handle_update(struct lttng_rotation_handle *h, int32_t state,
			 const char *path)
{
	h->state = (enum lttng_rotation_state)state;
	if (state != LTTNG_ROTATION_STATE_COMPLETED || !path || h->location)
		return 0;
	h->location = ctl_location_local_create(path);
	return h->location ? 0 : -LTTNG_ERR_NOMEM;
}

/* Decodes {i32 state, str path} into the handle. */
static int decode_state(struct wire_cursor *cur, struct lttng_rotation_handle *h)
{
	char *path = NULL;
	int32_t state;
	int ret;

	if (wire_get_i32(cur, &state) ||
	    wire_get_str_dup(cur, LTTNG_PATH_MAX, &path) ||
	    wire_cursor_finish(cur)) {
		free(path);
		return -LTTNG_ERR_INVALID_PROTOCOL;
	}
	ret = handle_update(h, state, path);
	free(path);
	return ret;
}

LTTNG_API int
lttng_rotate_session(const char *session_name,
		     struct lttng_rotation_immediate_descriptor *descriptor,
		     struct lttng_rotation_handle **rotation_handle)
{
	struct lttng_rotation_handle *h;
	struct lsc_message reply;
	struct wire_cursor cur;
	int ret;

	(void)descriptor; /* LTTng 2.13's has no option */
	if (!session_name)
		return -LTTNG_ERR_INVALID;
	ret = ctl_call_session(LSC_CMD_ROTATE_SESSION, session_name, &reply);
	if (ret)
		return ret;
	h = calloc(1, sizeof(*h));
	if (!h) {
		lsc_message_fini(&reply);
		return -LTTNG_ERR_NOMEM;
	}
	snprintf(h->session_name, sizeof(h->session_name), "%s", session_name);
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = wire_get_u64(&cur, &h->rotation_id) ? -LTTNG_ERR_INVALID_PROTOCOL
						 : decode_state(&cur, h);
	lsc_message_fini(&reply);
	if (ret || !rotation_handle) {
		lttng_rotation_handle_destroy(h);
		return ret;
	}
	*rotation_handle = h;
	return 0;
}

LTTNG_API enum lttng_rotation_status
lttng_rotation_handle_get_state(struct lttng_rotation_handle *rotation_handle,
				enum lttng_rotation_state *rotation_state)
{
	struct lttng_rotation_handle *h = rotation_handle;
	struct lsc_message reply;
	struct wire_cursor cur;
	struct wire_buf buf;
	int ret;

	if (!h || !rotation_state)
		return LTTNG_ROTATION_STATUS_INVALID;
	wire_buf_init(&buf);
	wire_put_str(&buf, h->session_name);
	wire_put_u64(&buf, h->rotation_id);
	ret = ctl_call(LSC_CMD_ROTATION_GET_INFO, &buf, &reply);
	wire_buf_fini(&buf);
	if (ret == -LTTNG_ERR_SESS_NOT_FOUND && h->location) {
		/* the session is gone: the archive stays where it was */
		*rotation_state = h->state;
		return LTTNG_ROTATION_STATUS_OK;
	}
	if (ret)
		return LTTNG_ROTATION_STATUS_ERROR;
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = decode_state(&cur, h);
	lsc_message_fini(&reply);
	if (ret)
		return LTTNG_ROTATION_STATUS_ERROR;
	*rotation_state = h->state;
	return LTTNG_ROTATION_STATUS_OK;
}

LTTNG_API enum lttng_rotation_status lttng_rotation_handle_get_archive_location(
	struct lttng_rotation_handle *rotation_handle,
	const struct lttng_trace_archive_location **location)
{
	if (!rotation_handle || !location)
		return LTTNG_ROTATION_STATUS_INVALID;
	if (rotation_handle->state != LTTNG_ROTATION_STATE_COMPLETED ||
	    !rotation_handle->location)
		return LTTNG_ROTATION_STATUS_UNAVAILABLE;
	*location = rotation_handle->location;
	return LTTNG_ROTATION_STATUS_OK;
}

LTTNG_API void
lttng_rotation_handle_destroy(struct lttng_rotation_handle *rotation_handle)
{
	if (!rotation_handle)
		return;
	ctl_location_destroy(rotation_handle->location);
	free(rotation_handle);
}

static struct lttng_rotation_schedule *
schedule_create(enum lttng_rotation_schedule_type type)
{
	struct lttng_rotation_schedule *s = calloc(1, sizeof(*s));

	if (s)
		s->type = type;
	return s;
}

LTTNG_API enum lttng_rotation_schedule_type
lttng_rotation_schedule_get_type(const struct lttng_rotation_schedule *schedule)
{
	return schedule ? schedule->type : LTTNG_ROTATION_SCHEDULE_TYPE_UNKNOWN;
}

LTTNG_API struct lttng_rotation_schedule *
lttng_rotation_schedule_size_threshold_create(void)
{
	return schedule_create(LTTNG_ROTATION_SCHEDULE_TYPE_SIZE_THRESHOLD);
}

LTTNG_API struct lttng_rotation_schedule *
lttng_rotation_schedule_periodic_create(void)
{
	return schedule_create(LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC);
}

static enum lttng_rotation_status
schedule_get(const struct lttng_rotation_schedule *schedule,
	     enum lttng_rotation_schedule_type type, uint64_t *value)
{
	if (!schedule || !value || schedule->type != type)
		return LTTNG_ROTATION_STATUS_INVALID;
	if (!schedule->is_set)
		return LTTNG_ROTATION_STATUS_UNAVAILABLE;
	*value = schedule->value;
	return LTTNG_ROTATION_STATUS_OK;
}

static enum lttng_rotation_status
schedule_set(struct lttng_rotation_schedule *schedule,
	     enum lttng_rotation_schedule_type type, uint64_t value)
{
	/* 0 and -1ULL (LTTng's "unset" value) are refused, as by LTTng. */
	if (!schedule || schedule->type != type || !value || value == -1ULL)
		return LTTNG_ROTATION_STATUS_INVALID;
	schedule->value = value;
	schedule->is_set = true;
	return LTTNG_ROTATION_STATUS_OK;
}

LTTNG_API enum lttng_rotation_status
lttng_rotation_schedule_size_threshold_get_threshold(
	const struct lttng_rotation_schedule *schedule,
	uint64_t *size_threshold_bytes)
{
	return schedule_get(schedule,
			    LTTNG_ROTATION_SCHEDULE_TYPE_SIZE_THRESHOLD,
			    size_threshold_bytes);
}

LTTNG_API enum lttng_rotation_status
lttng_rotation_schedule_size_threshold_set_threshold(
	struct lttng_rotation_schedule *schedule, uint64_t size_threshold_bytes)
{
	return schedule_set(schedule,
			    LTTNG_ROTATION_SCHEDULE_TYPE_SIZE_THRESHOLD,
			    size_threshold_bytes);
}

LTTNG_API enum lttng_rotation_status
lttng_rotation_schedule_periodic_get_period(
	const struct lttng_rotation_schedule *schedule, uint64_t *period_us)
{
	return schedule_get(schedule, LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC,
			    period_us);
}

LTTNG_API enum lttng_rotation_status
lttng_rotation_schedule_periodic_set_period(
	struct lttng_rotation_schedule *schedule, uint64_t period_us)
{
	return schedule_set(schedule, LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC,
			    period_us);
}

LTTNG_API void
lttng_rotation_schedule_destroy(struct lttng_rotation_schedule *schedule)
{
	free(schedule);
}

LTTNG_API void
lttng_rotation_schedules_destroy(struct lttng_rotation_schedules *schedules)
{
	free(schedules);
}

LTTNG_API enum lttng_rotation_status lttng_rotation_schedules_get_count(
	const struct lttng_rotation_schedules *schedules, unsigned int *count)
{
	if (!schedules || !count)
		return LTTNG_ROTATION_STATUS_INVALID;
	*count = schedules->count;
	return LTTNG_ROTATION_STATUS_OK;
}

LTTNG_API const struct lttng_rotation_schedule *
lttng_rotation_schedules_get_at_index(
	const struct lttng_rotation_schedules *schedules, unsigned int index)
{
	if (!schedules || index >= schedules->count)
		return NULL;
	return &schedules->schedules[index];
}

static enum lttng_rotation_status
change_schedule(const char *session_name,
		const struct lttng_rotation_schedule *schedule, bool add)
{
	struct wire_buf buf;
	int ret;

	if (!session_name || !schedule || !schedule->is_set ||
	    strlen(session_name) >= LTTNG_NAME_MAX)
		return LTTNG_ROTATION_STATUS_INVALID;
	wire_buf_init(&buf);
	wire_put_str(&buf, session_name);
	wire_put_i32(&buf, schedule->type);
	wire_put_u32(&buf, add ? 1 : 0);
	wire_put_u64(&buf, schedule->value);
	ret = ctl_call(LSC_CMD_ROTATION_SET_SCHEDULE, &buf, NULL);
	wire_buf_fini(&buf);
	if (!ret)
		return LTTNG_ROTATION_STATUS_OK;
	switch (-ret) {
	case LTTNG_ERR_ROTATION_SCHEDULE_SET:
		return LTTNG_ROTATION_STATUS_SCHEDULE_ALREADY_SET;
	case LTTNG_ERR_ROTATION_SCHEDULE_NOT_SET:
		return LTTNG_ROTATION_STATUS_SCHEDULE_NOT_SET;
	case LTTNG_ERR_INVALID:
		return LTTNG_ROTATION_STATUS_INVALID;
	default:
		return LTTNG_ROTATION_STATUS_ERROR;
	}
}

LTTNG_API enum lttng_rotation_status lttng_session_add_rotation_schedule(
	const char *session_name,
	const struct lttng_rotation_schedule *schedule)
{
	return change_schedule(session_name, schedule, true);
}

LTTNG_API enum lttng_rotation_status lttng_session_remove_rotation_schedule(
	const char *session_name,
	const struct lttng_rotation_schedule *schedule)
{
	return change_schedule(session_name, schedule, false);
}

static void add_listed(struct lttng_rotation_schedules *set,
		       enum lttng_rotation_schedule_type type, uint64_t value)
{
	struct lttng_rotation_schedule *s;

	if (!value)
		return;
	s = &set->schedules[set->count++];
	s->type = type;
	s->is_set = true;
	s->value = value;
}

LTTNG_API int lttng_session_list_rotation_schedules(
	const char *session_name, struct lttng_rotation_schedules **schedules)
{
	struct lttng_rotation_schedules *set;
	struct lsc_message reply;
	struct wire_cursor cur;
	uint64_t period, size;
	int ret;

	if (!schedules)
		return -LTTNG_ERR_INVALID;
	ret = ctl_call_session(LSC_CMD_LIST_ROTATION_SCHEDULES, session_name,
			       &reply);
	if (ret)
		return ret;
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = wire_get_u64(&cur, &period) || wire_get_u64(&cur, &size) ||
	      wire_cursor_finish(&cur);
	lsc_message_fini(&reply);
	if (ret)
		return -LTTNG_ERR_INVALID_PROTOCOL;
	set = calloc(1, sizeof(*set));
	if (!set)
		return -LTTNG_ERR_NOMEM;
	/* LTTng lists the periodic schedule first */
	add_listed(set, LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC, period);
	add_listed(set, LTTNG_ROTATION_SCHEDULE_TYPE_SIZE_THRESHOLD, size);
	*schedules = set;
	return LTTNG_OK;
}
