/*
 * Implementation of kernel-consumer.h: fork/exec of the consumer with a
 * socketpair end as its --sessiond-fd, then the consumer protocol's
 * kernel requests (consumer-comm/kernel-codec.h), each with a bounded
 * wait for its reply; a consumer that misses one is stopped.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../config.h"
#include "../consumer-watch.h"
#include "../context.h"
#include "../health-server.h"
#include "../stop-request.h"
#include "consumer-comm/chunk-codec.h"
#include "consumer-comm/codec.h"
#include "consumer-comm/kernel-codec.h"
#include "kernel-consumer-loss.h"
#include "kernel-consumer.h"
#include "kernel-context.h"
#include "kernel-domain.h"
#include "util/log.h"

/* How long a request may take (large buffers to drain). */
#define CONSUMER_REPLY_TIMEOUT_MS 30000
/* How long an abandoned consumer may take to flush and exit on SIGTERM. */
#define CONSUMER_EXIT_TIMEOUT_MS 3000
/* The consumer's end of the socket, in the consumer. */
#define CONSUMER_SESSIOND_FD 3
#define CONSUMER_HEALTH_FD 4

/*
 * In the child: the socket becomes fd 3, its health table fd 4, and every
 * other descriptor of the session daemon is closed (its client socket and
 * lock must not outlive it in the consumer), then exec.
 */
static void exec_consumer(int sock, int health_fd)
{
	int health = health_fd < 0 ? -1 : fcntl(health_fd, F_DUPFD, 10);
	char fd_arg[32], health_arg[32];

	if (sock != CONSUMER_SESSIOND_FD &&
	    dup2(sock, CONSUMER_SESSIOND_FD) < 0)
		_exit(127);
	fcntl(CONSUMER_SESSIOND_FD, F_SETFD, 0);
	if (health >= 0 && dup2(health, CONSUMER_HEALTH_FD) < 0)
		_exit(127);
	closefrom(health >= 0 ? CONSUMER_HEALTH_FD + 1
			      : CONSUMER_SESSIOND_FD + 1);
	snprintf(fd_arg, sizeof(fd_arg), "--sessiond-fd=%d",
		 CONSUMER_SESSIOND_FD);
	snprintf(health_arg, sizeof(health_arg), "--health-fd=%d",
		 health >= 0 ? CONSUMER_HEALTH_FD : -1);
	execl(sessiond_config.kconsumerd_path, sessiond_config.kconsumerd_path,
	      "--kernel", fd_arg, health_arg, (char *)NULL);
	_exit(127);
}

/*
 * Stops a consumer whose socket can no longer be trusted: it missed an
 * answer, and a late answer would be taken for the next request's.
 * SIGTERM lets it flush what it holds and exit; after
 * CONSUMER_EXIT_TIMEOUT_MS it is killed. Every later request of the
 * session fails (consumer_lost). One that closed its socket (it died
 * while the command waited) is a loss as its watcher would have noticed
 * it (kernel-consumer-loss.h): once it was set up, the session is put in
 * error. (One that stopped answering may be stuck on its output: its
 * files are left alone.)
 */
static void abandon_consumer(struct kernel_session *ks, const char *why,
			     bool closed)
{
	int waited_ms;

	ERR("The kernel consumer daemon (pid %d) %s: stopping it; the "
	    "session's kernel trace may be incomplete",
	    (int)ks->consumer_pid, why);
	ks->consumer_lost = true;
	close(ks->consumer_fd);
	ks->consumer_fd = -1;
	if (ks->consumer_pid <= 0)
		return;
	kill(ks->consumer_pid, SIGTERM);
	for (waited_ms = 0; waited_ms < CONSUMER_EXIT_TIMEOUT_MS;
	     waited_ms += 10) {
		if (waitpid(ks->consumer_pid, NULL, WNOHANG) != 0)
			break;
		usleep(10000);
	}
	if (waited_ms >= CONSUMER_EXIT_TIMEOUT_MS) {
		kill(ks->consumer_pid, SIGKILL);
		waitpid(ks->consumer_pid, NULL, 0);
	}
	health_server_consumer_exited(ks->consumer_pid);
	ks->consumer_pid = 0;
	if (closed && ks->consumer_set_up)
		kernel_consumer_loss_report(ks);
}

