/*
 * A handle on a recording session destruction (LTTng 2.13 API): its
 * outcome and, when the session was rotated, the archive of its last
 * trace chunk.
 */
#ifndef LTTNG_DESTRUCTION_HANDLE_H
#define LTTNG_DESTRUCTION_HANDLE_H

#include <lttng/location.h>
#include <lttng/lttng-error.h>
#include <lttng/rotation.h>

#ifdef __cplusplus
extern "C" {
#endif

struct lttng_destruction_handle;

enum lttng_destruction_handle_status {
	LTTNG_DESTRUCTION_HANDLE_STATUS_OK = 0,
	LTTNG_DESTRUCTION_HANDLE_STATUS_COMPLETED = 1,
	LTTNG_DESTRUCTION_HANDLE_STATUS_TIMEOUT = 2,
	LTTNG_DESTRUCTION_HANDLE_STATUS_INVALID = -1,
	LTTNG_DESTRUCTION_HANDLE_STATUS_ERROR = -2,
};

void lttng_destruction_handle_destroy(struct lttng_destruction_handle *handle);

enum lttng_destruction_handle_status
lttng_destruction_handle_wait_for_completion(
	struct lttng_destruction_handle *handle, int timeout_ms);

enum lttng_destruction_handle_status lttng_destruction_handle_get_result(
	const struct lttng_destruction_handle *handle,
	enum lttng_error_code *result);

enum lttng_destruction_handle_status
lttng_destruction_handle_get_rotation_state(
	const struct lttng_destruction_handle *handle,
	enum lttng_rotation_state *rotation_state);

enum lttng_destruction_handle_status
lttng_destruction_handle_get_archive_location(
	const struct lttng_destruction_handle *handle,
	const struct lttng_trace_archive_location **location);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_DESTRUCTION_HANDLE_H */
