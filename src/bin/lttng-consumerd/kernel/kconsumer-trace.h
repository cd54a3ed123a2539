/*
 * The kernel consumer's one trace (one recording session's kernel
 * channels): the state every kconsumer-*.c file shares, and the
 * operations they offer each other. kconsumer-trace.c builds and tears
 * it down; kconsumer-streams.c works on every CPU stream at once,
 * kconsumer-metadata.c on the metadata file, kconsumer-bpf.c starts the
 * BPF helpers, kconsumer-rules.c applies filters, trackers and the state
 * dump, kconsumer-chunk.c holds the session's trace chunks, snapshots,
 * rotates and clears, and kconsumer-commands.c maps the session
 * daemon's requests onto them.
 * Each returns 0 or a negative errno, with the reason in err.
 */
#ifndef KCONSUMER_TRACE_H
#define KCONSUMER_TRACE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bpf-credentials.h"
#include "bpf-strings.h"
#include "bpf-thread-facts.h"
#include "consumer-comm/consumer-protocol.h"
#include "context-fields.h"
#include "cpu-stream.h"
#include "ctf/stream-writer.h"
#include "kernel-metadata.h"
#include "process-table.h"
#include "process-tracker.h"
#include "record-filter.h"
#include "trace-clock/trace-clock.h"
#include "trace-chunk/chunk-registry.h"
#include "tracefs/page-reader.h"

#define KCONSUMER_MAX_CHANNELS 64
#define KCONSUMER_DEFAULT_READ_TIMER_US 200000

struct kchannel {
	char name[CONSUMER_NAME_MAX];
	char instance[CONSUMER_PATH_MAX];
	size_t subbuf_size;
	unsigned long read_timer_us;
	unsigned long switch_timer_us; /* 0: packets close when full */
	uint64_t tracefile_size;       /* 0: one unlimited file */
	uint64_t tracefile_count;      /* 0: keep every file */
	uint64_t last_switch_ns;
	struct kernel_context_set contexts;
	struct kernel_filter_spec *filters;
	size_t nr_filters;
	unsigned int nr_cpus;
	struct kernel_cpu_stream *cpus;
	uint64_t reported_lost_strings; /* kconsumer_flush_all() */
};

struct kconsumer {
	bool created; /* CONSUMER_CMD_KERNEL_TRACE_CREATE received */
	bool started; /* CONSUMER_CMD_KERNEL_TRACE_START succeeded */
	char tracefs_root[CONSUMER_PATH_MAX];
	uint64_t session_id;
	/* the chunk the trace starts in (CONSUMER_CHUNK_NONE: snapshots) */
	uint64_t first_chunk;
	/* the session's chunks the session daemon announced */
	struct chunk_registry chunks;
	char trace_name[CONSUMER_NAME_MAX];
	/* from the session daemon: both domains' (trace-clock.h) */
	struct trace_clock_desc clock;
	struct trace_clock_converter to_monotonic;
	/*
	 * A snapshot session's private ring directory, and the sink of the
	 * private chunk rooted there.
	 */
	char ring_dir[PATH_MAX];
	struct stream_sink *ring_sink;
	unsigned int nr_channels;
	struct kchannel channels[KCONSUMER_MAX_CHANNELS];
	struct tracefs_page_layout layout;
	struct kernel_metadata *metadata;
	struct kernel_process_table *threads;
	struct kernel_bpf_strings *bpf;
	struct kernel_process_trackers trackers;
	struct kernel_bpf_credentials *credentials;
	struct kernel_bpf_thread_facts *thread_facts;
	struct sink_stream *metadata_stream; /* metadata-sink.h */
	size_t metadata_written;
	/* a snapshot session's: no files, buffers kept for snapshots */
	bool snapshot;
	bool between_chunks; /* rotated while stopped: no files */
};

/* kconsumer-trace.c: the trace's life. */
void kconsumer_init(struct kconsumer *kc);
int kconsumer_trace_create(struct kconsumer *kc,
			   const struct consumer_kernel_trace_desc *desc,
			   struct ctf_error *err);
/* Takes desc's filters' expressions (desc->filters left empty). */
int kconsumer_channel_add(struct kconsumer *kc,
			  struct consumer_kernel_channel_desc *desc,
			  struct ctf_error *err);
int kconsumer_trace_start(struct kconsumer *kc, struct ctf_error *err);
/* Writes out and closes everything, releases every resource. */
int kconsumer_trace_close(struct kconsumer *kc, struct ctf_error *err);
/*
 * The session's chunk chunk_id, with its kernel/ directory created (as
 * its owner): *out, or -ENOENT for a chunk not announced (err set).
 */
int kconsumer_chunk_dir(struct kconsumer *kc, uint64_t chunk_id,
			struct registered_chunk **out, struct ctf_error *err);
