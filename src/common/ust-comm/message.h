/*
 * Framing of the application <-> session daemon protocol
 * (ust-protocol.h): the registration message, requests and replies with
 * their payloads, and the file descriptors that travel as SCM_RIGHTS
 * with a request's header. Every length is checked before anything is
 * allocated or read. Used by liblttng-ust's listener and lttng-sessiond.
 *
 * Blocking: these calls wait as the socket lets them; bound the waits
 * with usock_set_timeout() (util/unix-socket.h).
 */
#ifndef UST_COMM_MESSAGE_H
#define UST_COMM_MESSAGE_H

#include <stdint.h>

#include "wire-codec/wire-codec.h"
#include "ust-comm/ust-protocol.h"

/* Most fds one message carries (UST_CMD_STREAM_ADD: shm + wakeup). */
#define UST_MSG_MAX_FDS 2

/* A received request or reply; release with ust_message_fini(). */
struct ust_message {
	uint32_t command; /* requests only */
	int32_t code;	  /* replies only */
	uint32_t payload_len;
	uint8_t *payload; /* malloc'd, NULL when empty */
	unsigned int nr_fds;
	int fds[UST_MSG_MAX_FDS]; /* owned by the message until taken */
};

/* Name of a command ("channel-create") or notify request, "?" if unknown. */
const char *ust_command_name(uint32_t command);
const char *ust_notify_name(uint32_t request);

/* How many fds a command carries (2 for UST_CMD_STREAM_ADD, else 0). */
unsigned int ust_command_nr_fds(uint32_t command);

/*
 * Fill reg with this process's identity for socket `kind` (pid, ppid,
 * uid, gid, bitness, procname from /proc/self/comm or prctl) and token.
 */
void ust_register_fill(struct ust_register *reg, enum ust_socket_kind kind,
		       uint64_t token);

/* 0 when reg is acceptable (magic, kind, major, bitness, procname). */
int ust_register_check(const struct ust_register *reg);

/* Send / receive and validate the registration message. 0 or -errno. */
int ust_send_register(int fd, const struct ust_register *reg);
int ust_recv_register(int fd, struct ust_register *reg);

/*
 * Send a request: header (with the nr_fds fds as SCM_RIGHTS, which
 * stay owned by the caller) then the payload (NULL: empty). Returns 0,
 * -EMSGSIZE above UST_MAX_PAYLOAD, -EINVAL for a bad fd count, or the
 * socket's error.
 */
int ust_send_request(int fd, uint32_t command, const struct wire_buf *payload,
		     const int *fds, unsigned int nr_fds);

/* Send a reply (code 0 or -errno; payload may be NULL, at most
 * UST_MAX_REPLY). */
int ust_send_reply(int fd, int32_t code, const struct wire_buf *payload);

/*
 * Receive one request into msg. The command is not checked against any
 * table (the receiver answers -ENOSYS to what it does not know), but the
 * fds must be exactly ust_command_nr_fds(command) for commands of
 * ust_command (receivers of notify requests pass expect_commands 0: no
 * fd is ever accepted). Returns 0; -ECONNRESET when the peer closed,
 * -EAGAIN on timeout, -EMSGSIZE for a payload over UST_MAX_PAYLOAD,
 * -EBADMSG for wrong fds (those received are closed). After an error the
 * stream is out of step: close the connection.
 */
int ust_recv_request(int fd, struct ust_message *msg, int expect_commands);

/*
 * Receive one reply: code must be 0 or a negative errno (> -4096), the
 * payload within UST_MAX_REPLY, and no fd attached. Same returns.
 */
int ust_recv_reply(int fd, struct ust_message *msg);

/* The header checks of ust_recv_reply: 0, -EBADMSG or -EMSGSIZE. */
int ust_reply_header_check(const struct ust_reply_header *header);

/* Take fd i out of the message (the caller now owns it). */
int ust_message_take_fd(struct ust_message *msg, unsigned int i);

/* Free the payload and close the fds not taken. */
void ust_message_fini(struct ust_message *msg);

#endif /* UST_COMM_MESSAGE_H */
