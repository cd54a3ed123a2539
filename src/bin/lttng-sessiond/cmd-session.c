/*
 * Session commands: create, destroy, list, start, stop, data pending,
 * the list of a session's domains and its shared memory path.
 */
#include "cmd.h"
#include <lttng/rotation.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "daemon-clock.h"
#include "kernel/kernel-cmd.h"
#include "session.h"
#include "ust-session.h"
#include "util/log.h"
#include "util/output-dir.h"

/* Decode a request made of a session name only and find the session. */
static int decode_session(struct cmd_ctx *ctx, struct session **out)
{
	char name[LTTNG_NAME_MAX];

	if (wire_get_str(&ctx->req, name, sizeof(name)) ||
	    wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	return cmd_find_session(ctx, name, out);
}

int cmd_find_session(const struct cmd_ctx *ctx, const char *name,
		     struct session **session)
{
	*session = session_find(name);
	if (!*session)
		return LTTNG_ERR_SESS_NOT_FOUND;
	if (!session_access_ok(*session, ctx->uid)) {
		DBG("Client uid %u refused session %s of uid %u",
		    (unsigned int)ctx->uid, name,
		    (unsigned int)(*session)->uid);
		*session = NULL;
		return LTTNG_ERR_EPERM;
	}
	/* *session stays set: destroy still destroys it. */
	if ((*session)->consumer_lost)
		return (*session)->consumer_lost;
	return LTTNG_OK;
}

int cmd_create_session(struct cmd_ctx *ctx)
{
	struct lsc_create_session req;
	struct lsc_session created;
	struct session *session;
	int ret;

	if (lsc_get_create_session(&ctx->req, &req) ||
	    wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	daemon_clock_check();
	ret = session_create(&req, sessiond_config.home, &session);
	if (ret != LTTNG_OK)
		return ret;
	session->uid = ctx->uid;
	session->gid = ctx->gid;
	session_describe(session, &created);
	lsc_put_session(ctx->reply, &created);
	return LTTNG_OK;
}

/*
 * lttng_set_session_shm_path(): where the session's buffers will be
 * files. Only before the session first starts, as with LTTng, since
 * buffers already created stay where they are.
 */
int cmd_set_session_shm_path(struct cmd_ctx *ctx)
{
	char name[LTTNG_NAME_MAX], path[LTTNG_PATH_MAX];
	struct session *session;
	int ret;

	if (wire_get_str(&ctx->req, name, sizeof(name)) ||
	    wire_get_str(&ctx->req, path, sizeof(path)) ||
	    wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	ret = cmd_find_session(ctx, name, &session);
	if (ret != LTTNG_OK)
		return ret;
	if (session->has_been_started)
		return LTTNG_ERR_SESSION_STARTED;
	snprintf(session->shm_path, sizeof(session->shm_path), "%s", path);
	DBG("Session %s: shared memory path set to %s", name, path);
	return LTTNG_OK;
}

/* lttng_set_consumer_url(): see session_set_output(). */
int cmd_set_consumer_url(struct cmd_ctx *ctx)
{
	char name[LTTNG_NAME_MAX], ctrl[LTTNG_PATH_MAX], data[LTTNG_PATH_MAX];
	struct session *session;
	uint32_t network;
	int ret;

	if (wire_get_str(&ctx->req, name, sizeof(name)) ||
	    wire_get_u32(&ctx->req, &network) || network > 1 ||
	    wire_get_str(&ctx->req, ctrl, sizeof(ctrl)) ||
	    wire_get_str(&ctx->req, data, sizeof(data)) ||
	    wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	ret = cmd_find_session(ctx, name, &session);
	if (ret != LTTNG_OK)
		return ret;
	return session_set_output(session, network, ctrl,
				  data[0] ? data : NULL);
}

/*
 * Replies whether the destruction closed a trace chunk (u32: the session
 * recorded to a local output, so its trace files were finalized), then
 * the archive of its last trace chunk when it was rotated (i32 rotation
 * state, str path; rotation.h).
 */
int cmd_destroy_session(struct cmd_ctx *ctx)
{
	char archive[4096];
	struct session *session;
	int ret = decode_session(ctx, &session);
	bool consumer_lost = session && session->consumer_lost &&
			     ret == session->consumer_lost;
	uint32_t closed_chunk;

	if (ret != LTTNG_OK && !consumer_lost)
		return ret;
	/* no chunk is open after a rotation or clear while stopped */
	closed_chunk = session->has_been_started && !session->snapshot &&
		       session->output_path[0] != '\0' &&
		       session->rotation.chunk_exists;
	ret = rotation_destroy_session(session, archive, sizeof(archive));
	/* As LTTng's (which also loses the metadata): destroyed, in error. */
	if (consumer_lost)
		return LTTNG_ERR_CLOSE_TRACE_CHUNK_FAIL_CONSUMER;
	/* The disk refused some of the trace (LTTng's answer on ENOSPC). */
	if (ret)
		return LTTNG_ERR_ROTATION_FAIL_CONSUMER;
	wire_put_u32(ctx->reply, closed_chunk);
	wire_put_i32(ctx->reply, archive[0] ? LTTNG_ROTATION_STATE_COMPLETED
					   : LTTNG_ROTATION_STATE_NO_ROTATION);
	wire_put_str(ctx->reply, archive[0] ? archive : NULL);
	return LTTNG_OK;
}

int cmd_list_sessions(struct cmd_ctx *ctx)
{
	struct lsc_session entry;
	struct session *s;
	uint32_t count = 0;

	if (wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	/* only the sessions the client may use, as LTTng lists them */
	for (s = session_first(); s; s = s->next)
		count += session_access_ok(s, ctx->uid);
	wire_put_u32(ctx->reply, count);
	for (s = session_first(); s; s = s->next) {
		if (!session_access_ok(s, ctx->uid))
			continue;
		session_describe(s, &entry);
		lsc_put_session(ctx->reply, &entry);
	}
	return LTTNG_OK;
}

/*
 * The session's output directory, created at its first start by the
 * session's owner (util/output-dir.h), as LTTng creates its first trace
 * chunk: a directory the owner may not create (--output=/etc/x as a
 * tracing-group member) fails the start with "Create directory failed",
 * and nothing is created.
 */
static int create_output_dir(const struct session *session)
{
	int ret;

	if (session->has_been_started || !session->output_path[0] ||
	    session_keeps_buffers(session))
		return LTTNG_OK;
	ret = output_dir_create(session->output_path, session->uid,
				session->gid);
	if (ret) {
		ERR("Cannot create the trace directory %s as uid %u: %s",
		    session->output_path, (unsigned int)session->uid,
		    strerror(-ret));
		return LTTNG_ERR_CREATE_DIR_FAIL;
	}
	return LTTNG_OK;
}

int cmd_start_trace(struct cmd_ctx *ctx)
{
	struct session *session;
	int ret = decode_session(ctx, &session);

	if (ret != LTTNG_OK)
		return ret;
	if (session->active)
		return LTTNG_ERR_TRACE_ALREADY_STARTED;
	if (!session_has_channels(session))
		return LTTNG_ERR_NO_CHANNEL;
	ret = create_output_dir(session);
	if (ret != LTTNG_OK)
		return ret;
	rotation_session_starting(session);
	ret = kernel_cmd_start(session);
	if (ret != LTTNG_OK)
		return ret;
	session->active = true;
	session->has_been_started = true;
	ret = ust_session_start(session);
	if (ret != LTTNG_OK) {
		session->active = false;
		kernel_cmd_stop(session);
		return ret;
	}
	DBG("Started session %s", session->name);
	return LTTNG_OK;
}

int cmd_stop_trace(struct cmd_ctx *ctx)
{
	struct session *session;
	int ret = decode_session(ctx, &session);

	if (ret != LTTNG_OK)
		return ret;
	if (!session->active)
		return LTTNG_ERR_TRACE_ALREADY_STOPPED;
	ret = kernel_cmd_stop(session);
	session->active = false;
	if (ust_session_stop(session) != LTTNG_OK && ret == LTTNG_OK)
		ret = LTTNG_ERR_BUFFER_FLUSH_FAILED;
	rotation_session_stopped(session);
	DBG("Stopped session %s", session->name);
	return ret;
}

/* Whether the consumer has written everything of a stopped session. */
int cmd_data_pending(struct cmd_ctx *ctx)
{
	struct session *session;
	int ret = decode_session(ctx, &session);

	if (ret != LTTNG_OK)
		return ret;
	if (session->active)
		return LTTNG_ERR_SESSION_STARTED;
	wire_put_u32(ctx->reply, ust_session_data_pending(session) ? 1 : 0);
	return LTTNG_OK;
}

int cmd_list_domains(struct cmd_ctx *ctx)
{
	struct session *session;
	struct lsc_domain domain;
	int ret = decode_session(ctx, &session);

	if (ret != LTTNG_OK)
		return ret;
	/* The user space domain exists once it has a channel or a tracker
	 * was changed, as LTTng lists it. */
	bool ust = session->ust.channel_count || session->ust_trackers.used;

	wire_put_u32(ctx->reply,
		    (ust ? 1 : 0) +
			    (kernel_cmd_channel_count(session) ? 1 : 0));
	if (kernel_cmd_channel_count(session)) {
		domain.type = LTTNG_DOMAIN_KERNEL;
		domain.buffer_type = LTTNG_BUFFER_GLOBAL;
		lsc_put_domain(ctx->reply, &domain);
	}
	if (ust) {
		domain.type = LTTNG_DOMAIN_UST;
		domain.buffer_type = session->ust.channel_count
					     ? session->ust.buffer_type
					     : LTTNG_BUFFER_PER_UID;
		lsc_put_domain(ctx->reply, &domain);
	}
	return LTTNG_OK;
}