/*
 * Waits until the reply arrives. A consumer that does not answer within
 * CONSUMER_REPLY_TIMEOUT_MS, or whose wait a stop request (SIGTERM) cut
 * short, is abandoned, so that the daemon always exits promptly on
 * SIGTERM and never reads a stale answer. 0 or a negative errno.
 */
static int wait_reply(struct kernel_session *ks)
{
	struct pollfd pfd[2] = {
		{.fd = ks->consumer_fd, .events = POLLIN},
		{.fd = stop_request_fd(), .events = POLLIN},
	};
	int ret;

	do {
		ret = poll(pfd, 2, CONSUMER_REPLY_TIMEOUT_MS);
	} while (ret < 0 && errno == EINTR);
	if (ret > 0 && !pfd[0].revents) {
		abandon_consumer(ks,
				 "was still busy when the session daemon "
				 "was asked to stop",
				 false);
		return -ECANCELED;
	}
	if (ret <= 0) {
		abandon_consumer(ks, "did not answer in time", false);
		return -ETIMEDOUT;
	}
	return 0;
}

/*
 * Sends one request (payload may be NULL) and receives its reply into
 * *reply (NULL: the reply has no payload). The consumer's code (0 or a
 * negative errno), or a negative errno when it could not be reached (it
 * is then abandoned).
 */
static int call(struct kernel_session *ks, uint32_t command,
		const struct wire_buf *payload, struct consumer_message *reply)
{
	struct consumer_message msg;
	int ret;

	if (ks->consumer_fd < 0)
		return -ENOTCONN;
	if (payload && payload->error)
		return payload->error;
	ret = consumer_send_request(ks->consumer_fd, command, payload);
	if (ret) {
		abandon_consumer(ks, "closed its socket", true);
		return ret;
	}
	ret = wait_reply(ks);
	if (ret)
		return ret;
	ret = consumer_recv_reply(ks->consumer_fd, &msg);
	if (ret) {
		abandon_consumer(ks, "closed its socket", true);
		return ret;
	}
	if (reply)
		*reply = msg;
	else
		consumer_message_fini(&msg);
	return msg.code;
}

/* A request whose payload put() builds from arg, without reply payload. */
static int call_with(struct kernel_session *ks, uint32_t command,
		     void (*put)(struct wire_buf *buf, const void *arg),
		     const void *arg)
{
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	put(&buf, arg);
	ret = call(ks, command, &buf, NULL);
	wire_buf_fini(&buf);
	return ret;
}

/*
 * The result of a request the consumer is not running for: `idle` (what
 * the request means before the session starts), or a failure once the
 * consumer was lost.
 */
static int consumer_absent(const struct kernel_session *ks, int idle)
{
	return ks->consumer_lost ? LTTNG_ERR_KERN_CONSUMER_FAIL : idle;
}

static void reap(struct kernel_session *ks)
{
	if (ks->consumer_fd >= 0)
		close(ks->consumer_fd);
	ks->consumer_fd = -1;
	if (ks->consumer_pid > 0) {
		waitpid(ks->consumer_pid, NULL, 0);
		health_server_consumer_exited(ks->consumer_pid);
	}
	ks->consumer_pid = 0;
}

static void put_trace(struct wire_buf *buf, const void *desc)
{
	consumer_put_kernel_trace_desc(buf, desc);
}

static void put_channel(struct wire_buf *buf, const void *desc)
{
	consumer_put_kernel_channel_desc(buf, desc);
}

static void put_tracker(struct wire_buf *buf, const void *desc)
{
	consumer_put_kernel_tracker_desc(buf, desc);
}

static void put_chunk(struct wire_buf *buf, const void *desc)
{
	consumer_put_chunk_desc(buf, desc);
}

/*
 * The trace: its session, the chunk it starts in (none for a snapshot
 * session) and the clock the metadata declares (the daemon's, as in the
 * user space metadata).
 */
