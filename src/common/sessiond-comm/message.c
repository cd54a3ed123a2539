/*
 * Implementation of message.h: validate the header, then read exactly
 * the announced payload, so a peer can never make us allocate more than
 * LSC_MAX_PAYLOAD or read past its message.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng-error.h>

#include "sessiond-comm/message.h"
#include "util/unix-socket.h"

static const char *const command_names[LSC_CMD_NR] = {
	[LSC_CMD_CREATE_SESSION] = "create-session",
	[LSC_CMD_DESTROY_SESSION] = "destroy-session",
	[LSC_CMD_LIST_SESSIONS] = "list-sessions",
	[LSC_CMD_START_TRACE] = "start-trace",
	[LSC_CMD_STOP_TRACE] = "stop-trace",
	[LSC_CMD_DATA_PENDING] = "data-pending",
	[LSC_CMD_LIST_DOMAINS] = "list-domains",
	[LSC_CMD_ENABLE_CHANNEL] = "enable-channel",
	[LSC_CMD_DISABLE_CHANNEL] = "disable-channel",
	[LSC_CMD_LIST_CHANNELS] = "list-channels",
	[LSC_CMD_ENABLE_EVENT] = "enable-event",
	[LSC_CMD_DISABLE_EVENT] = "disable-event",
	[LSC_CMD_LIST_EVENTS] = "list-events",
	[LSC_CMD_ADD_CONTEXT] = "add-context",
	[LSC_CMD_LIST_TRACEPOINTS] = "list-tracepoints",
	[LSC_CMD_LIST_TRACEPOINT_FIELDS] = "list-tracepoint-fields",
	[LSC_CMD_LIST_SYSCALLS] = "list-syscalls",
	[LSC_CMD_TRACK_PID] = "track-pid",
	[LSC_CMD_UNTRACK_PID] = "untrack-pid",
	[LSC_CMD_LIST_TRACKER_PIDS] = "list-tracker-pids",
	[LSC_CMD_PROCESS_ATTR_TRACKER_CHANGE] = "process-attr-tracker-change",
	[LSC_CMD_PROCESS_ATTR_TRACKER_LIST] = "process-attr-tracker-list",
	[LSC_CMD_SNAPSHOT_ADD_OUTPUT] = "snapshot-add-output",
	[LSC_CMD_SNAPSHOT_DEL_OUTPUT] = "snapshot-del-output",
	[LSC_CMD_SNAPSHOT_LIST_OUTPUT] = "snapshot-list-output",
	[LSC_CMD_SNAPSHOT_RECORD] = "snapshot-record",
	[LSC_CMD_ROTATE_SESSION] = "rotate-session",
	[LSC_CMD_ROTATION_GET_INFO] = "rotation-get-info",
	[LSC_CMD_ROTATION_SET_SCHEDULE] = "rotation-set-schedule",
	[LSC_CMD_LIST_ROTATION_SCHEDULES] = "list-rotation-schedules",
	[LSC_CMD_CLEAR_SESSION] = "clear-session",
	[LSC_CMD_SAVE_SESSION] = "save-session",
	[LSC_CMD_REGENERATE_METADATA] = "regenerate-metadata",
	[LSC_CMD_REGENERATE_STATEDUMP] = "regenerate-statedump",
	[LSC_CMD_SET_SESSION_SHM_PATH] = "set-session-shm-path",
	[LSC_CMD_SET_CONSUMER_URL] = "set-consumer-url",
};

const char *lsc_command_name(uint32_t command)
{
	if (command == 0 || command >= LSC_CMD_NR)
		return "?";
	return command_names[command];
}

int lsc_request_header_check(const struct lsc_request_header *header)
{
	if (header->command == 0 || header->command >= LSC_CMD_NR)
		return -EBADMSG;
	if (header->payload_len > LSC_MAX_PAYLOAD)
		return -EMSGSIZE;
	return 0;
}

int lsc_reply_header_check(const struct lsc_reply_header *header)
{
	if (header->code < LTTNG_OK || header->code >= LTTNG_ERR_NR)
		return -EBADMSG;
	if ((header->payload_len & ~LSC_REPLY_MORE) > LSC_MAX_PAYLOAD)
		return -EMSGSIZE;
	return 0;
}

/* Send a header immediately followed by the payload bytes. */
static int send_message(int fd, const void *header, size_t header_len,
			const struct wire_buf *payload)
{
	int ret;

	if (payload && payload->error)
		return payload->error;
	if (payload && payload->len > LSC_MAX_PAYLOAD)
		return -EMSGSIZE;
	ret = usock_send_all(fd, header, header_len);
	if (ret || !payload || payload->len == 0)
		return ret;
	return usock_send_all(fd, payload->data, payload->len);
}

