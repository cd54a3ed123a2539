/*
 * Implementation of client.h.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "consumer-comm/chunk-codec.h"
#include "consumer-comm/client.h"
#include "consumer-comm/codec.h"
#include "consumer-comm/snapshot-codec.h"

static int reply_timeout_ms;
static int reply_cancel_fd = -1;

void consumer_client_set_reply_limits(int timeout_ms, int cancel_fd)
{
	reply_timeout_ms = timeout_ms;
	reply_cancel_fd = cancel_fd;
}

/* Waits until the reply starts arriving: 0 or -ECONNABORTED. */
static int wait_reply(int sock)
{
	struct pollfd pfd[2] = {
		{.fd = sock, .events = POLLIN},
		{.fd = reply_cancel_fd, .events = POLLIN},
	};
	int ret;

	do {
		ret = poll(pfd, reply_cancel_fd >= 0 ? 2 : 1,
			   reply_timeout_ms > 0 ? reply_timeout_ms : -1);
	} while (ret < 0 && errno == EINTR);
	return ret > 0 && pfd[0].revents ? 0 : -ECONNABORTED;
}

/* Sends a request and receives its reply; *reply owns the payload. */
static int call(int sock, uint32_t command, const struct wire_buf *payload,
		struct consumer_message *reply)
{
	int ret = consumer_send_request(sock, command, payload);

	if (!ret)
		ret = wait_reply(sock);
	if (ret)
		return ret;
	ret = consumer_recv_reply(sock, reply);
	if (ret)
		return ret;
	return reply->code;
}

static int call_with_key(int sock, uint32_t command, uint64_t key)
{
	struct consumer_message reply = {0};
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	wire_put_u64(&buf, key);
	ret = call(sock, command, &buf, &reply);
	wire_buf_fini(&buf);
	consumer_message_fini(&reply);
	return ret;
}

static void close_fds(int *fds, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		close(fds[i]);
		fds[i] = -1;
	}
}

int consumer_client_channel_create(int sock,
				   const struct consumer_channel_desc *desc,
				   int *fds)
{
	struct consumer_message reply = {0};
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	consumer_put_channel_desc(&buf, desc);
	ret = call(sock, CONSUMER_CMD_CHANNEL_CREATE, &buf, &reply);
	wire_buf_fini(&buf);
	consumer_message_fini(&reply);
	if (ret)
		return ret;
	for (uint32_t i = 0; i < desc->nr_streams; i++) {
		ret = consumer_recv_stream_fds(sock, i, &fds[2 * i],
					       &fds[2 * i + 1]);
		if (ret) {
			close_fds(fds, 2 * (size_t)i);
			return ret;
		}
	}
	return 0;
}

int consumer_client_channel_flush(int sock, uint64_t channel_key)
{
	return call_with_key(sock, CONSUMER_CMD_CHANNEL_FLUSH, channel_key);
}

int consumer_client_channel_recover(int sock, uint64_t channel_key)
{
	return call_with_key(sock, CONSUMER_CMD_CHANNEL_RECOVER, channel_key);
}

int consumer_client_channel_destroy(int sock, uint64_t channel_key)
{
	return call_with_key(sock, CONSUMER_CMD_CHANNEL_DESTROY, channel_key);
}

int consumer_client_data_pending(int sock, uint64_t channel_key, bool *pending)
{
	struct consumer_message reply = {0};
	struct wire_cursor cur;
	struct wire_buf buf;
	uint32_t value;
	int ret;

	wire_buf_init(&buf);
	wire_put_u64(&buf, channel_key);
	ret = call(sock, CONSUMER_CMD_DATA_PENDING, &buf, &reply);
	wire_buf_fini(&buf);
	if (!ret) {
		wire_cursor_init(&cur, reply.payload, reply.payload_len);
		if (wire_get_u32(&cur, &value) || wire_cursor_finish(&cur))
			ret = -EBADMSG;
		else
			*pending = value != 0;
	}
	consumer_message_fini(&reply);
	return ret;
}

int consumer_client_metadata_create(int sock,
				    const struct consumer_metadata_desc *desc)
{
	struct consumer_message reply = {0};
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	consumer_put_metadata_desc(&buf, desc);
	ret = call(sock, CONSUMER_CMD_METADATA_CREATE, &buf, &reply);
	wire_buf_fini(&buf);
	consumer_message_fini(&reply);
	return ret;
}

