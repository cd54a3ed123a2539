/*
 * Rotation and clear commands: rotate a session, the state of its last
 * rotation, add/remove/list its rotation schedules, clear it. The work
 * is in rotation.c; this file decodes the requests and encodes replies.
 */
#include <stdbool.h>
#include <stdint.h>

#include <lttng/rotation.h>

#include "cmd.h"
#include "rotation.h"
#include "session.h"

/*
 * Decodes a session name (then the caller's fields) and looks it up:
 * *lookup is cmd_find_session's answer, which finish() gives once the
 * whole request decoded.
 */
static int find_session(struct cmd_ctx *ctx, struct session **out, int *lookup)
{
	char name[LTTNG_NAME_MAX];

	if (wire_get_str(&ctx->req, name, sizeof(name)))
		return LTTNG_ERR_INVALID_PROTOCOL;
	*lookup = cmd_find_session(ctx, name, out);
	return LTTNG_OK;
}

static int finish(struct cmd_ctx *ctx, int lookup)
{
	if (wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	return lookup;
}

int cmd_rotate_session(struct cmd_ctx *ctx)
{
	char archive[4096] = "";
	struct session *session;
	int lookup;
	int ret = find_session(ctx, &session, &lookup);

	if (ret == LTTNG_OK)
		ret = finish(ctx, lookup);
	if (ret == LTTNG_OK)
		ret = rotation_rotate(session, archive, sizeof(archive));
	if (ret != LTTNG_OK)
		return ret;
	wire_put_u64(ctx->reply, session->rotation.rotation_count);
	wire_put_i32(ctx->reply, LTTNG_ROTATION_STATE_COMPLETED);
	wire_put_str(ctx->reply, archive);
	return LTTNG_OK;
}

int cmd_rotation_get_info(struct cmd_ctx *ctx)
{
	const struct session_rotation *r;
	struct session *session;
	int lookup;
	uint64_t id;
	int ret = find_session(ctx, &session, &lookup);

	if (ret == LTTNG_OK && wire_get_u64(&ctx->req, &id))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret == LTTNG_OK)
		ret = finish(ctx, lookup);
	if (ret != LTTNG_OK)
		return ret;
	r = &session->rotation;
	if (id == 0 || id > r->rotation_count)
		return LTTNG_ERR_INVALID;
	if (id < r->rotation_count) {
		/* only the last rotation's outcome is kept */
		wire_put_i32(ctx->reply, LTTNG_ROTATION_STATE_EXPIRED);
		wire_put_str(ctx->reply, NULL);
	} else if (r->last_archive[0]) {
		wire_put_i32(ctx->reply, LTTNG_ROTATION_STATE_COMPLETED);
		wire_put_str(ctx->reply, r->last_archive);
	} else {
		wire_put_i32(ctx->reply, LTTNG_ROTATION_STATE_ERROR);
		wire_put_str(ctx->reply, NULL);
	}
	return LTTNG_OK;
}

/* The schedule slot of a type, NULL for an unknown type. */
static uint64_t *schedule_slot(struct session *session, int32_t type)
{
	switch (type) {
	case LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC:
		return &session->rotation.timer_period_us;
	case LTTNG_ROTATION_SCHEDULE_TYPE_SIZE_THRESHOLD:
		return &session->rotation.size_threshold;
	default:
		return NULL;
	}
}

static int set_schedule(struct session *session, int32_t type, bool add,
			uint64_t value)
{
	uint64_t *slot = schedule_slot(session, type);

	if (!slot)
		return LTTNG_ERR_INVALID;
	if (session->snapshot || !session->output_path[0])
		return LTTNG_ERR_ROTATION_NOT_AVAILABLE;
	if (!add) {
		if (!*slot)
			return LTTNG_ERR_ROTATION_SCHEDULE_NOT_SET;
		*slot = 0;
		return LTTNG_OK;
	}
	/* LTTng's timer takes periods below UINT32_MAX us */
	if (!value || (type == LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC &&
		       value >= UINT32_MAX))
		return LTTNG_ERR_INVALID;
	if (*slot)
		return LTTNG_ERR_ROTATION_SCHEDULE_SET;
	*slot = value;
	if (type == LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC)
		rotation_schedule_timer_reset(session);
	return LTTNG_OK;
}

int cmd_rotation_set_schedule(struct cmd_ctx *ctx)
{
	struct session *session;
	int lookup;
	uint32_t add;
	uint64_t value;
	int32_t type;
	int ret = find_session(ctx, &session, &lookup);

	if (ret == LTTNG_OK &&
	    (wire_get_i32(&ctx->req, &type) || wire_get_u32(&ctx->req, &add) ||
	     wire_get_u64(&ctx->req, &value) || add > 1))
		ret = LTTNG_ERR_INVALID_PROTOCOL;
	if (ret == LTTNG_OK)
		ret = finish(ctx, lookup);
	if (ret != LTTNG_OK)
		return ret;
	return set_schedule(session, type, add == 1, value);
}

int cmd_list_rotation_schedules(struct cmd_ctx *ctx)
{
	struct session *session;
	int lookup;
	int ret = find_session(ctx, &session, &lookup);

	if (ret == LTTNG_OK)
		ret = finish(ctx, lookup);
	if (ret != LTTNG_OK)
		return ret;
	wire_put_u64(ctx->reply, session->rotation.timer_period_us);
	wire_put_u64(ctx->reply, session->rotation.size_threshold);
	return LTTNG_OK;
}

/* Reply: u32 1 when the clear deleted a trace chunk's files. */
int cmd_clear_session(struct cmd_ctx *ctx)
{
	struct session *session;
	int lookup;
	bool closed_chunk;
	int ret = find_session(ctx, &session, &lookup);

	if (ret == LTTNG_OK)
		ret = finish(ctx, lookup);
	if (ret != LTTNG_OK)
		return ret;
	closed_chunk = session->rotation.chunk_exists && !session->snapshot &&
		       session->output_path[0];
	ret = rotation_clear(session);
	if (ret == LTTNG_OK)
		wire_put_u32(ctx->reply, closed_chunk ? 1 : 0);
	return ret;
}
