/*
 * Implementation of kernel-consumer.h: fork/exec of the consumer with a
 * socketpair end as its control fd, one-byte commands with a bounded
 * wait for each answer; a consumer that misses one is stopped.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../config.h"
#include "../daemon-clock.h"
#include "../context.h"
#include "../stop-request.h"
#include "kernel-consumer.h"
#include "consumer-comm/kconsumer-protocol.h"
#include "kernel-context.h"
#include "kernel-domain.h"
#include "util/log.h"
#include "util/unix-socket.h"

/* How long a flush or a quit may take (large buffers to drain). */
#define CONSUMER_REPLY_TIMEOUT_MS 30000
/* How long an abandoned consumer may take to flush and exit on SIGTERM. */
#define CONSUMER_EXIT_TIMEOUT_MS 3000
#define MAX_ARGS 512
/* The consumer's end of the control socket, in the consumer. */
#define CONSUMER_CONTROL_FD 3

struct argv_builder {
	char *argv[MAX_ARGS];
	int argc;
};

static int add_arg(struct argv_builder *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int add_arg(struct argv_builder *b, const char *fmt, ...)
{
	va_list ap;
	int ret;

	if (b->argc >= MAX_ARGS - 1)
		return -1;
	va_start(ap, fmt);
	ret = vasprintf(&b->argv[b->argc], fmt, ap);
	va_end(ap);
	if (ret < 0)
		return -1;
	b->argc++;
	return 0;
}

static void free_args(struct argv_builder *b)
{
	int i;

	for (i = 0; i < b->argc; i++)
		free(b->argv[i]);
}

/*
 * The trace clock the consumer declares in the kernel metadata: the
 * daemon's, as in the user space metadata.
 */
static int add_clock_args(struct argv_builder *b,
			  const struct trace_clock_desc *clock)
{
	return add_arg(b, "--trace-clock=%s",
		       trace_clock_source_name(clock->source)) ||
	       add_arg(b, "--clock-freq=%llu",
		       (unsigned long long)clock->freq) ||
	       add_arg(b, "--clock-offset-s=%lld",
		       (long long)clock->offset_s) ||
	       add_arg(b, "--clock-offset=%lld", (long long)clock->offset);
}

static int add_channel_args(struct argv_builder *b, struct kernel_session *ks,
			    const struct channel *chan)
{
	struct kernel_instance *ki = kernel_session_instance(ks, chan->name);
	const struct kernel_consumer_filter *f;
	char contexts[512];

	if (!ki)
		return -1;
	kernel_context_list(chan->contexts, contexts, sizeof(contexts));
	if (add_arg(b, "--channel=%s", chan->name) ||
	    add_arg(b, "--instance=%s", ki->tracefs.path) ||
	    add_arg(b, "--subbuf-size=%llu",
		    (unsigned long long)chan->attr.subbuf_size) ||
	    add_arg(b, "--read-timer=%u", chan->attr.read_timer_interval) ||
	    add_arg(b, "--switch-timer=%u", chan->attr.switch_timer_interval) ||
	    add_arg(b, "--tracefile-size=%llu",
		    (unsigned long long)chan->attr.tracefile_size) ||
	    add_arg(b, "--tracefile-count=%llu",
		    (unsigned long long)chan->attr.tracefile_count) ||
	    add_arg(b, "--contexts=%s", contexts))
		return -1;
	for (f = ki->filters; f; f = f->next) {
		if (add_arg(b, "--filter=%s/%s=%s", f->system, f->event,
			    f->expression))
			return -1;
	}
	return 0;
}

/* --tracker=ATTR=VALUES of the trackers the consumer applies. */
static int add_tracker_args(struct argv_builder *b, struct kernel_session *ks)
{
	enum lttng_process_attr attr;
	char *spec;
	int ret;

	for (attr = LTTNG_PROCESS_ATTR_PROCESS_ID; attr < KERNEL_TRACKER_COUNT;
	     attr++) {
		if (ks->trackers[attr].policy ==
		    LTTNG_TRACKING_POLICY_INCLUDE_ALL)
			continue;
		spec = kernel_tracker_consumer_spec(&ks->trackers[attr], attr);
		ret = spec ? add_arg(b, "--tracker=%s", spec) : -1;
		free(spec);
		if (ret)
			return -1;
	}
	return 0;
}

static int build_args(struct argv_builder *b, struct kernel_session *ks,
		      const char *output_dir, const char *trace_name, uid_t uid,
		      gid_t gid, int fd)
{
	const struct channel *chan;

	if (add_arg(b, "%s", sessiond_config.kconsumerd_path) ||
	    add_arg(b, "--kconsumerd") ||
	    add_arg(b, "--tracefs-root=%s", kernel_tracefs_root()) ||
	    (output_dir ? add_arg(b, "--output=%s", output_dir)
			: add_arg(b, "--snapshot")) ||
	    add_arg(b, "--trace-name=%s", trace_name) ||
	    add_arg(b, "--owner=%u:%u", (unsigned int)uid, (unsigned int)gid) ||
	    add_arg(b, "--control-fd=%d", fd) || add_clock_args(b, &ks->clock))
		return -1;
	for (chan = ks->domain.channels; chan; chan = chan->next) {
		if (add_channel_args(b, ks, chan))
			return -1;
	}
	return add_tracker_args(b, ks);
}

/*
 * In the child: the control socket becomes fd 3 and every other
 * descriptor of the session daemon is closed (its client socket and
 * lock must not outlive it in the consumer), then exec.
 */
static void exec_consumer(struct argv_builder *b, int control_fd)
{
	if (control_fd != CONSUMER_CONTROL_FD &&
	    dup2(control_fd, CONSUMER_CONTROL_FD) < 0)
		_exit(127);
	fcntl(CONSUMER_CONTROL_FD, F_SETFD, 0);
	closefrom(CONSUMER_CONTROL_FD + 1);
	execv(b->argv[0], b->argv);
	_exit(127);
}

/*
 * Stops a consumer whose control stream can no longer be trusted: it
 * missed an answer, and a late answer would be taken for the next
 * command's. SIGTERM lets it flush what it holds and exit; after
 * CONSUMER_EXIT_TIMEOUT_MS it is killed. Every later command of the
 * session fails (consumer_lost).
 */
static void abandon_consumer(struct kernel_session *ks, const char *why)
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
	ks->consumer_pid = 0;
}

