/*
 * A handle on a recording session clearing operation (LTTng 2.13 API).
 */
#ifndef LTTNG_CLEAR_HANDLE_H
#define LTTNG_CLEAR_HANDLE_H

#include <lttng/lttng-error.h>

#ifdef __cplusplus
extern "C" {
#endif

struct lttng_clear_handle;

enum lttng_clear_handle_status {
	LTTNG_CLEAR_HANDLE_STATUS_OK = 0,
	LTTNG_CLEAR_HANDLE_STATUS_COMPLETED = 1,
	LTTNG_CLEAR_HANDLE_STATUS_TIMEOUT = 2,
	LTTNG_CLEAR_HANDLE_STATUS_INVALID = -1,
	LTTNG_CLEAR_HANDLE_STATUS_ERROR = -2,
};

void lttng_clear_handle_destroy(struct lttng_clear_handle *handle);

/* timeout_ms -1: no limit. COMPLETED, TIMEOUT, INVALID or ERROR. */
enum lttng_clear_handle_status
lttng_clear_handle_wait_for_completion(struct lttng_clear_handle *handle,
				       int timeout_ms);

/* The clearing's outcome (LTTNG_OK on success), once completed. */
enum lttng_clear_handle_status
lttng_clear_handle_get_result(const struct lttng_clear_handle *handle,
			      enum lttng_error_code *result);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_CLEAR_HANDLE_H */
