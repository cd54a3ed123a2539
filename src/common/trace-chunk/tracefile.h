/*
 * Trace file rotation of one data stream (lttng enable-channel
 * --tracefile-size, --tracefile-count): which file a packet goes to and
 * what the files are called. The file sink (file-sink.c) is its one
 * user, for the streams of both domains: it decides; the sink opens,
 * writes and removes the files.
 *
 * Without a size the stream is one file, <base>. With a size, the files
 * are <base>_0, <base>_1, ... and a packet that would make the current
 * file exceed the size starts the next file (a file always takes its
 * first packet, even a larger one). With a count too, the names cycle
 * like LTTng's, <base>_0 ... <base>_<count-1>: the oldest file and its
 * index are removed and the next file is created under its name, so
 * the newest count files remain.
 *
 *   count 3:  _0 _1 _2 | _0 (replaces the first _0) _1 ...
 *
 * One rule LTTng lacks: a packet holding no event (the empty packet a
 * flush closes at stop, or a stream's last) never replaces the file
 * holding the stream's newest event; it is dropped instead (LTTng keeps
 * it, and with --tracefile-count=1 its trace then holds no event at
 * all). What it carried is a later end time and possibly a higher
 * running total of discarded events, which the next packet with events
 * carries again.
 *
 * A private ring (the kernel snapshot's one-packet files) may number its
 * files up instead (sequence_names): <base>_<n>, n growing, the file
 * count files back removed by the writer.
 */
#ifndef TRACEFILE_H
#define TRACEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tracefile {
	uint64_t size;	     /* bytes per file; 0: one file, <base> */
	uint64_t count;	     /* files kept; 0: every file */
	bool sequence_names; /* <base>_<seq> instead of <base>_<seq % count> */
	uint64_t seq;	     /* files started before the current one */
	uint64_t bytes;	     /* in the current file */
	/* seq + 1 of the file holding the newest event; 0: none yet */
	uint64_t newest_event_file;
};

enum tracefile_step {
	TRACEFILE_APPEND, /* to the current file */
	TRACEFILE_NEXT,	  /* to a new file: tracefile_next first */
	TRACEFILE_DROP,	  /* an empty packet that must not rotate */
};

void tracefile_init(struct tracefile *tf, uint64_t size, uint64_t count,
		    bool sequence_names);

/*
 * The name of the current file (base, or base_<n>) into buf; 0, or
 * -ENAMETOOLONG when it does not fit.
 */
int tracefile_name(const struct tracefile *tf, const char *base, char *buf,
		   size_t len);

/* Where a packet of packet_bytes goes; has_events: it holds a record. */
enum tracefile_step tracefile_place(const struct tracefile *tf,
				    uint64_t packet_bytes, bool has_events);

/*
 * Moves on to the next file (its name is then tracefile_name). Once
 * count files exist, writes into buf (when not NULL) the name of the
 * file that falls out of the ring, and returns 1: the sink removes it
 * and its index first (with cyclic names, it is the next file's own
 * name). 0 when no file falls out; -ENAMETOOLONG.
 */
int tracefile_next(struct tracefile *tf, const char *base, char *buf,
		   size_t len);

/* Accounts a packet written to the current file. */
void tracefile_wrote(struct tracefile *tf, uint64_t packet_bytes,
		     bool has_events);

#endif /* TRACEFILE_H */