/*
 * Waits for the one-byte answer; 0 when it is 'k', -EIO for an error
 * answer. A consumer that does not answer within
 * CONSUMER_REPLY_TIMEOUT_MS, that closed its end, or whose wait a stop
 * request (SIGTERM) cut short is abandoned, so that the daemon always
 * exits promptly on SIGTERM and never reads a stale answer.
 */
static int wait_reply(struct kernel_session *ks)
{
	struct pollfd pfd[2] = {
		{.fd = ks->consumer_fd, .events = POLLIN},
		{.fd = stop_request_fd(), .events = POLLIN},
	};
	char byte;
	int ret;

	do {
		ret = poll(pfd, 2, CONSUMER_REPLY_TIMEOUT_MS);
	} while (ret < 0 && errno == EINTR);
	if (ret > 0 && !pfd[0].revents) {
		abandon_consumer(ks, "was still busy when the session daemon "
				     "was asked to stop");
		return -ECANCELED;
	}
	if (ret <= 0) {
		abandon_consumer(ks, "did not answer in time");
		return -ETIMEDOUT;
	}
	if (read(ks->consumer_fd, &byte, 1) != 1) {
		abandon_consumer(ks, "closed its control socket");
		return -EPIPE;
	}
	return byte == 'k' ? 0 : -EIO;
}

/*
 * The result of a command the consumer is not running for: `idle` (what
 * the command means before the session starts), or a failure once the
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
	if (ks->consumer_pid > 0)
		waitpid(ks->consumer_pid, NULL, 0);
	ks->consumer_pid = 0;
}

int kernel_consumer_start(struct kernel_session *ks, const char *output_dir,
			  const char *trace_name, uid_t uid, gid_t gid)
{
	struct argv_builder b = {0};
	int fds[2];
	pid_t pid;

	if (!sessiond_config.kconsumerd_path[0]) {
		ERR("No kernel consumer daemon: give --kconsumerd-path");
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	if (ks->consumer_lost) /* a new one would overwrite its files */
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds))
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	if (build_args(&b, ks, output_dir, trace_name, uid, gid,
		       CONSUMER_CONTROL_FD)) {
		free_args(&b);
		close(fds[0]);
		close(fds[1]);
		return LTTNG_ERR_NOMEM;
	}
	pid = fork();
	if (pid == 0)
		exec_consumer(&b, fds[1]);
	free_args(&b);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	ks->consumer_pid = pid;
	ks->consumer_fd = fds[0];
	if (wait_reply(ks)) {
		ERR("The kernel consumer daemon could not start");
		reap(ks);
		ks->consumer_lost = false; /* it recorded nothing */
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	DBG("Kernel consumer started (pid %d)", (int)pid);
	return LTTNG_OK;
}