/* The channel called name (and its stream class), or NULL. */
struct kchannel *kconsumer_find_channel(struct kconsumer *kc, const char *name,
					uint32_t *stream_id);

/* kconsumer-streams.c: every CPU stream of every channel. */
int kconsumer_drain_all(struct kconsumer *kc, struct ctf_error *err);
int kconsumer_flush_all(struct kconsumer *kc, struct ctf_error *err);
int kconsumer_close_streams(struct kconsumer *kc, struct ctf_error *err);
/* The switch timer: closes the open packets of the channels due. */
void kconsumer_switch_packets(struct kconsumer *kc);
/*
 * The current files completed at now (trace clock) and closed, the
 * streams continued on next's sink (NULL: no files until the next
 * move).
 */
int kconsumer_move_streams(struct kconsumer *kc,
			   const struct registered_chunk *next, uint64_t now,
			   struct ctf_error *err);
/* Every stream's kept packets dropped; the next begins at now. */
int kconsumer_restart_streams(struct kconsumer *kc, uint64_t now,
			      struct ctf_error *err);
/* Into kernel/ of chunk; end_ts: the snapshot's time (trace clock). */
int kconsumer_snapshot_streams(struct kconsumer *kc,
			       const struct registered_chunk *chunk,
			       uint64_t max_packets, uint64_t end_ts,
			       struct ctf_error *err);

/* kconsumer-metadata.c: the metadata stream (none: NULL). */
int kconsumer_metadata_open(struct kconsumer *kc,
			    const struct registered_chunk *chunk,
			    struct ctf_error *err);
/* Appends the metadata text not yet in the file. */
int kconsumer_metadata_write(struct kconsumer *kc, struct ctf_error *err);
/* ctf_stream_writer_config.before_packet: kconsumer_metadata_write. */
int kconsumer_metadata_before_packet(void *kc, struct ctf_error *err);
/* Completes and closes the file, then (next not NULL) starts next's. */
int kconsumer_metadata_move(struct kconsumer *kc,
			    const struct registered_chunk *next,
			    struct ctf_error *err);
/* Truncates the file and writes the whole text again. */
int kconsumer_metadata_rewrite(struct kconsumer *kc, struct ctf_error *err);
/* kernel/metadata of chunk with the whole text so far (a snapshot's). */
int kconsumer_metadata_copy(struct kconsumer *kc,
			    const struct registered_chunk *chunk,
			    struct ctf_error *err);

/* kconsumer-bpf.c: BPF helpers; each failure is a warning. */
void kconsumer_bpf_start(struct kconsumer *kc);
void kconsumer_bpf_stop(struct kconsumer *kc);

/* kconsumer-rules.c: what the session's rules ask of the consumer. */
/* Appends a filter, taking f->expressions. */
int kconsumer_filter_add(struct kchannel *ch, struct consumer_kernel_filter *f);
void kconsumer_filters_free(struct kchannel *ch);
/* Replaces (expressions "": removes) a filter, taking f->expressions. */
int kconsumer_filter_set(struct kconsumer *kc, const char *channel,
			 struct consumer_kernel_filter *f,
			 struct ctf_error *err);
int kconsumer_tracker_set(struct kconsumer *kc,
			  const struct consumer_kernel_tracker_desc *desc,
			  struct ctf_error *err);
int kconsumer_statedump(struct kconsumer *kc,
			const struct consumer_kernel_statedump_desc *desc,
			struct ctf_error *err);
int kconsumer_channel_stats(struct kconsumer *kc, const char *channel,
			    uint64_t *discarded, uint64_t *lost_packets,
			    struct ctf_error *err);

/*
 * kconsumer-chunk.c: the session's trace chunks (chunk-registry.h) and
 * the operations on them.
 */
int kconsumer_chunk_create(struct kconsumer *kc,
			   const struct consumer_chunk_desc *desc,
			   struct ctf_error *err);
/* The command is its owner's (the session daemon's) to perform. */
int kconsumer_chunk_close(struct kconsumer *kc,
			  const struct consumer_chunk_close *desc,
			  struct ctf_error *err);
bool kconsumer_chunk_exists(const struct kconsumer *kc,
			    const struct consumer_chunk_ref *ref);
int kconsumer_snapshot(struct kconsumer *kc, uint64_t chunk_id,
		       uint64_t max_packets, struct ctf_error *err);
/* chunk_id CONSUMER_CHUNK_NONE: no files until the next rotation. */
int kconsumer_rotate(struct kconsumer *kc, uint64_t chunk_id,
		     struct ctf_error *err);
int kconsumer_clear(struct kconsumer *kc, struct ctf_error *err);
int kconsumer_regenerate_metadata(struct kconsumer *kc, int64_t offset_s,
				  int64_t offset, struct ctf_error *err);

#endif /* KCONSUMER_TRACE_H */
