/*
 * The user space domain's part of a recording session's life cycle:
 * start, stop, destroy, snapshot, rotation, metadata regeneration and
 * the statistics `lttng list` shows, over the session's buffer sets
 * (ust-buffer-set.h) and the registered apps (ust-app-sync.h).
 * Everything here runs with the session lock held.
 */
#ifndef SESSIOND_UST_SESSION_H
#define SESSIOND_UST_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "consumer-comm/consumer-protocol.h"

struct channel;
struct session;

/* Start: creates the buffers, tells the apps. LTTNG_OK or an error. */
int ust_session_start(struct session *session);
/* Stop: tells the apps, then has the consumer flush every buffer. */
int ust_session_stop(struct session *session);
/* Whether the consumer still has data of the session to write. */
bool ust_session_data_pending(struct session *session);
/*
 * The discarded events and lost packets of a channel, summed over its
 * buffer sets (0 before the first start).
 */
void ust_session_channel_stats(const struct session *session,
			       const struct channel *chan,
			       uint64_t *discarded_events,
			       uint64_t *lost_packets);
/*
 * Stops and frees everything of the session (session_destroy). 0, or
 * -EIO when the consumer could not write all of the trace.
 */
int ust_session_destroy(struct session *session);

/*
 * Ends the current trace chunk in every buffer set of the session (flags:
 * CONSUMER_ROTATE_*) and continues in chunk_id, the session's current
 * chunk, announced to the consumer (CONSUMER_CHUNK_NONE: the buffers
 * have no files until the next call). 0 or the first -errno.
 */
int ust_session_rotate(struct session *session, uint64_t chunk_id,
		       uint32_t flags);

/*
 * lttng regenerate metadata (after daemon_clock_resample()): every trace
 * of the session (per-user buffers) declares its clock's new Epoch
 * offset and its metadata is written again. 0 or the first -errno.
 */
int ust_session_regenerate_metadata(struct session *session);

/*
 * The consumer daemon consumer_pid died: stops the session in the apps,
 * writes out the whole metadata of each of its buffer sets that this
 * consumer held (from the registry, so that what reached the disk stays
 * readable) and releases them. Returns whether the session had any.
 */
bool ust_session_drop_consumer_buffers(struct session *session,
				       pid_t consumer_pid);

/*
 * Snapshots (sessions that keep their buffers, cmd-snapshot.c): creates
 * <dir>/<trace>/index for each trace of the session (ust/uid/... or
 * ust/pid/...); then, in the snapshot's chunk (rooted at that dir), made
 * for it at the consumer and closed after, writes each trace's packets
 * (at most max_packets per stream, the newest; 0: all) and metadata.
 * 0 or -errno.
 */
int ust_session_snapshot_dirs(const struct session *session, const char *dir);
int ust_session_snapshot(const struct session *session,
			 const struct consumer_chunk_desc *chunk,
			 uint64_t max_packets);
/*
 * The bytes one more packet of every stream takes, over the buffers
 * that exist (per user or per process), counting only the channels
 * holding more than `packets` packets per stream (--max-size).
 */
uint64_t ust_session_snapshot_round_size(const struct session *session,
					 uint64_t packets);

#endif /* SESSIOND_UST_SESSION_H */