int lsc_send_request(int fd, uint32_t command, const struct wire_buf *payload)
{
	struct lsc_request_header header = {
		.command = command,
		.payload_len = payload ? (uint32_t)payload->len : 0,
	};

	return send_message(fd, &header, sizeof(header), payload);
}

/* The payload_len announcing the segment of payload at offset. */
static uint32_t segment_word(const struct wire_buf *payload, size_t offset)
{
	size_t left = payload ? payload->len - offset : 0;

	if (left > LSC_MAX_PAYLOAD)
		return LSC_MAX_PAYLOAD | LSC_REPLY_MORE;
	return (uint32_t)left;
}

int lsc_send_reply(int fd, int32_t code, const struct wire_buf *payload)
{
	struct lsc_reply_header header = {
		.code = code,
		.payload_len = segment_word(payload, 0),
	};
	size_t offset = 0;
	int ret;

	if (payload && payload->error)
		return payload->error;
	if (payload && payload->len > LSC_MAX_REPLY)
		return -EMSGSIZE;
	ret = usock_send_all(fd, &header, sizeof(header));
	for (uint32_t word = header.payload_len; !ret;) {
		size_t len = word & ~LSC_REPLY_MORE;

		if (len)
			ret = usock_send_all(fd, payload->data + offset, len);
		offset += len;
		if (ret || !(word & LSC_REPLY_MORE))
			break;
		word = segment_word(payload, offset);
		ret = usock_send_all(fd, &word, sizeof(word));
	}
	return ret;
}

int lsc_recv_request(int fd, struct lsc_message *msg)
{
	struct lsc_request_header header;
	int ret;

	memset(msg, 0, sizeof(*msg));
	ret = usock_recv_all(fd, &header, sizeof(header));
	if (ret)
		return ret;
	ret = lsc_request_header_check(&header);
	if (ret)
		return ret;
	msg->command = header.command;
	msg->payload_len = header.payload_len;
	return usock_recv_alloc(fd, msg->payload_len, &msg->payload);
}

/* Appends a segment of len bytes to msg's payload; 0 or -errno. */
static int recv_segment(int fd, struct lsc_message *msg, uint32_t len)
{
	uint8_t *grown;

	if (len == 0)
		return 0;
	if (len > LSC_MAX_REPLY - msg->payload_len)
		return -EMSGSIZE;
	grown = realloc(msg->payload, (size_t)msg->payload_len + len);
	if (!grown)
		return -ENOMEM;
	msg->payload = grown;
	msg->payload_len += len;
	return usock_recv_all(fd, grown + msg->payload_len - len, len);
}

int lsc_recv_reply(int fd, struct lsc_message *msg)
{
	struct lsc_reply_header header;
	uint32_t word;
	int ret;

	memset(msg, 0, sizeof(*msg));
	ret = usock_recv_all(fd, &header, sizeof(header));
	if (ret)
		return ret;
	ret = lsc_reply_header_check(&header);
	if (ret)
		return ret;
	msg->code = header.code;
	for (word = header.payload_len; !ret;) {
		ret = recv_segment(fd, msg, word & ~LSC_REPLY_MORE);
		if (ret || !(word & LSC_REPLY_MORE))
			break;
		ret = usock_recv_all(fd, &word, sizeof(word));
		if (!ret && (word & ~LSC_REPLY_MORE) > LSC_MAX_PAYLOAD)
			ret = -EMSGSIZE;
	}
	if (ret)
		lsc_message_fini(msg);
	return ret;
}

void lsc_message_fini(struct lsc_message *msg)
{
	free(msg->payload);
	msg->payload = NULL;
	msg->payload_len = 0;
}
