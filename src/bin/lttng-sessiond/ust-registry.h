/*
 * The metadata registry of the user space domain: one registry per
 * trace (a session's per-user buffers of one uid, or one app's per-pid
 * buffers). It holds the trace's CTF metadata (ctf/metadata.h), gives
 * each channel a stream class id and each event of a channel an id (the
 * same event from another app of the same buffers gets the same id; a
 * conflicting description of a known name is refused), and has the
 * consumer write every addition to the trace's `metadata` file before
 * the app that asked may record the event.
 *
 * Guarded by its own lock: the notify thread registers events while the
 * client thread, holding the session lock, may be waiting for the same
 * app. Lock order: session lock, then registry lock, then consumer.
 */
#ifndef SESSIOND_UST_REGISTRY_H
#define SESSIOND_UST_REGISTRY_H

#include <stdint.h>
#include <sys/types.h>

#include "ctf/packet-layout.h"
#include "ctf/type.h"
#include "ust-comm/event-class.h"

#include "trace-clock/trace-clock.h"

struct ust_registry;

struct ust_registry_desc {
	uint64_t metadata_key;
	uint8_t uuid[CTF_UUID_LEN];
	uint64_t chunk_id;	/* the file's, CONSUMER_CHUNK_NONE: in memory */
	const char *chunk_dir;	/* ust/uid/<uid>/64-bit or ust/pid/<app> */
	const char *shm_dir;	/* --shm-path: where lttng-crash finds it */
	uid_t uid;
	gid_t gid;
	const char *trace_name;	       /* the session's name */
	const char *creation_datetime; /* "20231114T221320+0000" */
	int per_pid;		       /* 0: per-uid buffers */
	int64_t buffering_id;	       /* uid, or pid */
	uint32_t bitness;	       /* 64 */
	pid_t vpid;		       /* per-pid only */
	const char *procname;	       /* per-pid only */
	const char *vpid_datetime;     /* per-pid only */
	/*
	 * Whose buffers: only apps of app_uid (per-uid buffers), or only
	 * the app vpid of app_uid (per-pid), registered to session_id, may
	 * register events in the registry's channels.
	 */
	uid_t app_uid;
	uint64_t session_id;
};

/* The app that sends a notify message, as its registration proved it. */
struct ust_registry_sender {
	pid_t pid;
	uid_t uid;
	uint64_t session_id; /* the message's */
};

/*
 * Creates the registry and the trace's metadata file through the
 * consumer, with the preamble written. 0 or -errno (logged).
 */
int ust_registry_create(const struct ust_registry_desc *desc,
			struct ust_registry **out);

/*
 * Adds a channel (its stream class, written out, with event_context, a
 * structure of the channel's context fields or NULL, which the registry
 * takes) and returns its stream id in *stream_id. The channel is known by
 * channel_key from now on.
 */
int ust_registry_add_channel(struct ust_registry *reg, uint64_t channel_key,
			     struct ctf_type *event_context,
			     uint32_t *stream_id);

/*
 * An app asks for the id of cls in the channel channel_key (takes cls).
 * 0 and *id, -ENOENT for an unknown channel, -EPERM for a channel of
 * buffers that are not the sender's (another user's, another process's
 * per-pid buffers, another session's), -EEXIST for a conflicting
 * description, -EINVAL for one that cannot be written, -errno from the
 * consumer.
 */
int ust_registry_register_event(uint64_t channel_key,
				const struct ust_registry_sender *sender,
				struct ust_event_class *cls, uint32_t *id);

/*
 * The trace clock the registry's metadata declares: the daemon's when
 * the registry was created (daemon-clock.h), what its channels record.
 */
enum trace_clock_source
ust_registry_clock_source(const struct ust_registry *reg);

/*
 * lttng regenerate metadata (after daemon_clock_resample()): the trace's
 * metadata declares its clock's Epoch offset measured again and the
 * consumer writes all of it again. 0, or -errno (logged; the metadata is
 * then left as it was).
 */
int ust_registry_regenerate_metadata(struct ust_registry *reg);

/* Closes the metadata file and frees the registry. */
/*
 * Writes the whole metadata of reg as dir/metadata (replacing the file),
 * as uid:gid: the trace stays readable when the consumer that wrote it
 * is gone. 0 or -errno (logged).
 */
int ust_registry_write_metadata_file(struct ust_registry *reg, const char *dir,
				     uid_t uid, gid_t gid);

void ust_registry_destroy(struct ust_registry *reg);

#endif /* SESSIOND_UST_REGISTRY_H */
