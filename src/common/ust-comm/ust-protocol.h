/*
 * The application <-> session daemon protocol (user space domain): the
 * messages an instrumented process (liblttng-ust) and lttng-sessiond
 * exchange, with their payloads. This header is the contract between
 * the two sides; message.h frames it (registration, headers, fds),
 * codec.h encodes and validates the command payloads and event-class.h
 * the event descriptions of UST_NOTIFY_EVENT_REGISTER.
 *
 * Sockets. The session daemon listens on <rundir>/apps-lttng-sessiond
 * (paths.h: PATHS_APPS_SOCK; mode 0666 for the root daemon, 0600 for a
 * per-user one). liblttng-ust registers with the root daemon and with
 * the per-user daemon of its user, whichever run: two connections to
 * each, opened by the app's listener thread:
 *
 *   command socket  the daemon sends requests, the app replies; the
 *                   daemon's client commands drive it (sessions,
 *                   channels, rules, start/stop, listing);
 *   notify socket   the app sends requests, the daemon replies; the app
 *                   asks for event ids while it creates event recorders
 *                   (from its listener thread or from a provider's
 *                   constructor after a dlopen).
 *
 * The daemon serves the notify socket from a thread that never waits for
 * the command socket, so an app may block on a notify request while the
 * daemon waits for the reply to a command.
 *
 * Registration. On each socket the app first sends UST_MSG_REGISTER
 * (struct ust_register), without reply header. The daemon pairs the two
 * sockets by (pid, token), checks the peer's credentials (SO_PEERCRED
 * must match pid/uid/gid, else the sockets are closed) and the major
 * version, and sends UST_CMD_PING on the command socket. Once the app
 * answered, it sends, on the command socket, whatever the app needs
 * for the sessions that exist (session, channel, stream, context and
 * rule creation, start), followed by UST_CMD_REGISTER_DONE. The app's
 * constructor waits for REGISTER_DONE from every daemon it reached, up
 * to LTTNG_UST_REGISTER_TIMEOUT ms.
 *
 * Framing. Every message after registration is
 *   request: struct ust_msg_header {u32 command; u32 payload_len} + payload
 *   reply:   struct ust_reply_header {i32 code; u32 payload_len} + payload
 * code is 0 or a negative errno. Payloads are encoded with
 * wire-codec/wire-codec.h (host-order fixed-size integers, u32-length
 * strings) and bounded by UST_MAX_PAYLOAD (UST_MAX_REPLY for replies).
 * File descriptors travel as SCM_RIGHTS ancillary data of the
 * request's header bytes (only UST_CMD_STREAM_ADD carries any). A
 * malformed or unknown message is answered with -EBADMSG / -ENOSYS, or
 * the connection is closed; it never crashes either side.
 *
 * Objects are named by ids the daemon chooses (u64, never reused while
 * the daemon runs): a session id, a channel key (for per-user buffers,
 * the same key is sent to every app of the user that shares the buffers)
 * and a rule id.
 */
#ifndef UST_COMM_PROTOCOL_H
#define UST_COMM_PROTOCOL_H

#include <stdint.h>

#define UST_PROTOCOL_MAJOR 1
#define UST_PROTOCOL_MINOR 0

#define UST_MAX_PAYLOAD (1u << 20)
/* Replies: the listings of an app with thousands of long-named events
 * (UST_CMD_TRACEPOINT_LIST, UST_CMD_FIELD_LIST) go beyond 1 MiB. */
#define UST_MAX_REPLY (64u << 20)
#define UST_PROCNAME_LEN 16 /* like LTTNG_UST_ABI_PROCNAME_LEN */
#define UST_NAME_MAX 256    /* event, field, channel and enum names */
#define UST_MAX_FIELDS 65535
#define UST_MAX_ENUM_ENTRIES 65535
#define UST_MAX_EXCLUSIONS 1024
#define UST_MAX_BYTECODE 65536

/* ---- registration (both sockets, first message, no reply) ---- */

enum ust_socket_kind {
	UST_SOCKET_COMMAND = 1,
	UST_SOCKET_NOTIFY = 2,
};

