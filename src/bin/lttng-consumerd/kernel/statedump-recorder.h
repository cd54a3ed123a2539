/*
 * Recording of a state dump into kernel channels (the consumer's 'D'
 * command): each target is one channel's stream of the CPU the consumer
 * runs on, with the state dump events its rules designate and their
 * filters. statedump_recorder_run() walks the system (statedump.h) and
 * queues each event that a target wants and its filter keeps in that
 * stream, timestamped on the trace clock, with the context of the
 * requesting thread; the stream writes the queued events among its
 * records in time order (page-converter.h).
 *
 *   init ──► add (per channel and event) ──► run ──► fini
 */
#ifndef KCONSUMER_STATEDUMP_RECORDER_H
#define KCONSUMER_STATEDUMP_RECORDER_H

#include <stdint.h>

#include "cpu-stream.h"
#include "kernel-metadata.h"
#include "statedump-filter.h"
#include "statedump.h"
#include "trace-clock/trace-clock.h"

#define STATEDUMP_MAX_TARGETS 64

struct statedump_target {
	uint32_t stream_id;
	struct kernel_cpu_stream *stream;
	statedump_event_set events;
	statedump_event_set filtered; /* events with a filter */
	struct statedump_filter filters[STATEDUMP_NR_EVENTS];
};

struct statedump_recorder {
	struct kernel_metadata *metadata;
	enum trace_clock_source clock;
	struct kernel_process_table *threads;
	int32_t tid; /* the thread the events' context describes */
	unsigned int nr_targets;
	struct statedump_target targets[STATEDUMP_MAX_TARGETS];
	struct ctf_error err;
};

void statedump_recorder_init(struct statedump_recorder *rec,
			     struct kernel_metadata *metadata,
			     enum trace_clock_source clock,
			     struct kernel_process_table *threads, int32_t tid);

/*
 * The channel of stream_id records event into stream; expressions (one
 * per rule, CONSUMER_KERNEL_FILTER_RULE_SEPARATOR between them; "" for none)
 * filter it. A filter that does not compile is reported on stderr and
 * its rule matches nothing (as LTTng). 0, -ENOSPC or -ENOMEM.
 */
int statedump_recorder_add(struct statedump_recorder *rec, uint32_t stream_id,
			   struct kernel_cpu_stream *stream,
			   enum statedump_event event, const char *expressions);

/* The dump, queued in every target. 0 or -errno (rec->err says why). */
int statedump_recorder_run(struct statedump_recorder *rec);

void statedump_recorder_fini(struct statedump_recorder *rec);

#endif /* KCONSUMER_STATEDUMP_RECORDER_H */
