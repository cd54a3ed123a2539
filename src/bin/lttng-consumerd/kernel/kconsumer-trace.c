/*
 * The kernel consumer's trace from creation to close: the session
 * daemon's description of the trace and of each channel, then at start
 * kernel/ in the first trace chunk (or a snapshot session's private ring
 * directory, a chunk of its own),
 * the page layout, the metadata, the BPF helpers and one CPU stream per
 * channel and CPU; at close everything written out and released.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kconsumer-trace.h"
#include "trace-chunk/file-sink.h"
#include "tracefs/instance.h"
#include "util/cpus.h"
#include "util/paths.h"
#include "util/time-format.h"

void kconsumer_init(struct kconsumer *kc)
{
	memset(kc, 0, sizeof(*kc));
}

/*
 * The clock the metadata declares: the monotonic clock's identity (name,
 * description, boot id) with the session daemon's source, frequency and
 * offset.
 */
static void use_clock(struct kconsumer *kc,
		      const struct consumer_kernel_trace_desc *desc)
{
	trace_clock_describe(TRACE_CLOCK_MONOTONIC, &kc->clock);
	kc->clock.source = (enum trace_clock_source)desc->clock_source;
	kc->clock.freq = desc->clock_freq;
	kc->clock.offset_s = desc->clock_offset_s;
	kc->clock.offset = desc->clock_offset;
}

int kconsumer_trace_create(struct kconsumer *kc,
			   const struct consumer_kernel_trace_desc *desc,
			   struct ctf_error *err)
{
	if (kc->created)
		return ctf_error_set(err, -EEXIST,
				     "the kernel trace was already created");
	snprintf(kc->tracefs_root, sizeof(kc->tracefs_root), "%s",
		 desc->tracefs_root);
	kc->session_id = desc->session_id;
	kc->first_chunk = desc->chunk_id;
	snprintf(kc->trace_name, sizeof(kc->trace_name), "%s",
		 desc->trace_name);
	kc->snapshot = desc->chunk_id == CONSUMER_CHUNK_NONE;
	use_clock(kc, desc);
	kc->created = true;
	return 0;
}

int kconsumer_channel_add(struct kconsumer *kc,
			  struct consumer_kernel_channel_desc *desc,
			  struct ctf_error *err)
{
	uint32_t stream_id, i;
	struct kchannel *ch;
	int ret;

	if (!kc->created || kc->started)
		return ctf_error_set(err, -EPROTO,
				     "channel %s: the trace is not being set "
				     "up",
				     desc->name);
	if (kconsumer_find_channel(kc, desc->name, &stream_id))
		return ctf_error_set(err, -EEXIST, "channel %s: already added",
				     desc->name);
	if (kc->nr_channels == KCONSUMER_MAX_CHANNELS)
		return ctf_error_set(err, -ENOSPC, "channel %s: more than %d",
				     desc->name, KCONSUMER_MAX_CHANNELS);
	if (desc->subbuf_size < CTF_STREAM_MIN_PACKET_SIZE)
		return ctf_error_set(
			err, -EINVAL, "channel %s: packets of %llu bytes",
			desc->name, (unsigned long long)desc->subbuf_size);
	ch = &kc->channels[kc->nr_channels];
	memset(ch, 0, sizeof(*ch));
	kernel_context_set_init(&ch->contexts);
	for (i = 0; i < desc->nr_contexts; i++) {
		if (kernel_context_set_add(&ch->contexts, desc->contexts[i]))
			return ctf_error_set(err, -EINVAL,
					     "channel %s: context %s",
					     desc->name, desc->contexts[i]);
	}
	snprintf(ch->name, sizeof(ch->name), "%s", desc->name);
	snprintf(ch->instance, sizeof(ch->instance), "%s", desc->instance_path);
	ch->subbuf_size = desc->subbuf_size;
	ch->read_timer_us = desc->read_timer_us
				    ? desc->read_timer_us
				    : KCONSUMER_DEFAULT_READ_TIMER_US;
	ch->switch_timer_us = desc->switch_timer_us;
	ch->tracefile_size = desc->tracefile_size;
	ch->tracefile_count = desc->tracefile_count;
	for (i = 0; i < desc->nr_filters; i++) {
		ret = kconsumer_filter_add(ch, &desc->filters[i]);
		if (ret) {
			kconsumer_filters_free(ch);
			return ctf_error_set(
				err, ret, "channel %s: filter %s/%s",
				desc->name, desc->filters[i].system,
				desc->filters[i].event);
		}
	}
	kc->nr_channels++;
	return 0;
}

