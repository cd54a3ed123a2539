/*
 * A snapshot of one CPU of one kernel channel of a snapshot session: the
 * raw pages its ring keeps (page-ring.h) converted into a CTF data
 * stream file of the snapshot directory, capped to its newest packets.
 * The pages stay in the ring. Called by kconsumer.c's snapshot command.
 */
#ifndef KCONSUMER_STREAM_SNAPSHOT_H
#define KCONSUMER_STREAM_SNAPSHOT_H

#include <stddef.h>
#include <stdint.h>

#include "cpu-stream.h"

struct kernel_stream_snapshot {
	const char *dir;      /* <snapshot>/kernel, which must exist */
	const char *name;     /* "<channel>_<cpu>" */
	size_t packet_size;   /* the channel's sub-buffer size */
	uint64_t max_packets; /* newest packets kept; 0: all */
	uint64_t end_ts;      /* the snapshot's time, trace clock */
};

/* 0 or a negative errno with err set. */
int kernel_cpu_stream_snapshot(const struct kernel_cpu_stream *s,
			       const struct kernel_stream_snapshot *snap,
			       struct ctf_error *err);

#endif /* KCONSUMER_STREAM_SNAPSHOT_H */
