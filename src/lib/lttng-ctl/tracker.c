/*
 * Process ID tracking: lttng_track_pid() and lttng_untrack_pid(), a
 * target and a pid (-1: all) sent to the session daemon.
 */
#include <lttng/lttng.h>

#include "ctl-internal.h"
#include "sessiond-comm/codec.h"
#include "sessiond-comm/message.h"

static int send_pid(uint32_t command, struct lttng_handle *handle, int pid)
{
	struct lsc_target target;
	struct lsc_buf buf;
	int ret;

	if (!handle || pid < -1)
		return -LTTNG_ERR_INVALID;
	ret = ctl_target_from_handle(handle, NULL, &target);
	if (ret)
		return ret;
	lsc_buf_init(&buf);
	lsc_put_target(&buf, &target);
	lsc_put_i32(&buf, pid);
	ret = ctl_call(command, &buf, NULL);
	lsc_buf_fini(&buf);
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