struct ust_register {
	uint32_t magic; /* UST_REGISTER_MAGIC */
	uint32_t kind;	/* enum ust_socket_kind */
	uint32_t major; /* UST_PROTOCOL_MAJOR */
	uint32_t minor;
	int32_t pid;
	int32_t ppid;
	uint32_t uid;
	uint32_t gid;
	uint32_t bitness;	     /* 64 or 32 */
	uint64_t token;		     /* random, pairs the two sockets */
	char procname[UST_PROCNAME_LEN]; /* NUL-terminated */
};
#define UST_REGISTER_MAGIC 0x55535452U /* "USTR" */

/* ---- command socket: daemon -> app ---- */

enum ust_command {
	/* No payload. Sent after the initial setup; the app's constructor
	 * stops waiting. Reply: code only. */
	UST_CMD_REGISTER_DONE = 1,

	/* Payload: u64 session_id. Creates an empty, stopped session. */
	UST_CMD_SESSION_CREATE,
	/* Payload: u64 session_id. Unmaps everything of the session. */
	UST_CMD_SESSION_DESTROY,
	/* Payload: u64 session_id. Enabled rules start recording. */
	UST_CMD_SESSION_START,
	/* Payload: u64 session_id. Nothing more is recorded; the daemon
	 * then has the consumer flush the buffers. */
	UST_CMD_SESSION_STOP,

	/*
	 * Payload: struct ust_channel_desc. Creates an enabled channel
	 * with no streams yet; the streams
	 * follow as UST_CMD_STREAM_ADD, and no event is recorded into the
	 * channel before all nr_streams arrived.
	 */
	UST_CMD_CHANNEL_CREATE,
	/* Payload: u64 channel_key, u32 stream index; ancillary data: two
	 * fds, the stream's shm fd then its wakeup fd (struct
	 * rb_stream_fds), mapped with rb_channel_map() once all are in. */
	UST_CMD_STREAM_ADD,
	/* Payload: u64 channel_key. */
	UST_CMD_CHANNEL_ENABLE,
	UST_CMD_CHANNEL_DISABLE,
	UST_CMD_CHANNEL_DESTROY,
	/* Payload: u64 channel_key, struct ust_context_desc. Only before
	 * the first rule of the channel (the layout of its records). */
	UST_CMD_CONTEXT_ADD,

	/* Payload: struct ust_rule_desc. The rule is enabled. */
	UST_CMD_RULE_CREATE,
	/* Payload: u64 rule_id. */
	UST_CMD_RULE_ENABLE,
	UST_CMD_RULE_DISABLE,
	UST_CMD_RULE_DESTROY,

	/* No payload. Reply: u32 count, then count x {str full_name,
	 * i32 loglevel} (lttng list -u). */
	UST_CMD_TRACEPOINT_LIST,
	/* No payload. Reply: u32 count, then count x {str full_name,
	 * i32 loglevel, str field_name, u32 enum ust_field_list_type,
	 * u32 nowrite} (lttng list -u -f). */
	UST_CMD_FIELD_LIST,

	/*
	 * Payload: u64 session_id (a started session). Once its reply is
	 * sent, the app records its state dump (the lttng_ust_statedump:*
	 * events of a session start) into that session again (lttng
	 * regenerate statedump). Reply: code only; -ENOENT for an unknown
	 * session.
	 */
	UST_CMD_SESSION_STATEDUMP,

	/*
	 * No payload. Reply: code 0, no payload. The daemon's first
	 * command, once both sockets are registered: the app joins the
	 * daemon's registry (and gets the setup commands) only after it
	 * answered, so a process that registers and stays silent never
	 * holds the daemon.
	 */
	UST_CMD_PING,

	UST_CMD_NR, /* one past the last */
};

/* Channel creation (UST_CMD_CHANNEL_CREATE). */
struct ust_channel_desc {
	uint64_t session_id;
	uint64_t channel_key;
	char name[UST_NAME_MAX]; /* "channel0" */
	uint32_t nr_streams;	 /* streams that follow */
};
/* The stream class id, event header kind and UUID are in the streams'
 * shared memory (ringbuffer/shm-layout.h), set by the consumer. */

/*
 * Context fields (UST_CMD_CONTEXT_ADD), written in this order after the
 * event header of every record of the channel, as the metadata's
 * stream event.context declares them.
 */
