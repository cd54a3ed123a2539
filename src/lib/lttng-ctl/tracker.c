/*
 * Process ID tracking: lttng_track_pid() and lttng_untrack_pid(), a
 * target and a pid (-1: all) sent to the session daemon.
 */
#include <stdlib.h>

#include <lttng/lttng.h>

#include "ctl-internal.h"
#include "sessiond-comm/codec.h"
#include "sessiond-comm/message.h"

static int send_pid(uint32_t command, struct lttng_handle *handle, int pid)
{
	struct lsc_target target;
	struct wire_buf buf;
	int ret;

	if (!handle || pid < -1)
		return -LTTNG_ERR_INVALID;
	ret = ctl_target_from_handle(handle, NULL, &target);
	if (ret)
		return ret;
	wire_buf_init(&buf);
	lsc_put_target(&buf, &target);
	wire_put_i32(&buf, pid);
	ret = ctl_call(command, &buf, NULL);
	wire_buf_fini(&buf);
	return ret;
}

LTTNG_API int lttng_track_pid(struct lttng_handle *handle, int pid)
{
	return send_pid(LSC_CMD_TRACK_PID, handle, pid);
}

LTTNG_API int lttng_untrack_pid(struct lttng_handle *handle, int pid)
{
	return send_pid(LSC_CMD_UNTRACK_PID, handle, pid);
}

static int decode_pids(struct wire_cursor *cur, int *enabled, int32_t **pids,
		       size_t *nr_pids)
{
	int32_t all;
	uint32_t count, i;
	int32_t *list = NULL;

	if (wire_get_i32(cur, &all) ||
	    lsc_get_count(cur, LSC_MAX_PAYLOAD / 4, &count))
		return -LTTNG_ERR_INVALID_PROTOCOL;
	if (count && !(list = calloc(count, sizeof(*list))))
		return -LTTNG_ERR_NOMEM;
	for (i = 0; i < count; i++) {
		if (wire_get_i32(cur, &list[i])) {
			free(list);
			return -LTTNG_ERR_INVALID_PROTOCOL;
		}
	}
	if (wire_cursor_finish(cur)) {
		free(list);
		return -LTTNG_ERR_INVALID_PROTOCOL;
	}
	*enabled = !all;
	*pids = list;
	*nr_pids = count;
	return 0;
}

LTTNG_API int lttng_list_tracker_pids(struct lttng_handle *handle, int *enabled,
				      int32_t **pids, size_t *nr_pids)
{
	struct lsc_message reply;
	struct lsc_target target;
	struct wire_cursor cur;
	int ret;

	if (!handle || !enabled || !pids || !nr_pids)
		return -LTTNG_ERR_INVALID;
	ret = ctl_target_from_handle(handle, NULL, &target);
	if (!ret)
		ret = ctl_call_target(LSC_CMD_LIST_TRACKER_PIDS, &target,
				      &reply);
	if (ret)
		return ret;
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = decode_pids(&cur, enabled, pids, nr_pids);
	lsc_message_fini(&reply);
	return ret;
}
