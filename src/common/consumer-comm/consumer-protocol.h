/*
 * The session daemon <-> consumer daemon protocol, both domains.
 * lttng-sessiond spawns lttng-consumerd with one end of a socketpair
 * (--sessiond-fd N, and --kernel for the kernel domain) and drives it
 * with requests; the consumer answers each one in order. The user space
 * consumer owns the ring buffers (so the data of a process that dies
 * stays consumable) and the trace files; the kernel consumer reads the
 * tracefs instances of one session's channels and owns its trace files.
 * Each consumer answers the other domain's commands with -ENOSYS.
 *
 * Framing (like the other protocols of the project):
 *   request: {u32 command, u32 payload_len} + payload
 *   reply:   {i32 code, u32 payload_len} + payload (code: 0 or -errno)
 * Payloads use wire-codec/wire-codec.h encoding, at most
 * CONSUMER_MAX_PAYLOAD bytes. After a successful CHANNEL_CREATE reply the
 * consumer sends nr_streams stream messages: a u32 stream index carrying
 * two fds (SCM_RIGHTS): the stream's shm fd, then its wakeup fd.
 *
 * Objects are named by keys the session daemon chooses: a channel key
 * (one per channel and buffer set: per user, or per process) and a
 * metadata key (one per trace: ust/uid/<uid>/64-bit or ust/pid/<app>).
 *
 * Trace chunks (trace-chunk/trace-chunk.h), the same for both domains:
 * the session daemon decides a session's chunks (rotation.c) and
 * announces each to a consumer with CHUNK_CREATE before naming it: the
 * consumer holds one chunk and one file sink per (session id, chunk id)
 * (trace-chunk/chunk-registry.h). Channels, metadata and the kernel
 * trace belong to a session and write into the chunk they are told:
 * created in one (CONSUMER_CHUNK_NONE: a session keeping its buffers
 * for snapshots), switched to the next by a rotation (none: no files
 * until the next one). A snapshot writes into a chunk of its own (the
 * snapshot's directory). Once no stream writes into an ended chunk the
 * session daemon sends CHUNK_CLOSE with the close command LTTng's
 * protocol carries: the consumer lets its chunk go, and the chunk's
 * owner performs the command (trace_chunk_close): the session daemon
 * for a local trace, as both domains' consumers write into it, the
 * relay daemon for a streamed one, to which a consumer's network sink
 * will pass the same CLOSE on.
 */
#ifndef CONSUMER_COMM_PROTOCOL_H
#define CONSUMER_COMM_PROTOCOL_H

#include <stdint.h>

#include "ctf/packet-layout.h"
#include "trace-chunk/trace-chunk.h"

#define CONSUMER_MAX_PAYLOAD (8u << 20)
#define CONSUMER_NAME_MAX 256
#define CONSUMER_PATH_MAX 4096
#define CONSUMER_MAX_STREAMS 8192
/* A chunk id that names no chunk: no files (see above). */
#define CONSUMER_CHUNK_NONE UINT64_MAX

