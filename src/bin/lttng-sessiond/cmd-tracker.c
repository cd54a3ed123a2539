/*
 * Process ID tracker commands (track-pid, untrack-pid: a target and a
 * pid, -1 meaning every process; list-tracker-pids). The kernel domain applies
 * them to its tracefs instances; the user space domain has no tracker yet.
 */
#include "cmd.h"
#include "kernel/kernel-cmd.h"
#include "session.h"

static int tracker_request(struct cmd_ctx *ctx, bool track)
{
	struct lsc_target target;
	struct session *session;
	int32_t pid;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (lsc_get_i32(&ctx->req, &pid) || lsc_cursor_finish(&ctx->req) ||
	    pid < -1)
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	switch (target.domain) {
	case LTTNG_DOMAIN_KERNEL:
		return kernel_cmd_track_pid(session, pid, track);
	case LTTNG_DOMAIN_UST:
		return LTTNG_ERR_NOT_SUPPORTED;
	default:
		return LTTNG_ERR_INVALID;
	}
}

int cmd_track_pid(struct cmd_ctx *ctx)
{
	return tracker_request(ctx, true);
}

int cmd_untrack_pid(struct cmd_ctx *ctx)
{
	return tracker_request(ctx, false);
}

int cmd_list_tracker_pids(struct cmd_ctx *ctx)
{
	struct lsc_target target;
	struct session *session;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_OK && lsc_cursor_finish(&ctx->req))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	if (target.domain == LTTNG_DOMAIN_KERNEL)
		return kernel_cmd_list_tracker_pids(session, ctx->reply);
	/* No user space tracker: every process records. */
	lsc_put_i32(ctx->reply, 1);
	lsc_put_u32(ctx->reply, 0);
	return LTTNG_OK;
}
