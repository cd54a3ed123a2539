/*
 * The files of one consumed stream: <name>_<cpu> (or <name>_<cpu>_<n>
 * with tracefile rotation) and index/<same>.idx, in the channel's output
 * directory. Each packet the consumer takes from the ring buffer is
 * appended as is, with its index entry read from the packet header.
 *
 * Rotation (tracefile_size, tracefile_count) follows ctf/tracefile.h,
 * as the kernel consumer's stream writer does: a packet that would make
 * the current file exceed the size starts the next file; with a count,
 * the names cycle through <name>_<cpu>_0 ... _<count-1>, like LTTng's,
 * and an empty packet never replaces the file of the newest events.
 */
#ifndef CONSUMERD_STREAM_OUTPUT_H
#define CONSUMERD_STREAM_OUTPUT_H

#include <stdint.h>
#include <sys/types.h>

#include "ctf/index.h"
#include "ctf/tracefile.h"
#include "ringbuffer/consumer.h"

struct stream_output {
	char dir[4096];
	char base_name[300]; /* "<channel>_<cpu>" */
	struct ctf_tracefile files; /* rotation: which file, its name */
	uid_t uid;
	gid_t gid;
	uint64_t file_size;   /* bytes in the current file */
	uint64_t packets;     /* packets written, all files */
	int fd;
	struct ctf_index_writer index;
};

/*
 * Creates the first files of a stream. 0 or -errno (logged with the
 * path).
 */
int stream_output_open(struct stream_output *out, const char *dir,
		       const char *channel_name, unsigned int cpu,
		       uint64_t tracefile_size, uint64_t tracefile_count,
		       uid_t uid, gid_t gid);

/* Appends one packet and its index entry. 0 or -errno (logged). */
int stream_output_write(struct stream_output *out, const struct rb_packet *p);

void stream_output_close(struct stream_output *out);

#endif /* CONSUMERD_STREAM_OUTPUT_H */
