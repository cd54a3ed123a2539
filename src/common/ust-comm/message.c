/*
 * Implementation of message.h. Headers are read with recvmsg() so the
 * fds attached to their first byte arrive with them; a message whose
 * fds do not match its command, whose control data was truncated or
 * whose payload is too large is refused, and every fd received for it
 * is closed so nothing leaks into the process.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ust-comm/message.h"
#include "util/unix-socket.h"

static const char *const command_names[UST_CMD_NR] = {
	[UST_CMD_REGISTER_DONE] = "register-done",
	[UST_CMD_SESSION_CREATE] = "session-create",
	[UST_CMD_SESSION_DESTROY] = "session-destroy",
	[UST_CMD_SESSION_START] = "session-start",
	[UST_CMD_SESSION_STOP] = "session-stop",
	[UST_CMD_CHANNEL_CREATE] = "channel-create",
	[UST_CMD_STREAM_ADD] = "stream-add",
	[UST_CMD_CHANNEL_ENABLE] = "channel-enable",
	[UST_CMD_CHANNEL_DISABLE] = "channel-disable",
	[UST_CMD_CHANNEL_DESTROY] = "channel-destroy",
	[UST_CMD_CONTEXT_ADD] = "context-add",
	[UST_CMD_RULE_CREATE] = "rule-create",
	[UST_CMD_RULE_ENABLE] = "rule-enable",
	[UST_CMD_RULE_DISABLE] = "rule-disable",
	[UST_CMD_RULE_DESTROY] = "rule-destroy",
	[UST_CMD_TRACEPOINT_LIST] = "tracepoint-list",
	[UST_CMD_FIELD_LIST] = "field-list",
	[UST_CMD_SESSION_STATEDUMP] = "session-statedump",
	[UST_CMD_PING] = "ping",
};

const char *ust_command_name(uint32_t command)
{
	if (command == 0 || command >= UST_CMD_NR)
		return "?";
	return command_names[command];
}

const char *ust_notify_name(uint32_t request)
{
	return request == UST_NOTIFY_EVENT_REGISTER ? "event-register" : "?";
}

unsigned int ust_command_nr_fds(uint32_t command)
{
	return command == UST_CMD_STREAM_ADD ? 2 : 0;
}

/* ---- registration ---- */

static void read_procname(char *name)
{
	memset(name, 0, UST_PROCNAME_LEN);
	/* PR_GET_NAME writes at most 16 bytes, NUL included. */
	if (prctl(PR_GET_NAME, (unsigned long)name, 0, 0, 0))
		name[0] = '\0';
	name[UST_PROCNAME_LEN - 1] = '\0';
}

void ust_register_fill(struct ust_register *reg, enum ust_socket_kind kind,
		       uint64_t token)
{
	memset(reg, 0, sizeof(*reg));
	reg->magic = UST_REGISTER_MAGIC;
	reg->kind = kind;
	reg->major = UST_PROTOCOL_MAJOR;
	reg->minor = UST_PROTOCOL_MINOR;
	reg->pid = getpid();
	reg->ppid = getppid();
	reg->uid = getuid();
	reg->gid = getgid();
	reg->bitness = sizeof(void *) * 8;
	reg->token = token;
	read_procname(reg->procname);
}

int ust_register_check(const struct ust_register *reg)
{
	if (reg->magic != UST_REGISTER_MAGIC)
		return -EBADMSG;
	if (reg->kind != UST_SOCKET_COMMAND && reg->kind != UST_SOCKET_NOTIFY)
		return -EBADMSG;
	if (reg->major != UST_PROTOCOL_MAJOR)
		return -EPROTONOSUPPORT;
	if (reg->bitness != 32 && reg->bitness != 64)
		return -EBADMSG;
	if (reg->pid <= 0)
		return -EBADMSG;
	if (!memchr(reg->procname, '\0', sizeof(reg->procname)))
		return -EBADMSG;
	return 0;
}

int ust_send_register(int fd, const struct ust_register *reg)
{
	return usock_send_all(fd, reg, sizeof(*reg));
}

int ust_recv_register(int fd, struct ust_register *reg)
{
	int ret = usock_recv_all(fd, reg, sizeof(*reg));

	if (ret)
		return ret;
	return ust_register_check(reg);
}

/* ---- sending ---- */

static int payload_check(const struct wire_buf *payload, uint32_t max)
{
	if (!payload)
		return 0;
	if (payload->error)
		return payload->error;
	if (payload->len > max)
		return -EMSGSIZE;
	return 0;
}

/* Send the header bytes with the fds attached to the first of them. */
static int send_header_with_fds(int fd, const void *header, size_t len,
				const int *fds, unsigned int nr_fds)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * UST_MSG_MAX_FDS)];
		struct cmsghdr align;
	} control;
	struct iovec iov = {.iov_base = (void *)header, .iov_len = len};
	struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};
	struct cmsghdr *cmsg;
	ssize_t n;

	memset(&control, 0, sizeof(control));
	mh.msg_control = control.buf;
	mh.msg_controllen = CMSG_SPACE(sizeof(int) * nr_fds);
	cmsg = CMSG_FIRSTHDR(&mh);
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(int) * nr_fds);
	memcpy(CMSG_DATA(cmsg), fds, sizeof(int) * nr_fds);
	do {
		n = sendmsg(fd, &mh, MSG_NOSIGNAL);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return usock_transfer_error(errno);
	/* The fds went with the first byte; the rest is plain data. */
	return usock_send_all(fd, (const char *)header + n, len - (size_t)n);
}