static int send_trace(struct kernel_session *ks, uint64_t session_id,
		      uint64_t chunk_id, const char *trace_name)
{
	struct consumer_kernel_trace_desc desc = {
		.session_id = session_id,
		.chunk_id = chunk_id,
		.clock_source = (uint32_t)ks->clock.source,
		.clock_freq = ks->clock.freq,
		.clock_offset_s = ks->clock.offset_s,
		.clock_offset = ks->clock.offset,
	};

	if (snprintf(desc.tracefs_root, sizeof(desc.tracefs_root), "%s",
		     kernel_tracefs_root()) >= (int)sizeof(desc.tracefs_root) ||
	    snprintf(desc.trace_name, sizeof(desc.trace_name), "%s",
		     trace_name) >= (int)sizeof(desc.trace_name))
		return -ENAMETOOLONG;
	return call_with(ks, CONSUMER_CMD_KERNEL_TRACE_CREATE, put_trace,
			 &desc);
}

/* The channel's filters the consumer evaluates; malloc'd array. */
static int channel_filters(const struct kernel_instance *ki,
			   struct consumer_kernel_channel_desc *desc)
{
	const struct kernel_consumer_filter *f;
	uint32_t n = 0;

	for (f = ki->filters; f; f = f->next)
		n++;
	if (!n)
		return 0;
	desc->filters = calloc(n, sizeof(*desc->filters));
	if (!desc->filters)
		return -ENOMEM;
	for (f = ki->filters; f; f = f->next) {
		struct consumer_kernel_filter *out =
			&desc->filters[desc->nr_filters++];

		snprintf(out->system, sizeof(out->system), "%s", f->system);
		snprintf(out->event, sizeof(out->event), "%s", f->event);
		out->expressions = f->expression; /* borrowed */
	}
	return 0;
}

static int send_channel(struct kernel_session *ks, const struct channel *chan)
{
	struct kernel_instance *ki = kernel_session_instance(ks, chan->name);
	struct consumer_kernel_channel_desc desc = {
		.subbuf_size = chan->attr.subbuf_size,
		.read_timer_us = chan->attr.read_timer_interval,
		.switch_timer_us = chan->attr.switch_timer_interval,
		.tracefile_size = chan->attr.tracefile_size,
		.tracefile_count = chan->attr.tracefile_count,
	};
	const struct context *ctx;
	int ret;

	if (!ki)
		return -ENOENT;
	snprintf(desc.name, sizeof(desc.name), "%s", chan->name);
	if (snprintf(desc.instance_path, sizeof(desc.instance_path), "%s",
		     ki->tracefs.path) >= (int)sizeof(desc.instance_path))
		return -ENAMETOOLONG;
	for (ctx = chan->contexts; ctx; ctx = ctx->next) {
		const char *name = kernel_context_name(ctx->spec.type);

		if (!name || desc.nr_contexts == CONSUMER_KERNEL_MAX_CONTEXTS)
			continue;
		snprintf(desc.contexts[desc.nr_contexts++],
			 sizeof(desc.contexts[0]), "%s", name);
	}
	ret = channel_filters(ki, &desc);
	if (!ret)
		ret = call_with(ks, CONSUMER_CMD_KERNEL_CHANNEL_ADD,
				put_channel, &desc);
	free(desc.filters); /* the expressions are the instance's */
	return ret;
}

/* The tracker of attr, as the session has it now. */
static int send_tracker(struct kernel_session *ks, enum lttng_process_attr attr)
{
	struct consumer_kernel_tracker_desc desc;
	int ret =
		kernel_tracker_consumer_desc(&ks->trackers[attr], attr, &desc);

	if (ret != LTTNG_OK)
		return ret == LTTNG_ERR_NOMEM ? -ENOMEM : -EINVAL;
	ret = call_with(ks, CONSUMER_CMD_KERNEL_TRACKER_SET, put_tracker,
			&desc);
	consumer_kernel_tracker_desc_fini(&desc);
	return ret;
}

