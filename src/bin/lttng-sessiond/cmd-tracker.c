/*
 * Tracker commands. The older process ID ones (track-pid, untrack-pid: a
 * target and a pid, -1 meaning every process; list-tracker-pids) serve
 * the kernel domain, which applies them to its tracefs instances. The
 * process attribute tracker ones (set-policy, add, remove, get) serve the
 * user space domain's virtual process, user and group ID trackers.
 */
#include <errno.h>
#include <string.h>

#include "cmd.h"
#include "kernel/kernel-cmd.h"
#include "session.h"
#include "ust-session.h"

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

/*
 * The process attribute tracker commands. The user space domain has
 * the virtual process, user and group ID trackers (process-attr-
 * tracker.h); the kernel domain answers through the older commands
 * above only (its process ID tracker).
 */
static int decode_tracker_request(struct cmd_ctx *ctx,
				  struct process_attr_tracker **tracker,
				  struct session **session)
{
	struct lsc_target target;
	uint32_t attr;
	int ret = cmd_decode_target(ctx, &target, session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL || lsc_get_u32(&ctx->req, &attr))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	if (target.domain != LTTNG_DOMAIN_UST)
		return target.domain == LTTNG_DOMAIN_KERNEL
			       ? LTTNG_ERR_NOT_SUPPORTED
			       : LTTNG_ERR_INVALID;
	*tracker = ust_trackers_get(&(*session)->ust_trackers,
				    (enum lttng_process_attr)attr);
	return *tracker ? LTTNG_OK : LTTNG_ERR_INVALID;
}

/* Apps that became tracked or untracked start or stop recording. */
static int apply_to_apps(struct session *session, int ret)
{
	session->ust_trackers.used = true;
	if (ret == LTTNG_OK && ust_session_sync_all(session) == -ENOMEM)
		return LTTNG_ERR_NOMEM;
	return ret;
}

int cmd_process_attr_tracker_set_policy(struct cmd_ctx *ctx)
{
	struct process_attr_tracker *tracker;
	struct session *session;
	uint32_t policy;
	int ret = decode_tracker_request(ctx, &tracker, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL ||
	    lsc_get_u32(&ctx->req, &policy) || lsc_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	if (policy > LTTNG_TRACKING_POLICY_INCLUDE_SET)
		return LTTNG_ERR_INVALID;
	return apply_to_apps(
		session, process_attr_tracker_set_policy(
				 tracker, (enum lttng_tracking_policy)policy));
}

static int decode_value(struct lsc_cursor *cur, struct tracker_value *value)
{
	int32_t type;

	memset(value, 0, sizeof(*value));
	if (lsc_get_i32(cur, &type) || lsc_get_i64(cur, &value->id) ||
	    lsc_get_str(cur, value->name, sizeof(value->name)) ||
	    lsc_cursor_finish(cur))
		return -1;
	if (type < LTTNG_PROCESS_ATTR_VALUE_TYPE_PID ||
	    type > LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME || value->id < 0)
		return -1;
	value->type = (enum lttng_process_attr_value_type)type;
	return 0;
}

static int change_value(struct cmd_ctx *ctx, bool add)
{
	struct process_attr_tracker *tracker;
	struct tracker_value value;
	struct session *session;
	int ret = decode_tracker_request(ctx, &tracker, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL ||
	    decode_value(&ctx->req, &value))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	ret = add ? process_attr_tracker_add(tracker, &value)
		  : process_attr_tracker_remove(tracker, &value);
	return apply_to_apps(session, ret);
}

int cmd_process_attr_tracker_add(struct cmd_ctx *ctx)
{
	return change_value(ctx, true);
}

int cmd_process_attr_tracker_remove(struct cmd_ctx *ctx)
{
	return change_value(ctx, false);
}

int cmd_process_attr_tracker_get(struct cmd_ctx *ctx)
{
	struct process_attr_tracker *tracker;
	struct session *session;
	int ret = decode_tracker_request(ctx, &tracker, &session);

	if (ret == LTTNG_ERR_INVALID_PROTOCOL || lsc_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	lsc_put_u32(ctx->reply, tracker->policy);
	lsc_put_u32(ctx->reply, (uint32_t)tracker->count);
	for (size_t i = 0; i < tracker->count; i++) {
		lsc_put_i32(ctx->reply, tracker->values[i].type);
		lsc_put_i64(ctx->reply, tracker->values[i].id);
		lsc_put_str(ctx->reply, tracker->values[i].name);
	}
	return LTTNG_OK;
}
