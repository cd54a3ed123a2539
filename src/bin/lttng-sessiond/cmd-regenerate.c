/*
 * lttng regenerate metadata and lttng regenerate statedump (client.c
 * dispatches both here), with LTTng 2.13's conditions and errors:
 *
 *   metadata   the session must be active and, when it has user space
 *              channels, use per-user buffers. The trace clock's Epoch
 *              offset is measured again and every trace of the session
 *              (kernel, ust/uid/...) gets its metadata written again
 *              with it, so a trace recorded before a wall clock
 *              correction (NTP) reads with the right dates.
 *   statedump  the session must be active. Every app recording into it
 *              records its lttng_ust_statedump:* events again. The
 *              kernel domain of this toolkit records no state dump (none
 *              at session start either): nothing to do there.
 *
 * Live sessions (LTTNG_ERR_LIVE_SESSION in LTTng) cannot exist in this
 * toolkit yet, so that refusal never applies.
 */
#include <lttng/lttng-error.h>

#include "cmd.h"
#include "daemon-clock.h"
#include "kernel/kernel-cmd.h"
#include "session.h"
#include "ust-app-sync.h"
#include "ust-session.h"
#include "util/log.h"

static int decode_session(struct cmd_ctx *ctx, struct session **out)
{
	char name[LTTNG_NAME_MAX];

	if (wire_get_str(&ctx->req, name, sizeof(name)) ||
	    wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	return cmd_find_session(ctx, name, out);
}

/* LTTng's conditions for regenerating the metadata, in its order. */
static int check_metadata_support(const struct session *session)
{
	if (!session->active)
		return LTTNG_ERR_SESSION_NOT_STARTED;
	if (session->ust.channel_count &&
	    session->ust.buffer_type == LTTNG_BUFFER_PER_PID)
		return LTTNG_ERR_PER_PID_SESSION;
	return LTTNG_OK;
}

int cmd_regenerate_metadata(struct cmd_ctx *ctx)
{
	struct session *session;
	int ret = decode_session(ctx, &session);

	if (ret == LTTNG_OK)
		ret = check_metadata_support(session);
	if (ret != LTTNG_OK)
		return ret;
	daemon_clock_resample();
	ret = kernel_cmd_regenerate_metadata(session);
	if (ret != LTTNG_OK) {
		ERR("Failed to regenerate the kernel metadata of session %s",
		    session->name);
		return ret;
	}
	if (ust_session_regenerate_metadata(session)) {
		ERR("Failed to regenerate the user space metadata of session "
		    "%s",
		    session->name);
		return LTTNG_ERR_UNK;
	}
	DBG("Metadata of session %s regenerated", session->name);
	return LTTNG_OK;
}

int cmd_regenerate_statedump(struct cmd_ctx *ctx)
{
	struct session *session;
	int ret = decode_session(ctx, &session);

	if (ret != LTTNG_OK)
		return ret;
	if (!session->active)
		return LTTNG_ERR_SESSION_NOT_STARTED;
	ret = kernel_cmd_regenerate_statedump(session);
	if (ret != LTTNG_OK) {
		ERR("Failed to regenerate the kernel state dump of session %s",
		    session->name);
		return ret;
	}
	ust_app_sync_statedump(session);
	DBG("State dump of session %s regenerated", session->name);
	return LTTNG_OK;
}
