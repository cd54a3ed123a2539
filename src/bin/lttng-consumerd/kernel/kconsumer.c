/*
 * The kernel consumer daemon's main loop: command line, trace directory,
 * metadata file, one kernel_cpu_stream per channel and CPU, a periodic
 * drain (the channels' read timer) and the control socket.
 *
 * lttng-consumerd --kconsumerd --tracefs-root DIR (--output DIR | --snapshot)
 *     --control-fd N [--trace-name NAME] [--owner UID:GID]
 *     [--trace-clock monotonic|tsc
 *     --clock-freq HZ --clock-offset-s S --clock-offset CYCLES]
 *     (--channel NAME --instance PATH [--subbuf-size B] [--read-timer US]
 *      [--contexts pid+tid+...] [--switch-timer US]
 *      [--tracefile-size B [--tracefile-count N]]
 *      [--filter SYSTEM/EVENT=EXPR]...)... [--tracker ATTR=VALUES]...
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bpf-credentials.h"
#include "bpf-thread-facts.h"
#include "cpu-stream.h"
#include "statedump-recorder.h"
#include "stream-snapshot.h"
#include "ctf/metadata-stream.h"
#include "consumer-comm/kconsumer-protocol.h"
#include "kconsumer.h"
#include "util/unix-socket.h"
#include "util/user-path.h"
#include "tracefs/event-format.h"
#include "tracefs/instance.h"

#define MAX_CHANNELS 64
#define MAX_BPF_TARGETS 64
#define MAX_POLL_FDS 1024
#define DEFAULT_READ_TIMER_US 200000
#define DEFAULT_PACKET_SIZE (1024 * 1024)

struct kchannel {
	const char *name;
	const char *instance;
	size_t subbuf_size;
	unsigned long read_timer_us;
	unsigned long switch_timer_us; /* 0: packets close when full */
	unsigned long tracefile_size;  /* 0: one unlimited file */
	unsigned long tracefile_count; /* 0: keep every file */
	uint64_t last_switch_ns;
	struct kernel_context_set contexts;
	struct kernel_filter_spec *filters;
	size_t nr_filters;
	unsigned int nr_cpus;
	struct kernel_cpu_stream *cpus;
	uint64_t reported_lost_strings; /* report_lost_strings() */
};

struct kconsumer {
	const char *tracefs_root;
	const char *output;
	const char *trace_name;
	int control_fd;
	/* The session's owner: creates every trace file and directory. */
	struct user_creds owner;
	/* from the session daemon: both domains' (trace-clock.h) */
	struct trace_clock_desc clock;
	bool has_clock; /* else measured here: CLOCK_MONOTONIC */
	struct trace_clock_converter to_monotonic;
	char trace_dir[4096];
	unsigned int nr_channels;
	struct kchannel channels[MAX_CHANNELS];
	struct tracefs_page_layout layout;
	struct kernel_metadata *metadata;
	struct kernel_process_table *threads;
	struct kernel_bpf_strings *bpf;
	struct kernel_process_trackers trackers;
	struct kernel_bpf_credentials *credentials;
	struct kernel_bpf_thread_facts *thread_facts;
	int metadata_fd;
	size_t metadata_written;
	/* a snapshot session's: no files, buffers kept for snapshots */
	bool snapshot;
	bool between_chunks; /* rotated while stopped: no files */
};

static volatile sig_atomic_t quit_requested;

static void on_signal(int sig)
{
	(void)sig;
	quit_requested = 1;
}

static int parse_signed(const char *text, int64_t *out)
{
	char *end;

	errno = 0;
	*out = strtoll(text, &end, 10);
	return errno || end == text || *end ? -1 : 0;
}

static int parse_number(const char *text, unsigned long *out)
{
	char *end;

	errno = 0;
	*out = strtoul(text, &end, 10);
	return errno || end == text || *end ? -1 : 0;
}

enum {
	OPT_KCONSUMERD = 256,
	OPT_TRACEFS_ROOT,
	OPT_OUTPUT,
	OPT_CONTROL_FD,
	OPT_TRACE_NAME,
	OPT_CHANNEL,
	OPT_INSTANCE,
	OPT_SUBBUF_SIZE,
	OPT_READ_TIMER,
	OPT_CONTEXTS,
	OPT_FILTER,
	OPT_TRACE_CLOCK,
	OPT_CLOCK_FREQ,
	OPT_CLOCK_OFFSET_S,
	OPT_CLOCK_OFFSET,
	OPT_SWITCH_TIMER,
	OPT_TRACEFILE_SIZE,
	OPT_TRACEFILE_COUNT,
	OPT_TRACKER,
	OPT_SNAPSHOT,
	OPT_OWNER,
};

static const struct option long_options[] = {
	{"kconsumerd", no_argument, NULL, OPT_KCONSUMERD},
	{"tracefs-root", required_argument, NULL, OPT_TRACEFS_ROOT},
	{"output", required_argument, NULL, OPT_OUTPUT},
	{"control-fd", required_argument, NULL, OPT_CONTROL_FD},
	{"trace-name", required_argument, NULL, OPT_TRACE_NAME},
	{"channel", required_argument, NULL, OPT_CHANNEL},
	{"instance", required_argument, NULL, OPT_INSTANCE},
	{"subbuf-size", required_argument, NULL, OPT_SUBBUF_SIZE},
	{"read-timer", required_argument, NULL, OPT_READ_TIMER},
	{"contexts", required_argument, NULL, OPT_CONTEXTS},
	{"filter", required_argument, NULL, OPT_FILTER},
	{"tracker", required_argument, NULL, OPT_TRACKER},
	{"trace-clock", required_argument, NULL, OPT_TRACE_CLOCK},
	{"clock-freq", required_argument, NULL, OPT_CLOCK_FREQ},
	{"clock-offset-s", required_argument, NULL, OPT_CLOCK_OFFSET_S},
	{"clock-offset", required_argument, NULL, OPT_CLOCK_OFFSET},
	{"switch-timer", required_argument, NULL, OPT_SWITCH_TIMER},
	{"tracefile-size", required_argument, NULL, OPT_TRACEFILE_SIZE},
	{"tracefile-count", required_argument, NULL, OPT_TRACEFILE_COUNT},
	{"snapshot", no_argument, NULL, OPT_SNAPSHOT},
	{"owner", required_argument, NULL, OPT_OWNER},
	{NULL, 0, NULL, 0},
};

