/*
 * One ring buffer stream file of a --shm-path session, recovered after
 * its producers and consumer died: every packet still in the buffer
 * (in discard mode also those the consumer had read, still intact),
 * the open packet cut to its
 * proven committed prefix (rb_stream_recover), written out as a CTF
 * stream file. The input file is never modified: it is recovered in a
 * private copy.
 */
#ifndef CRASH_STREAM_EXTRACT_H
#define CRASH_STREAM_EXTRACT_H

#include <stdint.h>

#include "ctf/packet-layout.h"

struct stream_extract_result {
	uint64_t packets;	   /* packets written */
	uint64_t repaired;	   /* packets cut by crash recovery */
	uint64_t bytes_dropped;	   /* not proven committed, left out */
	uint64_t events_discarded; /* counted as discarded for them */
	uint8_t uuid[CTF_UUID_LEN];
};

/*
 * Whether the open file fd starts like a ring buffer stream of this
 * toolkit (anything else found under SHMDIR is skipped).
 */
int stream_file_is_ring_buffer(int fd);

/*
 * Recovers the stream file open as in_fd (named in_path in messages;
 * the caller keeps the descriptor) into out_path (created, mode 0660).
 * 0 and *result, or -errno with the reason logged.
 */
int stream_extract(int in_fd, const char *in_path, const char *out_path,
		   struct stream_extract_result *result);

#endif /* CRASH_STREAM_EXTRACT_H */
