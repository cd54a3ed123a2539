/*
 * Implementation of codec.h: payload codecs and framing of the session
 * daemon <-> consumer daemon protocol.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "consumer-comm/codec.h"
#include "trace-clock/trace-clock.h"
#include "util/fd-passing.h"
#include "util/unix-socket.h"

static void put_uuid(struct wire_buf *buf, const uint8_t uuid[CTF_UUID_LEN])
{
	for (int i = 0; i < CTF_UUID_LEN; i += 4) {
		uint32_t word;

		memcpy(&word, uuid + i, sizeof(word));
		wire_put_u32(buf, word);
	}
}

static int get_uuid(struct wire_cursor *cur, uint8_t uuid[CTF_UUID_LEN])
{
	for (int i = 0; i < CTF_UUID_LEN; i += 4) {
		uint32_t word;

		if (wire_get_u32(cur, &word))
			return -EBADMSG;
		memcpy(uuid + i, &word, sizeof(word));
	}
	return 0;
}

void consumer_put_channel_desc(struct wire_buf *buf,
			       const struct consumer_channel_desc *d)
{
	wire_put_u64(buf, d->channel_key);
	wire_put_str(buf, d->name);
	wire_put_u64(buf, d->session_id);
	wire_put_u64(buf, d->chunk_id);
	wire_put_str(buf, d->chunk_dir);
	wire_put_u64(buf, d->subbuf_size);
	wire_put_u64(buf, d->subbuf_count);
	wire_put_u32(buf, d->mode);
	wire_put_i64(buf, d->blocking_timeout_us);
	wire_put_u32(buf, d->nr_streams);
	wire_put_u32(buf, d->header_kind);
	wire_put_u32(buf, d->clock_source);
	put_uuid(buf, d->uuid);
	wire_put_u32(buf, d->stream_id);
	wire_put_u64(buf, d->tracefile_size);
	wire_put_u64(buf, d->tracefile_count);
	wire_put_u32(buf, d->switch_timer_us);
	wire_put_u32(buf, d->read_timer_us);
	wire_put_u32(buf, d->output_uid);
	wire_put_u32(buf, d->output_gid);
	wire_put_str(buf, d->shm_dir);
}

bool consumer_is_file_name(const char *name)
{
	return name[0] && !strchr(name, '/') && strcmp(name, ".") &&
	       strcmp(name, "..");
}

bool consumer_is_chunk_dir(const char *path)
{
	const char *component = path;

	if (!path[0] || path[0] == '/')
		return false;
	for (;;) {
		const char *slash = strchr(component, '/');
		size_t len =
			slash ? (size_t)(slash - component) : strlen(component);

		if (!len || (len == 1 && component[0] == '.') ||
		    (len == 2 && !strncmp(component, "..", 2)))
			return false;
		if (!slash)
			return true;
		component = slash + 1;
	}
}

int consumer_decode_whole(const void *payload, size_t len,
			  int (*get)(struct wire_cursor *cur, void *out),
			  void *out)
{
	struct wire_cursor cur;
	int ret;

	wire_cursor_init(&cur, payload, len);
	ret = get(&cur, out);
	return ret ? ret : wire_cursor_finish(&cur);
}

static int check_channel_desc(const struct consumer_channel_desc *d)
{
	if (!consumer_is_file_name(d->name) ||
	    !consumer_is_chunk_dir(d->chunk_dir) ||
	    (d->shm_dir[0] && d->shm_dir[0] != '/'))
		return -EBADMSG;
	if (d->mode > CONSUMER_MODE_OVERWRITE || d->nr_streams == 0 ||
	    d->nr_streams > CONSUMER_MAX_STREAMS)
		return -EBADMSG;
	if (d->header_kind != CTF_EVENT_HEADER_COMPACT &&
	    d->header_kind != CTF_EVENT_HEADER_LARGE)
		return -EBADMSG;
	if (d->clock_source > TRACE_CLOCK_SOURCE_MAX)
		return -EBADMSG;
	return 0;
}

int consumer_get_channel_desc(struct wire_cursor *cur,
			      struct consumer_channel_desc *d)
{
	memset(d, 0, sizeof(*d));
	if (wire_get_u64(cur, &d->channel_key) ||
	    wire_get_str(cur, d->name, sizeof(d->name)) ||
	    wire_get_u64(cur, &d->session_id) ||
	    wire_get_u64(cur, &d->chunk_id) ||
	    wire_get_str(cur, d->chunk_dir, sizeof(d->chunk_dir)) ||
	    wire_get_u64(cur, &d->subbuf_size) ||
	    wire_get_u64(cur, &d->subbuf_count) ||
	    wire_get_u32(cur, &d->mode) ||
	    wire_get_i64(cur, &d->blocking_timeout_us) ||
	    wire_get_u32(cur, &d->nr_streams) ||
	    wire_get_u32(cur, &d->header_kind) ||
	    wire_get_u32(cur, &d->clock_source) || get_uuid(cur, d->uuid) ||
	    wire_get_u32(cur, &d->stream_id) ||
	    wire_get_u64(cur, &d->tracefile_size) ||
	    wire_get_u64(cur, &d->tracefile_count) ||
	    wire_get_u32(cur, &d->switch_timer_us) ||
	    wire_get_u32(cur, &d->read_timer_us) ||
	    wire_get_u32(cur, &d->output_uid) ||
	    wire_get_u32(cur, &d->output_gid) ||
	    wire_get_str(cur, d->shm_dir, sizeof(d->shm_dir)))
		return -EBADMSG;
	return check_channel_desc(d);
}

void consumer_put_metadata_desc(struct wire_buf *buf,
				const struct consumer_metadata_desc *d)
{
	wire_put_u64(buf, d->metadata_key);
	wire_put_u64(buf, d->session_id);
	wire_put_u64(buf, d->chunk_id);
	wire_put_str(buf, d->chunk_dir);
	put_uuid(buf, d->uuid);
	wire_put_u32(buf, d->output_uid);
	wire_put_u32(buf, d->output_gid);
	wire_put_str(buf, d->shm_dir);
}

int consumer_get_metadata_desc(struct wire_cursor *cur,
			       struct consumer_metadata_desc *d)
{
	memset(d, 0, sizeof(*d));
	if (wire_get_u64(cur, &d->metadata_key) ||
	    wire_get_u64(cur, &d->session_id) ||
	    wire_get_u64(cur, &d->chunk_id) ||
	    wire_get_str(cur, d->chunk_dir, sizeof(d->chunk_dir)) ||
	    get_uuid(cur, d->uuid) || wire_get_u32(cur, &d->output_uid) ||
	    wire_get_u32(cur, &d->output_gid) ||
	    wire_get_str(cur, d->shm_dir, sizeof(d->shm_dir)))
		return -EBADMSG;
	if (d->shm_dir[0] && d->shm_dir[0] != '/')
		return -EBADMSG;
	return consumer_is_chunk_dir(d->chunk_dir) ? 0 : -EBADMSG;
}

static int send_message(int fd, uint32_t first, uint32_t payload_len,
			const struct wire_buf *payload)
{
	uint32_t header[2] = {first, payload_len};
	int ret = usock_send_all(fd, header, sizeof(header));

	if (!ret && payload_len)
		ret = usock_send_all(fd, payload->data, payload->len);
	return ret;
}

int consumer_send_request(int fd, uint32_t command,
			  const struct wire_buf *payload)
{
	size_t len = payload ? payload->len : 0;

	if (payload && payload->error)
		return payload->error;
	if (len > CONSUMER_MAX_PAYLOAD)
		return -EMSGSIZE;
	return send_message(fd, command, (uint32_t)len, payload);
}

int consumer_send_reply(int fd, int32_t code, const struct wire_buf *payload)
{
	size_t len = payload ? payload->len : 0;

	if (payload && payload->error)
		return payload->error;
	if (len > CONSUMER_MAX_PAYLOAD)
		return -EMSGSIZE;
	return send_message(fd, (uint32_t)code, (uint32_t)len, payload);
}

static int recv_payload(int fd, struct consumer_message *msg)
{
	if (msg->payload_len > CONSUMER_MAX_PAYLOAD)
		return -EMSGSIZE;
	return usock_recv_alloc(fd, msg->payload_len, &msg->payload);
}

int consumer_recv_request(int fd, struct consumer_message *msg)
{
	struct consumer_msg_header header;
	int ret;

	memset(msg, 0, sizeof(*msg));
	ret = usock_recv_all(fd, &header, sizeof(header));
	if (ret)
		return ret;
	if (header.command == 0 || header.command >= CONSUMER_CMD_NR)
		return -EBADMSG;
	msg->command = header.command;
	msg->payload_len = header.payload_len;
	return recv_payload(fd, msg);
}

int consumer_recv_reply(int fd, struct consumer_message *msg)
{
	struct consumer_reply_header header;
	int ret;

	memset(msg, 0, sizeof(*msg));
	ret = usock_recv_all(fd, &header, sizeof(header));
	if (ret)
		return ret;
	if (header.code > 0 || header.code < -4095)
		return -EBADMSG;
	msg->code = header.code;
	msg->payload_len = header.payload_len;
	return recv_payload(fd, msg);
}

void consumer_message_fini(struct consumer_message *msg)
{
	free(msg->payload);
	msg->payload = NULL;
}

int consumer_send_stream_fds(int fd, uint32_t index, int shm_fd, int wakeup_fd)
{
	int fds[2] = {shm_fd, wakeup_fd};

	return fd_send(fd, &index, sizeof(index), fds, 2);
}

int consumer_recv_stream_fds(int fd, uint32_t expected_index, int *shm_fd,
			     int *wakeup_fd)
{
	uint32_t index;
	int fds[2];
	int ret = fd_recv(fd, &index, sizeof(index), fds, 2);

	if (ret)
		return ret;
	if (index != expected_index) {
		close(fds[0]);
		close(fds[1]);
		return -EBADMSG;
	}
	*shm_fd = fds[0];
	*wakeup_fd = fds[1];
	return 0;
}
