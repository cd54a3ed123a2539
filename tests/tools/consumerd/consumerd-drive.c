/*
 * consumerd-drive: plays the session daemon and a traced process against
 * a real lttng-consumerd, to test the consumer on its own. It spawns the
 * consumer, announces a trace chunk rooted at OUTPUT_DIR's parent (the
 * trace is OUTPUT_DIR's name in it), creates a trace's metadata and one
 * channel there, maps the stream fds the consumer sends back (as an app
 * does), records N events "test:counter" {value = 0..N-1} and flushes,
 * checks data-pending, and destroys everything, then closes the chunk;
 * babeltrace2 then reads <output> (pytest:
 * tests/integration/test_consumerd.py). Requests naming an unknown
 * channel or chunk, and the close of a chunk still written into, must
 * be refused with their errors.
 *
 *   consumerd-drive CONSUMERD OUTPUT_DIR EVENTS [option=value]...
 *     subbuf_size, subbuf_count, overwrite (0/1), tracefile_size,
 *     tracefile_count, dead (records reserved and never committed, then
 *     recovery as after a SIGKILL)
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "consumer-comm/client.h"
#include "ctf/metadata.h"
#include "ringbuffer/ringbuffer.h"

#define NR_STREAMS 2
#define SESSION_ID 1
#define CHUNK_ID 0

struct drive_options {
	const char *consumerd;
	const char *output;
	uint64_t events;
	uint64_t subbuf_size;
	uint64_t subbuf_count;
	uint32_t overwrite;
	uint64_t tracefile_size;
	uint64_t tracefile_count;
	uint64_t dead;
};

static const uint8_t trace_uuid[CTF_UUID_LEN] = {
	0x1c, 0x2d, 0x3e, 0x4f, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};

static int die(const char *what, int err)
{
	fprintf(stderr, "consumerd-drive: %s: %s\n", what, strerror(-err));
	exit(EXIT_FAILURE);
}

static int parse_option(struct drive_options *o, const char *arg)
{
	const char *eq = strchr(arg, '=');
	uint64_t v;

	if (!eq)
		return -1;
	v = strtoull(eq + 1, NULL, 0);
	if (!strncmp(arg, "subbuf_size=", 12))
		o->subbuf_size = v;
	else if (!strncmp(arg, "subbuf_count=", 13))
		o->subbuf_count = v;
	else if (!strncmp(arg, "overwrite=", 10))
		o->overwrite = (uint32_t)v;
	else if (!strncmp(arg, "tracefile_size=", 15))
		o->tracefile_size = v;
	else if (!strncmp(arg, "tracefile_count=", 16))
		o->tracefile_count = v;
	else if (!strncmp(arg, "dead=", 5))
		o->dead = v;
	else
		return -1;
	return 0;
}

static pid_t spawn_consumerd(const char *path, int *sock)
{
	int pair[2];
	char fd_arg[32];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair))
		die("socketpair", -errno);
	pid = fork();
	if (pid == 0) {
		close(pair[0]);
		snprintf(fd_arg, sizeof(fd_arg), "--sessiond-fd=%d", pair[1]);
		execl(path, path, "--ust", fd_arg, (char *)NULL);
		_exit(127);
	}
	close(pair[1]);
	*sock = pair[0];
	return pid;
}

static struct ctf_metadata *make_metadata(void)
{
	const struct ctf_env_entry env[] = {
		{"hostname", "drive", 0},	 {"domain", "ust", 0},
		{"tracer_name", "lttng-ust", 0}, {"tracer_major", NULL, 2},
		{"tracer_minor", NULL, 13},
	};
	struct ctf_trace_desc desc = {
		.env = env,
		.nr_env = sizeof(env) / sizeof(env[0]),
		.clock = {.name = "monotonic", .freq = 1000000000},
	};
	struct ctf_integer_desc u64 = {.size = 64, .align = 8, .base = 10};
	struct ctf_event_desc ev = {.id = 0, .name = "test:counter"};
	struct ctf_type *payload = ctf_type_struct_create();
	struct ctf_metadata *md;
	struct ctf_error err;

	memcpy(desc.uuid, trace_uuid, CTF_UUID_LEN);
	md = ctf_metadata_create(&desc, &err);
	if (!md ||
	    ctf_metadata_add_stream_class(md, 0, CTF_EVENT_HEADER_COMPACT, NULL,
					  &err) ||
	    ctf_type_add_field(payload, "value",
			       ctf_type_integer_create(&u64)) ||
	    ctf_metadata_add_event_class(md, &ev, payload, &err)) {
		fprintf(stderr, "consumerd-drive: metadata: %s\n", err.message);
		exit(EXIT_FAILURE);
	}
	return md;
}

/* The trace's directory in the chunk: OUTPUT_DIR's last component. */
static const char *trace_dir(const struct drive_options *o)
{
	static char copy[4096];

	snprintf(copy, sizeof(copy), "%s", o->output);
	return basename(copy);
}

/* The chunk the trace is written into, rooted at OUTPUT_DIR's parent. */
static void announce_chunk(int sock, const struct drive_options *o)
{
	struct consumer_chunk_desc chunk = {
		.session_id = SESSION_ID,
		.chunk_id = CHUNK_ID,
		.begin = (int64_t)time(NULL),
		.owner_uid = getuid(),
		.owner_gid = getgid(),
	};
	char copy[sizeof(chunk.output)];
	int ret;

	snprintf(copy, sizeof(copy), "%s", o->output);
	snprintf(chunk.output, sizeof(chunk.output), "%s", dirname(copy));
	ret = consumer_client_chunk_create(sock, &chunk);
	if (ret)
		die("chunk create", ret);
	if (consumer_client_chunk_create(sock, &chunk) != -EEXIST)
		die("a chunk announced twice", -EPROTO);
}

