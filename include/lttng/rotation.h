/*
 * Recording session rotation (LTTng 2.13 API): archive the current trace
 * chunk now (lttng_rotate_session) and follow it with a handle, or set
 * schedules under which the session daemon rotates the session by
 * itself (every period, or whenever the current chunk reaches a size).
 */
#ifndef LTTNG_ROTATION_H
#define LTTNG_ROTATION_H

#include <stdint.h>

#include <lttng/location.h>

#ifdef __cplusplus
extern "C" {
#endif

enum lttng_rotation_state {
	LTTNG_ROTATION_STATE_NO_ROTATION = 0,
	LTTNG_ROTATION_STATE_ONGOING = 1,
	LTTNG_ROTATION_STATE_COMPLETED = 2,
	/* the daemon no longer knows the outcome (a later rotation ran) */
	LTTNG_ROTATION_STATE_EXPIRED = 3,
	LTTNG_ROTATION_STATE_ERROR = -1,
};

enum lttng_rotation_status {
	LTTNG_ROTATION_STATUS_OK = 0,
	LTTNG_ROTATION_STATUS_UNAVAILABLE = 1,
	LTTNG_ROTATION_STATUS_ERROR = -1,
	LTTNG_ROTATION_STATUS_INVALID = -2,
	LTTNG_ROTATION_STATUS_SCHEDULE_ALREADY_SET = -3,
	/* -3 as well in LTTng's ABI: the two cannot be told apart. */
	LTTNG_ROTATION_STATUS_SCHEDULE_NOT_SET = -3,
};

enum lttng_rotation_schedule_type {
	LTTNG_ROTATION_SCHEDULE_TYPE_UNKNOWN = -1,
	LTTNG_ROTATION_SCHEDULE_TYPE_SIZE_THRESHOLD = 0,
	LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC = 1,
};

struct lttng_rotation_immediate_descriptor;
struct lttng_rotation_schedule;
struct lttng_rotation_schedules;
struct lttng_rotation_handle;

/* Asks the session daemon for the rotation's state (each call). */
enum lttng_rotation_status
lttng_rotation_handle_get_state(struct lttng_rotation_handle *rotation_handle,
				enum lttng_rotation_state *rotation_state);

/* The archive of a completed rotation (owned by the handle). */
enum lttng_rotation_status lttng_rotation_handle_get_archive_location(
	struct lttng_rotation_handle *rotation_handle,
	const struct lttng_trace_archive_location **location);

void lttng_rotation_handle_destroy(
	struct lttng_rotation_handle *rotation_handle);

/*
 * Archives the session's current trace chunk. descriptor may be NULL.
 * 0 and a handle (free it with lttng_rotation_handle_destroy()), or a
 * negative LTTng error code.
 */
int lttng_rotate_session(const char *session_name,
			 struct lttng_rotation_immediate_descriptor *descriptor,
			 struct lttng_rotation_handle **rotation_handle);

enum lttng_rotation_schedule_type lttng_rotation_schedule_get_type(
	const struct lttng_rotation_schedule *schedule);

struct lttng_rotation_schedule *
lttng_rotation_schedule_size_threshold_create(void);

enum lttng_rotation_status lttng_rotation_schedule_size_threshold_get_threshold(
	const struct lttng_rotation_schedule *schedule,
	uint64_t *size_threshold_bytes);

enum lttng_rotation_status lttng_rotation_schedule_size_threshold_set_threshold(
	struct lttng_rotation_schedule *schedule,
	uint64_t size_threshold_bytes);

struct lttng_rotation_schedule *lttng_rotation_schedule_periodic_create(void);

enum lttng_rotation_status lttng_rotation_schedule_periodic_get_period(
	const struct lttng_rotation_schedule *schedule, uint64_t *period_us);

enum lttng_rotation_status lttng_rotation_schedule_periodic_set_period(
	struct lttng_rotation_schedule *schedule, uint64_t period_us);

void lttng_rotation_schedule_destroy(struct lttng_rotation_schedule *schedule);

void lttng_rotation_schedules_destroy(
	struct lttng_rotation_schedules *schedules);

enum lttng_rotation_status lttng_rotation_schedules_get_count(
	const struct lttng_rotation_schedules *schedules, unsigned int *count);

/* A schedule of the set (owned by the set), NULL past the end. */
const struct lttng_rotation_schedule *lttng_rotation_schedules_get_at_index(
	const struct lttng_rotation_schedules *schedules, unsigned int index);

/* One schedule per type and session. */
enum lttng_rotation_status lttng_session_add_rotation_schedule(
	const char *session_name,
	const struct lttng_rotation_schedule *schedule);

enum lttng_rotation_status lttng_session_remove_rotation_schedule(
	const char *session_name,
	const struct lttng_rotation_schedule *schedule);

/* LTTNG_OK and a set to free, or a negative LTTng error code. */
int lttng_session_list_rotation_schedules(
	const char *session_name, struct lttng_rotation_schedules **schedules);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_ROTATION_H */
