/*
 * Conversion of the kernel's raw ring buffer pages (one CPU of one
 * channel, read from per_cpu/cpuN/trace_pipe_raw) into CTF event records
 * of that channel's data stream: each record's common_type picks its
 * event class (created on first use from the format file), the context
 * fields are derived and the payload laid out by the class's plan
 * directly in CTF form (byte-packed little-endian fields, as the record
 * itself), and the event appended to the stream writer. Losses the
 * pages report become, as in LTTng, the stream's events_discarded in
 * discard mode, and lost packets (packet_seq_num gaps) in overwrite
 * mode, where the kernel overwrote whole pages.
 */
#ifndef KCONSUMER_PAGE_CONVERTER_H
#define KCONSUMER_PAGE_CONVERTER_H

#include <stddef.h>
#include <stdint.h>

#include "bpf-strings.h"
#include "context-fields.h"
#include "ctf/stream-writer.h"
#include "kernel-metadata.h"
#include "process-table.h"
#include "process-tracker.h"
#include "tracefs/page-reader.h"

struct kernel_queued_event {
	uint64_t ts;
	const struct ctf_event_class *ev;
	int32_t tid;
	size_t len;
	uint8_t *payload;
};

struct kernel_page_converter {
	/* Set by the user before the first page. */
	struct kernel_metadata *metadata;
	uint32_t stream_id;
	uint32_t cpu;
	struct ctf_stream_writer *writer;
	const struct tracefs_page_layout *layout;
	const struct kernel_context_set *contexts;
	struct kernel_process_table *threads;
	struct kernel_bpf_strings *bpf; /* captured strings, or NULL */
	bool overwrite;			/* the channel's event-loss mode */
	/* Process attribute trackers (NULL or inactive: every process). */
	const struct kernel_process_trackers *trackers;
	/* record timestamps to BPF's CLOCK_MONOTONIC ns */
	const struct trace_clock_converter *to_monotonic;

	/* Statistics. */
	uint64_t events;	 /* records written */
	uint64_t filtered;	 /* records a consumer filter dropped */
	uint64_t untracked;	 /* records of processes not tracked */
	uint64_t unknown;	 /* records of no usable event class */
	uint64_t discarded;	 /* events lost (reported by pages, stats) */
	uint64_t unknown_losses; /* pages that lost an unknown count */
	uint64_t lost_packets;	 /* overwrite mode: packets skipped */
	uint64_t record_bytes;	 /* bytes of the records of the pages read */
	uint64_t records;	 /* records of the pages read */
	uint64_t lost_strings;	 /* system call strings recorded as "" */
	uint64_t record_lost_strings; /* of the record being converted */
	uint64_t last_timestamp;
	uint32_t last_ns_inum; /* sched_process_fork's parent namespace */
	/* Each thread's last string marker (bpf-strings.h), or NULL. */
	struct kernel_string_markers *markers;
	struct kernel_string_marker marker_scratch; /* the one taken */

	/* Events waiting for their place in time (queue_event). */
	struct kernel_queued_event *queued;
	size_t queued_head, queued_count, queued_cap;

	/* One record's context and payload, laid out (grown on demand). */
	uint8_t *out;
	size_t out_cap;
	/* The same for a queued event (written while a record waits). */
	uint8_t *queued_out;
	size_t queued_out_cap;
};

/*
 * Converts the records of one page of len bytes. Returns 0, or a
 * negative errno with err set when the page is malformed or the stream
 * cannot be written (records before the error are kept).
 */
int kernel_page_convert(struct kernel_page_converter *c, const void *page,
			size_t len, struct ctf_error *err);

/*
 * Accounts count events the kernel lost at this point of the stream
 * (count 0: an unknown number). Discard mode: they become
 * events_discarded. Overwrite mode: the open packet is closed and the
 * sequence skips the packets those events filled (their size estimated
 * from the mean record size seen, at least one packet). 0 or -errno.
 */
int kernel_page_converter_lose(struct kernel_page_converter *c, uint64_t count,
			       struct ctf_error *err);

/*
 * Events that no tracefs record carries (the state dump's) join the
 * stream in time order: queued with their time, each is written just
 * before the first record that is not older, or by
 * kernel_page_converter_write_queued() once no older record can come.
 * The stream event context is thread tid's (with a record header of a
 * thread in process context, interrupts on), the payload len bytes laid
 * out as ev declares it. Times must not decrease from one queued event
 * to the next. 0 or -ENOMEM with err.
 */
int kernel_page_converter_queue_event(struct kernel_page_converter *c,
				      const struct ctf_event_class *ev,
				      uint64_t ts, int32_t tid,
				      const void *payload, size_t len,
				      struct ctf_error *err);

/*
 * Writes the queued events older than before (UINT64_MAX: all), raising
 * a time to the stream's last one if needed. 0 or -errno with err.
 */
int kernel_page_converter_write_queued(struct kernel_page_converter *c,
				       uint64_t before, struct ctf_error *err);

/* Frees the scratch space (not the writer or the metadata). */
void kernel_page_converter_fini(struct kernel_page_converter *c);

#endif /* KCONSUMER_PAGE_CONVERTER_H */