enum consumer_command {
	/* struct consumer_channel_desc. Reply: code, then the streams. */
	CONSUMER_CMD_CHANNEL_CREATE = 1,
	/* u64 channel_key. Closes every current packet, writes out every
	 * complete one; replies once the files hold them. */
	CONSUMER_CMD_CHANNEL_FLUSH,
	/* u64 channel_key. The producers died: repairs their last packets
	 * (ring buffer crash recovery) and writes everything out. */
	CONSUMER_CMD_CHANNEL_RECOVER,
	/* u64 channel_key. Flushes, closes the files, frees the buffers. */
	CONSUMER_CMD_CHANNEL_DESTROY,
	/* u64 channel_key. Reply: u32 1 when data is not yet in the files. */
	CONSUMER_CMD_DATA_PENDING,
	/*
	 * struct consumer_metadata_desc: creates <chunk_dir>/metadata in
	 * the chunk (none: the text is kept for snapshots).
	 */
	CONSUMER_CMD_METADATA_CREATE,
	/* u64 metadata_key, str text: appends text as metadata packets;
	 * replies once it is written. */
	CONSUMER_CMD_METADATA_PUSH,
	/* u64 metadata_key. */
	CONSUMER_CMD_METADATA_DESTROY,
	/* u64 channel_key. Reply: u64 discarded events, u64 lost packets
	 * (sums over the channel's streams). */
	CONSUMER_CMD_CHANNEL_STATS,
	/* struct consumer_snapshot_desc (key: a channel key). Writes the
	 * packets still in the buffers to <chunk_dir>/<name>_<cpu> of the
	 * snapshot's chunk; replies once they are written. The buffers are
	 * not consumed. */
	CONSUMER_CMD_CHANNEL_SNAPSHOT,
	/* struct consumer_snapshot_desc (key: a metadata key). Writes the
	 * whole metadata to <chunk_dir>/metadata of the snapshot's chunk. */
	CONSUMER_CMD_METADATA_SNAPSHOT,
	/*
	 * Session rotation and clear: struct consumer_rotate_desc (key: a
	 * channel key). Closes the current packet of every stream, writes
	 * every packet up to it to the current chunk (or drops them with
	 * CONSUMER_ROTATE_DISCARD), closes the files, then opens the stream
	 * files in chunk chunk_id of the channel's session (none: no files
	 * until the next rotation). Replies once done.
	 */
	CONSUMER_CMD_CHANNEL_ROTATE,
	/*
	 * struct consumer_rotate_desc (key: a metadata key; no flags):
	 * writes what is pending, closes the metadata file and writes the
	 * whole metadata text again into the chunk chunk_id (none: no file).
	 */
	CONSUMER_CMD_METADATA_ROTATE,
	/*
	 * u64 metadata_key, str text: the whole metadata text, regenerated
	 * (lttng regenerate metadata). Replaces everything pushed so far:
	 * the metadata file is truncated and written again whole (a
	 * snapshot session's, the kept text is replaced). Replies once it
	 * is written.
	 */
	CONSUMER_CMD_METADATA_REGENERATE,

	/*
	 * Trace chunks, both domains (see the top of this file).
	 * struct consumer_chunk_desc: the consumer holds chunk chunk_id of
	 * session_id from now on; nothing is created on disk until a stream
	 * opens in it. -EEXIST when it holds it already.
	 */
	CONSUMER_CMD_CHUNK_CREATE,
	/*
	 * struct consumer_chunk_close: the chunk ended; the consumer lets it
	 * go (its owner performs the close command). -ENOENT for a chunk it
	 * does not hold, -EBUSY while one of its streams writes into it.
	 */
	CONSUMER_CMD_CHUNK_CLOSE,
	/*
	 * struct consumer_chunk_ref. Reply: u32 1 when the consumer holds
	 * the chunk, else 0.
	 */
	CONSUMER_CMD_CHUNK_EXISTS,