struct kchannel *kconsumer_find_channel(struct kconsumer *kc, const char *name,
					uint32_t *stream_id)
{
	uint32_t i;

	for (i = 0; i < kc->nr_channels; i++) {
		if (!strcmp(kc->channels[i].name, name)) {
			*stream_id = i;
			return &kc->channels[i];
		}
	}
	return NULL;
}

/* Whether the instance's buffers are in overwrite mode. */
static bool instance_overwrites(const char *instance)
{
	struct tracefs_instance inst = {.name = "", .path = (char *)instance};
	char *text, msg[256];
	bool on;

	if (tracefs_instance_read(&inst, "options/overwrite", &text, msg,
				  sizeof(msg)))
		return false;
	on = text[0] == '1';
	free(text);
	return on;
}

/* An instance's per-CPU buffer size (buffer_size_kb), 0 if unknown. */
static size_t instance_buffer_bytes(const char *instance)
{
	struct tracefs_instance inst = {.name = "", .path = (char *)instance};
	char *text, msg[256];
	size_t kib;

	if (tracefs_instance_read(&inst, "buffer_size_kb", &text, msg,
				  sizeof(msg)))
		return 0;
	kib = (size_t)strtoul(text, NULL, 10);
	free(text);
	return kib * 1024;
}

/*
 * One kernel_cpu_stream per CPU the instance has a buffer for, on sink
 * (kernel/ of the first chunk, or the snapshot session's ring).
 */
static int open_channel(struct kconsumer *kc, uint32_t stream_id,
			struct stream_sink *sink, struct ctf_error *err)
{
	struct kchannel *ch = &kc->channels[stream_id];
	struct kernel_cpu_stream_config config = {
		.instance_path = ch->instance,
		.sink = sink,
		.dir = kc->snapshot ? "" : TRACE_CHUNK_KERNEL_DIR,
		.channel = ch->name,
		.stream_id = stream_id,
		.packet_size = ch->subbuf_size,
		.tracefile_size = ch->tracefile_size,
		.tracefile_count = ch->tracefile_count,
		.metadata = kc->metadata,
		.layout = &kc->layout,
		.contexts = &ch->contexts,
		.threads = kc->threads,
		.bpf = kc->bpf,
		.trackers = &kc->trackers,
		.to_monotonic = &kc->to_monotonic,
		.before_packet = kconsumer_metadata_before_packet,
		.before_packet_arg = kc,
	};
	char path[PATH_MAX], cpu_dir[32];
	unsigned int cpus = possible_cpus();
	unsigned int cpu;
	int ret;

	config.overwrite = instance_overwrites(ch->instance);
	config.snapshot = kc->snapshot;
	config.ring_dir = kc->ring_dir;
	config.ring_bytes = instance_buffer_bytes(ch->instance);
	ret = kernel_metadata_add_channel(kc->metadata, stream_id,
					  &ch->contexts, ch->filters,
					  ch->nr_filters, err);
	if (ret)
		return ret;
	ch->cpus = calloc(cpus > 0 ? (size_t)cpus : 1, sizeof(*ch->cpus));
	if (!ch->cpus)
		return ctf_error_set(err, -ENOMEM, "out of memory");
	for (cpu = 0; cpu < cpus; cpu++) {
		snprintf(cpu_dir, sizeof(cpu_dir), "per_cpu/cpu%u", cpu);
		if (paths_join(path, sizeof(path), ch->instance, cpu_dir))
			return ctf_error_set(err, -ENAMETOOLONG,
					     "instance path too long: %s",
					     ch->instance);
		if (access(path, F_OK))
			continue;
		config.cpu = cpu;
		ret = kernel_cpu_stream_open(&ch->cpus[ch->nr_cpus], &config,
					     err);
		ch->nr_cpus++;
		if (ret)
			return ret;
	}
	return 0;
}

/* The directory of the private ring (see make_ring). */
static int make_ring_dir(struct kconsumer *kc, struct ctf_error *err)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(kc->ring_dir, sizeof(kc->ring_dir),
		 "/dev/shm/lttng-kconsumer-XXXXXX");
	if (mkdtemp(kc->ring_dir))
		return 0;
	if (paths_join(kc->ring_dir, sizeof(kc->ring_dir),
		       tmp && *tmp ? tmp : "/tmp", "lttng-kconsumer-XXXXXX"))
		return ctf_error_set(err, -ENAMETOOLONG, "TMPDIR too long: %s",
				     tmp);
	if (mkdtemp(kc->ring_dir))
		return 0;
	return ctf_error_set(err, -errno, "cannot create %s: %s", kc->ring_dir,
			     strerror(errno));
}

