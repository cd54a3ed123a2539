/*
 * Process attribute tracker commands: the process attribute tracker
 * handles' change and list, and the older process ID ones (track-pid,
 * untrack-pid: a target and a pid, -1 meaning every process;
 * list-tracker-pids). The kernel domain applies them (kernel-tracker.c);
 * the user space domain has no tracker yet.
 */
#include <stdlib.h>

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

#define MAX_TRACKER_NAME 256

int cmd_process_attr_tracker_change(struct cmd_ctx *ctx)
{
	uint32_t attr, operation, policy;
	struct lsc_target target;
	struct session *session;
	char *name = NULL;
	int32_t type;
	int64_t id;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (lsc_get_u32(&ctx->req, &attr) ||
	    lsc_get_u32(&ctx->req, &operation) ||
	    lsc_get_u32(&ctx->req, &policy) || lsc_get_i32(&ctx->req, &type) ||
	    lsc_get_i64(&ctx->req, &id) ||
	    lsc_get_str_dup(&ctx->req, MAX_TRACKER_NAME, &name) ||
	    lsc_cursor_finish(&ctx->req)) {
		free(name);
		return LTTNG_ERR_INVALID_PROTOCOL;
	}
	if (ret == LTTNG_OK) {
		if (target.domain == LTTNG_DOMAIN_KERNEL)
			ret = kernel_cmd_tracker_change(
				session, (enum lttng_process_attr)attr,
				(enum lsc_tracker_operation)operation,
				(enum lttng_tracking_policy)policy,
				(enum lttng_process_attr_value_type)type, id,
				name);
		else
			ret = target.domain == LTTNG_DOMAIN_UST
				      ? LTTNG_ERR_NOT_SUPPORTED
				      : LTTNG_ERR_INVALID;
	}
	free(name);
	return ret;
}

int cmd_process_attr_tracker_list(struct cmd_ctx *ctx)
{
	struct lsc_target target;
	struct session *session;
	uint32_t attr;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (lsc_get_u32(&ctx->req, &attr) || lsc_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	if (target.domain == LTTNG_DOMAIN_KERNEL)
		return kernel_cmd_tracker_list(
			session, (enum lttng_process_attr)attr, ctx->reply);
	if (target.domain != LTTNG_DOMAIN_UST || attr > 5)
		return LTTNG_ERR_INVALID;
	/* No user space tracker: every process records. */
	lsc_put_u32(ctx->reply, LTTNG_TRACKING_POLICY_INCLUDE_ALL);
	lsc_put_u32(ctx->reply, 0);
	return LTTNG_OK;
}