/*
 * Sends one whole command message and waits for its answer. 0, or a
 * negative errno (the consumer is abandoned when it cannot be reached).
 */
static int send_message(struct kernel_session *ks, const void *message,
			size_t size)
{
	if (ks->consumer_fd < 0)
		return -ENOTCONN;
	if (write(ks->consumer_fd, message, size) != (ssize_t)size) {
		abandon_consumer(ks, "closed its control socket");
		return -EPIPE;
	}
	return wait_reply(ks);
}

static int send_command(struct kernel_session *ks, char cmd)
{
	return send_message(ks, &cmd, 1);
}

/*
 * Sends command `cmd` followed by text (a 32-bit length, then its bytes;
 * NULL sends an empty one) and waits for the reply. 0, or a negative
 * errno.
 */
static int send_text_command(struct kernel_session *ks, char cmd,
			     const char *text)
{
	uint32_t len = text ? (uint32_t)strlen(text) : 0;
	size_t size = 1 + sizeof(len) + len;
	char *message;
	int ret;

	if (ks->consumer_fd < 0)
		return -ENOTCONN;
	message = malloc(size);
	if (!message)
		return -ENOMEM;
	message[0] = cmd;
	memcpy(message + 1, &len, sizeof(len));
	if (len)
		memcpy(message + 1 + sizeof(len), text, len);
	ret = send_message(ks, message, size);
	free(message);
	return ret;
}

int kernel_consumer_flush(struct kernel_session *ks)
{
	if (ks->consumer_fd < 0)
		return consumer_absent(ks, LTTNG_OK);
	if (send_command(ks, 'f')) {
		ERR("The kernel consumer daemon did not flush");
		return LTTNG_ERR_KERN_STOP_FAIL;
	}
	return LTTNG_OK;
}

