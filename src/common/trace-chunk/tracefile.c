/*
 * Trace file rotation (see tracefile.h): file names and the choice of
 * file for each packet.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "trace-chunk/tracefile.h"

void tracefile_init(struct tracefile *tf, uint64_t size, uint64_t count,
		    bool sequence_names)
{
	*tf = (struct tracefile){
		.size = size,
		.count = size ? count : 0,
		.sequence_names = sequence_names,
	};
}

static int file_name(const struct tracefile *tf, const char *base, uint64_t seq,
		     char *buf, size_t len)
{
	int n;

	if (!tf->size)
		n = snprintf(buf, len, "%s", base);
	else if (tf->count && !tf->sequence_names)
		n = snprintf(buf, len, "%s_%" PRIu64, base, seq % tf->count);
	else
		n = snprintf(buf, len, "%s_%" PRIu64, base, seq);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int tracefile_name(const struct tracefile *tf, const char *base, char *buf,
		   size_t len)
{
	return file_name(tf, base, tf->seq, buf, len);
}

enum tracefile_step tracefile_place(const struct tracefile *tf,
				    uint64_t packet_bytes, bool has_events)
{
	uint64_t replaced;

	if (!tf->size || !tf->bytes || tf->bytes + packet_bytes <= tf->size)
		return TRACEFILE_APPEND;
	if (has_events || !tf->count || !tf->newest_event_file ||
	    tf->seq + 1 < tf->count)
		return TRACEFILE_NEXT;
	/* the next file replaces file `replaced`: is it the newest event's? */
	replaced = tf->seq + 1 - tf->count;
	return replaced >= tf->newest_event_file - 1 ? TRACEFILE_DROP
						     : TRACEFILE_NEXT;
}

int tracefile_next(struct tracefile *tf, const char *base, char *buf,
		   size_t len)
{
	tf->seq++;
	tf->bytes = 0;
	if (!tf->count || tf->seq < tf->count)
		return 0;
	if (buf && file_name(tf, base, tf->seq - tf->count, buf, len))
		return -ENAMETOOLONG;
	return 1;
}

void tracefile_wrote(struct tracefile *tf, uint64_t packet_bytes,
		     bool has_events)
{
	tf->bytes += packet_bytes;
	if (has_events)
		tf->newest_event_file = tf->seq + 1;
}
