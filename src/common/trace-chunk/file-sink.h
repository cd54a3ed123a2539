/*
 * The file sink: the first implementation of stream-sink.h, writing the
 * data streams of a trace chunk as local files, as LTTng lays them out:
 *
 *   <chunk>/<dir>/<name>                    (or <name>_<n>: tracefiles)
 *   <chunk>/<dir>/index/<name>.idx          (with_index)
 *
 * Each packet is appended to the current file and its index entry (its
 * offset in that file) to the index; tracefile rotation follows
 * tracefile.h, with LTTng's cyclic names: when --tracefile-count files
 * exist, the oldest one and its index are unlinked and the next file is
 * created under its name. Files are created as the chunk's owner.
 *
 * Page-aligned sources (sink_stream_desc.page_aligned, a ring buffer's
 * packets) are written behind: each packet is copied into the page
 * cache, its writeback starts at once without waiting
 * (sync_file_range), and the packet before it leaves the cache
 * (posix_fadvise), so trace data does not fill the cache. The consumer
 * holds a ring-buffer sub-buffer for the copy, never until the device
 * has the data: with O_DIRECT (before), one write sometimes took 60 ms
 * on the development VM under other I/O, and a default channel (4 x
 * 512 KiB) filling at 40 MB/s lost events (bench/ust/lossless-ladder.sh).
 *
 * Used by the consumer daemon for both domains, by the CTF tools and,
 * later, by the relay daemon on its side of a network sink.
 */
#ifndef TRACE_CHUNK_FILE_SINK_H
#define TRACE_CHUNK_FILE_SINK_H

#include "trace-chunk/stream-sink.h"
#include "trace-chunk/trace-chunk.h"

/*
 * A sink writing into chunk (it takes a reference). The caller holds
 * the returned reference (stream_sink_put). NULL with err set.
 */
struct stream_sink *file_sink_create(struct trace_chunk *chunk,
				     struct ctf_error *err);

/*
 * Shorthand for the tools and tests: one stream written into directory
 * dir (which must exist), through a file sink on a chunk rooted there,
 * created as owner (NULL: the caller). 0 or -errno with err set.
 */
int file_sink_open_in_dir(const char *dir, const struct user_creds *owner,
			  const struct sink_stream_desc *desc,
			  struct sink_stream **out, struct ctf_error *err);

#endif /* TRACE_CHUNK_FILE_SINK_H */
