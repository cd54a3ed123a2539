/*
 * A snapshot of one CPU of one kernel channel of a snapshot session.
 * Such a session's kernel consumer converts the tracefs pages as they
 * come, like any other, but into a private directory where the stream
 * writer keeps one packet per file (<channel>_<cpu>_<n>) and only the
 * newest files a channel's buffer holds (sub-buffer size x count): a
 * ring of CTF packets, overwritten oldest first, never consumed by a
 * snapshot. A snapshot closes the open packet, then concatenates the
 * newest packet files into the snapshot's stream file. Called by
 * kconsumer.c's snapshot command.
 */
#ifndef KCONSUMER_STREAM_SNAPSHOT_H
#define KCONSUMER_STREAM_SNAPSHOT_H

#include <stddef.h>
#include <stdint.h>

#include "cpu-stream.h"

struct kernel_stream_snapshot {
	const char *ring_dir;	  /* the consumer's private directory */
	struct stream_sink *sink; /* the snapshot's chunk's */
	const char *dir;	  /* in it: "kernel", which must exist */
	const char *name;	  /* "<channel>_<cpu>" */
	uint64_t max_packets;	  /* newest packets kept; 0: all */
	uint64_t end_ts;	  /* the snapshot's time, trace clock */
};

/* 0 or a negative errno with err set. */
int kernel_cpu_stream_snapshot(struct kernel_cpu_stream *s,
			       const struct kernel_stream_snapshot *snap,
			       struct ctf_error *err);

#endif /* KCONSUMER_STREAM_SNAPSHOT_H */
