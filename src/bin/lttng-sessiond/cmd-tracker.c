/*
 * Process attribute tracker commands: the process attribute tracker
 * handles' change and list, and the older process ID ones (track-pid,
 * untrack-pid: a target and a pid, -1 meaning every process;
 * list-tracker-pids). The kernel domain applies them (kernel-tracker.c);
 * the user space domain's virtual process, user and group ID trackers
 * are in process-attr-tracker.c, applied to the apps by ust-session.c.
 */
#include <errno.h>
#include <stdlib.h>
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
	if (wire_get_i32(&ctx->req, &pid) || wire_cursor_finish(&ctx->req) ||
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

	if (ret == LTTNG_OK && wire_cursor_finish(&ctx->req))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	if (target.domain == LTTNG_DOMAIN_KERNEL)
		return kernel_cmd_list_tracker_pids(session, ctx->reply);
	/* No user space tracker: every process records. */
	wire_put_i32(ctx->reply, 1);
	wire_put_u32(ctx->reply, 0);
	return LTTNG_OK;
}

#define MAX_TRACKER_NAME 256

/*
 * A user space tracker change (LSC_TRACKER_*). Apps that became tracked
 * or untracked start or stop recording at once.
 */
static int ust_tracker_change(struct session *session,
			      enum lttng_process_attr attr,
			      enum lsc_tracker_operation operation,
			      enum lttng_tracking_policy policy, int32_t type,
			      int64_t id, const char *name)
{
	struct process_attr_tracker *tracker =
		ust_trackers_get(&session->ust_trackers, attr);
	struct tracker_value value = {0};
	int ret;

	if (!tracker)
		return LTTNG_ERR_INVALID;
	if (operation == LSC_TRACKER_SET_POLICY) {
		if (policy > LTTNG_TRACKING_POLICY_INCLUDE_SET)
			return LTTNG_ERR_INVALID;
		ret = process_attr_tracker_set_policy(tracker, policy);
	} else {
		if (type < LTTNG_PROCESS_ATTR_VALUE_TYPE_PID ||
		    type > LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME || id < 0 ||
		    (name && strlen(name) >= sizeof(value.name)))
			return LTTNG_ERR_INVALID;
		value.type = (enum lttng_process_attr_value_type)type;
		value.id = id;
		if (name)
			strcpy(value.name, name);
		ret = operation == LSC_TRACKER_ADD
			      ? process_attr_tracker_add(tracker, &value)
			      : process_attr_tracker_remove(tracker, &value);
	}
	session->ust_trackers.used = true;
	if (ret == LTTNG_OK && ust_session_sync_all(session) == -ENOMEM)
		return LTTNG_ERR_NOMEM;
	return ret;
}

/* A user space tracker's policy and inclusion set. */
static int ust_tracker_list(struct session *session,
			    enum lttng_process_attr attr, struct wire_buf *reply)
{
	struct process_attr_tracker *tracker =
		ust_trackers_get(&session->ust_trackers, attr);

	if (!tracker)
		return LTTNG_ERR_INVALID;
	wire_put_u32(reply, tracker->policy);
	wire_put_u32(reply, (uint32_t)tracker->count);
	for (size_t i = 0; i < tracker->count; i++) {
		const struct tracker_value *v = &tracker->values[i];

		wire_put_i32(reply, v->type);
		wire_put_i64(reply, v->id);
		wire_put_str(reply, v->name[0] ? v->name : NULL);
	}
	return LTTNG_OK;
}

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
	if (wire_get_u32(&ctx->req, &attr) ||
	    wire_get_u32(&ctx->req, &operation) ||
	    wire_get_u32(&ctx->req, &policy) || wire_get_i32(&ctx->req, &type) ||
	    wire_get_i64(&ctx->req, &id) ||
	    wire_get_str_dup(&ctx->req, MAX_TRACKER_NAME, &name) ||
	    wire_cursor_finish(&ctx->req)) {
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
				      ? ust_tracker_change(
						session,
						(enum lttng_process_attr)attr,
						(enum lsc_tracker_operation)
							operation,
						(enum lttng_tracking_policy)
							policy,
						type, id, name)
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
	if (wire_get_u32(&ctx->req, &attr) || wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	if (ret != LTTNG_OK)
		return ret;
	if (target.domain == LTTNG_DOMAIN_KERNEL)
		return kernel_cmd_tracker_list(
			session, (enum lttng_process_attr)attr, ctx->reply);
	if (target.domain != LTTNG_DOMAIN_UST)
		return LTTNG_ERR_INVALID;
	return ust_tracker_list(session, (enum lttng_process_attr)attr,
				ctx->reply);
}
