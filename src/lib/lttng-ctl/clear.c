/*
 * <lttng/clear.h> and <lttng/clear-handle.h>. The session daemon clears
 * a session before it answers, so a handle is complete from the start.
 */
#include <stdlib.h>

#include <lttng/clear.h>

#include "ctl-internal.h"

struct lttng_clear_handle {
	enum lttng_error_code result;
};

LTTNG_API enum lttng_error_code
lttng_clear_session(const char *session_name,
		    struct lttng_clear_handle **handle)
{
	int ret;

	if (!session_name)
		return LTTNG_ERR_INVALID;
	ret = ctl_call_session(LSC_CMD_CLEAR_SESSION, session_name, NULL);
	if (ret)
		return (enum lttng_error_code) - ret;
	if (handle) {
		*handle = calloc(1, sizeof(**handle));
		if (!*handle)
			return LTTNG_ERR_NOMEM;
		(*handle)->result = LTTNG_OK;
	}
	return LTTNG_OK;
}

LTTNG_API void lttng_clear_handle_destroy(struct lttng_clear_handle *handle)
{
	free(handle);
}

LTTNG_API enum lttng_clear_handle_status
lttng_clear_handle_wait_for_completion(struct lttng_clear_handle *handle,
				       int timeout_ms)
{
	(void)timeout_ms;
	return handle ? LTTNG_CLEAR_HANDLE_STATUS_COMPLETED
		      : LTTNG_CLEAR_HANDLE_STATUS_INVALID;
}

LTTNG_API enum lttng_clear_handle_status
lttng_clear_handle_get_result(const struct lttng_clear_handle *handle,
			      enum lttng_error_code *result)
{
	if (!handle || !result)
		return LTTNG_CLEAR_HANDLE_STATUS_INVALID;
	*result = handle->result;
	return LTTNG_CLEAR_HANDLE_STATUS_OK;
}
