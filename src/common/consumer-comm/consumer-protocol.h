/*
 * The session daemon <-> consumer daemon protocol (user space domain).
 * lttng-sessiond spawns lttng-consumerd with one end of a socketpair
 * (--sessiond-fd N) and drives it with requests; the consumer answers
 * each one in order. The consumer owns the ring buffers (so the data of
 * a process that dies stays consumable) and the trace files.
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
 */
#ifndef CONSUMER_COMM_PROTOCOL_H
#define CONSUMER_COMM_PROTOCOL_H

#include <stdint.h>

#include "ctf/packet-layout.h"

#define CONSUMER_MAX_PAYLOAD (8u << 20)
#define CONSUMER_NAME_MAX 256
#define CONSUMER_PATH_MAX 4096
#define CONSUMER_MAX_STREAMS 8192

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
	/* struct consumer_metadata_desc: creates <dir>/metadata. */
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
	 * packets still in the buffers to <dir>/<name>_<cpu>; replies once
	 * they are written. The buffers are not consumed. */
	CONSUMER_CMD_CHANNEL_SNAPSHOT,
	/* struct consumer_snapshot_desc (key: a metadata key). Writes the
	 * whole metadata to <dir>/metadata. */
	CONSUMER_CMD_METADATA_SNAPSHOT,
	/*
	 * Session rotation and clear: u64 channel_key, u32 flags
	 * (CONSUMER_ROTATE_*), str new_dir (empty: no new files). Closes
	 * the current packet of every stream, writes every packet up to it
	 * to the current files (or drops them with CONSUMER_ROTATE_DISCARD),
	 * closes the files, then opens the stream files in new_dir. Replies
	 * once done.
	 */
	CONSUMER_CMD_CHANNEL_ROTATE,
	/*
	 * u64 metadata_key, str new_dir (empty: no new file): writes what is
	 * pending, closes the metadata file and writes the whole metadata
	 * text again into new_dir/metadata.
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
	CONSUMER_CMD_NR, /* one past the last */
};

/* Flags of CONSUMER_CMD_CHANNEL_ROTATE. */
#define CONSUMER_ROTATE_DISCARD 1u /* clear: the data is not written */

enum consumer_channel_mode {
	CONSUMER_MODE_DISCARD = 0,
	CONSUMER_MODE_OVERWRITE = 1,
};

struct consumer_channel_desc {
	uint64_t channel_key;
	char name[CONSUMER_NAME_MAX];	    /* files: <name>_<cpu> */
	char output_dir[CONSUMER_PATH_MAX]; /* created when missing */
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
	uint32_t output_uid;	  /* owner of the files created */
	uint32_t output_gid;
	/*
	 * lttng create --shm-path: the buffers are the files
	 * <shm_dir>/<name>_<cpu> (created when missing), removed when the
	 * channel is destroyed. "": anonymous memory.
	 */
	char shm_dir[CONSUMER_PATH_MAX];
};

/*
 * A snapshot of one channel or one metadata stream. A channel or
 * metadata created with an empty output_dir (a snapshot session) keeps
 * its data in memory for these only.
 */
struct consumer_snapshot_desc {
	uint64_t key;
	char output_dir[CONSUMER_PATH_MAX]; /* created when missing */
	uint64_t max_packets;		    /* per stream, newest; 0: all */
	uint32_t flush; /* 1: close the current packets first (active) */
	uint32_t output_uid;
	uint32_t output_gid;
};

struct consumer_metadata_desc {
	uint64_t metadata_key;
	char output_dir[CONSUMER_PATH_MAX];
	uint8_t uuid[CTF_UUID_LEN];
	uint32_t output_uid;
	uint32_t output_gid;
	/*
	 * lttng create --shm-path: the whole TSDL text is also kept in
	 * <shm_dir>/metadata for lttng-crash, removed on destroy. "": none.
	 */
	char shm_dir[CONSUMER_PATH_MAX];
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