/* Adds a --filter=SYSTEM/EVENT=EXPR of a channel. */
static int add_filter(struct kchannel *ch, const char *arg)
{
	struct kernel_filter_spec spec, *filters;

	if (kernel_filter_spec_parse(arg, &spec))
		return -1;
	filters = realloc(ch->filters, (ch->nr_filters + 1) * sizeof(spec));
	if (!filters)
		return -1;
	filters[ch->nr_filters++] = spec;
	ch->filters = filters;
	return 0;
}

static void free_filters(struct kchannel *ch)
{
	size_t i;

	for (i = 0; i < ch->nr_filters; i++)
		free(ch->filters[i].owned);
	free(ch->filters);
	ch->filters = NULL;
	ch->nr_filters = 0;
}

/* Applies a channel option to the channel being described. */
static int channel_option(struct kconsumer *kc, int opt, const char *arg)
{
	struct kchannel *ch;
	unsigned long v;

	if (opt == OPT_CHANNEL) {
		if (kc->nr_channels == MAX_CHANNELS)
			return -1;
		ch = &kc->channels[kc->nr_channels++];
		ch->name = arg;
		ch->subbuf_size = DEFAULT_PACKET_SIZE;
		ch->read_timer_us = DEFAULT_READ_TIMER_US;
		return 0;
	}
	if (!kc->nr_channels)
		return -1;
	ch = &kc->channels[kc->nr_channels - 1];
	switch (opt) {
	case OPT_INSTANCE:
		ch->instance = arg;
		return 0;
	case OPT_SUBBUF_SIZE:
		if (parse_number(arg, &v) || v < CTF_STREAM_MIN_PACKET_SIZE)
			return -1;
		ch->subbuf_size = v;
		return 0;
	case OPT_READ_TIMER:
		if (parse_number(arg, &v))
			return -1;
		ch->read_timer_us = v;
		return 0;
	case OPT_FILTER:
		return add_filter(ch, arg);
	case OPT_SWITCH_TIMER:
		if (parse_number(arg, &v))
			return -1;
		ch->switch_timer_us = v;
		return 0;
	case OPT_TRACEFILE_SIZE:
		if (parse_number(arg, &v))
			return -1;
		ch->tracefile_size = v;
		return 0;
	case OPT_TRACEFILE_COUNT:
		if (parse_number(arg, &v))
			return -1;
		ch->tracefile_count = v;
		return 0;
	default:
		return kernel_context_set_parse(arg, &ch->contexts) ? -1 : 0;
	}
}