	/*
	 * Kernel domain (lttng-consumerd --kernel), one session's trace.
	 * Set-up: CHUNK_CREATE of the chunk the trace starts in (none for
	 * a snapshot session), KERNEL_TRACE_CREATE naming the session and
	 * that chunk, a KERNEL_CHANNEL_ADD per channel
	 * and a KERNEL_TRACKER_SET per restricting tracker, then
	 * KERNEL_TRACE_START opens the buffers and the files; each replies
	 * 0 or -errno. Channels are named by their name; the stream class
	 * of a channel is its rank among the KERNEL_CHANNEL_ADDs.
	 */
	/* struct consumer_kernel_trace_desc. Once, first. */
	CONSUMER_CMD_KERNEL_TRACE_CREATE,
	/* struct consumer_kernel_channel_desc. Before KERNEL_TRACE_START. */
	CONSUMER_CMD_KERNEL_CHANNEL_ADD,
	/* No payload: opens every channel's buffers and trace files. */
	CONSUMER_CMD_KERNEL_TRACE_START,
	/*
	 * struct consumer_kernel_filter_desc: from now on the channel keeps
	 * the records of that event when one of the expressions holds
	 * (none: every record). Before or after KERNEL_TRACE_START.
	 */
	CONSUMER_CMD_KERNEL_FILTER_SET,
	/*
	 * struct consumer_kernel_tracker_desc: from now on only records of
	 * threads whose attribute is in the set are kept.
	 */
	CONSUMER_CMD_KERNEL_TRACKER_SET,
	/*
	 * struct consumer_kernel_statedump_desc: the state dump is read
	 * from /proc and /sys and the events each channel records written
	 * among its records, in time order.
	 */
	CONSUMER_CMD_KERNEL_STATEDUMP,
	/*
	 * No payload: reads every CPU buffer until it is empty (tracing is
	 * off), writes the open packets and the metadata.
	 */
	CONSUMER_CMD_KERNEL_FLUSH,
	/*
	 * str channel name. Reply: u64 discarded events (discard mode),
	 * u64 lost packets (overwrite mode), sums over the channel's CPUs.
	 */
	CONSUMER_CMD_KERNEL_CHANNEL_STATS,
	/*
	 * u64 chunk id, u64 max packets per stream (0: all): a snapshot
	 * session's consumer writes every stream's kept packets and the
	 * metadata to kernel/ of that chunk (the snapshot's, created for
	 * it and closed after).
	 */
	CONSUMER_CMD_KERNEL_SNAPSHOT,
	/*
	 * u64 chunk id (CONSUMER_CHUNK_NONE: no files until the next one):
	 * the current trace chunk's files are completed and closed; the
	 * trace continues in kernel/ of that chunk.
	 */
	CONSUMER_CMD_KERNEL_ROTATE,
	/* No payload. A snapshot session's buffers are emptied. */
	CONSUMER_CMD_KERNEL_CLEAR,
	/*
	 * i64 offset_s, i64 offset: the clock's Epoch offset measured again
	 * (lttng regenerate metadata): the metadata declares it and its
	 * file is truncated and written again whole.
	 */
	CONSUMER_CMD_KERNEL_METADATA_REGENERATE,
	/* No payload: flushes, closes every file, lets every chunk go,
	 * replies, exits. */
	CONSUMER_CMD_KERNEL_STOP,
	CONSUMER_CMD_NR, /* one past the last */
};

#define CONSUMER_CMD_CHUNK_FIRST CONSUMER_CMD_CHUNK_CREATE
#define CONSUMER_CMD_KERNEL_FIRST CONSUMER_CMD_KERNEL_TRACE_CREATE

/* Flags of CONSUMER_CMD_CHANNEL_ROTATE. */
#define CONSUMER_ROTATE_DISCARD 1u /* clear: the data is not written */

enum consumer_channel_mode {
	CONSUMER_MODE_DISCARD = 0,
	CONSUMER_MODE_OVERWRITE = 1,
};

struct consumer_channel_desc {
	uint64_t channel_key;
	char name[CONSUMER_NAME_MAX]; /* files: <name>_<cpu> */
	uint64_t session_id;
	/* where its files are: CONSUMER_CHUNK_NONE for a snapshot session */
	uint64_t chunk_id;
	/* its directory in every chunk: "ust/uid/<uid>/64-bit" (relative) */
	char chunk_dir[CONSUMER_PATH_MAX];
	uint64_t subbuf_size;
	uint64_t subbuf_count;
	uint32_t mode; /* enum consumer_channel_mode */
	int64_t blocking_timeout_us;
	uint32_t nr_streams;
	uint32_t header_kind; /* enum ctf_event_header_kind */
	uint32_t clock_source; /* enum trace_clock_source */
	uint8_t uuid[CTF_UUID_LEN];
	uint32_t stream_id;	  /* the channel's stream class */
	uint64_t tracefile_size;  /* bytes, 0: unlimited */
	uint64_t tracefile_count; /* 0: unlimited */
	uint32_t switch_timer_us; /* 0: none */
	uint32_t read_timer_us;	  /* 0: woken by the producers */
	uint32_t output_uid;	  /* owner of the --shm-path files */
	uint32_t output_gid;
	/*
	 * lttng create --shm-path: the buffers are the files
	 * <shm_dir>/<name>_<cpu> (created when missing), removed when the
	 * channel is destroyed. "": anonymous memory.
	 */
	char shm_dir[CONSUMER_PATH_MAX];
};

