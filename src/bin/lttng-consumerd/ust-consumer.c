/*
 * Implementation of ust-consumer.h: one handler per request. The trace
 * chunks of every session are held in one registry, under
 * ust_channels_lock as the channels.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "channel-snapshot.h"
#include "consume-thread.h"
#include "consumer-comm/chunk-codec.h"
#include "consumer-comm/codec.h"
#include "consumer-comm/snapshot-codec.h"
#include "metadata-output.h"
#include "ust-consumer.h"
#include "ust-channel.h"
#include "ust-channel-rotate.h"
#include "health/health.h"
#include "util/log.h"

static struct chunk_registry chunks;

/*
 * The chunk chunk_id of session_id: *out NULL for CONSUMER_CHUNK_NONE;
 * -ENOENT (logged) for a chunk the session daemon did not announce.
 */
static int find_chunk(uint64_t session_id, uint64_t chunk_id,
		      const struct registered_chunk **out)
{
	*out = NULL;
	if (chunk_id == CONSUMER_CHUNK_NONE)
		return 0;
	*out = chunk_registry_find(&chunks, session_id, chunk_id);
	if (*out)
		return 0;
	ERR("Trace chunk %llu of session %llu: unknown",
	    (unsigned long long)chunk_id, (unsigned long long)session_id);
	return -ENOENT;
}

/* Sends the fds of every stream after a successful creation. */
static int send_streams(int sock, const struct ust_channel *chan)
{
	for (unsigned int i = 0; i < chan->nr_streams; i++) {
		struct rb_stream_fds fds = rb_channel_stream_fds(chan->rb, i);
		int ret = consumer_send_stream_fds(sock, i, fds.shm_fd,
						   fds.wakeup_fd);

		if (ret)
			return ret;
	}
	return 0;
}

static int handle_channel_create(int sock, struct wire_cursor *cur)
{
	const struct registered_chunk *chunk;
	struct consumer_channel_desc desc;
	struct ust_channel *chan;
	int ret;

	if (consumer_get_channel_desc(cur, &desc) || wire_cursor_finish(cur))
		return consumer_send_reply(sock, -EBADMSG, NULL);
	pthread_mutex_lock(&ust_channels_lock);
	ret = find_chunk(desc.session_id, desc.chunk_id, &chunk);
	if (!ret)
		ret = ust_channel_create(&desc, chunk, &chan);
	if (ret) {
		pthread_mutex_unlock(&ust_channels_lock);
		return consumer_send_reply(sock, ret, NULL);
	}
	ret = consumer_send_reply(sock, 0, NULL);
	if (!ret)
		ret = send_streams(sock, chan);
	pthread_mutex_unlock(&ust_channels_lock);
	consume_thread_wake();
	return ret;
}

enum channel_action { FLUSH, RECOVER, DESTROY, DATA_PENDING, STATS };

static int handle_channel_action(int sock, struct wire_cursor *cur,
				 enum channel_action action)
{
	struct ust_channel *chan;
	struct wire_buf reply;
	uint64_t key;
	uint32_t pending = 0;
	uint64_t discarded = 0, lost = 0;
	int ret = 0;

	if (wire_get_u64(cur, &key) || wire_cursor_finish(cur))
		return consumer_send_reply(sock, -EBADMSG, NULL);
	pthread_mutex_lock(&ust_channels_lock);
	chan = ust_channel_find(key);
	if (!chan) {
		pthread_mutex_unlock(&ust_channels_lock);
		return consumer_send_reply(sock, -ENOENT, NULL);
	}
	switch (action) {
	case FLUSH:
		ust_channel_flush(chan);
		ret = chan->output_failed ? -EIO : 0;
		break;
	case RECOVER:
		ust_channel_recover(chan);
		ret = chan->output_failed ? -EIO : 0;
		break;
	case DESTROY:
		ret = ust_channel_destroy(chan);
		break;
	case DATA_PENDING:
		ust_channel_drain(chan);
		pending = ust_channel_data_pending(chan);
		break;
	case STATS:
		ust_channel_stats(chan, &discarded, &lost);
		break;
	}
	if (action == FLUSH || action == RECOVER || action == DESTROY ||
	    action == DATA_PENDING)
		metadata_output_flush_all();
	pthread_mutex_unlock(&ust_channels_lock);
	if (action == DESTROY)
		consume_thread_wake();
	/* -EIO: the trace misses packets the disk refused (logged). */
	if (action != DATA_PENDING && action != STATS)
		return consumer_send_reply(sock, ret, NULL);
	wire_buf_init(&reply);
	if (action == STATS) {
		wire_put_u64(&reply, discarded);
		wire_put_u64(&reply, lost);
	} else {
		wire_put_u32(&reply, pending);
	}
	ret = consumer_send_reply(sock, 0, &reply);
	wire_buf_fini(&reply);
	return ret;
}