static int parse_args(struct kconsumer *kc, int argc, char **argv)
{
	unsigned long v;
	unsigned int i;
	int opt;

	kc->control_fd = -1;
	kc->trace_name = "kernel";
	optind = 1;
	while ((opt = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
		switch (opt) {
		case OPT_KCONSUMERD:
			break;
		case OPT_SNAPSHOT:
			kc->snapshot = true;
			break;
		case OPT_OWNER: {
			unsigned int uid, gid;
			char end;

			if (sscanf(optarg, "%u:%u%c", &uid, &gid, &end) != 2)
				goto bad;
			kc->owner.uid = uid;
			kc->owner.gid = gid;
			break;
		}
		case OPT_TRACEFS_ROOT:
			kc->tracefs_root = optarg;
			break;
		case OPT_OUTPUT:
			kc->output = optarg;
			break;
		case OPT_TRACE_NAME:
			kc->trace_name = optarg;
			break;
		case OPT_TRACE_CLOCK:
			if (trace_clock_source_parse(optarg, &kc->clock.source))
				goto bad;
			kc->has_clock = true;
			break;
		case OPT_CLOCK_FREQ:
			if (parse_number(optarg, &v) || !v)
				goto bad;
			kc->clock.freq = v;
			break;
		case OPT_CLOCK_OFFSET_S:
			if (parse_signed(optarg, &kc->clock.offset_s))
				goto bad;
			break;
		case OPT_CLOCK_OFFSET:
			if (parse_signed(optarg, &kc->clock.offset))
				goto bad;
			break;
		case OPT_CONTROL_FD:
			if (parse_number(optarg, &v) || v > 65535)
				goto bad;
			kc->control_fd = (int)v;
			break;
		case OPT_TRACKER:
			if (kernel_process_trackers_set(&kc->trackers, optarg))
				goto bad;
			break;
		case OPT_CHANNEL:
		case OPT_INSTANCE:
		case OPT_SUBBUF_SIZE:
		case OPT_READ_TIMER:
		case OPT_CONTEXTS:
		case OPT_FILTER:
		case OPT_SWITCH_TIMER:
		case OPT_TRACEFILE_SIZE:
		case OPT_TRACEFILE_COUNT:
			if (channel_option(kc, opt, optarg))
				goto bad;
			break;
		default:
			goto bad;
		}
	}
	if (!kc->tracefs_root || !kc->output == !kc->snapshot ||
	    kc->control_fd < 0 || !kc->nr_channels || optind != argc)
		goto bad;
	for (i = 0; i < kc->nr_channels; i++) {
		if (!kc->channels[i].instance)
			goto bad;
	}
	return 0;
bad:
	fprintf(stderr, "Error: kernel consumer: invalid arguments\n");
	return -1;
}

/* mkdir -p as the session's owner (util/user-path.h). */
static int make_dirs(const struct kconsumer *kc, const char *path)
{
	return user_path_mkdir_p(&kc->owner, path);
}

/* Creates (truncates) a metadata file as the session's owner. */
static int open_metadata_file(const struct kconsumer *kc, const char *path)
{
	int fd = user_path_open(&kc->owner, path,
				O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0660);

	if (fd < 0)
		errno = -fd;
	return fd < 0 ? -1 : fd;
}

/* Appends the metadata text not yet in the metadata file. */
static int write_metadata(struct kconsumer *kc, struct ctf_error *err)
{
	const struct ctf_metadata *md = kernel_metadata_ctf(kc->metadata);
	size_t len;
	const char *text =
		ctf_metadata_text_since(md, kc->metadata_written, &len);
	int ret;

	if (!len || kc->metadata_fd < 0) /* a snapshot session's: none */
		return 0;
	ret = ctf_metadata_stream_write(kc->metadata_fd, ctf_metadata_uuid(md),
					text, len, err);
	if (!ret)
		kc->metadata_written += len;
	return ret;
}

/*
 * Before each data packet: the classes declared since the last write
 * (the converter declares a class at its first record) reach the
 * metadata file first, so a reader of the active session's growing
 * trace never finds a record of an undeclared class.
 */
static int write_metadata_first(void *kc, struct ctf_error *err)
{
	return write_metadata(kc, err);
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

static int open_channel(struct kconsumer *kc, uint32_t stream_id,
			struct ctf_error *err)
{
	struct kchannel *ch = &kc->channels[stream_id];
	struct kernel_cpu_stream_config config = {
		.instance_path = ch->instance,
		.trace_dir = kc->trace_dir,
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
		.owner = kc->owner,
		.before_packet = write_metadata_first,
		.before_packet_arg = kc,
	};
	char path[4200];
	long cpus = sysconf(_SC_NPROCESSORS_CONF);
	unsigned int cpu;
	int ret;

	config.overwrite = instance_overwrites(ch->instance);
	config.snapshot = kc->snapshot;
	config.ring_bytes = instance_buffer_bytes(ch->instance);
	ret = kernel_metadata_add_channel(kc->metadata, stream_id,
					  &ch->contexts, ch->filters,
					  ch->nr_filters, err);
	if (ret)
		return ret;
	ch->cpus = calloc(cpus > 0 ? (size_t)cpus : 1, sizeof(*ch->cpus));
	if (!ch->cpus)
		return ctf_error_set(err, -ENOMEM, "out of memory");
	for (cpu = 0; cpu < (unsigned int)cpus; cpu++) {
		snprintf(path, sizeof(path), "%s/per_cpu/cpu%u", ch->instance,
			 cpu);
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

/* The id of tracepoint syscalls/NAME, or 0 when it has none. */
static unsigned int syscall_event_id(const struct kconsumer *kc,
				     const char *name)
{
	char rel[600], *text, msg[256];
	unsigned int id;

	snprintf(rel, sizeof(rel), "events/syscalls/%s/id", name);
	if (tracefs_read_file(kc->tracefs_root, rel, &text, msg, sizeof(msg)))
		return 0;
	id = (unsigned int)strtoul(text, NULL, 10);
	free(text);
	return id;
}

/*
 * The target of event sys_enter_NAME (its format parsed): 0 and *t
 * filled when it has a string argument BPF can capture, else -1.
 */
static int bpf_target_of(const struct kconsumer *kc, const char *enter_name,
			 const struct tracefs_event_format *format,
			 struct kernel_bpf_target *t)
{
	const char *syscall = enter_name + strlen("sys_enter_");
	char exit_name[300];
	size_t i;

	for (i = 0; i < format->nr_fields; i++) {
		if (kernel_bpf_string_arg(format->fields[i].name,
					  format->fields[i].type))
			break;
	}
	if (i == format->nr_fields)
		return -1;
	snprintf(exit_name, sizeof(exit_name), "sys_exit_%s", syscall);
	t->tracepoint_id = format->id;
	t->exit_tracepoint_id = syscall_event_id(kc, exit_name);
	t->arg_offset = format->fields[i].offset;
	t->nr_args = 0;
	for (i = 0; i < format->nr_fields; i++) /* __syscall_nr's followers */
		if (format->fields[i].offset >= KERNEL_BPF_ARGS_OFFSET)
			t->nr_args++;
	t->exec_like =
		!strcmp(syscall, "execve") || !strcmp(syscall, "execveat");
	return t->exit_tracepoint_id ? 0 : -1;
}

/*
 * Adds to targets the enabled sys_enter_* events of one instance that
 * have a string argument BPF can capture (their set_event lines are
 * "syscalls:sys_enter_NAME").
 */
static size_t find_bpf_targets(const struct kconsumer *kc, const char *instance,
			       struct kernel_bpf_target *targets, size_t count,
			       size_t max)
{
	struct tracefs_instance inst = {.name = "", .path = (char *)instance};
	struct tracefs_event_format format;
	char *set, *line, *save = NULL, rel[600], *text, msg[256];

	if (tracefs_instance_read(&inst, "set_event", &set, msg, sizeof(msg)))
		return count;
	for (line = strtok_r(set, "\n", &save); line && count < max;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "syscalls:sys_enter_", 19))
			continue;
		snprintf(rel, sizeof(rel), "events/syscalls/%s/format",
			 line + 9);
		if (tracefs_read_file(kc->tracefs_root, rel, &text, msg,
				      sizeof(msg)))
			continue;
		if (!tracefs_event_format_parse(text, "syscalls", &format, msg,
						sizeof(msg))) {
			if (!bpf_target_of(kc, line + 9, &format,
					   &targets[count]))
				count++;
			tracefs_event_format_fini(&format);
		}
		free(text);
	}
	free(set);
	return count;
}

#define MARKER_ENABLE "events/bpf_trace/bpf_trace_printk/enable"

/*
 * The kernel enables the markers' event of the top level instance when
 * it verifies a program that prints, from a work queue (asynchronously):
 * waits up to 1 s for that, then disables it again.
 */
static void restore_top_marker_event(const struct kconsumer *kc)
{
	struct tracefs_instance top = {.name = "",
				       .path = (char *)kc->tracefs_root};
	const struct timespec pause = {0, 5000000};
	char msg[256], *text;
	int i, enabled = 0;

	for (i = 0; i < 200 && !enabled; i++) {
		if (tracefs_read_file(kc->tracefs_root, MARKER_ENABLE, &text,
				      msg, sizeof(msg)))
			return;
		enabled = text[0] == '1';
		free(text);
		if (!enabled)
			nanosleep(&pause, NULL);
	}
	if (enabled)
		tracefs_instance_write(&top, MARKER_ENABLE, "0", msg,
				       sizeof(msg));
}

/*
 * Captures the string arguments of the enabled system calls with BPF
 * when it can; the trace then holds strings instead of addresses.
 */
static void start_bpf_strings(struct kconsumer *kc)
{
	struct kernel_bpf_target targets[MAX_BPF_TARGETS];
	unsigned int ids[MAX_BPF_TARGETS];
	size_t count = 0, i, j;
	char err[1024], *top_enable = NULL;

	for (i = 0; i < kc->nr_channels; i++)
		count = find_bpf_targets(kc, kc->channels[i].instance, targets,
					 count, MAX_BPF_TARGETS);
	for (i = j = 0; i < count; i++) { /* once per tracepoint */
		size_t k;

		for (k = 0; k < j && targets[k].tracepoint_id !=
					     targets[i].tracepoint_id;
		     k++)
			;
		if (k == j)
			targets[j++] = targets[i];
	}
	if (!j)
		return;
	/* Loading a program that prints enables the markers' event at the
	 * top level too: keep it as it was there. */
	tracefs_read_file(kc->tracefs_root, MARKER_ENABLE, &top_enable, err,
			  sizeof(err));
	kc->bpf = kernel_bpf_strings_create(kc->tracefs_root, targets, j, err,
					    sizeof(err));
	if (top_enable && top_enable[0] == '0')
		restore_top_marker_event(kc);
	free(top_enable);
	for (i = 0; kc->bpf && i < kc->nr_channels; i++) {
		if (kernel_bpf_strings_setup_instance(kc->bpf,
						      kc->channels[i].instance,
						      err, sizeof(err))) {
			kernel_bpf_strings_destroy(kc->bpf);
			kc->bpf = NULL;
		}
	}
	if (!kc->bpf) {
		fprintf(stderr,
			"Warning: kernel consumer: system call strings stay "
			"addresses: %s\n",
			err);
		return;
	}
	for (i = 0; i < j; i++)
		ids[i] = targets[i].tracepoint_id;
	if (kernel_metadata_set_bpf_targets(kc->metadata, ids, j)) {
		kernel_bpf_strings_destroy(kc->bpf);
		kc->bpf = NULL;
	}
}

/*
 * The clock the metadata declares: the monotonic clock's identity (name,
 * description, boot id), with the session daemon's source, frequency and
 * offset when it gave them (else measured here).
 */
static void use_clock_args(struct kconsumer *kc)
{
	struct trace_clock_desc given = kc->clock;

	trace_clock_describe(TRACE_CLOCK_MONOTONIC, &kc->clock);
	if (!kc->has_clock || !given.freq)
		return;
	kc->clock.source = given.source;
	kc->clock.freq = given.freq;
	kc->clock.offset_s = given.offset_s;
	kc->clock.offset = given.offset;
}

/*
 * Keeps the credentials of threads as they change, for those that exit
 * before their records are converted (trackers, credential contexts).
 */
static void start_bpf_credentials(struct kconsumer *kc)
{
	char err[1024];

	kc->credentials = kernel_bpf_credentials_create(kc->tracefs_root, err,
							sizeof(err));
	if (!kc->credentials) {
		fprintf(stderr,
			"Warning: kernel consumer: the ids of threads gone "
			"before their records are read stay unknown: %s\n",
			err);
		return;
	}
	kernel_process_table_set_credentials(
		kc->threads, kernel_bpf_credentials_lookup, kc->credentials);
}

/*
 * Keeps what threads were as they exit (parent, priorities, namespace
 * ids and inodes), for those that exit before their records are
 * converted (context fields).
 */
static void start_bpf_thread_facts(struct kconsumer *kc)
{
	char err[1024];

	kc->thread_facts = kernel_bpf_thread_facts_create(
		kc->tracefs_root, "/sys/kernel/btf/vmlinux", err, sizeof(err));
	if (!kc->thread_facts) {
		fprintf(stderr,
			"Warning: kernel consumer: the facts of threads gone "
			"before their records are read stay unknown: %s\n",
			err);
		return;
	}
	kernel_process_table_set_exit_facts(
		kc->threads, kernel_bpf_thread_facts_lookup, kc->thread_facts);
}

/*
 * A snapshot session's streams go to a private directory in memory
 * (/dev/shm, else the temporary directory): rings of packet files
 * (stream-snapshot.h), removed when the consumer exits.
 */
static int make_ring_dir(struct kconsumer *kc, struct ctf_error *err)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(kc->trace_dir, sizeof(kc->trace_dir),
		 "/dev/shm/lttng-kconsumer-XXXXXX");
	if (mkdtemp(kc->trace_dir))
		return 0;
	snprintf(kc->trace_dir, sizeof(kc->trace_dir),
		 "%s/lttng-kconsumer-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(kc->trace_dir))
		return 0;
	return ctf_error_set(err, -errno, "cannot create %s: %s", kc->trace_dir,
			     strerror(errno));
}

/* Removes the ring directory and the packet files in it. */
static void remove_ring_dir(struct kconsumer *kc)
{
	DIR *d = opendir(kc->trace_dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
	rmdir(kc->trace_dir);
}

static int setup(struct kconsumer *kc, struct ctf_error *err)
{
	struct kernel_trace_info info = {0};
	char hostname[256] = "", datetime[64], msg[256], *text;
	char path[4200];
	time_t now = time(NULL);
	struct tm tm;
	unsigned int i;
	int ret;

	if (kc->snapshot) {
		ret = make_ring_dir(kc, err);
		if (ret)
			return ret;
	} else {
		snprintf(kc->trace_dir, sizeof(kc->trace_dir), "%s/kernel",
			 kc->output);
		ret = make_dirs(kc, kc->trace_dir);
		if (ret)
			return ctf_error_set(err, ret, "cannot create %s: %s",
					     kc->trace_dir, strerror(-ret));
	}
	if (tracefs_read_file(kc->tracefs_root, "events/header_page", &text,
			      msg, sizeof(msg)))
		return ctf_error_set(err, -EIO, "%s", msg);
	ret = tracefs_page_layout_parse(text, &kc->layout, msg, sizeof(msg));
	free(text);
	if (ret)
		return ctf_error_set(err, ret, "%s", msg);
	gethostname(hostname, sizeof(hostname) - 1);
	localtime_r(&now, &tm);
	strftime(datetime, sizeof(datetime), "%Y%m%dT%H%M%S%z", &tm);
	info.hostname = hostname;
	info.trace_name = kc->trace_name;
	info.creation_datetime = datetime;
	use_clock_args(kc);
	trace_clock_converter_init(&kc->to_monotonic, kc->clock.source,
				   kc->clock.freq);
	info.clock = &kc->clock;
	kc->metadata = kernel_metadata_create(kc->tracefs_root, &info, err);
	kc->threads = kernel_process_table_create(kc->tracefs_root);
	if (!kc->metadata || !kc->threads)
		return -ENOMEM;
	snprintf(path, sizeof(path), "%s/metadata", kc->trace_dir);
	kc->metadata_fd = kc->snapshot ? -1 : open_metadata_file(kc, path);
	if (kc->metadata_fd < 0 && !kc->snapshot)
		return ctf_error_set(err, -errno, "cannot create %s: %s", path,
				     strerror(errno));
	start_bpf_strings(kc);
	start_bpf_credentials(kc);
	start_bpf_thread_facts(kc);
	for (i = 0; i < kc->nr_channels; i++) {
		ret = open_channel(kc, i, err);
		if (ret)
			return ret;
	}
	return write_metadata(kc, err);
}

/*
 * Converts what every buffer holds; the events queued in a stream (the
 * state dump's) older than the start of this drain then follow: no
 * record older than that can come any more.
 */
static int drain_all(struct kconsumer *kc, struct ctf_error *err)
{
	uint64_t start = trace_clock_read(kc->clock.source);
	unsigned int i, cpu;
	int ret;

	if (kc->between_chunks)
		return 0;
	if (kc->bpf) /* the strings of the records about to be read */
		kernel_bpf_strings_drain(kc->bpf);
	for (i = 0; i < kc->nr_channels; i++) {
		for (cpu = 0; cpu < kc->channels[i].nr_cpus; cpu++) {
			struct kernel_cpu_stream *s =
				&kc->channels[i].cpus[cpu];

			ret = kernel_cpu_stream_drain(s, err);
			if (!ret)
				ret = kernel_page_converter_write_queued(
					&s->conv, start, err);
			if (ret)
				return ret;
		}
	}
	return write_metadata(kc, err);
}

/*
 * Says on stderr (the session daemon's log) how many system call
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
			fprintf(stderr,
				"Warning: kernel consumer: channel %s: %" PRIu64
				" system call strings could not be read "
				"(recorded as empty strings)\n",
				ch->name, lost);
		ch->reported_lost_strings = lost;
	}
}

static int flush_all(struct kconsumer *kc, struct ctf_error *err)
{
	uint64_t now = trace_clock_read(kc->clock.source);
	unsigned int i, cpu;
	int ret;

	if (kc->between_chunks)
		return 0;
	if (kc->bpf)
		kernel_bpf_strings_drain(kc->bpf);
	for (i = 0; i < kc->nr_channels; i++) {
		for (cpu = 0; cpu < kc->channels[i].nr_cpus; cpu++) {
			ret = kernel_cpu_stream_flush(
				&kc->channels[i].cpus[cpu], now, err);
			if (ret)
				return ret;
		}
	}
	report_lost_strings(kc);
	ret = write_metadata(kc, err);
	if (!ret && kc->metadata_fd >= 0)
		fsync(kc->metadata_fd);
	return ret;
}

static int close_all(struct kconsumer *kc, struct ctf_error *err)
{
	uint64_t now = trace_clock_read(kc->clock.source);
	unsigned int i, cpu;
	int ret = 0, r;

	if (kc->bpf)
		kernel_bpf_strings_drain(kc->bpf);
	for (i = 0; i < kc->nr_channels; i++) {
		for (cpu = 0; cpu < kc->channels[i].nr_cpus; cpu++) {
			r = kernel_cpu_stream_close(&kc->channels[i].cpus[cpu],
						    now, err);
			if (r && !ret)
				ret = r;
		}
		free(kc->channels[i].cpus);
		kc->channels[i].cpus = NULL;
		free_filters(&kc->channels[i]);
		kc->channels[i].nr_filters = 0;
	}
	if (kc->metadata && kc->metadata_fd >= 0) {
		r = write_metadata(kc, err);
		if (r && !ret)
			ret = r;
	}
	if (kc->metadata_fd >= 0)
		close(kc->metadata_fd);
	kc->metadata_fd = -1;
	kernel_metadata_destroy(kc->metadata);
	kernel_process_table_destroy(kc->threads);
	kernel_bpf_strings_destroy(kc->bpf);
	kc->bpf = NULL;
	kernel_process_trackers_fini(&kc->trackers);
	kernel_bpf_credentials_destroy(kc->credentials);
	kc->credentials = NULL;
	kernel_bpf_thread_facts_destroy(kc->thread_facts);
	kc->thread_facts = NULL;
	if (kc->snapshot && kc->trace_dir[0])
		remove_ring_dir(kc);
	return ret;
}

static void reply(struct kconsumer *kc, int ok)
{
	char byte = ok ? KCONSUMER_REPLY_OK : KCONSUMER_REPLY_ERROR;

	if (write(kc->control_fd, &byte, 1) != 1)
		quit_requested = 1;
}

static int poll_timeout_ms(const struct kconsumer *kc)
{
	unsigned long shortest = DEFAULT_READ_TIMER_US;
	unsigned int i;

	for (i = 0; i < kc->nr_channels; i++) {
		if (kc->channels[i].read_timer_us &&
		    kc->channels[i].read_timer_us < shortest)
			shortest = kc->channels[i].read_timer_us;
		if (kc->channels[i].switch_timer_us &&
		    kc->channels[i].switch_timer_us < shortest)
			shortest = kc->channels[i].switch_timer_us;
	}
	return shortest / 1000 ? (int)(shortest / 1000) : 1;
}

/*
 * The descriptors to wait on: the control socket first, then every CPU
 * buffer (readable once it is buffer_percent full, so a burst is read
 * before the read timer fires). Returns how many were set.
 */
static nfds_t poll_set(const struct kconsumer *kc, struct pollfd *fds,
		       nfds_t max)
{
	unsigned int i, cpu;
	nfds_t n = 0;

	fds[n++] = (struct pollfd){.fd = kc->control_fd, .events = POLLIN};
	for (i = 0; i < kc->nr_channels; i++) {
		for (cpu = 0; cpu < kc->channels[i].nr_cpus && n < max; cpu++)
			fds[n++] = (struct pollfd){
				.fd = kc->channels[i].cpus[cpu].fd,
				.events = POLLIN};
	}
	return n;
}

/*
 * The switch timer: every switch_timer_us, a channel's open packets are
 * closed and written, so that readers see recent events without waiting
 * for the packets to fill.
 */
static void switch_packets(struct kconsumer *kc)
{
	uint64_t now_ns = trace_clock_monotonic();
	uint64_t now = trace_clock_read(kc->clock.source);
	struct ctf_error err = {{0}};
	unsigned int i, cpu;

	if (kc->between_chunks)
		return;
	for (i = 0; i < kc->nr_channels; i++) {
		struct kchannel *ch = &kc->channels[i];

		if (!ch->switch_timer_us ||
		    now_ns - ch->last_switch_ns < ch->switch_timer_us * 1000ULL)
			continue;
		ch->last_switch_ns = now_ns;
		for (cpu = 0; cpu < ch->nr_cpus; cpu++) {
			if (kernel_cpu_stream_flush(&ch->cpus[cpu], now, &err))
				fprintf(stderr, "Error: kernel consumer: %s\n",
					err.message);
		}
	}
	if (write_metadata(kc, &err))
		fprintf(stderr, "Error: kernel consumer: %s\n", err.message);
}

static struct kchannel *find_channel(struct kconsumer *kc, const char *name,
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

/*
 * Replaces (or, expression empty, removes) the channel's filter of the
 * event spec names; spec.owned (taken) holds the text.
 */
static int replace_filter(struct kconsumer *kc, struct kchannel *ch,
			  uint32_t stream_id, struct kernel_filter_spec *spec)
{
	struct kernel_filter_spec *filters;
	size_t i;

	for (i = 0; i < ch->nr_filters; i++) {
		if (!strcmp(ch->filters[i].system, spec->system) &&
		    !strcmp(ch->filters[i].event, spec->event))
			break;
	}
	if (i < ch->nr_filters) {
		free(ch->filters[i].owned);
		ch->filters[i] = ch->filters[--ch->nr_filters];
	}
	if (spec->expression[0]) {
		filters = realloc(ch->filters,
				  (ch->nr_filters + 1) * sizeof(*filters));
		if (!filters) {
			free(spec->owned);
			return -1;
		}
		filters[ch->nr_filters++] = *spec;
		ch->filters = filters;
	} else {
		free(spec->owned);
	}
	return kernel_metadata_set_filters(kc->metadata, stream_id, ch->filters,
					   ch->nr_filters);
}

/* The 'F' command: "CHANNEL\nSYSTEM/EVENT=EXPR". 0 or -1. */
static int set_filter(struct kconsumer *kc)
{
	struct ctf_error err = {{0}};
	struct kernel_filter_spec spec;
	struct kchannel *ch;
	uint32_t len, stream_id;
	char *text, *newline, *equal;
	bool removal;

	if (usock_recv_all(kc->control_fd, &len, sizeof(len)) ||
	    len > KCONSUMER_MAX_FILTER_MESSAGE)
		return -1;
	text = calloc(1, (size_t)len + 2);
	if (!text || usock_recv_all(kc->control_fd, text, len)) {
		free(text);
		return -1;
	}
	newline = strchr(text, '\n');
	equal = newline ? strchr(newline, '=') : NULL;
	if (!equal) {
		free(text);
		return -1;
	}
	*newline = '\0';
	ch = find_channel(kc, text, &stream_id);
	/* An empty expression: parse a placeholder (text has room), then
	 * empty it. */
	removal = !equal[1];
	if (removal)
		equal[1] = '0';
	if (!ch || kernel_filter_spec_parse(newline + 1, &spec)) {
		free(text);
		return -1;
	}
	if (removal)
		spec.expression = "";
	spec.owned = text;
	/* The records already in the buffers met the filter in force. */
	if (drain_all(kc, &err))
		fprintf(stderr, "Error: kernel consumer: %s\n", err.message);
	return replace_filter(kc, ch, stream_id, &spec);
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

/*
 * One "CHANNEL\tEVENT\tEXPRESSIONS" line of the 'D' command. Unknown
 * events are ignored (a newer session daemon). 0 or -1.
 */
static int add_statedump_line(struct kconsumer *kc,
			      struct statedump_recorder *rec, char *line)
{
	char *event = strchr(line, '\t'), *expressions;
	struct kernel_cpu_stream *stream;
	struct kchannel *ch;
	uint32_t stream_id;
	int e;

	expressions = event ? strchr(event + 1, '\t') : NULL;
	if (!expressions)
		return -1;
	*event++ = '\0';
	*expressions++ = '\0';
	ch = find_channel(kc, line, &stream_id);
	if (!ch)
		return -1;
	e = statedump_event_find(event);
	stream = current_cpu_stream(ch);
	if (e < 0 || !stream)
		return 0;
	return statedump_recorder_add(rec, stream_id, stream, e, expressions)
		       ? -1
		       : 0;
}

/*
 * The 'D' command (kconsumer-protocol.h): "tid=TID" (the session
 * daemon's thread asking: the events' context describes it, as LTTng's
 * describes the thread running the dump), then the state dump events
 * each channel records with their filters. The dump's events are queued
 * in each channel's stream with their times, then a drain writes them
 * among the records (tracing may be on: records of the dump's time are
 * interleaved, as with LTTng). 0 or -1.
 */
static int record_statedump(struct kconsumer *kc)
{
	static struct statedump_recorder rec;
	char *text, *line, *save = NULL;
	int32_t tid;
	uint32_t len;
	int ret = 0;

	if (usock_recv_all(kc->control_fd, &len, sizeof(len)) ||
	    len > KCONSUMER_MAX_FILTER_MESSAGE)
		return -1;
	text = calloc(1, (size_t)len + 1);
	if (!text || usock_recv_all(kc->control_fd, text, len)) {
		free(text);
		return -1;
	}
	line = strtok_r(text, "\n", &save);
	if (!line || sscanf(line, "tid=%d", &tid) != 1) {
		free(text);
		return -1;
	}
	statedump_recorder_init(&rec, kc->metadata, kc->clock.source,
				kc->threads, tid);
	for (line = strtok_r(NULL, "\n", &save); !ret && line;
	     line = strtok_r(NULL, "\n", &save))
		ret = add_statedump_line(kc, &rec, line);
	free(text);
	if (!ret && !kc->between_chunks) {
		ret = statedump_recorder_run(&rec);
		if (ret)
			fprintf(stderr,
				"Error: kernel consumer: state dump: %s\n",
				rec.err.message[0] ? rec.err.message
						   : strerror(-ret));
		/* drain_all also writes the new classes to the metadata */
		if (drain_all(kc, &rec.err))
			ret = -1;
	}
	statedump_recorder_fini(&rec);
	return ret ? -1 : 0;
}

/*
 * The 'S' command: a uint32_t length then the channel name; answers 'k'
 * and two uint64_t, the channel's discarded events (discard mode) and
 * lost packets (overwrite mode), summed over its CPUs, or 'e'.
 */
static int send_stats(struct kconsumer *kc)
{
	char name[KCONSUMER_MAX_CHANNEL_NAME + 1] = "";
	uint64_t counts[2] = {0, 0};
	struct kchannel *ch;
	uint32_t len, stream_id;
	char ok = KCONSUMER_REPLY_OK;
	unsigned int cpu;

	if (usock_recv_all(kc->control_fd, &len, sizeof(len)) ||
	    len > KCONSUMER_MAX_CHANNEL_NAME ||
	    usock_recv_all(kc->control_fd, name, len))
		return -1;
	ch = find_channel(kc, name, &stream_id);
	if (!ch)
		return -1;
	for (cpu = 0; cpu < ch->nr_cpus; cpu++) {
		const struct kernel_page_converter *c = &ch->cpus[cpu].conv;

		counts[0] += c->overwrite ? 0 : c->discarded;
		counts[1] += c->lost_packets;
	}
	if (write(kc->control_fd, &ok, 1) != 1 ||
	    write(kc->control_fd, counts, sizeof(counts)) !=
		    (ssize_t)sizeof(counts))
		quit_requested = 1;
	return 0;
}

/* The 'T' command: a uint32_t length then "ATTR=VALUES". 0 or -1. */
static int set_tracker(struct kconsumer *kc)
{
	struct ctf_error err = {{0}};
	uint32_t len;
	char *spec;
	int ret;

	if (usock_recv_all(kc->control_fd, &len, sizeof(len)) ||
	    len > KCONSUMER_MAX_FILTER_MESSAGE)
		return -1;
	spec = calloc(1, (size_t)len + 1);
	if (!spec || usock_recv_all(kc->control_fd, spec, len)) {
		free(spec);
		return -1;
	}
	/* The records already in the buffers met the trackers in force. */
	if (drain_all(kc, &err))
		fprintf(stderr, "Error: kernel consumer: %s\n", err.message);
	ret = kernel_process_trackers_set(&kc->trackers, spec);
	free(spec);
	return ret ? -1 : 0;
}

/* <dir>/metadata with the whole metadata text so far. */
static int write_snapshot_metadata(struct kconsumer *kc, const char *dir,
				   struct ctf_error *err)
{
	const struct ctf_metadata *md = kernel_metadata_ctf(kc->metadata);
	char path[4200];
	size_t len;
	const char *text = ctf_metadata_text_since(md, 0, &len);
	int fd, ret;

	snprintf(path, sizeof(path), "%s/metadata", dir);
	fd = open_metadata_file(kc, path);
	if (fd < 0)
		return ctf_error_set(err, -errno, "cannot create %s: %s", path,
				     strerror(errno));
	ret = ctf_metadata_stream_write(fd, ctf_metadata_uuid(md), text, len,
					err);
	close(fd);
	return ret;
}

/* Writes every stream of every channel, then the metadata, into dir. */
static int take_snapshot(struct kconsumer *kc, const char *dir,
			 uint64_t max_packets, struct ctf_error *err)
{
	struct kernel_stream_snapshot snap = {
		.ring_dir = kc->trace_dir,
		.dir = dir,
		.owner = kc->owner,
		.max_packets = max_packets,
		.end_ts = trace_clock_read(kc->clock.source),
	};
	char index_dir[4200], name[300];
	unsigned int i, cpu;
	int ret;

	snprintf(index_dir, sizeof(index_dir), "%s/index", dir);
	ret = make_dirs(kc, index_dir);
	if (ret)
		return ctf_error_set(err, ret, "cannot create %s: %s",
				     index_dir, strerror(-ret));
	ret = drain_all(kc, err); /* what the buffers hold now */
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
	return ret ? ret : write_snapshot_metadata(kc, dir, err);
}

/*
 * The 'P' command: a uint64_t max packets per stream (0: all), a
 * uint32_t length, then the snapshot's kernel directory. 0 or -1.
 */
static int snapshot_command(struct kconsumer *kc)
{
	struct ctf_error err = {{0}};
	char dir[4096] = "";
	uint64_t max_packets;
	uint32_t len;
	int ret;

	if (usock_recv_all(kc->control_fd, &max_packets, sizeof(max_packets)) ||
	    usock_recv_all(kc->control_fd, &len, sizeof(len)) ||
	    len >= sizeof(dir) || usock_recv_all(kc->control_fd, dir, len))
		return -1;
	if (!kc->snapshot || dir[0] != '/')
		return -1;
	ret = take_snapshot(kc, dir, max_packets, &err);
	if (ret)
		fprintf(stderr, "Error: kernel consumer: %s\n", err.message);
	return ret ? -1 : 0;
}

/* Closes the metadata file, then starts dir/metadata with all the text. */
static int move_metadata(struct kconsumer *kc, const char *dir,
			 struct ctf_error *err)
{
	char path[4200];
	int ret = 0;

	if (kc->metadata_fd >= 0) {
		ret = write_metadata(kc, err);
		close(kc->metadata_fd);
		kc->metadata_fd = -1;
	}
	if (!dir || ret)
		return ret;
	snprintf(path, sizeof(path), "%s/metadata", dir);
	kc->metadata_fd = open_metadata_file(kc, path);
	if (kc->metadata_fd < 0)
		return ctf_error_set(err, -errno, "cannot create %s: %s", path,
				     strerror(errno));
	kc->metadata_written = 0;
	return write_metadata(kc, err);
}

/*
 * Ends the current trace chunk in every stream and continues the trace
 * in new_output/kernel (NULL: nowhere until the next rotation).
 */
static int move_trace(struct kconsumer *kc, const char *new_output,
		      struct ctf_error *err)
{
	uint64_t now = trace_clock_read(kc->clock.source);
	const char *dir = NULL;
	unsigned int i, cpu;
	int ret;

	if (kc->bpf && !kc->between_chunks)
		kernel_bpf_strings_drain(kc->bpf);
	if (new_output) {
		snprintf(kc->trace_dir, sizeof(kc->trace_dir), "%s/kernel",
			 new_output);
		ret = make_dirs(kc, kc->trace_dir);
		if (ret)
			return ctf_error_set(err, ret, "cannot create %s: %s",
					     kc->trace_dir, strerror(-ret));
		dir = kc->trace_dir;
	}
	for (i = 0; i < kc->nr_channels; i++) {
		for (cpu = 0; cpu < kc->channels[i].nr_cpus; cpu++) {
			ret = kernel_cpu_stream_move(&kc->channels[i].cpus[cpu],
						     dir, now, err);
			if (ret)
				return ret;
		}
	}
	ret = move_metadata(kc, dir, err);
	kc->between_chunks = !dir;
	return ret;
}

/* The 'R' command: a uint32_t length then the new output directory. */
static int rotate(struct kconsumer *kc, struct ctf_error *err)
{
	char dir[4096] = "";
	uint32_t len;

	if (usock_recv_all(kc->control_fd, &len, sizeof(len)) ||
	    len >= sizeof(dir) || usock_recv_all(kc->control_fd, dir, len))
		return ctf_error_set(err, -EBADMSG, "bad rotate command");
	return move_trace(kc, len ? dir : NULL, err);
}

/*
 * The 'C' command (snapshot mode): the pages tracefs holds are read into
 * the streams' packet rings, then every ring starts over empty.
 */
static int clear_buffers(struct kconsumer *kc, struct ctf_error *err)
{
	uint64_t now = trace_clock_read(kc->clock.source);
	unsigned int i, cpu;
	int ret;

	if (!kc->snapshot)
		return ctf_error_set(err, -EINVAL,
				     "clear: the consumer writes trace files");
	ret = drain_all(kc, err);
	for (i = 0; !ret && i < kc->nr_channels; i++)
		for (cpu = 0; !ret && cpu < kc->channels[i].nr_cpus; cpu++)
			ret = kernel_cpu_stream_restart(
				&kc->channels[i].cpus[cpu], now, err);
	return ret;
}

/*
 * The 'M' command: two int64_t, the clock's Epoch offset measured again.
 * The metadata declares it and its file is written again from the
 * start; without a file (a snapshot session, or between two trace
 * chunks) the next one written gets it whole.
 */
static int regenerate_metadata(struct kconsumer *kc, struct ctf_error *err)
{
	int64_t offset[2];
	int ret;

	if (usock_recv_all(kc->control_fd, offset, sizeof(offset)))
		return ctf_error_set(err, -EBADMSG,
				     "bad regenerate metadata command");
	ret = kernel_metadata_set_clock_offset(kc->metadata, offset[0],
					       offset[1], err);
	if (ret)
		return ret;
	kc->clock.offset_s = offset[0];
	kc->clock.offset = offset[1];
	if (kc->metadata_fd < 0)
		return 0;
	if (ftruncate(kc->metadata_fd, 0) ||
	    lseek(kc->metadata_fd, 0, SEEK_SET) < 0)
		return ctf_error_set(err, -errno,
				     "cannot truncate the metadata file: %s",
				     strerror(errno));
	kc->metadata_written = 0;
	return write_metadata(kc, err);
}

/* Runs one control command; 1 when the consumer must exit. */
static int control_command(struct kconsumer *kc, char cmd, int *status)
{
	struct ctf_error err = {{0}};
	int ret;

	if (cmd == KCONSUMER_CMD_FLUSH) {
		ret = flush_all(kc, &err);
		if (ret)
			fprintf(stderr, "Error: kernel consumer: %s\n",
				err.message);
		reply(kc, !ret);
		return 0;
	}
	if (cmd == KCONSUMER_CMD_QUIT) {
		ret = close_all(kc, &err);
		if (ret)
			fprintf(stderr, "Error: kernel consumer: %s\n",
				err.message);
		reply(kc, !ret);
		*status = ret ? EXIT_FAILURE : EXIT_SUCCESS;
		return 1;
	}
	if (cmd == KCONSUMER_CMD_SET_FILTER) {
		ret = set_filter(kc);
		if (ret)
			fprintf(stderr, "Error: kernel consumer: bad filter "
					"command\n");
		reply(kc, !ret);
		return 0;
	}
	if (cmd == KCONSUMER_CMD_SET_TRACKER) {
		ret = set_tracker(kc);
		if (ret)
			fprintf(stderr, "Error: kernel consumer: bad tracker "
					"command\n");
		reply(kc, !ret);
		return 0;
	}
	if (cmd == KCONSUMER_CMD_SNAPSHOT) {
		reply(kc, !snapshot_command(kc));
		return 0;
	}
	if (cmd == KCONSUMER_CMD_CLEAR) {
		ret = clear_buffers(kc, &err);
		if (ret)
			fprintf(stderr, "Error: kernel consumer: %s\n",
				err.message);
		reply(kc, !ret);
		return 0;
	}
	if (cmd == KCONSUMER_CMD_ROTATE) {
		ret = rotate(kc, &err);
		if (ret)
			fprintf(stderr, "Error: kernel consumer: %s\n",
				err.message);
		reply(kc, !ret);
		return 0;
	}
	if (cmd == KCONSUMER_CMD_REGENERATE_METADATA) {
		ret = regenerate_metadata(kc, &err);
		if (ret)
			fprintf(stderr, "Error: kernel consumer: %s\n",
				err.message);
		reply(kc, !ret);
		return 0;
	}
	if (cmd == KCONSUMER_CMD_STATEDUMP) {
		reply(kc, !record_statedump(kc));
		return 0;
	}
	if (cmd == KCONSUMER_CMD_STATS) {
		if (send_stats(kc))
			reply(kc, 0);
		return 0;
	}
	reply(kc, 0);
	return 0;
}

static uint64_t monotonic_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Serves the control socket until quit; returns the exit status. */
static int run(struct kconsumer *kc)
{
	struct pollfd fds[MAX_POLL_FDS];
	struct ctf_error err = {{0}};
	nfds_t nfds = poll_set(kc, fds, MAX_POLL_FDS);
	int ret, status;
	char cmd;

	uint64_t last_drain = monotonic_ms();

	while (!quit_requested) {
		bool command, due;

		ret = poll(fds, nfds, poll_timeout_ms(kc));
		if (ret < 0 && errno != EINTR)
			break;
		if (ret < 0)
			continue;
		command = fds[0].revents & (POLLIN | POLLHUP);
		/*
		 * The read timer, or buffers filling up; also when commands
		 * keep the poll from timing out (lttng enable-event after
		 * enable-event), so the trace and its metadata keep up.
		 */
		due = !command || monotonic_ms() - last_drain >=
					  (uint64_t)poll_timeout_ms(kc);
		if (due) {
			if (drain_all(kc, &err))
				fprintf(stderr, "Error: kernel consumer: %s\n",
					err.message);
			switch_packets(kc);
			last_drain = monotonic_ms();
		}
		if (!command)
			continue;
		if (read(kc->control_fd, &cmd, 1) <= 0)
			break; /* the session daemon is gone */
		if (control_command(kc, cmd, &status))
			return status;
	}
	return close_all(kc, &err) ? EXIT_FAILURE : EXIT_SUCCESS;
}

int kernel_consumerd_main(int argc, char **argv)
{
	static struct kconsumer kc;
	struct ctf_error err = {{0}};
	struct sigaction sa = {0};

	kc.metadata_fd = -1;
	if (parse_args(&kc, argc, argv))
		return EXIT_FAILURE;
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (setup(&kc, &err)) {
		fprintf(stderr, "Error: kernel consumer: %s\n", err.message);
		close_all(&kc, &err);
		reply(&kc, 0);
		return EXIT_FAILURE;
	}
	reply(&kc, 1); /* ready */
	return run(&kc);
}