int kernel_consumer_set_filter(struct kernel_session *ks, const char *channel,
			       const char *system, const char *event,
			       const char *expression)
{
	uint32_t len;
	char *message;
	int ret;

	if (ks->consumer_fd < 0)
		return consumer_absent(ks, LTTNG_ERR_KERN_CONSUMER_FAIL);
	ret = asprintf(&message, "%c____%s\n%s/%s=%s", KCONSUMER_CMD_SET_FILTER,
		       channel, system, event, expression ? expression : "");
	if (ret < 0)
		return LTTNG_ERR_NOMEM;
	len = (uint32_t)ret - 1 - sizeof(len);
	memcpy(message + 1, &len, sizeof(len));
	ret = len > KCONSUMER_MAX_FILTER_MESSAGE
		      ? -EINVAL
		      : send_message(ks, message, (size_t)ret);
	free(message);
	if (ret) {
		ERR("The kernel consumer daemon did not take the filter of "
		    "%s/%s",
		    system, event);
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	return LTTNG_OK;
}

int kernel_consumer_set_tracker(struct kernel_session *ks, const char *spec)
{
	int ret;

	if (ks->consumer_fd < 0)
		return consumer_absent(
			ks, LTTNG_OK); /* passed on the command line at start */
	ret = strlen(spec) > KCONSUMER_MAX_FILTER_MESSAGE
		      ? -EMSGSIZE
		      : send_text_command(ks, KCONSUMER_CMD_SET_TRACKER, spec);
	if (ret) {
		ERR("The kernel consumer daemon did not take the tracker %s",
		    spec);
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
	char message[1 + sizeof(uint32_t) + KCONSUMER_MAX_CHANNEL_NAME];
	uint32_t len = (uint32_t)strlen(channel);
	uint64_t counts[2];

	*discarded_events = 0;
	*lost_packets = 0;
	if (ks->consumer_fd < 0)
		return consumer_absent(
			ks, LTTNG_OK); /* not started yet: nothing lost */
	if (len > KCONSUMER_MAX_CHANNEL_NAME)
		return LTTNG_ERR_INVALID;
	message[0] = KCONSUMER_CMD_STATS;
	memcpy(message + 1, &len, sizeof(len));
	memcpy(message + 1 + sizeof(len), channel, len);
	if (send_message(ks, message, 1 + sizeof(len) + len) ||
	    usock_recv_all(ks->consumer_fd, counts, sizeof(counts))) {
		ERR("The kernel consumer daemon did not give the statistics "
		    "of channel %s",
		    channel);
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	*discarded_events = counts[0];
	*lost_packets = counts[1];
	return LTTNG_OK;
}

void kernel_consumer_quit(struct kernel_session *ks)
{
	if (ks->consumer_fd < 0)
		return;
	send_command(ks, 'q'); /* on failure, wait_reply abandoned it */
	reap(ks);
}

int kernel_consumer_snapshot(struct kernel_session *ks, const char *dir,
			     uint64_t max_packets)
{
	uint32_t len = (uint32_t)strlen(dir);
	size_t size = 1 + sizeof(max_packets) + sizeof(len) + len;
	char *message;
	int ret;

	if (ks->consumer_fd < 0)
		return consumer_absent(
			ks, LTTNG_OK); /* never started: no buffers yet */
	message = malloc(size);
	if (!message)
		return LTTNG_ERR_NOMEM;
	message[0] = KCONSUMER_CMD_SNAPSHOT;
	memcpy(message + 1, &max_packets, sizeof(max_packets));
	memcpy(message + 1 + sizeof(max_packets), &len, sizeof(len));
	memcpy(message + 1 + sizeof(max_packets) + sizeof(len), dir, len);
	ret = send_message(ks, message, size);
	free(message);
	if (ret) {
		ERR("The kernel consumer daemon did not write the snapshot "
		    "%s",
		    dir);
		return LTTNG_ERR_SNAPSHOT_FAIL;
	}
	return LTTNG_OK;
}

int kernel_consumer_rotate(struct kernel_session *ks, const char *output_dir)
{
	int ret;

	if (ks->consumer_fd < 0)
		return consumer_absent(ks, LTTNG_OK);
	ret = send_text_command(ks, KCONSUMER_CMD_ROTATE, output_dir);
	if (ret) {
		ERR("The kernel consumer daemon did not rotate to %s",
		    output_dir ? output_dir : "(none)");
		return ret == -ENOMEM ? LTTNG_ERR_NOMEM
				      : LTTNG_ERR_ROTATION_FAIL_CONSUMER;
	}
	return LTTNG_OK;
}

int kernel_consumer_regenerate_metadata(struct kernel_session *ks,
					const struct trace_clock_desc *clock)
{
	char message[1 + 2 * sizeof(int64_t)];
	int ret;

	if (ks->consumer_fd < 0)
		return consumer_absent(
			ks,
			LTTNG_OK); /* never started: its metadata will be new */
	message[0] = KCONSUMER_CMD_REGENERATE_METADATA;
	memcpy(message + 1, &clock->offset_s, sizeof(int64_t));
	memcpy(message + 1 + sizeof(int64_t), &clock->offset, sizeof(int64_t));
	ret = send_message(ks, message, sizeof(message));
	if (ret) {
		ERR("The kernel consumer daemon did not regenerate its "
		    "metadata");
		return LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	return LTTNG_OK;
}

int kernel_consumer_statedump(struct kernel_session *ks, const char *events)
{
	int ret;

	if (ks->consumer_fd < 0)
		return consumer_absent(ks, LTTNG_OK);
	ret = send_text_command(ks, KCONSUMER_CMD_STATEDUMP, events);
	if (ret) {
		ERR("The kernel consumer daemon did not record the state dump");
		return ret == -ENOMEM ? LTTNG_ERR_NOMEM
				      : LTTNG_ERR_KERN_CONSUMER_FAIL;
	}
	return LTTNG_OK;
}

int kernel_consumer_clear(struct kernel_session *ks)
{
	if (ks->consumer_fd < 0)
		return consumer_absent(
			ks, LTTNG_OK); /* never started: no buffers yet */
	if (send_command(ks, KCONSUMER_CMD_CLEAR)) {
		ERR("The kernel consumer daemon did not clear its buffers");
		return LTTNG_ERR_CLEAR_FAIL_CONSUMER;
	}
	return LTTNG_OK;
}