/*
 * A snapshot of one channel or one metadata stream into a chunk of the
 * object's session. A channel or metadata created in no chunk (a
 * snapshot session) keeps its data in memory for these only.
 */
struct consumer_snapshot_desc {
	uint64_t key;
	uint64_t chunk_id;    /* the snapshot's */
	uint64_t max_packets; /* per stream, newest; 0: all */
	uint32_t flush;	      /* 1: close the current packets first (active) */
};

struct consumer_metadata_desc {
	uint64_t metadata_key;
	uint64_t session_id;
	uint64_t chunk_id; /* CONSUMER_CHUNK_NONE: kept for snapshots */
	char chunk_dir[CONSUMER_PATH_MAX]; /* as the channels' */
	uint8_t uuid[CTF_UUID_LEN];
	uint32_t output_uid; /* owner of the --shm-path file */
	uint32_t output_gid;
	/*
	 * lttng create --shm-path: the whole TSDL text is also kept in
	 * <shm_dir>/metadata for lttng-crash, removed on destroy. "": none.
	 */
	char shm_dir[CONSUMER_PATH_MAX];
};

/* CONSUMER_CMD_CHANNEL_ROTATE and CONSUMER_CMD_METADATA_ROTATE */
struct consumer_rotate_desc {
	uint64_t key;
	uint32_t flags;	   /* CONSUMER_ROTATE_*, channels only */
	uint64_t chunk_id; /* CONSUMER_CHUNK_NONE: no files */
};

/* CONSUMER_CMD_CHUNK_CREATE: a chunk as trace-chunk.h describes it. */
struct consumer_chunk_desc {
	uint64_t session_id;
	uint64_t chunk_id; /* not CONSUMER_CHUNK_NONE */
	int64_t begin;	   /* seconds since the Epoch, not negative */
	/*
	 * 0: the chunk's root is output (a session's chunk before its first
	 * rotation, or a snapshot's directory); 1: <output>/<BEGIN>-<ID>.
	 */
	uint32_t in_subdir;
	uint32_t owner_uid; /* creates every file and directory in it */
	uint32_t owner_gid;
	char output[CONSUMER_PATH_MAX]; /* absolute */
};

/* CONSUMER_CMD_CHUNK_CLOSE */
struct consumer_chunk_close {
	uint64_t session_id;
	uint64_t chunk_id;
	int64_t end;	  /* seconds since the Epoch, not negative */
	uint32_t command; /* enum trace_chunk_close_command */
};

/* CONSUMER_CMD_CHUNK_EXISTS */
struct consumer_chunk_ref {
	uint64_t session_id;
	uint64_t chunk_id;
};

/* The kernel domain's limits (its decoders refuse more). */
#define CONSUMER_KERNEL_SYSTEM_MAX 64 /* a tracefs event system name */
#define CONSUMER_KERNEL_MAX_CONTEXTS 40
#define CONSUMER_KERNEL_CONTEXT_NAME_MAX 32
#define CONSUMER_KERNEL_MAX_FILTERS 4096
#define CONSUMER_KERNEL_MAX_EXPRESSIONS (64u << 10) /* bytes, one event */
#define CONSUMER_KERNEL_MAX_TRACKED_IDS 65536
#define CONSUMER_KERNEL_MAX_STATEDUMP_EVENTS 4096
/*
 * Between the expressions of several rules on one event (ASCII RS): each
 * is evaluated on its own, a record is kept when one holds.
 */
