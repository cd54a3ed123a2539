/*
 * One CPU of one kernel channel: the instance's
 * per_cpu/cpuN/trace_pipe_raw (read page by page, never blocking), the
 * page converter and its CTF stream writer, and the sink stream the
 * packets go to (trace-chunk/stream-sink.h): a stream of the file sink
 * of the current trace chunk, kernel/<channel>_<cpu> with its index.
 * Losses the kernel counts in
 * per_cpu/cpuN/stats (overrun + dropped events) but the pages did not
 * report are accounted when the stream is flushed.
 */
#ifndef KCONSUMER_CPU_STREAM_H
#define KCONSUMER_CPU_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "ctf/stream-writer.h"
#include "trace-chunk/stream-sink.h"
#include "page-converter.h"

struct kernel_cpu_stream {
	int fd; /* trace_pipe_raw */
	char stats_path[4200];
	struct kernel_page_converter conv;
	uint8_t *page;
	uint64_t bytes_read;
	uint64_t malformed_pages;
	/* the data stream's sink stream, kept to reopen it in a new chunk */
	char name[300];
	struct stream_sink *sink; /* the current chunk's (a reference) */
	struct sink_stream_desc sink_desc;
	const char *ring_dir; /* a snapshot session's: the ring's files */
	struct ctf_stream_writer_config writer_config;
};

struct kernel_cpu_stream_config {
	const char *instance_path; /* <tracefs>/instances/<name> */
	struct stream_sink *sink;  /* the trace chunk's */
	const char *dir;	   /* in the chunk: "kernel" (kept) */
	const char *channel;
	uint32_t stream_id;
	uint32_t cpu;
	size_t packet_size;
	uint64_t tracefile_size;  /* 0: one file */
	uint64_t tracefile_count; /* 0: every file kept */
	struct kernel_metadata *metadata;
	const struct tracefs_page_layout *layout;
	const struct kernel_context_set *contexts;
	struct kernel_process_table *threads;
	struct kernel_bpf_strings *bpf;
	bool overwrite; /* the instance's options/overwrite */
	const struct kernel_process_trackers *trackers;
	const struct trace_clock_converter *to_monotonic;
	/*
	 * A snapshot session's: the sink's chunk is private, rooted at
	 * ring_dir (kept), one file per packet (<channel>_<cpu>_<n>), only
	 * the newest ring_bytes of packets kept (the channel's buffer), no
	 * index (stream-snapshot.h).
	 */
	bool snapshot;
	const char *ring_dir;
	size_t ring_bytes;
	/* ctf_stream_writer_config's: the metadata before each packet */
	int (*before_packet)(void *arg, struct ctf_error *err);
	void *before_packet_arg;
};

int kernel_cpu_stream_open(struct kernel_cpu_stream *s,
			   const struct kernel_cpu_stream_config *config,
			   struct ctf_error *err);

/* Converts every page available now. 0 or -errno with err. */
int kernel_cpu_stream_drain(struct kernel_cpu_stream *s, struct ctf_error *err);

/* Drains, accounts the kernel's losses and writes the open packet. */
int kernel_cpu_stream_flush(struct kernel_cpu_stream *s, uint64_t now,
			    struct ctf_error *err);

/*
 * Session rotation: flushes and closes the stream's files, then (next
 * not NULL) continues the stream on next, the next trace chunk's sink.
 * With no files, the stream must not be drained.
 */
int kernel_cpu_stream_move(struct kernel_cpu_stream *s,
			   struct stream_sink *next, uint64_t now,
			   struct ctf_error *err);

/*
 * Clear (snapshot mode): flushes and closes the stream's files, deletes
 * every file of the stream in its directory (the ring of packet files
 * snapshots read), then starts the stream again there.
 */
int kernel_cpu_stream_restart(struct kernel_cpu_stream *s, uint64_t now,
			      struct ctf_error *err);

/* Flushes and closes everything (also on error). */
int kernel_cpu_stream_close(struct kernel_cpu_stream *s, uint64_t now,
			    struct ctf_error *err);

#endif /* KCONSUMER_CPU_STREAM_H */