/* The chunk closes once nothing writes into it any more. */
static void close_chunk(int sock, int expected)
{
	const struct consumer_chunk_close close = {
		.session_id = SESSION_ID,
		.chunk_id = CHUNK_ID,
		.end = (int64_t)time(NULL),
		.command = TRACE_CHUNK_CLOSE_NONE,
	};
	int ret = consumer_client_chunk_close(sock, &close);

	if (ret != expected)
		die("chunk close", ret ? ret : -EPROTO);
}

static uint64_t clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static struct rb_channel *create_channel(int sock,
					 const struct drive_options *o)
{
	struct consumer_channel_desc d = {
		.channel_key = 7,
		.name = "channel0",
		.subbuf_size = o->subbuf_size,
		.subbuf_count = o->subbuf_count,
		.mode = o->overwrite,
		.nr_streams = NR_STREAMS,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.tracefile_size = o->tracefile_size,
		.tracefile_count = o->tracefile_count,
		.output_uid = getuid(),
		.output_gid = getgid(),
	};
	int fds[2 * NR_STREAMS];
	struct rb_stream_fds stream_fds[NR_STREAMS];
	struct rb_channel *chan;
	int ret;

	d.session_id = SESSION_ID;
	d.chunk_id = CHUNK_ID + 1; /* never announced */
	snprintf(d.chunk_dir, sizeof(d.chunk_dir), "%s", trace_dir(o));
	memcpy(d.uuid, trace_uuid, CTF_UUID_LEN);
	if (consumer_client_channel_create(sock, &d, fds) != -ENOENT)
		die("channel in an unknown chunk", -EPROTO);
	d.chunk_id = CHUNK_ID;
	ret = consumer_client_channel_create(sock, &d, fds);
	if (ret)
		die("channel create", ret);
	for (int i = 0; i < NR_STREAMS; i++) {
		stream_fds[i].shm_fd = fds[2 * i];
		stream_fds[i].wakeup_fd = fds[2 * i + 1];
	}
	ret = rb_channel_map(stream_fds, NR_STREAMS, &chan);
	if (ret)
		die(rb_last_error(), ret);
	return chan;
}

static void record(struct rb_channel *chan, uint64_t events, uint64_t dead)
{
	struct rb_reserve_ctx ctx;

	for (uint64_t i = 0; i < events; i++) {
		while (rb_reserve(chan, &ctx, 0, sizeof(i), clock_ns) != 0)
			usleep(100); /* discard mode, buffer full: let it drain
				      */
		memcpy(ctx.payload, &i, sizeof(i));
		rb_commit(&ctx);
	}
	/* A producer killed between reserve and commit. */
	for (uint64_t i = 0; i < dead; i++)
		rb_reserve(chan, &ctx, 0, sizeof(i), clock_ns);
}

int main(int argc, char **argv)
{
	struct drive_options o = {.subbuf_size = 4096, .subbuf_count = 4};
	struct consumer_metadata_desc md_desc = {.metadata_key = 3};
	struct ctf_metadata *md;
	struct rb_channel *chan;
	const char *text;
	size_t len;
	bool pending = true;
	int sock, status, ret;
	pid_t pid;

	if (argc < 4) {
		fputs("usage: consumerd-drive CONSUMERD OUTPUT EVENTS "
		      "[k=v]...\n",
		      stderr);
		return EXIT_FAILURE;
	}
	o.consumerd = argv[1];
	o.output = argv[2];
	o.events = strtoull(argv[3], NULL, 0);
	for (int i = 4; i < argc; i++)
		if (parse_option(&o, argv[i]))
			die(argv[i], -EINVAL);
	pid = spawn_consumerd(o.consumerd, &sock);
	announce_chunk(sock, &o);
	md = make_metadata();
	md_desc.session_id = SESSION_ID;
	md_desc.chunk_id = CHUNK_ID;
	snprintf(md_desc.chunk_dir, sizeof(md_desc.chunk_dir), "%s",
		 trace_dir(&o));
	memcpy(md_desc.uuid, trace_uuid, CTF_UUID_LEN);
	text = ctf_metadata_text(md, &len);
	if ((ret = consumer_client_metadata_create(sock, &md_desc)) ||
	    (ret = consumer_client_metadata_push(sock, 3, text, len)))
		die("metadata", ret);
	chan = create_channel(sock, &o);
	record(chan, o.events, o.dead);
	if (o.dead)
		ret = consumer_client_channel_recover(sock, 7);
	else
		ret = consumer_client_channel_flush(sock, 7);
	if (ret || (ret = consumer_client_data_pending(sock, 7, &pending)))
		die("flush", ret);
	printf("pending=%d\n", pending);
	/* Unknown keys are errors, not crashes. */
	if (consumer_client_channel_flush(sock, 99) != -ENOENT)
		die("flush of an unknown channel", -EPROTO);
	close_chunk(sock, -EBUSY); /* its streams still write there */
	rb_channel_destroy(chan);
	if ((ret = consumer_client_channel_destroy(sock, 7)) ||
	    (ret = consumer_client_metadata_destroy(sock, 3)))
		die("destroy", ret);
	close_chunk(sock, 0);
	close_chunk(sock, -ENOENT); /* closed: unknown now */
	ctf_metadata_destroy(md);
	close(sock);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "consumerd-drive: consumer exit status %d\n",
			status);
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
}
