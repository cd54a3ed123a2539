/*
 * Framing of the client <-> session daemon protocol. A request is a
 * header {u32 command, u32 payload_len} and a payload; a reply is
 * {i32 code, u32 payload_len} and a payload, code being an LTTNG_OK or
 * LTTNG_ERR_* value. Payloads are bounded by LSC_MAX_PAYLOAD; a header
 * announcing more, or an unknown command, is refused before any read.
 * liblttng-ctl sends requests; lttng-sessiond's client loop answers.
 */
#ifndef SESSIOND_COMM_MESSAGE_H
#define SESSIOND_COMM_MESSAGE_H

#include <stdint.h>

#include "wire-codec/wire-codec.h"

#define LSC_MAX_PAYLOAD (4u << 20)

/*
 * A reply payload may be longer than LSC_MAX_PAYLOAD (the listing of
 * the events of many apps): it then travels in segments of at most
 * LSC_MAX_PAYLOAD bytes. The header's payload_len gives the length of
 * the first segment, with LSC_REPLY_MORE set when another segment
 * follows; each further segment is announced by a u32 of the same
 * form. A reply carries at most LSC_MAX_REPLY bytes in all, and the
 * receiver's buffer grows with the segments that actually arrive.
 */
#define LSC_REPLY_MORE (1u << 31)
#define LSC_MAX_REPLY (1u << 30)

enum lsc_command {
	LSC_CMD_CREATE_SESSION = 1,
	LSC_CMD_DESTROY_SESSION,
	LSC_CMD_LIST_SESSIONS,
	LSC_CMD_START_TRACE,
	LSC_CMD_STOP_TRACE,
	LSC_CMD_DATA_PENDING,
	LSC_CMD_LIST_DOMAINS,
	LSC_CMD_ENABLE_CHANNEL,
	LSC_CMD_DISABLE_CHANNEL,
	LSC_CMD_LIST_CHANNELS,
	LSC_CMD_ENABLE_EVENT,
	LSC_CMD_DISABLE_EVENT,
	LSC_CMD_LIST_EVENTS,
	LSC_CMD_ADD_CONTEXT,
	LSC_CMD_LIST_TRACEPOINTS,
	/* Reply: u32 count, then count x {event, str field_name, i32 type,
	 * i32 nowrite} (lttng_list_tracepoint_fields()). */
	LSC_CMD_LIST_TRACEPOINT_FIELDS,
	LSC_CMD_LIST_SYSCALLS,
	LSC_CMD_TRACK_PID,
	LSC_CMD_UNTRACK_PID,
	/* Reply: i32 all (1: every process), u32 count, count x i32 pid. */
	LSC_CMD_LIST_TRACKER_PIDS,
	/*
	 * Changes a process attribute tracker: target, u32 process_attr,
	 * u32 operation (LSC_TRACKER_*), u32 policy (SET_POLICY), then the
	 * value (ADD/REMOVE): i32 value type, i64 integral value, str name
	 * (user or group names, else absent).
	 */
	LSC_CMD_PROCESS_ATTR_TRACKER_CHANGE,
	/*
	 * Request: target, u32 process_attr. Reply: u32 policy, u32 count,
	 * count x {i32 value type, i64 integral value, str name}.
	 */
	LSC_CMD_PROCESS_ATTR_TRACKER_LIST,
	/*
	 * Snapshots (sessiond-comm/snapshot-codec.h). Add: str session,
	 * output; reply: u32 id, str name. Del: str session, output (by id,
	 * else by name). List: str session; reply: u32 count, count x output.
	 * Record: str session, output (empty URLs: the session's), u32 wait.
	 */
	LSC_CMD_SNAPSHOT_ADD_OUTPUT,
	LSC_CMD_SNAPSHOT_DEL_OUTPUT,
	LSC_CMD_SNAPSHOT_LIST_OUTPUT,
	LSC_CMD_SNAPSHOT_RECORD,
	/*
	 * Session rotation and clear (lttng rotate, enable-rotation,
	 * disable-rotation, clear). ROTATE_SESSION: str session; reply:
	 * u64 rotation id, i32 enum lttng_rotation_state, str archive path
	 * (absent until completed). ROTATION_GET_INFO: str session, u64
	 * rotation id; reply: i32 state, str path. ROTATION_SET_SCHEDULE:
	 * str session, i32 enum lttng_rotation_schedule_type, u32 add (1) or
	 * remove (0), u64 value (period in us or size in bytes).
	 * LIST_ROTATION_SCHEDULES: str session; reply: u64 period us, u64
	 * size bytes (0: not set). CLEAR_SESSION: str session; reply: u32
	 * 1 when a trace chunk's files were deleted.
	 * DESTROY_SESSION's reply is u32 closed chunk, then i32 rotation
	 * state, str archive path of the last trace chunk (absent without
	 * rotation).
	 */
	LSC_CMD_ROTATE_SESSION,
	LSC_CMD_ROTATION_GET_INFO,
	LSC_CMD_ROTATION_SET_SCHEDULE,
	LSC_CMD_LIST_ROTATION_SCHEDULES,
	LSC_CMD_CLEAR_SESSION,
	/*
	 * Saves session configurations (lttng_save_session()): str session
	 * ("": every session of the client), str output directory ("": the
	 * client's ~/.lttng/sessions), u32 overwrite. No reply payload.
	 */
	LSC_CMD_SAVE_SESSION,
	/*
	 * lttng regenerate metadata / statedump (lttng_regenerate_metadata(),
	 * lttng_regenerate_statedump()): str session. No reply payload.
	 */
	LSC_CMD_REGENERATE_METADATA,
	LSC_CMD_REGENERATE_STATEDUMP,
	/*
	 * lttng_set_session_shm_path(): str session, str path (the
	 * directory of the session's buffer files, "" for none). Refused
	 * once the session has been started. No reply payload.
	 */
	LSC_CMD_SET_SESSION_SHM_PATH,
	/*
	 * lttng_set_consumer_url(): str session, u32 network (0: a local
	 * absolute path, 1: URLs), str path or control URL, str data URL
	 * ("" for none). No reply payload.
	 */
	LSC_CMD_SET_CONSUMER_URL,
	LSC_CMD_NR, /* One past the last command. */
};

