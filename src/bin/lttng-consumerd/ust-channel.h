/*
 * A user space channel as the consumer daemon owns it: its ring buffers
 * (created here, so their data outlives the traced processes) and one
 * sink stream per ring-buffer stream (stream-output.h). The channel registry
 * (this file) is shared by the command loop and the consumption thread; both
 * hold ust_channels_lock while they touch a channel.
 */
#ifndef CONSUMERD_UST_CHANNEL_H
#define CONSUMERD_UST_CHANNEL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "consumer-comm/consumer-protocol.h"
#include "ringbuffer/ringbuffer.h"
#include "stream-output.h"
#include "trace-chunk/chunk-registry.h"
#include "trace-clock/trace-clock.h"
#include "util/user-path.h"

struct ust_channel {
	uint64_t key;
	char name[CONSUMER_NAME_MAX];
	uint64_t session_id; /* the trace chunks it writes into are its */
	char chunk_dir[CONSUMER_PATH_MAX]; /* its directory in each chunk */
	struct rb_channel *rb;
	/* one per stream; all NULL without files (between trace chunks) */
	struct sink_stream **streams;
	unsigned int nr_streams;
	/* how the streams' files rotate */
	uint64_t tracefile_size;
	uint64_t tracefile_count;
	/* the trace clock its producers stamp records with */
	uint64_t (*trace_clock)(void);
	uint64_t switch_timer_ns; /* 0: none */
	uint64_t last_switch_ns; /* CLOCK_MONOTONIC */
	bool output_failed; /* an I/O error: later packets are dropped */
	/* a snapshot session's: no files, nothing consumed (snapshot.c) */
	bool snapshot_only;
	/* --shm-path: who creates and removes the buffer files */
	bool shm_files;
	struct user_creds shm_owner;
	struct ust_channel *next;
};

extern pthread_mutex_t ust_channels_lock;
/* Bumped (under the lock) whenever a channel is added or removed. */
extern uint64_t ust_channels_generation;

/*
 * Creates the ring buffers of a channel and its output files in chunk
 * (desc->chunk_id's; NULL: a snapshot session's, without files) and
 * registers it. Lock held. 0, -EEXIST for a used key, or -errno
 * (logged).
 */
int ust_channel_create(const struct consumer_channel_desc *desc,
		       const struct registered_chunk *chunk,
		       struct ust_channel **out);
struct ust_channel *ust_channel_find(uint64_t key);
/*
 * Opens the files of every stream in the channel's directory of chunk;
 * a failure leaves the channel without files and drops its packets
 * until the next chunk. Lock held. 0 or -errno (logged).
 */
int ust_channel_open_files(struct ust_channel *chan,
			   const struct registered_chunk *chunk);
/* Whether the streams have files (none between trace chunks). */
bool ust_channel_has_files(const struct ust_channel *chan);
struct ust_channel *ust_channel_first(void);

/* Writes every complete packet of every stream out. Lock held. */
void ust_channel_drain(struct ust_channel *chan);
/*
 * `lttng stop`: closes the current packets (an idle stream gets an empty
 * one, as with LTTng), then drains. Lock held.
 */
void ust_channel_flush(struct ust_channel *chan);
/* Dead producers: repairs their packets, then flushes. Lock held. */
void ust_channel_recover(struct ust_channel *chan);
/* Whether some produced data is not in the files yet. Lock held. */
bool ust_channel_data_pending(const struct ust_channel *chan);
/* Sums of the streams' discarded events and lost packets. Lock held. */
void ust_channel_stats(const struct ust_channel *chan,
		       uint64_t *discarded_events, uint64_t *lost_packets);
/*
 * Flushes, unregisters and frees the channel. Lock held. 0, or -EIO when
 * some of its packets could not be written (output_failed).
 */
int ust_channel_destroy(struct ust_channel *chan);

#endif /* CONSUMERD_UST_CHANNEL_H */