static int handle_metadata_create(int sock, struct wire_cursor *cur)
{
	const struct registered_chunk *chunk;
	struct consumer_metadata_desc desc;
	int ret;

	if (consumer_get_metadata_desc(cur, &desc) || wire_cursor_finish(cur))
		return consumer_send_reply(sock, -EBADMSG, NULL);
	pthread_mutex_lock(&ust_channels_lock);
	ret = find_chunk(desc.session_id, desc.chunk_id, &chunk);
	if (!ret)
		ret = metadata_output_create(&desc, chunk);
	pthread_mutex_unlock(&ust_channels_lock);
	return consumer_send_reply(sock, ret, NULL);
}

/* METADATA_PUSH appends text; METADATA_REGENERATE replaces it all. */
static int handle_metadata_text(int sock, struct wire_cursor *cur,
				bool regenerate)
{
	char *text = NULL;
	uint64_t key;
	int ret;

	if (wire_get_u64(cur, &key) ||
	    wire_get_str_dup(cur, CONSUMER_MAX_PAYLOAD, &text) || !text ||
	    wire_cursor_finish(cur)) {
		free(text);
		return consumer_send_reply(sock, -EBADMSG, NULL);
	}
	pthread_mutex_lock(&ust_channels_lock);
	ret = regenerate ? metadata_output_regenerate(key, text, strlen(text))
			 : metadata_output_push(key, text, strlen(text));
	pthread_mutex_unlock(&ust_channels_lock);
	free(text);
	return consumer_send_reply(sock, ret, NULL);
}

static int handle_metadata_destroy(int sock, struct wire_cursor *cur)
{
	uint64_t key;
	int ret;

	if (wire_get_u64(cur, &key) || wire_cursor_finish(cur))
		return consumer_send_reply(sock, -EBADMSG, NULL);
	pthread_mutex_lock(&ust_channels_lock);
	ret = metadata_output_destroy(key);
	pthread_mutex_unlock(&ust_channels_lock);
	return consumer_send_reply(sock, ret, NULL);
}

/* The session of a channel or metadata key: 0 or -ENOENT. */
static int session_of(uint64_t key, bool metadata, uint64_t *session_id)
{
	struct ust_channel *chan;

	if (metadata)
		return metadata_output_session(key, session_id);
	chan = ust_channel_find(key);
	if (!chan)
		return -ENOENT;
	*session_id = chan->session_id;
	return 0;
}

static int handle_snapshot(int sock, struct wire_cursor *cur, bool metadata)
{
	const struct registered_chunk *chunk;
	struct consumer_snapshot_desc desc;
	uint64_t session_id;
	int ret;

	if (consumer_get_snapshot_desc(cur, &desc) || wire_cursor_finish(cur))
		return consumer_send_reply(sock, -EBADMSG, NULL);
	pthread_mutex_lock(&ust_channels_lock);
	ret = session_of(desc.key, metadata, &session_id);
	if (!ret)
		ret = find_chunk(session_id, desc.chunk_id, &chunk);
	if (!ret)
		ret = metadata
			      ? metadata_output_snapshot(desc.key, chunk)
			      : ust_channel_snapshot(ust_channel_find(desc.key),
						     chunk, &desc);
	pthread_mutex_unlock(&ust_channels_lock);
	return consumer_send_reply(sock, ret, NULL);
}

/* CHANNEL_ROTATE and METADATA_ROTATE. */
static int handle_rotate(int sock, const struct consumer_message *msg,
			 bool metadata)
{
	const struct registered_chunk *next;
	struct consumer_rotate_desc desc;
	uint64_t session_id;
	int ret;

	if (consumer_get_rotate_desc(msg->payload, msg->payload_len, &desc) ||
	    (metadata && desc.flags))
		return consumer_send_reply(sock, -EBADMSG, NULL);
	pthread_mutex_lock(&ust_channels_lock);
	ret = session_of(desc.key, metadata, &session_id);
	if (!ret)
		ret = find_chunk(session_id, desc.chunk_id, &next);
	if (!ret)
		ret = metadata ? metadata_output_rotate(desc.key, next)
			       : ust_channel_rotate(ust_channel_find(desc.key),
						    desc.flags, next);
	pthread_mutex_unlock(&ust_channels_lock);
	return consumer_send_reply(sock, ret, NULL);
}

static int handle_chunk_create(int sock, const struct consumer_message *msg)
{
	struct consumer_chunk_desc desc;
	struct trace_chunk_desc chunk;
	struct ctf_error err;
	int ret;

	if (consumer_get_chunk_desc(msg->payload, msg->payload_len, &desc))
		return consumer_send_reply(sock, -EBADMSG, NULL);
	chunk = consumer_chunk_desc_to_trace_chunk(&desc);
	pthread_mutex_lock(&ust_channels_lock);
	ret = chunk_registry_add(&chunks, desc.session_id, &chunk, &err);
	pthread_mutex_unlock(&ust_channels_lock);
	if (ret && ret != -EEXIST)
		ERR("%s", err.message);
	return consumer_send_reply(sock, ret, NULL);
}

