/*
 * Implementation of statedump-recorder.h.
 */
#include <errno.h>
#include <string.h>

#include "statedump-recorder.h"
#include "util/log.h"

void statedump_recorder_init(struct statedump_recorder *rec,
			     struct kernel_metadata *metadata,
			     enum trace_clock_source clock,
			     struct kernel_process_table *threads, int32_t tid)
{
	memset(rec, 0, sizeof(*rec));
	rec->metadata = metadata;
	rec->clock = clock;
	rec->threads = threads;
	rec->tid = tid;
}

static struct statedump_target *target_of(struct statedump_recorder *rec,
					  uint32_t stream_id,
					  struct kernel_cpu_stream *stream)
{
	struct statedump_target *t;
	unsigned int i;

	for (i = 0; i < rec->nr_targets; i++) {
		if (rec->targets[i].stream_id == stream_id)
			return &rec->targets[i];
	}
	if (rec->nr_targets >= STATEDUMP_MAX_TARGETS)
		return NULL;
	t = &rec->targets[rec->nr_targets++];
	t->stream_id = stream_id;
	t->stream = stream;
	return t;
}

int statedump_recorder_add(struct statedump_recorder *rec, uint32_t stream_id,
			   struct kernel_cpu_stream *stream,
			   enum statedump_event event, const char *expressions)
{
	struct statedump_target *t = target_of(rec, stream_id, stream);
	char err[512] = "";
	int ret;

	if (!t)
		return -ENOSPC;
	if (statedump_set_has(t->events, event))
		return 0;
	t->events |= 1u << event;
	if (!expressions[0])
		return 0;
	t->filtered |= 1u << event;
	ret = statedump_filter_init(&t->filters[event], event, expressions, err,
				    sizeof(err));
	if (ret == -EINVAL)
		WARN("kernel consumer: %s", err);
	return ret == -ENOMEM ? ret : 0;
}

/* Whether target t records this event (its filter, if any, keeps it). */
static bool target_keeps(const struct statedump_recorder *rec,
			 const struct statedump_target *t,
			 enum statedump_event event,
			 const struct statedump_payload *payload)
{
	if (!statedump_set_has(t->events, event))
		return false;
	if (!statedump_set_has(t->filtered, event))
		return true;
	return statedump_filter_keep(&t->filters[event], payload, rec->tid,
				     rec->threads, t->stream->conv.cpu);
}

/* The statedump_sink: one event into every target that keeps it. */
static int record_event(void *arg, enum statedump_event event,
			const struct statedump_payload *payload)
{
	struct statedump_recorder *rec = arg;
	const struct ctf_event_class *ev;
	unsigned int i;
	int ret;

	for (i = 0; i < rec->nr_targets; i++) {
		struct statedump_target *t = &rec->targets[i];

		if (!target_keeps(rec, t, event, payload))
			continue;
		ev = kernel_metadata_statedump_class(
			rec->metadata, t->stream_id, event, &rec->err);
		if (!ev)
			return -EINVAL;
		ret = kernel_page_converter_queue_event(
			&t->stream->conv, ev, trace_clock_read(rec->clock),
			rec->tid, payload->bytes, payload->len, &rec->err);
		if (ret)
			return ret;
	}
	return 0;
}

int statedump_recorder_run(struct statedump_recorder *rec)
{
	struct statedump_sink sink = {.emit = record_event, .arg = rec};
	unsigned int i;

	for (i = 0; i < rec->nr_targets; i++)
		sink.events |= rec->targets[i].events;
	if (!sink.events)
		return 0;
	return statedump_run(&sink);
}

void statedump_recorder_fini(struct statedump_recorder *rec)
{
	unsigned int i;
	int e;

	for (i = 0; i < rec->nr_targets; i++) {
		for (e = 0; e < STATEDUMP_NR_EVENTS; e++) {
			if (statedump_set_has(rec->targets[i].filtered, e))
				statedump_filter_fini(
					&rec->targets[i].filters[e]);
		}
	}
	rec->nr_targets = 0;
}