/* The whole set-up of a new consumer, then its start. */
static int set_up(struct kernel_session *ks,
		  const struct consumer_chunk_desc *chunk, uint64_t session_id,
		  const char *trace_name)
{
	const struct channel *chan;
	enum lttng_process_attr attr;
	int ret = chunk ? call_with(ks, CONSUMER_CMD_CHUNK_CREATE, put_chunk,
				    chunk)
			: 0;

	if (!ret)
		ret = send_trace(ks, session_id,
				 chunk ? chunk->chunk_id : CONSUMER_CHUNK_NONE,
				 trace_name);
	for (chan = ks->domain.channels; !ret && chan; chan = chan->next)
		ret = send_channel(ks, chan);
	for (attr = LTTNG_PROCESS_ATTR_PROCESS_ID;
	     !ret && attr < KERNEL_TRACKER_COUNT; attr++) {
		if (ks->trackers[attr].policy !=
		    LTTNG_TRACKING_POLICY_INCLUDE_ALL)
			ret = send_tracker(ks, attr);
	}
	return ret ? ret
		   : call(ks, CONSUMER_CMD_KERNEL_TRACE_START, NULL, NULL);
}

int kernel_consumer_start(struct kernel_session *ks,
			  const struct consumer_chunk_desc *chunk,
			  uint64_t session_id, const char *trace_name)
{
	struct health_table *health;
	int fds[2], ret, health_fd;
	pid_t pid;

	if (!sessiond_config.kconsumerd_path[0]) {
		ERR("No kernel consumer daemon: give --kconsumerd-path");
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	if (ks->consumer_lost) /* a new one would overwrite its files */
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds))
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	health_fd = health_server_consumer_prepare(&health);
	pid = fork();
	if (pid == 0)
		exec_consumer(fds[1], health_fd);
	health_server_consumer_started(LTTNG_HEALTH_CONSUMERD_KERNEL, pid,
				       health, health_fd);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	ks->consumer_pid = pid;
	ks->consumer_fd = fds[0];
	consumer_watch_start(pid, kernel_consumer_loss_handle);
	ret = set_up(ks, chunk, session_id, trace_name);
	if (ret) {
		ERR("The kernel consumer daemon could not start: %s",
		    strerror(-ret));
		if (ks->consumer_fd >= 0)
			call(ks, CONSUMER_CMD_KERNEL_STOP, NULL, NULL);
		reap(ks);
		ks->consumer_lost = false; /* it recorded nothing */
		return ret == -ENOMEM ? LTTNG_ERR_NOMEM
				      : LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	ks->consumer_set_up = true;
	DBG("Kernel consumer started (pid %d)", (int)pid);
	return LTTNG_OK;
}

int kernel_consumer_flush(struct kernel_session *ks)
{
	if (ks->consumer_fd < 0)
		return consumer_absent(ks, LTTNG_OK);
	if (call(ks, CONSUMER_CMD_KERNEL_FLUSH, NULL, NULL)) {
		ERR("The kernel consumer daemon did not flush");
		return LTTNG_ERR_KERN_STOP_FAIL;
	}
	return LTTNG_OK;
}

static void put_filter(struct wire_buf *buf, const void *desc)
{
	consumer_put_kernel_filter_desc(buf, desc);
}