#define CONSUMER_KERNEL_FILTER_RULE_SEPARATOR '\x1e'

/* CONSUMER_CMD_KERNEL_TRACE_CREATE */
struct consumer_kernel_trace_desc {
	char tracefs_root[CONSUMER_PATH_MAX]; /* absolute */
	uint64_t session_id;
	/*
	 * The trace chunk the files start in (kernel/ of it):
	 * CONSUMER_CHUNK_NONE for a snapshot session, whose buffers are
	 * kept for snapshots.
	 */
	uint64_t chunk_id;
	char trace_name[CONSUMER_NAME_MAX]; /* the metadata's trace_name */
	/* The clock the metadata declares: the session daemon's. */
	uint32_t clock_source; /* enum trace_clock_source */
	uint64_t clock_freq;   /* Hz, not 0 */
	int64_t clock_offset_s;
	int64_t clock_offset;
};

/* The expressions a kernel consumer evaluates on one tracefs event. */
struct consumer_kernel_filter {
	char system[CONSUMER_KERNEL_SYSTEM_MAX];
	char event[CONSUMER_NAME_MAX];
	/* malloc'd by the decoder; "" none (every record kept). */
	char *expressions;
};

/* CONSUMER_CMD_KERNEL_CHANNEL_ADD */
struct consumer_kernel_channel_desc {
	char name[CONSUMER_NAME_MAX];	       /* files: <name>_<cpu> */
	char instance_path[CONSUMER_PATH_MAX]; /* its tracefs instance */
	uint64_t subbuf_size;		       /* the CTF packet size */
	uint32_t read_timer_us;		       /* 0: the default */
	uint32_t switch_timer_us;	       /* 0: none */
	uint64_t tracefile_size;	       /* bytes, 0: unlimited */
	uint64_t tracefile_count;	       /* 0: unlimited */
	/* add-context -k: LTTng's context names ("pid", "procname", ...) */
	uint32_t nr_contexts;
	char contexts[CONSUMER_KERNEL_MAX_CONTEXTS]
		     [CONSUMER_KERNEL_CONTEXT_NAME_MAX];
	uint32_t nr_filters;
	struct consumer_kernel_filter *filters; /* malloc'd by the decoder */
};

/* CONSUMER_CMD_KERNEL_FILTER_SET */
struct consumer_kernel_filter_desc {
	char channel[CONSUMER_NAME_MAX];
	struct consumer_kernel_filter filter;
};

/* CONSUMER_CMD_KERNEL_TRACKER_SET */
struct consumer_kernel_tracker_desc {
	uint32_t attr;	     /* enum lttng_process_attr */
	uint32_t restricted; /* 0: every value (ids ignored), 1: the set */
	uint32_t nr_ids;
	int64_t *ids; /* malloc'd by the decoder, NULL when none */
};

/* One state dump event a channel records (CONSUMER_CMD_KERNEL_STATEDUMP). */
struct consumer_kernel_statedump_event {
	char channel[CONSUMER_NAME_MAX];
	char event[CONSUMER_NAME_MAX]; /* lttng_statedump_* */
	char *expressions;	       /* malloc'd by the decoder, "" none */
};

/* CONSUMER_CMD_KERNEL_STATEDUMP */
struct consumer_kernel_statedump_desc {
	/* the thread asking, which the events' context describes */
	int32_t tid;
	uint32_t nr_events;
	struct consumer_kernel_statedump_event *events; /* malloc'd */
};

struct consumer_msg_header {
	uint32_t command;
	uint32_t payload_len;
};

struct consumer_reply_header {
	int32_t code;
	uint32_t payload_len;
};

#endif /* CONSUMER_COMM_PROTOCOL_H */
