/*
 * <lttng/clear.h> and <lttng/clear-handle.h>. The session daemon clears
 * a session before it answers, so a handle is complete from the start.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include <lttng/clear.h>

#include "ctl-internal.h"

struct lttng_clear_handle {
	enum lttng_error_code result;
	bool closed_chunk; /* trace files were deleted */
};

/* Decodes the reply: u32 closed chunk. */
static int decode_reply(const struct lsc_message *reply, bool *closed_chunk)
{
	struct wire_cursor cur;
	uint32_t closed;

	wire_cursor_init(&cur, reply->payload, reply->payload_len);
	if (wire_get_u32(&cur, &closed) || wire_cursor_finish(&cur))
		return -LTTNG_ERR_INVALID_PROTOCOL;
	*closed_chunk = closed != 0;
	return 0;
}

LTTNG_API enum lttng_error_code
lttng_clear_session(const char *session_name,
		    struct lttng_clear_handle **handle)
{
	struct lsc_message reply;
	bool closed_chunk = false;
	int ret;

	if (!session_name)
		return LTTNG_ERR_INVALID;
	ret = ctl_call_session(LSC_CMD_CLEAR_SESSION, session_name, &reply);
	if (ret)
		return (enum lttng_error_code)(-ret);
	ret = decode_reply(&reply, &closed_chunk);
	lsc_message_fini(&reply);
	if (ret)
		return (enum lttng_error_code)(-ret);
	if (handle) {
		*handle = calloc(1, sizeof(**handle));
		if (!*handle)
			return LTTNG_ERR_NOMEM;
		(*handle)->result = LTTNG_OK;
		(*handle)->closed_chunk = closed_chunk;
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

LTTNG_API int
lttng_ctl_clear_handle_closed_chunk(const struct lttng_clear_handle *handle)
{
	return handle && handle->closed_chunk;
}
