/*
 * Snapshot commands: add, delete and list a session's snapshot output,
 * and take a snapshot (`lttng snapshot record`): the sub-buffers of
 * every channel written, without being consumed, to
 * <output>/<NAME>-<YYYYmmdd-HHMMSS>-<N>/, N counting the session's
 * snapshots. Checks and error codes follow LTTng 2.13.
 */
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>

#include "cmd.h"
#include "kernel/kernel-cmd.h"
#include "session.h"
#include "sessiond-comm/snapshot-codec.h"
#include "ust-session.h"
#include "util/cpus.h"
#include "util/log.h"
#include "util/time-format.h"

/* Decodes session name + output (+ wait for record), finds the session. */
static int decode_request(struct cmd_ctx *ctx, struct lsc_snapshot_output *out,
			  bool with_wait, struct session **session)
{
	char name[LTTNG_NAME_MAX];
	uint32_t wait;
	int ret;

	if (wire_get_str(&ctx->req, name, sizeof(name)) ||
	    lsc_get_snapshot_output(&ctx->req, out) ||
	    (with_wait && wire_get_u32(&ctx->req, &wait)) ||
	    wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	ret = cmd_find_session(ctx, name, session);
	if (ret != LTTNG_OK)
		return ret;
	return session_keeps_buffers(*session) ? LTTNG_OK
					       : LTTNG_ERR_NOT_SNAPSHOT_SESSION;
}

int cmd_snapshot_add_output(struct cmd_ctx *ctx)
{
	struct lsc_snapshot_output req;
	struct session *session;
	uint32_t id;
	int ret = decode_request(ctx, &req, false, &session);

	if (ret != LTTNG_OK)
		return ret;
	ret = session_snapshot_add_output(&session->snap, &req, &id);
	if (ret == LTTNG_OK) {
		wire_put_u32(ctx->reply, id);
		wire_put_str(ctx->reply, session->snap.output->name);
	}
	return ret;
}

int cmd_snapshot_del_output(struct cmd_ctx *ctx)
{
	struct lsc_snapshot_output req;
	struct session *session;
	int ret = decode_request(ctx, &req, false, &session);

	if (ret != LTTNG_OK)
		return ret;
	return session_snapshot_del_output(&session->snap, &req);
}

int cmd_snapshot_list_output(struct cmd_ctx *ctx)
{
	char name[LTTNG_NAME_MAX];
	struct lsc_snapshot_output entry;
	struct session *session;
	int ret;

	if (wire_get_str(&ctx->req, name, sizeof(name)) ||
	    wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	ret = cmd_find_session(ctx, name, &session);
	if (ret != LTTNG_OK)
		return ret;
	if (!session_keeps_buffers(session))
		return LTTNG_ERR_NOT_SNAPSHOT_SESSION;
	wire_put_u32(ctx->reply, session->snap.output ? 1 : 0);
	if (session->snap.output) {
		snapshot_output_describe(session->snap.output, &entry);
		lsc_put_snapshot_output(ctx->reply, &entry);
	}
	return LTTNG_OK;
}

/*
 * The bytes one more packet of every stream of the kernel channels
 * takes, for the channels holding more than `packets` packets.
 */
static uint64_t kernel_round_size(const struct session *session,
				  uint64_t packets)
{
	uint64_t round = 0;

	for (const struct channel *c = kernel_cmd_channels(session); c;
	     c = c->next)
		if (packets < c->attr.num_subbuf)
			round += c->attr.subbuf_size * possible_cpus();
	return round;
}

/*
 * How many packets of each stream (user space buffers that exist, and
 * kernel channels) fit in max_size, taking one more packet of every
 * stream at a time (channels whose buffers hold no more stop growing).
 * 0 when everything fits; -1 when not even one packet of every stream
 * does (LTTNG_ERR_MAX_SIZE_INVALID).
 */
static int64_t packets_per_stream(struct session *session, uint64_t max_size)
{
	uint64_t size_left = max_size;
	int64_t packets = 0;

	if (!max_size || max_size == LSC_SNAPSHOT_MAX_SIZE_UNSET)
		return 0;
	for (;;) {
		uint64_t round = ust_session_snapshot_round_size(
					 session, (uint64_t)packets) +
				 kernel_round_size(session, (uint64_t)packets);

		if (!round)
			return 0;
		if (round > size_left)
			return packets ? packets : -1;
		size_left -= round;
		packets++;
	}
}

/*
 * A network output: LTTng connects to the relay daemon first. Without
 * one listening this is LTTng's error; streaming a snapshot to a relay
 * daemon is not implemented by this toolkit.
 */
static int record_to_network(const struct snapshot_output *out)
{
	int ret = snapshot_output_connect_relayd(out);

	if (ret != LTTNG_OK)
		return ret;
	ERR("Snapshot to %s: streaming to lttng-relayd is not implemented",
	    out->ctrl_url);
	return LTTNG_ERR_SNAPSHOT_FAIL;
}

/* <output>/<name>-<YYYYmmdd-HHMMSS>-<N>, or LTTNG_ERR_INVALID. */
static int snapshot_dir(const struct session *session,
			const struct snapshot_output *out, const char *name,
			char *buf, size_t len)
{
	char date[TIME_FORMAT_DATETIME_LEN];
	int n;

	if (time_format_datetime(time(NULL), date, sizeof(date)))
		return LTTNG_ERR_FATAL;
	n = snprintf(buf, len, "%s/%s-%s-%llu", out->path, name, date,
		     (unsigned long long)session->snap.record_count);
	return n < 0 || (size_t)n >= len ? LTTNG_ERR_INVALID : LTTNG_OK;
}

/*
 * The snapshot's trace chunk, rooted at its directory: a chunk of its
 * own for the consumers, which the session (keeping its buffers) has
 * no other of; its id counts the session's snapshots.
 */
static int snapshot_chunk(const struct session *session,
			  const struct snapshot_output *out, const char *name,
			  struct consumer_chunk_desc *chunk)
{
	memset(chunk, 0, sizeof(*chunk));
	chunk->session_id = session->id;
	chunk->chunk_id = session->snap.record_count;
	chunk->begin = (int64_t)time(NULL);
	chunk->owner_uid = (uint32_t)session->uid;
	chunk->owner_gid = (uint32_t)session->gid;
	return snapshot_dir(session, out, name, chunk->output,
			    sizeof(chunk->output));
}

/* Writes the snapshot of every domain to out. */
static int record(struct session *session, const struct snapshot_output *out,
		  const char *name, uint64_t max_size)
{
	struct consumer_chunk_desc chunk;
	int64_t packets;
	int ret;

	if (!out->local)
		return record_to_network(out);
	ret = snapshot_chunk(session, out, name, &chunk);
	if (ret != LTTNG_OK)
		return ret;
	if (ust_session_snapshot_dirs(session, chunk.output))
		return LTTNG_ERR_SNAPSHOT_FAIL;
	packets = packets_per_stream(session, max_size);
	if (packets < 0)
		return LTTNG_ERR_MAX_SIZE_INVALID;
	ret = kernel_cmd_snapshot(session, &chunk, (uint64_t)packets);
	if (ret != LTTNG_OK)
		return ret;
	if (ust_session_snapshot(session, &chunk, (uint64_t)packets))
		return LTTNG_ERR_SNAPSHOT_FAIL;
	DBG("Session %s: snapshot %llu in %s", session->name,
	    (unsigned long long)session->snap.record_count, chunk.output);
	session->snap.record_count++;
	return LTTNG_OK;
}

int cmd_snapshot_record(struct cmd_ctx *ctx)
{
	struct lsc_snapshot_output req;
	struct snapshot_output temporary = {0};
	const struct snapshot_output *out;
	struct session *session;
	const char *name;
	uint64_t max_size;
	int ret = decode_request(ctx, &req, true, &session);

	if (ret != LTTNG_OK)
		return ret;
	if (!session->has_been_started)
		return LTTNG_ERR_START_SESSION_ONCE;
	if (req.ctrl_url[0]) {
		/* a temporary output, "snapshot-0" unless named */
		ret = snapshot_output_parse(req.ctrl_url, req.data_url,
					    &temporary);
		if (ret != LTTNG_OK)
			return ret;
		snprintf(temporary.name, sizeof(temporary.name), "snapshot-0");
		temporary.max_size = LSC_SNAPSHOT_MAX_SIZE_UNSET;
		out = &temporary;
	} else if (session->snap.output) {
		out = session->snap.output;
	} else {
		return LTTNG_ERR_SNAPSHOT_FAIL;
	}
	name = req.name[0] ? req.name : out->name;
	max_size = req.max_size != LSC_SNAPSHOT_MAX_SIZE_UNSET ? req.max_size
							       : out->max_size;
	return record(session, out, name, max_size);
}