static int handle_chunk_close(int sock, const struct consumer_message *msg)
{
	struct consumer_chunk_close desc;
	struct ctf_error err;
	int ret;

	if (consumer_get_chunk_close(msg->payload, msg->payload_len, &desc))
		return consumer_send_reply(sock, -EBADMSG, NULL);
	pthread_mutex_lock(&ust_channels_lock);
	/* its owner, the session daemon, performs desc.command */
	ret = chunk_registry_close(&chunks, desc.session_id, desc.chunk_id,
				   &err);
	pthread_mutex_unlock(&ust_channels_lock);
	if (ret)
		ERR("%s", err.message);
	else
		DBG("Trace chunk %llu of session %llu closed (command %u)",
		    (unsigned long long)desc.chunk_id,
		    (unsigned long long)desc.session_id, desc.command);
	return consumer_send_reply(sock, ret, NULL);
}

static int handle_chunk_exists(int sock, const struct consumer_message *msg)
{
	struct consumer_chunk_ref ref;
	struct wire_buf reply;
	bool exists;
	int ret;

	if (consumer_get_chunk_ref(msg->payload, msg->payload_len, &ref))
		return consumer_send_reply(sock, -EBADMSG, NULL);
	pthread_mutex_lock(&ust_channels_lock);
	exists = chunk_registry_find(&chunks, ref.session_id, ref.chunk_id) !=
		 NULL;
	pthread_mutex_unlock(&ust_channels_lock);
	wire_buf_init(&reply);
	consumer_put_chunk_exists_reply(&reply, exists);
	ret = consumer_send_reply(sock, 0, &reply);
	wire_buf_fini(&reply);
	return ret;
}

static int dispatch(int sock, const struct consumer_message *msg)
{
	struct wire_cursor cur;

	wire_cursor_init(&cur, msg->payload, msg->payload_len);
	DBG3("Request %u (%u bytes)", msg->command, msg->payload_len);
	switch ((enum consumer_command)msg->command) {
	case CONSUMER_CMD_CHANNEL_CREATE:
		return handle_channel_create(sock, &cur);
	case CONSUMER_CMD_CHANNEL_FLUSH:
		return handle_channel_action(sock, &cur, FLUSH);
	case CONSUMER_CMD_CHANNEL_RECOVER:
		return handle_channel_action(sock, &cur, RECOVER);
	case CONSUMER_CMD_CHANNEL_DESTROY:
		return handle_channel_action(sock, &cur, DESTROY);
	case CONSUMER_CMD_DATA_PENDING:
		return handle_channel_action(sock, &cur, DATA_PENDING);
	case CONSUMER_CMD_METADATA_CREATE:
		return handle_metadata_create(sock, &cur);
	case CONSUMER_CMD_METADATA_PUSH:
		return handle_metadata_text(sock, &cur, false);
	case CONSUMER_CMD_METADATA_REGENERATE:
		return handle_metadata_text(sock, &cur, true);
	case CONSUMER_CMD_METADATA_DESTROY:
		return handle_metadata_destroy(sock, &cur);
	case CONSUMER_CMD_CHANNEL_STATS:
		return handle_channel_action(sock, &cur, STATS);
	case CONSUMER_CMD_CHANNEL_SNAPSHOT:
		return handle_snapshot(sock, &cur, false);
	case CONSUMER_CMD_METADATA_SNAPSHOT:
		return handle_snapshot(sock, &cur, true);
	case CONSUMER_CMD_CHANNEL_ROTATE:
		return handle_rotate(sock, msg, false);
	case CONSUMER_CMD_METADATA_ROTATE:
		return handle_rotate(sock, msg, true);
	case CONSUMER_CMD_CHUNK_CREATE:
		return handle_chunk_create(sock, msg);
	case CONSUMER_CMD_CHUNK_CLOSE:
		return handle_chunk_close(sock, msg);
	case CONSUMER_CMD_CHUNK_EXISTS:
		return handle_chunk_exists(sock, msg);
	default: /* the kernel domain's */
		break;
	}
	return consumer_send_reply(sock, -ENOSYS, NULL);
}

int ust_consumer_run(int sessiond_fd)
{
	health_register(HEALTH_CONSUMERD_SESSIOND);
	for (;;) {
		struct consumer_message msg;
		int ret;

		health_wait_enter(-1); /* idle until the next request */
		ret = consumer_recv_request(sessiond_fd, &msg);
		health_wait_exit();

		if (ret == -ECONNRESET)
			return 0;
		if (ret) {
			ERR("Bad request from the session daemon: %s",
			    strerror(-ret));
			return ret;
		}
		ret = dispatch(sessiond_fd, &msg);
		consumer_message_fini(&msg);
		if (ret) {
			ERR("Cannot answer the session daemon: %s",
			    strerror(-ret));
			return ret;
		}
	}
}

void ust_consumer_shutdown(void)
{
	pthread_mutex_lock(&ust_channels_lock);
	while (ust_channel_first())
		ust_channel_destroy(ust_channel_first());
	metadata_output_destroy_all();
	chunk_registry_clear(&chunks);
	pthread_mutex_unlock(&ust_channels_lock);
}