static int send_message(int fd, const void *header, size_t header_len,
			const struct wire_buf *payload, uint32_t max,
			const int *fds, unsigned int nr_fds)
{
	int ret = payload_check(payload, max);

	if (ret)
		return ret;
	if (nr_fds > UST_MSG_MAX_FDS || (nr_fds && !fds))
		return -EINVAL;
	if (nr_fds)
		ret = send_header_with_fds(fd, header, header_len, fds, nr_fds);
	else
		ret = usock_send_all(fd, header, header_len);
	if (ret || !payload || payload->len == 0)
		return ret;
	return usock_send_all(fd, payload->data, payload->len);
}

int ust_send_request(int fd, uint32_t command, const struct wire_buf *payload,
		     const int *fds, unsigned int nr_fds)
{
	struct ust_msg_header header = {
		.command = command,
		.payload_len = payload ? (uint32_t)payload->len : 0,
	};

	return send_message(fd, &header, sizeof(header), payload,
			    UST_MAX_PAYLOAD, fds, nr_fds);
}

int ust_send_reply(int fd, int32_t code, const struct wire_buf *payload)
{
	struct ust_reply_header header = {
		.code = code,
		.payload_len = payload ? (uint32_t)payload->len : 0,
	};

	if (code > 0 || code <= -4096)
		return -EINVAL;
	return send_message(fd, &header, sizeof(header), payload, UST_MAX_REPLY,
			    NULL, 0);
}

/* ---- receiving ---- */

static void close_fds(int *fds, unsigned int *nr_fds)
{
	unsigned int i;

	for (i = 0; i < *nr_fds; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	*nr_fds = 0;
}

/*
 * Collect the SCM_RIGHTS fds of a received header. Anything else in the
 * control data, or more fds than fit, is an error; every fd found is
 * kept in msg so that the caller closes it.
 */
static int collect_fds(struct msghdr *mh, struct ust_message *msg)
{
	struct cmsghdr *cmsg;
	int ret = 0;

	for (cmsg = CMSG_FIRSTHDR(mh); cmsg; cmsg = CMSG_NXTHDR(mh, cmsg)) {
		size_t count, i;
		int fd;

		if (cmsg->cmsg_level != SOL_SOCKET ||
		    cmsg->cmsg_type != SCM_RIGHTS ||
		    cmsg->cmsg_len < CMSG_LEN(0)) {
			ret = -EBADMSG;
			continue;
		}
		count = (cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (i = 0; i < count; i++) {
			memcpy(&fd, CMSG_DATA(cmsg) + i * sizeof(int),
			       sizeof(int));
			if (msg->nr_fds < UST_MSG_MAX_FDS)
				msg->fds[msg->nr_fds++] = fd;
			else {
				close(fd);
				ret = -EBADMSG;
			}
		}
	}
	if (mh->msg_flags & MSG_CTRUNC)
		ret = -EBADMSG;
	return ret;
}

static int recv_header(int fd, void *header, size_t len,
		       struct ust_message *msg)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * UST_MSG_MAX_FDS)];
		struct cmsghdr align;
	} control;
	struct iovec iov = {.iov_base = header, .iov_len = len};
	struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};
	ssize_t n;
	int ret;

	mh.msg_control = control.buf;
	mh.msg_controllen = sizeof(control.buf);
	do {
		n = recvmsg(fd, &mh, MSG_CMSG_CLOEXEC);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return usock_transfer_error(errno);
	if (n == 0)
		return -ECONNRESET;
	ret = collect_fds(&mh, msg);
	if (ret)
		return ret;
	return usock_recv_all(fd, (char *)header + n, len - (size_t)n);
}

static void message_init(struct ust_message *msg)
{
	memset(msg, 0, sizeof(*msg));
	msg->fds[0] = -1;
	msg->fds[1] = -1;
}

int ust_recv_request(int fd, struct ust_message *msg, int expect_commands)
{
	struct ust_msg_header header;
	unsigned int want_fds;
	int ret;

	message_init(msg);
	ret = recv_header(fd, &header, sizeof(header), msg);
	if (ret)
		goto error;
	want_fds = expect_commands ? ust_command_nr_fds(header.command) : 0;
	if (msg->nr_fds != want_fds) {
		ret = -EBADMSG;
		goto error;
	}
	if (header.payload_len > UST_MAX_PAYLOAD) {
		ret = -EMSGSIZE;
		goto error;
	}
	msg->command = header.command;
	msg->payload_len = header.payload_len;
	ret = usock_recv_alloc(fd, msg->payload_len, &msg->payload);
	if (ret)
		goto error;
	return 0;
error:
	close_fds(msg->fds, &msg->nr_fds);
	return ret;
}

int ust_reply_header_check(const struct ust_reply_header *header)
{
	if (header->code > 0 || header->code <= -4096)
		return -EBADMSG;
	return header->payload_len > UST_MAX_REPLY ? -EMSGSIZE : 0;
}

int ust_recv_reply(int fd, struct ust_message *msg)
{
	struct ust_reply_header header;
	int ret;

	message_init(msg);
	ret = recv_header(fd, &header, sizeof(header), msg);
	if (!ret && msg->nr_fds)
		ret = -EBADMSG;
	if (!ret)
		ret = ust_reply_header_check(&header);
	if (ret) {
		close_fds(msg->fds, &msg->nr_fds);
		return ret;
	}
	msg->code = header.code;
	msg->payload_len = header.payload_len;
	return usock_recv_alloc(fd, msg->payload_len, &msg->payload);
}

int ust_message_take_fd(struct ust_message *msg, unsigned int i)
{
	int fd;

	if (i >= msg->nr_fds)
		return -1;
	fd = msg->fds[i];
	msg->fds[i] = -1;
	return fd;
}

void ust_message_fini(struct ust_message *msg)
{
	free(msg->payload);
	msg->payload = NULL;
	msg->payload_len = 0;
	close_fds(msg->fds, &msg->nr_fds);
}