int kernel_consumer_set_filter(struct kernel_session *ks, const char *channel,
			       const char *system, const char *event,
			       const char *expression)
{
	struct consumer_kernel_filter_desc desc = {
		.filter.expressions = (char *)(expression ? expression : ""),
	};

	if (ks->consumer_fd < 0)
		return consumer_absent(ks, LTTNG_ERR_KERN_CONSUMER_FAIL);
	snprintf(desc.channel, sizeof(desc.channel), "%s", channel);
	snprintf(desc.filter.system, sizeof(desc.filter.system), "%s", system);
	snprintf(desc.filter.event, sizeof(desc.filter.event), "%s", event);
	if (call_with(ks, CONSUMER_CMD_KERNEL_FILTER_SET, put_filter, &desc)) {
		ERR("The kernel consumer daemon did not take the filter of "
		    "%s/%s",
		    system, event);
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	return LTTNG_OK;
}

int kernel_consumer_set_tracker(struct kernel_session *ks,
				enum lttng_process_attr attr)
{
	int ret;

	if (ks->consumer_fd < 0) /* sent with the set-up at start */
		return consumer_absent(ks, LTTNG_OK);
	ret = send_tracker(ks, attr);
	if (ret) {
		ERR("The kernel consumer daemon did not take the tracker of "
		    "process attribute %d",
		    (int)attr);
		return ret == -ENOMEM ? LTTNG_ERR_NOMEM
				      : LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	return LTTNG_OK;
}

int kernel_consumer_channel_stats(struct kernel_session *ks,
				  const char *channel,
				  uint64_t *discarded_events,
				  uint64_t *lost_packets)
{
	struct consumer_message reply = {0};
	struct wire_buf buf;
	int ret;

	*discarded_events = 0;
	*lost_packets = 0;
	if (ks->consumer_fd < 0) /* not started yet: nothing lost */
		return consumer_absent(ks, LTTNG_OK);
	wire_buf_init(&buf);
	consumer_put_kernel_channel_name(&buf, channel);
	ret = call(ks, CONSUMER_CMD_KERNEL_CHANNEL_STATS, &buf, &reply);
	wire_buf_fini(&buf);
	if (!ret)
		ret = consumer_get_kernel_channel_stats(
			reply.payload, reply.payload_len, discarded_events,
			lost_packets);
	consumer_message_fini(&reply);
	if (ret) {
		ERR("The kernel consumer daemon did not give the statistics "
		    "of channel %s",
		    channel);
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	return LTTNG_OK;
}

void kernel_consumer_forget(struct kernel_session *ks)
{
	if (ks->consumer_fd >= 0)
		close(ks->consumer_fd);
	ks->consumer_fd = -1;
	ks->consumer_pid = 0;
	ks->consumer_lost = true;
}

void kernel_consumer_quit(struct kernel_session *ks)
{
	if (ks->consumer_fd < 0)
		return;
	/* on failure, call() abandoned it */
	call(ks, CONSUMER_CMD_KERNEL_STOP, NULL, NULL);
	reap(ks);
}

int kernel_consumer_chunk_create(struct kernel_session *ks,
				 const struct consumer_chunk_desc *desc)
{
	int ret;

	if (ks->consumer_fd < 0)
		return consumer_absent(ks, LTTNG_OK);
	ret = call_with(ks, CONSUMER_CMD_CHUNK_CREATE, put_chunk, desc);
	if (ret && ret != -EEXIST) {
		ERR("The kernel consumer daemon did not take trace chunk %llu",
		    (unsigned long long)desc->chunk_id);
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	return LTTNG_OK;
}

static void put_chunk_close(struct wire_buf *buf, const void *desc)
{
	consumer_put_chunk_close(buf, desc);
}

/* Whether the consumer holds the chunk: 0 and *holds, or -errno. */
static int holds_chunk(struct kernel_session *ks,
		       const struct consumer_chunk_ref *ref, bool *holds)
{
	struct consumer_message reply = {0};
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	consumer_put_chunk_ref(&buf, ref);
	ret = call(ks, CONSUMER_CMD_CHUNK_EXISTS, &buf, &reply);
	wire_buf_fini(&buf);
	if (!ret)
		ret = consumer_get_chunk_exists_reply(reply.payload,
						      reply.payload_len, holds);
	consumer_message_fini(&reply);
	return ret;
}

int kernel_consumer_chunk_close(struct kernel_session *ks,
				const struct consumer_chunk_close *desc)
{
	const struct consumer_chunk_ref ref = {desc->session_id,
					       desc->chunk_id};
	bool holds = false;
	int ret;

	if (ks->consumer_fd < 0)
		return consumer_absent(ks, LTTNG_OK);
	/* started since the chunk began: it may not hold it */
	ret = holds_chunk(ks, &ref, &holds);
	if (!ret && holds)
		ret = call_with(ks, CONSUMER_CMD_CHUNK_CLOSE, put_chunk_close,
				desc);
	if (ret) {
		ERR("The kernel consumer daemon did not let trace chunk %llu "
		    "go",
		    (unsigned long long)desc->chunk_id);
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	return LTTNG_OK;
}

int kernel_consumer_snapshot(struct kernel_session *ks,
			     const struct consumer_chunk_desc *chunk,
			     uint64_t max_packets)
{
	const struct consumer_chunk_close close = {
		.session_id = chunk->session_id,
		.chunk_id = chunk->chunk_id,
		.end = (int64_t)time(NULL),
		.command = TRACE_CHUNK_CLOSE_NONE,
	};
	struct wire_buf buf;
	int ret;

	if (ks->consumer_fd < 0) /* never started: no buffers yet */
		return consumer_absent(ks, LTTNG_OK);
	ret = call_with(ks, CONSUMER_CMD_CHUNK_CREATE, put_chunk, chunk);
	if (!ret) {
		wire_buf_init(&buf);
		consumer_put_kernel_snapshot(&buf, chunk->chunk_id,
					     max_packets);
		ret = call(ks, CONSUMER_CMD_KERNEL_SNAPSHOT, &buf, NULL);
		wire_buf_fini(&buf);
		if (ks->consumer_fd >= 0 &&
		    call_with(ks, CONSUMER_CMD_CHUNK_CLOSE, put_chunk_close,
			      &close) &&
		    !ret)
			ret = -EIO;
	}
	if (ret) {
		ERR("The kernel consumer daemon did not write the snapshot "
		    "%s/kernel",
		    chunk->output);
		return LTTNG_ERR_SNAPSHOT_FAIL;
	}
	return LTTNG_OK;
}

static void put_rotate(struct wire_buf *buf, const void *chunk_id)
{
	consumer_put_kernel_rotate(buf, *(const uint64_t *)chunk_id);
}

int kernel_consumer_rotate(struct kernel_session *ks, uint64_t chunk_id)
{
	int ret;

	if (ks->consumer_fd < 0)
		return consumer_absent(ks, LTTNG_OK);
	ret = call_with(ks, CONSUMER_CMD_KERNEL_ROTATE, put_rotate, &chunk_id);
	if (ret) {
		ERR("The kernel consumer daemon did not rotate to trace chunk "
		    "%lld",
		    chunk_id == CONSUMER_CHUNK_NONE ? -1LL
						    : (long long)chunk_id);
		return ret == -ENOMEM ? LTTNG_ERR_NOMEM
				      : LTTNG_ERR_ROTATION_FAIL_CONSUMER;
	}
	return LTTNG_OK;
}

static void put_clock_offset(struct wire_buf *buf, const void *clock)
{
	const struct trace_clock_desc *c = clock;

	consumer_put_kernel_clock_offset(buf, c->offset_s, c->offset);
}

int kernel_consumer_regenerate_metadata(struct kernel_session *ks,
					const struct trace_clock_desc *clock)
{
	if (ks->consumer_fd < 0) /* never started: its metadata will be new */
		return consumer_absent(ks, LTTNG_OK);
	if (call_with(ks, CONSUMER_CMD_KERNEL_METADATA_REGENERATE,
		      put_clock_offset, clock)) {
		ERR("The kernel consumer daemon did not regenerate its "
		    "metadata");
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	return LTTNG_OK;
}

static void put_statedump(struct wire_buf *buf, const void *desc)
{
	consumer_put_kernel_statedump_desc(buf, desc);
}

int kernel_consumer_statedump(struct kernel_session *ks,
			      const struct consumer_kernel_statedump_desc *desc)
{
	int ret;

	if (ks->consumer_fd < 0)
		return consumer_absent(ks, LTTNG_OK);
	ret = call_with(ks, CONSUMER_CMD_KERNEL_STATEDUMP, put_statedump, desc);
	if (ret) {
		ERR("The kernel consumer daemon did not record the state dump");
		return ret == -ENOMEM ? LTTNG_ERR_NOMEM
				      : LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	return LTTNG_OK;
}

int kernel_consumer_clear(struct kernel_session *ks)
{
	if (ks->consumer_fd < 0) /* never started: no buffers yet */
		return consumer_absent(ks, LTTNG_OK);
	if (call(ks, CONSUMER_CMD_KERNEL_CLEAR, NULL, NULL)) {
		ERR("The kernel consumer daemon did not clear its buffers");
		return LTTNG_ERR_CLEAR_FAIL_CONSUMER;
	}
	return LTTNG_OK;
}
