/*
 * Process attribute tracker commands: the process attribute tracker
 * handles' change and list, and the older process ID ones (track-pid,
 * untrack-pid: a target and a pid, -1 meaning every process;
 * list-tracker-pids). Each domain applies them (its entry of the domain
 * table, domain.h): the kernel domain in kernel/kernel-tracker.c, the
 * user space domain's virtual process, user and group ID trackers in
 * process-attr-tracker.c, applied to the apps by ust-app-sync.c.
 */
#include <stdlib.h>

#include "cmd.h"
#include "session.h"

static int tracker_request(struct cmd_ctx *ctx, bool track)
{
	const struct domain_ops *ops;
	struct lsc_target target;
	struct session *session;
	int32_t pid;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (wire_get_i32(&ctx->req, &pid) || wire_cursor_finish(&ctx->req) ||
	    pid < -1)
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	if (domain_ops_find(target.domain, &ops) != LTTNG_OK)
		return LTTNG_ERR_INVALID;
	if (!ops->track_pid)
		return LTTNG_ERR_NOT_SUPPORTED;
	return ops->track_pid(session, pid, track);
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
	const struct domain_ops *ops;
	struct lsc_target target;
	struct session *session;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_OK && wire_cursor_finish(&ctx->req))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	if (domain_ops_find(target.domain, &ops) == LTTNG_OK &&
	    ops->list_tracker_pids)
		return ops->list_tracker_pids(session, ctx->reply);
	/* No process ID tracker in that domain: every process records. */
	wire_put_i32(ctx->reply, 1);
	wire_put_u32(ctx->reply, 0);
	return LTTNG_OK;
}

#define MAX_TRACKER_NAME 256

int cmd_process_attr_tracker_change(struct cmd_ctx *ctx)
{
	const struct domain_ops *ops;
	uint32_t attr, operation, policy;
	struct lsc_target target;
	struct session *session;
	char *name = NULL;
	int32_t type;
	int64_t id;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (wire_get_u32(&ctx->req, &attr) ||
	    wire_get_u32(&ctx->req, &operation) ||
	    wire_get_u32(&ctx->req, &policy) ||
	    wire_get_i32(&ctx->req, &type) || wire_get_i64(&ctx->req, &id) ||
	    wire_get_str_dup(&ctx->req, MAX_TRACKER_NAME, &name) ||
	    wire_cursor_finish(&ctx->req)) {
		free(name);
		return LTTNG_ERR_INVALID_PROTOCOL;
	}
	if (ret == LTTNG_OK)
		ret = domain_ops_find(target.domain, &ops) == LTTNG_OK
			      ? ops->tracker_change(
					session, (enum lttng_process_attr)attr,
					(enum lsc_tracker_operation)operation,
					(enum lttng_tracking_policy)policy,
					type, id, name)
			      : LTTNG_ERR_INVALID;
	free(name);
	return ret;
}

int cmd_process_attr_tracker_list(struct cmd_ctx *ctx)
{
	const struct domain_ops *ops;
	struct lsc_target target;
	struct session *session;
	uint32_t attr;
	int ret = cmd_decode_target(ctx, &target, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL)
		return ret;
	if (wire_get_u32(&ctx->req, &attr) || wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	if (domain_ops_find(target.domain, &ops) != LTTNG_OK)
		return LTTNG_ERR_INVALID;
	return ops->tracker_list(session, (enum lttng_process_attr)attr,
				 ctx->reply);
}
