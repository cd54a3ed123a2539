/*
 * The CTF metadata of a kernel trace (kernel/metadata): LTTng-modules'
 * environment, the monotonic clock, one stream class per kernel channel
 * (with its context fields), and one event class per tracefs event that
 * a channel records, created the first time a record of that event is
 * seen, from the event's format file. Each event class carries the plan
 * that turns a raw record into the payload's field values.
 */
#ifndef KCONSUMER_KERNEL_METADATA_H
#define KCONSUMER_KERNEL_METADATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "context-fields.h"
#include "record-filter.h"
#include "statedump-events/statedump-events.h"
#include "ctf/error.h"
#include "ctf/metadata.h"
#include "trace-clock/calibration.h"

/* How one payload value is read from a raw record. */
enum kernel_field_kind {
	KERNEL_FIELD_INT,	  /* 1, 2, 4 or 8 bytes */
	KERNEL_FIELD_TEXT_ARRAY,  /* char NAME[N] */
	KERNEL_FIELD_STRING_LOC,  /* __data_loc / __rel_loc char[] */
	KERNEL_FIELD_STRING_FLEX, /* char NAME[] at the record's end */
	KERNEL_FIELD_INT_ARRAY,	  /* fixed array of integers (or raw bytes) */
	KERNEL_FIELD_SEQ_LOC,	  /* __data_loc / __rel_loc of integers */
	KERNEL_FIELD_BPF_STRING,  /* a user string captured by BPF */
	/* sched_process_fork's fields LTTng adds, from a thread id field: */
	KERNEL_FIELD_TGID,	  /* its thread group id (int32) */
	KERNEL_FIELD_PID_NS_INUM, /* its pid namespace inode (uint32) */
	KERNEL_FIELD_VTIDS, /* its ids per namespace level (u8 + int32s) */
};

struct kernel_field_plan {
	enum kernel_field_kind kind;
	char *name; /* LTTng's field name */
	unsigned int offset;
	unsigned int size;	/* of the field in the record */
	unsigned int elem_size; /* arrays and sequences */
	unsigned int count;	/* fixed arrays: elements */
	int is_signed;
	int is_rel_loc;
	int64_t bias;
};

struct kernel_event_class {
	const struct ctf_event_class *ctf;
	char system[64];
	char name[128]; /* tracefs name */
	size_t nr_plans;
	struct kernel_field_plan *plans;
	bool is_exec; /* sched_process_exec: the thread's name changes */
	struct kernel_record_filters filters; /* consumer-side filters */
};

struct kernel_trace_info {
	const char *hostname;
	const char *trace_name;
	const char *creation_datetime; /* "20261123T104500+0000" */
	const struct trace_clock_desc *clock; /* freq and Epoch offset */
};

struct kernel_metadata;

/*
 * Creates the metadata of a kernel trace; indexes the events of the
 * tracefs mounted at tracefs_root (their ids). NULL with err on error.
 */
struct kernel_metadata *
kernel_metadata_create(const char *tracefs_root,
		       const struct kernel_trace_info *info,
		       struct ctf_error *err);
void kernel_metadata_destroy(struct kernel_metadata *km);

/*
 * Adds the stream class of a channel with its context fields and the
 * filters its events get (filters[0..nr_filters), kept by reference: the
 * caller keeps them alive).
 */
int kernel_metadata_add_channel(struct kernel_metadata *km, uint32_t stream_id,
				const struct kernel_context_set *contexts,
				const struct kernel_filter_spec *filters,
				size_t nr_filters, struct ctf_error *err);

/*
 * Replaces the filters of a channel's events (kept by reference, as
 * kernel_metadata_add_channel's), relinking the classes already created.
 * 0 or -EINVAL (no such stream).
 */
int kernel_metadata_set_filters(struct kernel_metadata *km, uint32_t stream_id,
				const struct kernel_filter_spec *filters,
				size_t nr_filters);

/*
 * The event class of the tracefs event numbered type in that stream,
 * created (and its metadata appended) on first use. NULL with err when
 * the id names no event or its format cannot be used.
 */
const struct kernel_event_class *
kernel_metadata_event(struct kernel_metadata *km, uint32_t stream_id,
		      unsigned int type, struct ctf_error *err);

/*
 * Adds a class from format text directly (tests and synthetic input):
 * the event is then known under format's id.
 */
const struct kernel_event_class *
kernel_metadata_add_format(struct kernel_metadata *km, uint32_t stream_id,
			   const char *system, const char *format_text,
			   struct ctf_error *err);

const struct ctf_metadata *
kernel_metadata_ctf(const struct kernel_metadata *km);

/*
 * The class of a state dump event (statedump-events.h) in that stream,
 * created (and its metadata appended) on first use, with the stream's
 * next event id. NULL with err on error.
 */
const struct ctf_event_class *
kernel_metadata_statedump_class(struct kernel_metadata *km, uint32_t stream_id,
				enum statedump_event event,
				struct ctf_error *err);

/*
 * lttng regenerate metadata: the clock's Epoch offset measured again
 * (ctf_metadata_set_clock_offset). 0 or -ENOMEM.
 */
int kernel_metadata_set_clock_offset(struct kernel_metadata *km,
				     int64_t offset_s, int64_t offset,
				     struct ctf_error *err);

/*
 * The tracepoints whose string argument BPF captures (bpf-strings.h):
 * their classes declare that argument as a string (set before any class
 * is created; ids is copied).
 */
int kernel_metadata_set_bpf_targets(struct kernel_metadata *km,
				    const unsigned int *ids, size_t nr_ids);

#endif /* KCONSUMER_KERNEL_METADATA_H */