/* A metadata command carrying a key and text[0..len). */
static int send_metadata_text(int sock, uint32_t command, uint64_t metadata_key,
			      const char *text, size_t len)
{
	struct consumer_message reply = {0};
	struct wire_buf buf;
	char *copy = strndup(text, len);
	int ret;

	if (!copy)
		return -ENOMEM;
	wire_buf_init(&buf);
	wire_put_u64(&buf, metadata_key);
	wire_put_str(&buf, copy);
	free(copy);
	ret = call(sock, command, &buf, &reply);
	wire_buf_fini(&buf);
	consumer_message_fini(&reply);
	return ret;
}

int consumer_client_metadata_push(int sock, uint64_t metadata_key,
				  const char *text, size_t len)
{
	if (!len)
		return 0;
	return send_metadata_text(sock, CONSUMER_CMD_METADATA_PUSH,
				  metadata_key, text, len);
}

int consumer_client_metadata_regenerate(int sock, uint64_t metadata_key,
					const char *text, size_t len)
{
	size_t sent = len < CONSUMER_METADATA_TEXT_CHUNK
			      ? len
			      : CONSUMER_METADATA_TEXT_CHUNK;
	int ret = send_metadata_text(sock, CONSUMER_CMD_METADATA_REGENERATE,
				     metadata_key, text, sent);

	/* Text too long for one message: the rest is appended. */
	while (!ret && sent < len) {
		size_t part = len - sent < CONSUMER_METADATA_TEXT_CHUNK
				      ? len - sent
				      : CONSUMER_METADATA_TEXT_CHUNK;

		ret = consumer_client_metadata_push(sock, metadata_key,
						    text + sent, part);
		sent += part;
	}
	return ret;
}

int consumer_client_metadata_destroy(int sock, uint64_t metadata_key)
{
	return call_with_key(sock, CONSUMER_CMD_METADATA_DESTROY, metadata_key);
}

int consumer_client_channel_stats(int sock, uint64_t channel_key,
				  uint64_t *discarded_events,
				  uint64_t *lost_packets)
{
	struct consumer_message reply = {0};
	struct wire_cursor cur;
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	wire_put_u64(&buf, channel_key);
	ret = call(sock, CONSUMER_CMD_CHANNEL_STATS, &buf, &reply);
	wire_buf_fini(&buf);
	if (!ret) {
		wire_cursor_init(&cur, reply.payload, reply.payload_len);
		if (wire_get_u64(&cur, discarded_events) ||
		    wire_get_u64(&cur, lost_packets) || wire_cursor_finish(&cur))
			ret = -EBADMSG;
	}
	consumer_message_fini(&reply);
	return ret;
}

int consumer_client_snapshot(int sock, uint32_t command,
			     const struct consumer_snapshot_desc *desc)
{
	struct consumer_message reply = {0};
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	consumer_put_snapshot_desc(&buf, desc);
	ret = call(sock, command, &buf, &reply);
	wire_buf_fini(&buf);
	consumer_message_fini(&reply);
	return ret;
}

/* A request whose payload put() encodes from desc, without reply payload. */
static int call_with(int sock, uint32_t command,
		     void (*put)(struct wire_buf *buf, const void *desc),
		     const void *desc)
{
	struct consumer_message reply = {0};
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	put(&buf, desc);
	ret = call(sock, command, &buf, &reply);
	wire_buf_fini(&buf);
	consumer_message_fini(&reply);
	return ret;
}

static void put_rotate(struct wire_buf *buf, const void *desc)
{
	consumer_put_rotate_desc(buf, desc);
}

int consumer_client_rotate(int sock, uint32_t command,
			   const struct consumer_rotate_desc *desc)
{
	return call_with(sock, command, put_rotate, desc);
}

static void put_chunk(struct wire_buf *buf, const void *desc)
{
	consumer_put_chunk_desc(buf, desc);
}

int consumer_client_chunk_create(int sock,
				 const struct consumer_chunk_desc *desc)
{
	return call_with(sock, CONSUMER_CMD_CHUNK_CREATE, put_chunk, desc);
}

static void put_chunk_close(struct wire_buf *buf, const void *desc)
{
	consumer_put_chunk_close(buf, desc);
}

int consumer_client_chunk_close(int sock,
				const struct consumer_chunk_close *desc)
{
	return call_with(sock, CONSUMER_CMD_CHUNK_CLOSE, put_chunk_close, desc);
}

int consumer_client_chunk_exists(int sock, const struct consumer_chunk_ref *ref,
				 bool *exists)
{
	struct consumer_message reply = {0};
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	consumer_put_chunk_ref(&buf, ref);
	ret = call(sock, CONSUMER_CMD_CHUNK_EXISTS, &buf, &reply);
	wire_buf_fini(&buf);
	if (!ret)
		ret = consumer_get_chunk_exists_reply(
			reply.payload, reply.payload_len, exists);
	consumer_message_fini(&reply);
	return ret;
}
