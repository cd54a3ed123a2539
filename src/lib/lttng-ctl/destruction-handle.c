/*
 * lttng_destroy_session_ext() and <lttng/destruction-handle.h>. The
 * session daemon answers once the session is destroyed and its last
 * trace chunk archived (when it was rotated), so a handle is complete
 * from the start and holds the archive's location.
 */
#include <stdbool.h>
#include <stdlib.h>

#include <lttng/destruction-handle.h>

#include "ctl-internal.h"
#include "location.h"

struct lttng_destruction_handle {
	enum lttng_error_code result;
	bool closed_chunk; /* the destruction finalized the trace files */
	enum lttng_rotation_state rotation_state;
	struct lttng_trace_archive_location *location;
};

/*
 * Decodes the destroy reply: u32 closed chunk, i32 rotation state, str
 * archive path.
 */
static int decode_reply(const struct lsc_message *reply,
			struct lttng_destruction_handle *h)
{
	struct wire_cursor cur;
	char *path = NULL;
	uint32_t closed;
	int32_t state;

	wire_cursor_init(&cur, reply->payload, reply->payload_len);
	if (wire_get_u32(&cur, &closed) || wire_get_i32(&cur, &state) ||
	    wire_get_str_dup(&cur, LTTNG_PATH_MAX, &path) ||
	    wire_cursor_finish(&cur)) {
		free(path);
		return -LTTNG_ERR_INVALID_PROTOCOL;
	}
	h->closed_chunk = closed != 0;
	h->rotation_state = (enum lttng_rotation_state)state;
	if (path && state == LTTNG_ROTATION_STATE_COMPLETED) {
		h->location = ctl_location_local_create(path);
		free(path);
		return h->location ? 0 : -LTTNG_ERR_NOMEM;
	}
	free(path);
	return 0;
}

LTTNG_API enum lttng_error_code
lttng_destroy_session_ext(const char *session_name,
			  struct lttng_destruction_handle **handle)
{
	struct lttng_destruction_handle *h;
	struct lsc_message reply;
	int ret;

	if (!session_name)
		return LTTNG_ERR_INVALID;
	ret = ctl_call_session(LSC_CMD_DESTROY_SESSION, session_name, &reply);
	if (ret)
		return (enum lttng_error_code)(-ret);
	h = calloc(1, sizeof(*h));
	ret = h ? decode_reply(&reply, h) : -LTTNG_ERR_NOMEM;
	lsc_message_fini(&reply);
	if (ret || !handle) {
		lttng_destruction_handle_destroy(h);
		return ret ? (enum lttng_error_code)(-ret) : LTTNG_OK;
	}
	h->result = LTTNG_OK;
	*handle = h;
	return LTTNG_OK;
}

LTTNG_API void
lttng_destruction_handle_destroy(struct lttng_destruction_handle *handle)
{
	if (!handle)
		return;
	ctl_location_destroy(handle->location);
	free(handle);
}

LTTNG_API enum lttng_destruction_handle_status
lttng_destruction_handle_wait_for_completion(
	struct lttng_destruction_handle *handle, int timeout_ms)
{
	(void)timeout_ms;
	return handle ? LTTNG_DESTRUCTION_HANDLE_STATUS_COMPLETED
		      : LTTNG_DESTRUCTION_HANDLE_STATUS_INVALID;
}

LTTNG_API enum lttng_destruction_handle_status
lttng_destruction_handle_get_result(
	const struct lttng_destruction_handle *handle,
	enum lttng_error_code *result)
{
	if (!handle || !result)
		return LTTNG_DESTRUCTION_HANDLE_STATUS_INVALID;
	*result = handle->result;
	return LTTNG_DESTRUCTION_HANDLE_STATUS_OK;
}

LTTNG_API enum lttng_destruction_handle_status
lttng_destruction_handle_get_rotation_state(
	const struct lttng_destruction_handle *handle,
	enum lttng_rotation_state *rotation_state)
{
	if (!handle || !rotation_state)
		return LTTNG_DESTRUCTION_HANDLE_STATUS_INVALID;
	*rotation_state = handle->rotation_state;
	return LTTNG_DESTRUCTION_HANDLE_STATUS_OK;
}

LTTNG_API enum lttng_destruction_handle_status
lttng_destruction_handle_get_archive_location(
	const struct lttng_destruction_handle *handle,
	const struct lttng_trace_archive_location **location)
{
	if (!handle || !location || !handle->location)
		return LTTNG_DESTRUCTION_HANDLE_STATUS_INVALID;
	*location = handle->location;
	return LTTNG_DESTRUCTION_HANDLE_STATUS_OK;
}

LTTNG_API int lttng_ctl_destruction_handle_closed_chunk(
	const struct lttng_destruction_handle *handle)
{
	return handle && handle->closed_chunk;
}