/* Operations of LSC_CMD_PROCESS_ATTR_TRACKER_CHANGE. */
enum lsc_tracker_operation {
	LSC_TRACKER_ADD = 0,
	LSC_TRACKER_REMOVE = 1,
	LSC_TRACKER_SET_POLICY = 2,
};

struct lsc_request_header {
	uint32_t command;
	uint32_t payload_len;
};

struct lsc_reply_header {
	int32_t code;
	uint32_t payload_len;
};

/* A received message: payload is malloc'd (NULL when empty). */
struct lsc_message {
	uint32_t command; /* Requests only. */
	int32_t code;	  /* Replies only. */
	uint32_t payload_len;
	uint8_t *payload;
};

/* Name of a command for logs ("create-session"), "?" when unknown. */
const char *lsc_command_name(uint32_t command);

/* 0 when the header is acceptable, -EBADMSG or -EMSGSIZE otherwise. */
int lsc_request_header_check(const struct lsc_request_header *header);
int lsc_reply_header_check(const struct lsc_reply_header *header);

/*
 * Send a request/reply with payload (NULL: empty). 0 or negative errno
 * (-EMSGSIZE above LSC_MAX_PAYLOAD for a request, LSC_MAX_REPLY for a
 * reply).
 */
int lsc_send_request(int fd, uint32_t command, const struct wire_buf *payload);
int lsc_send_reply(int fd, int32_t code, const struct wire_buf *payload);

/*
 * Receive and validate one request/reply into msg (free its payload with
 * lsc_message_fini()). Returns 0, -ECONNRESET when the peer closed
 * first, -EBADMSG/-EMSGSIZE for a malformed header, -EAGAIN on timeout.
 */
int lsc_recv_request(int fd, struct lsc_message *msg);
int lsc_recv_reply(int fd, struct lsc_message *msg);

void lsc_message_fini(struct lsc_message *msg);

#endif /* SESSIOND_COMM_MESSAGE_H */
