/*
 * Snapshots of a user space channel: the packets still in its ring
 * buffers (the newest ones when capped) written to the snapshot's trace
 * chunk as <channel>_<cpu> files in the channel's directory there,
 * without consuming them, so later snapshots
 * can hold them again. Called by the command loop (ust-consumer.c) with
 * ust_channels_lock held.
 */
#ifndef CONSUMERD_CHANNEL_SNAPSHOT_H
#define CONSUMERD_CHANNEL_SNAPSHOT_H

#include "consumer-comm/consumer-protocol.h"
#include "trace-chunk/chunk-registry.h"
#include "ust-channel.h"

/*
 * Writes every stream of chan to its directory in chunk (created with
 * an empty index/ directory, like LTTng's snapshots). With desc->flush,
 * the current packets are closed first (an empty one where nothing was
 * recorded since the last packet). 0 or -errno (logged with the path).
 */
int ust_channel_snapshot(struct ust_channel *chan,
			 const struct registered_chunk *chunk,
			 const struct consumer_snapshot_desc *desc);

#endif /* CONSUMERD_CHANNEL_SNAPSHOT_H */
