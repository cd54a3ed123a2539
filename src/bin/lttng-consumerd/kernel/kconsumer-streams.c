/*
 * Operations on every CPU stream of every channel of the kernel trace:
 * drain (convert what the buffers hold), flush (and close the open
 * packets), the switch timer, close, move to the next trace chunk,
 * restart (clear) and snapshot. Each first has BPF hand over the system
 * call strings of the records about to be read.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "kconsumer-trace.h"
#include "stream-snapshot.h"
#include "util/log.h"
#include "util/paths.h"

/* The strings BPF captured for the records about to be read. */
static void take_strings(struct kconsumer *kc)
{
	if (kc->bpf)
		kernel_bpf_strings_drain(kc->bpf);
}

/* An operation on one stream at a time (trace clock `now`). */
typedef int (*stream_op)(struct kernel_cpu_stream *s, uint64_t now,
			 struct ctf_error *err);

/* Runs op on every stream of every channel; stops at the first error. */
static int each_stream(struct kconsumer *kc, stream_op op, uint64_t now,
		       struct ctf_error *err)
{
	unsigned int i, cpu;
	int ret;

	for (i = 0; i < kc->nr_channels; i++) {
		for (cpu = 0; cpu < kc->channels[i].nr_cpus; cpu++) {
			ret = op(&kc->channels[i].cpus[cpu], now, err);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/*
 * What the buffer holds, then the events queued in the stream (the
 * state dump's) older than the start of this drain: no record older
 * than that can come any more.
 */
static int drain_stream(struct kernel_cpu_stream *s, uint64_t start,
			struct ctf_error *err)
{
	int ret = kernel_cpu_stream_drain(s, err);

	return ret ? ret
		   : kernel_page_converter_write_queued(&s->conv, start, err);
}

int kconsumer_drain_all(struct kconsumer *kc, struct ctf_error *err)
{
	uint64_t start = trace_clock_read(kc->clock.source);
	int ret;

	if (!kc->started || kc->between_chunks)
		return 0;
	take_strings(kc);
	ret = each_stream(kc, drain_stream, start, err);
	return ret ? ret : kconsumer_metadata_write(kc, err);
}

/*
 * Says in the log (the session daemon's stderr) how many system call
 * strings each channel recorded as "" since the last report.
 */
static void report_lost_strings(struct kconsumer *kc)
{
	unsigned int i, cpu;

	for (i = 0; i < kc->nr_channels; i++) {
		struct kchannel *ch = &kc->channels[i];
		uint64_t lost = 0;

		for (cpu = 0; cpu < ch->nr_cpus; cpu++)
			lost += ch->cpus[cpu].conv.lost_strings;
		if (lost > ch->reported_lost_strings)
			WARN("kernel consumer: channel %s: %" PRIu64
			     " system call strings could not be read "
			     "(recorded as empty strings)",
			     ch->name, lost);
		ch->reported_lost_strings = lost;
	}
}

int kconsumer_flush_all(struct kconsumer *kc, struct ctf_error *err)
{
	uint64_t now = trace_clock_read(kc->clock.source);
	int ret;

	if (!kc->started || kc->between_chunks)
		return 0;
	take_strings(kc);
	ret = each_stream(kc, kernel_cpu_stream_flush, now, err);
	if (ret)
		return ret;
	report_lost_strings(kc);
	ret = kconsumer_metadata_write(kc, err);
	if (!ret && kc->metadata_stream)
		ret = sink_stream_sync(kc->metadata_stream, err);
	return ret;
}

int kconsumer_close_streams(struct kconsumer *kc, struct ctf_error *err)
{
	uint64_t now = trace_clock_read(kc->clock.source);
	unsigned int i, cpu;
	int ret = 0, r;

	take_strings(kc);
	for (i = 0; i < kc->nr_channels; i++) {
		struct kchannel *ch = &kc->channels[i];

		for (cpu = 0; cpu < ch->nr_cpus; cpu++) {
			r = kernel_cpu_stream_close(&ch->cpus[cpu], now, err);
			if (r && !ret)
				ret = r;
		}
		free(ch->cpus);
		ch->cpus = NULL;
		ch->nr_cpus = 0;
	}
	return ret;
}

void kconsumer_switch_packets(struct kconsumer *kc)
{
	uint64_t now_ns = trace_clock_monotonic();
	uint64_t now = trace_clock_read(kc->clock.source);
	struct ctf_error err = {{0}};
	unsigned int i, cpu;

	if (!kc->started || kc->between_chunks)
		return;
	for (i = 0; i < kc->nr_channels; i++) {
		struct kchannel *ch = &kc->channels[i];

		if (!ch->switch_timer_us ||
		    now_ns - ch->last_switch_ns < ch->switch_timer_us * 1000ULL)
			continue;
		ch->last_switch_ns = now_ns;
		for (cpu = 0; cpu < ch->nr_cpus; cpu++) {
			if (kernel_cpu_stream_flush(&ch->cpus[cpu], now, &err))
				ERR("kernel consumer: %s", err.message);
		}
	}
	if (kconsumer_metadata_write(kc, &err))
		ERR("kernel consumer: %s", err.message);
}

int kconsumer_move_streams(struct kconsumer *kc,
			   const struct registered_chunk *next, uint64_t now,
			   struct ctf_error *err)
{
	unsigned int i, cpu;
	int ret;

	if (!kc->between_chunks)
		take_strings(kc);
	for (i = 0; i < kc->nr_channels; i++) {
		for (cpu = 0; cpu < kc->channels[i].nr_cpus; cpu++) {
			ret = kernel_cpu_stream_move(&kc->channels[i].cpus[cpu],
						     next ? next->sink : NULL,
						     now, err);
			if (ret)
				return ret;
		}
	}
	return 0;
}

int kconsumer_restart_streams(struct kconsumer *kc, uint64_t now,
			      struct ctf_error *err)
{
	return each_stream(kc, kernel_cpu_stream_restart, now, err);
}

int kconsumer_snapshot_streams(struct kconsumer *kc,
			       const struct registered_chunk *chunk,
			       uint64_t max_packets, uint64_t end_ts,
			       struct ctf_error *err)
{
	struct kernel_stream_snapshot snap = {
		.ring_dir = kc->ring_dir,
		.sink = chunk->sink,
		.dir = TRACE_CHUNK_KERNEL_DIR,
		.max_packets = max_packets,
		.end_ts = end_ts,
	};
	char name[CONSUMER_NAME_MAX + 16];
	unsigned int i, cpu;
	int ret = 0;

	for (i = 0; !ret && i < kc->nr_channels; i++) {
		struct kchannel *ch = &kc->channels[i];

		for (cpu = 0; !ret && cpu < ch->nr_cpus; cpu++) {
			snprintf(name, sizeof(name), "%s_%u", ch->name,
				 ch->cpus[cpu].conv.cpu);
			snap.name = name;
			ret = kernel_cpu_stream_snapshot(&ch->cpus[cpu], &snap,
							 err);
		}
	}
	return ret;
}
