/*
 * What a consumer daemon killed mid-write leaves in a trace directory,
 * made readable again by the session daemon: each data stream file is
 * cut back to the end of the last packet its index file lists (a packet
 * written but not yet indexed, or cut in the middle, goes) and each
 * index file to its last whole entry, and a packetized metadata file to
 * its last whole packet. Run by consumer-loss.c and
 * kernel/kernel-consumer-loss.c, as the trace's owner, on every trace
 * directory of the dead consumer.
 */
#ifndef SESSIOND_TRACE_SALVAGE_H
#define SESSIOND_TRACE_SALVAGE_H

#include <sys/types.h>

/* dir: a trace directory (holding the stream files and index/). */
void trace_salvage_streams(const char *dir, uid_t uid, gid_t gid);

/*
 * dir/metadata, when packetized (ctf/metadata-stream.h), is cut back to
 * its last whole packet: a consumer that writes each packet's metadata
 * before the packet (the kernel consumer) leaves the declarations of
 * every indexed packet in whole packets, and a reader refuses a metadata
 * file that ends in the middle of one.
 */
void trace_salvage_metadata(const char *dir, uid_t uid, gid_t gid);

#endif /* SESSIOND_TRACE_SALVAGE_H */