/*
 * A snapshot session's streams go to a private directory in memory
 * (/dev/shm, else the temporary directory): rings of packet files
 * (stream-snapshot.h) through a file sink on a chunk rooted there,
 * removed when the consumer exits.
 */
static int make_ring(struct kconsumer *kc, struct ctf_error *err)
{
	struct trace_chunk *chunk;
	int ret = make_ring_dir(kc, err);

	if (ret)
		return ret;
	chunk = trace_chunk_create_at(kc->ring_dir, NULL, err);
	if (!chunk)
		return -ENOMEM;
	kc->ring_sink = file_sink_create(chunk, err);
	trace_chunk_put(chunk);
	return kc->ring_sink ? 0 : -ENOMEM;
}

/* Removes the ring directory and the packet files in it. */
static void remove_ring_dir(struct kconsumer *kc)
{
	DIR *d = opendir(kc->ring_dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
	rmdir(kc->ring_dir);
}

/* The kernel's page header layout (events/header_page). */
static int read_page_layout(struct kconsumer *kc, struct ctf_error *err)
{
	char msg[256], *text;
	int ret;

	if (tracefs_read_file(kc->tracefs_root, "events/header_page", &text,
			      msg, sizeof(msg)))
		return ctf_error_set(err, -EIO, "%s", msg);
	ret = tracefs_page_layout_parse(text, &kc->layout, msg, sizeof(msg));
	free(text);
	return ret ? ctf_error_set(err, ret, "%s", msg) : 0;
}

/* The metadata object: the trace's environment and clock. */
static int create_metadata(struct kconsumer *kc, struct ctf_error *err)
{
	struct kernel_trace_info info = {0};
	char hostname[256] = "", datetime[64];

	gethostname(hostname, sizeof(hostname) - 1);
	if (time_format_iso8601(time(NULL), datetime, sizeof(datetime)))
		datetime[0] = '\0';
	info.hostname = hostname;
	info.trace_name = kc->trace_name;
	info.creation_datetime = datetime;
	info.clock = &kc->clock;
	trace_clock_converter_init(&kc->to_monotonic, kc->clock.source,
				   kc->clock.freq);
	kc->metadata = kernel_metadata_create(kc->tracefs_root, &info, err);
	kc->threads = kernel_process_table_create(kc->tracefs_root);
	if (!kc->metadata || !kc->threads)
		return err->message[0]
			       ? -EINVAL
			       : ctf_error_set(err, -ENOMEM, "out of memory");
	return 0;
}

int kconsumer_trace_start(struct kconsumer *kc, struct ctf_error *err)
{
	struct registered_chunk *first = NULL;
	unsigned int i;
	int ret;

	if (!kc->created || kc->started || !kc->nr_channels)
		return ctf_error_set(err, -EPROTO,
				     "start: the trace is not set up");
	ret = kc->snapshot
		      ? make_ring(kc, err)
		      : kconsumer_chunk_dir(kc, kc->first_chunk, &first, err);
	if (!ret)
		ret = read_page_layout(kc, err);
	if (!ret)
		ret = create_metadata(kc, err);
	if (!ret && first)
		ret = kconsumer_metadata_open(kc, first, err);
	if (ret)
		return ret;
	kconsumer_bpf_start(kc);
	for (i = 0; i < kc->nr_channels; i++) {
		ret = open_channel(kc, i, first ? first->sink : kc->ring_sink,
				   err);
		if (ret)
			return ret;
	}
	kc->started = true;
	return kconsumer_metadata_write(kc, err);
}

int kconsumer_trace_close(struct kconsumer *kc, struct ctf_error *err)
{
	int ret = kconsumer_close_streams(kc, err), r;
	unsigned int i;

	for (i = 0; i < kc->nr_channels; i++)
		kconsumer_filters_free(&kc->channels[i]);
	r = kconsumer_metadata_move(kc, NULL, err); /* the rest, closed */
	if (r && !ret)
		ret = r;
	kernel_metadata_destroy(kc->metadata);
	kc->metadata = NULL;
	kernel_process_table_destroy(kc->threads);
	kc->threads = NULL;
	kconsumer_bpf_stop(kc);
	kernel_process_trackers_fini(&kc->trackers);
	stream_sink_put(kc->ring_sink);
	kc->ring_sink = NULL;
	if (kc->snapshot && kc->ring_dir[0])
		remove_ring_dir(kc);
	kc->ring_dir[0] = '\0';
	chunk_registry_clear(&kc->chunks); /* the streams are closed */
	return ret;
}
