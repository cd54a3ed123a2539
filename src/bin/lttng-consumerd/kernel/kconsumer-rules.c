/*
 * What the session's recording rules ask of the kernel consumer: the
 * filters it evaluates per channel and event, the process attribute
 * trackers, the state dump events each channel records, and the loss
 * counts `lttng list` shows. A change applies to records read after it:
 * the buffers are drained first, their records having met the rules in
 * force when they were emitted.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kconsumer-trace.h"
#include "statedump-events/statedump-events.h"
#include "statedump-recorder.h"
#include "util/log.h"

int kconsumer_filter_add(struct kchannel *ch, struct consumer_kernel_filter *f)
{
	struct kernel_filter_spec *filters;
	struct kernel_filter_spec *spec;

	filters = realloc(ch->filters, (ch->nr_filters + 1) * sizeof(*filters));
	if (!filters)
		return -ENOMEM;
	ch->filters = filters;
	spec = &filters[ch->nr_filters++];
	memset(spec, 0, sizeof(*spec));
	snprintf(spec->system, sizeof(spec->system), "%s", f->system);
	snprintf(spec->event, sizeof(spec->event), "%s", f->event);
	spec->owned = f->expressions;
	spec->expression = spec->owned;
	f->expressions = NULL;
	return 0;
}

void kconsumer_filters_free(struct kchannel *ch)
{
	size_t i;

	for (i = 0; i < ch->nr_filters; i++)
		free(ch->filters[i].owned);
	free(ch->filters);
	ch->filters = NULL;
	ch->nr_filters = 0;
}

/* Drains the buffers before a rule change; a failure is only logged. */
static void drain_before_change(struct kconsumer *kc)
{
	struct ctf_error err = {{0}};

	if (kconsumer_drain_all(kc, &err))
		ERR("kernel consumer: %s", err.message);
}

int kconsumer_filter_set(struct kconsumer *kc, const char *channel,
			 struct consumer_kernel_filter *f,
			 struct ctf_error *err)
{
	uint32_t stream_id;
	struct kchannel *ch = kconsumer_find_channel(kc, channel, &stream_id);
	size_t i;
	int ret;

	if (!ch)
		return ctf_error_set(err, -ENOENT, "filter: no channel %s",
				     channel);
	drain_before_change(kc);
	for (i = 0; i < ch->nr_filters; i++) {
		if (!strcmp(ch->filters[i].system, f->system) &&
		    !strcmp(ch->filters[i].event, f->event))
			break;
	}
	if (i < ch->nr_filters) {
		free(ch->filters[i].owned);
		ch->filters[i] = ch->filters[--ch->nr_filters];
	}
	if (f->expressions[0]) {
		ret = kconsumer_filter_add(ch, f);
		if (ret)
			return ctf_error_set(err, ret, "out of memory");
	}
	if (!kc->metadata) /* not started: applied when the classes are made */
		return 0;
	ret = kernel_metadata_set_filters(kc->metadata, stream_id, ch->filters,
					  ch->nr_filters);
	return ret ? ctf_error_set(err, ret, "filter of %s/%s in channel %s",
				   f->system, f->event, channel)
		   : 0;
}

int kconsumer_tracker_set(struct kconsumer *kc,
			  const struct consumer_kernel_tracker_desc *desc,
			  struct ctf_error *err)
{
	int ret;

	drain_before_change(kc);
	/* enum lttng_process_attr and enum kernel_tracked_attr agree */
	ret = kernel_process_trackers_set(
		&kc->trackers, (enum kernel_tracked_attr)desc->attr,
		desc->restricted, desc->ids, desc->nr_ids);
	return ret ? ctf_error_set(err, ret, "tracker %u: %s", desc->attr,
				   strerror(-ret))
		   : 0;
}

/* The stream of the CPU this thread runs on (else the first). */
static struct kernel_cpu_stream *current_cpu_stream(struct kchannel *ch)
{
	int cpu = sched_getcpu();
	unsigned int i;

	for (i = 0; i < ch->nr_cpus; i++) {
		if (cpu >= 0 && ch->cpus[i].conv.cpu == (uint32_t)cpu)
			return &ch->cpus[i];
	}
	return ch->nr_cpus ? &ch->cpus[0] : NULL;
}

/* Adds the events each channel records to rec. Unknown events are skipped
 * (a newer session daemon). */
static int add_statedump_events(struct kconsumer *kc,
				struct statedump_recorder *rec,
				const struct consumer_kernel_statedump_desc *d,
				struct ctf_error *err)
{
	uint32_t i, stream_id;

	for (i = 0; i < d->nr_events; i++) {
		const struct consumer_kernel_statedump_event *e = &d->events[i];
		struct kchannel *ch =
			kconsumer_find_channel(kc, e->channel, &stream_id);
		struct kernel_cpu_stream *stream;
		int event, ret;

		if (!ch)
			return ctf_error_set(err, -ENOENT,
					     "state dump: no channel %s",
					     e->channel);
		event = statedump_event_find(e->event);
		stream = current_cpu_stream(ch);
		if (event < 0 || !stream)
			continue;
		ret = statedump_recorder_add(rec, stream_id, stream,
					     (enum statedump_event)event,
					     e->expressions);
		if (ret)
			return ctf_error_set(err, ret, "state dump: %s",
					     strerror(-ret));
	}
	return 0;
}

/*
 * The dump's events are queued in each channel's stream with their
 * times, then a drain writes them among the records (tracing may be on:
 * records of the dump's time are interleaved, as with LTTng). The
 * events' context describes the thread of the session daemon that asked,
 * as LTTng's describes the thread running the dump.
 */
int kconsumer_statedump(struct kconsumer *kc,
			const struct consumer_kernel_statedump_desc *desc,
			struct ctf_error *err)
{
	static struct statedump_recorder rec;
	int ret;

	if (!kc->started)
		return ctf_error_set(err, -EPROTO,
				     "state dump: the trace is not started");
	statedump_recorder_init(&rec, kc->metadata, kc->clock.source,
				kc->threads, desc->tid);
	ret = add_statedump_events(kc, &rec, desc, err);
	if (!ret && !kc->between_chunks) {
		ret = statedump_recorder_run(&rec);
		if (ret)
			ERR("kernel consumer: state dump: %s",
			    rec.err.message[0] ? rec.err.message
					       : strerror(-ret));
		/* what was queued, and the new classes in the metadata */
		if (kconsumer_drain_all(kc, err) && !ret)
			ret = -EIO;
		if (ret && !err->message[0])
			ctf_error_set(err, ret, "state dump failed");
	}
	statedump_recorder_fini(&rec);
	return ret;
}

int kconsumer_channel_stats(struct kconsumer *kc, const char *channel,
			    uint64_t *discarded, uint64_t *lost_packets,
			    struct ctf_error *err)
{
	uint32_t stream_id;
	struct kchannel *ch = kconsumer_find_channel(kc, channel, &stream_id);
	unsigned int cpu;

	if (!ch)
		return ctf_error_set(err, -ENOENT, "statistics: no channel %s",
				     channel);
	*discarded = 0;
	*lost_packets = 0;
	for (cpu = 0; cpu < ch->nr_cpus; cpu++) {
		const struct kernel_page_converter *c = &ch->cpus[cpu].conv;

		*discarded += c->overwrite ? 0 : c->discarded;
		*lost_packets += c->lost_packets;
	}
	return 0;
}