enum ust_context_type {
	UST_CONTEXT_VTID = 1,
	UST_CONTEXT_VPID,
	UST_CONTEXT_PTHREAD_ID,
	UST_CONTEXT_PROCNAME,
	UST_CONTEXT_IP,
	UST_CONTEXT_CPU_ID,
	UST_CONTEXT_CGROUP_NS,
	UST_CONTEXT_IPC_NS,
	UST_CONTEXT_MNT_NS,
	UST_CONTEXT_NET_NS,
	UST_CONTEXT_PID_NS,
	UST_CONTEXT_TIME_NS,
	UST_CONTEXT_USER_NS,
	UST_CONTEXT_UTS_NS,
	UST_CONTEXT_VUID,
	UST_CONTEXT_VEUID,
	UST_CONTEXT_VSUID,
	UST_CONTEXT_VGID,
	UST_CONTEXT_VEGID,
	UST_CONTEXT_VSGID,
	UST_CONTEXT_PERF_THREAD_COUNTER, /* perf_type, perf_config, name */
	UST_CONTEXT_APP_CONTEXT,	 /* provider, name */
};

struct ust_context_desc {
	uint32_t type; /* enum ust_context_type */
	uint32_t perf_type;
	uint64_t perf_config;
	char name[UST_NAME_MAX];     /* perf: "perf_thread_cpu_cycles" */
	char provider[UST_NAME_MAX]; /* app context provider */
};

/* Log level conditions of a rule (lttng-enable-event(1)). */
enum ust_rule_loglevel {
	UST_RULE_LOGLEVEL_ALL = 0,
	UST_RULE_LOGLEVEL_RANGE = 1,  /* level <= loglevel (more severe) */
	UST_RULE_LOGLEVEL_SINGLE = 2, /* level == loglevel */
};

/*
 * Rule creation (UST_CMD_RULE_CREATE). Encoded as the fixed members,
 * then u32 nr_exclusions x str, then u32 bytecode_len and the linked
 * filter bytecode bytes (filter/bytecode.h; 0: no filter).
 */
struct ust_rule_desc {
	uint64_t channel_key;
	uint64_t rule_id;
	char pattern[UST_NAME_MAX]; /* "provider:event" glob */
	uint32_t loglevel_type;	    /* enum ust_rule_loglevel */
	int32_t loglevel;
	uint32_t nr_exclusions;
	char (*exclusions)[UST_NAME_MAX]; /* malloc'd when decoded */
	uint32_t bytecode_len;
	uint8_t *bytecode; /* malloc'd when decoded */
};

/* Field types as lttng list -u -f shows them (enum lttng_event_field_type). */
enum ust_field_list_type {
	UST_FIELD_LIST_OTHER = 0,
	UST_FIELD_LIST_INTEGER = 1,
	UST_FIELD_LIST_ENUM = 2,
	UST_FIELD_LIST_FLOAT = 3,
	UST_FIELD_LIST_STRING = 4,
};

/* ---- notify socket: app -> daemon ---- */

enum ust_notify {
	/*
	 * Payload: u64 session_id, u64 channel_key, then the event
	 * description encoded with ust_put_event_desc() (codec.h): full
	 * name, log level, model EMF URI, and every field with its exact
	 * type (struct lttng_ust_event_field, enumerations inline).
	 * Reply: u32 event_id, the id the app writes in the event headers
	 * of this channel. The daemon gives the same id to the same event
	 * (same name and fields) in the same buffers, adds the event class
	 * to the trace's metadata and has the consumer write that metadata
	 * before it replies. A description conflicting with an earlier one
	 * of the same name is refused with -EEXIST; the app then records
	 * nothing for that event in that channel.
	 */
	UST_NOTIFY_EVENT_REGISTER = 1,
	UST_NOTIFY_NR,
};

struct ust_msg_header {
	uint32_t command; /* enum ust_command or enum ust_notify */
	uint32_t payload_len;
};

struct ust_reply_header {
	int32_t code; /* 0 or -errno */
	uint32_t payload_len;
};

#endif /* UST_COMM_PROTOCOL_H */
