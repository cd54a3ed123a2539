/*
 * Unit tests of the UST protocol framing over real socket pairs:
 * registration, requests and replies with payloads, fds passed with
 * UST_CMD_STREAM_ADD, and refusal of wrong fd counts, bad reply codes,
 * oversized payloads, cut streams and timeouts, without leaking fds.
 * Replies (an app's listing of thousands of events) may exceed the
 * requests' bound, up to UST_MAX_REPLY.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "ust-comm/codec.h"
#include "ust-comm/message.h"
#include "util/unix-socket.h"

static int pair[2];

static int setup(void **state)
{
	(void)state;
	return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair);
}

static int teardown(void **state)
{
	(void)state;
	close(pair[0]);
	close(pair[1]);
	return 0;
}

/* Highest open fd: a test that refuses fds must not leave any open. */
static int highest_fd(void)
{
	int fd = dup(0);

	close(fd);
	return fd;
}

static void test_register_round_trip(void **state)
{
	struct ust_register sent, got;

	(void)state;
	ust_register_fill(&sent, UST_SOCKET_NOTIFY, 0x1234567890abcdefULL);
	assert_int_equal(ust_send_register(pair[0], &sent), 0);
	assert_int_equal(ust_recv_register(pair[1], &got), 0);
	assert_memory_equal(&sent, &got, sizeof(got));
	assert_int_equal(got.pid, getpid());
	assert_int_equal(got.uid, getuid());
	assert_int_equal(got.kind, UST_SOCKET_NOTIFY);
	assert_int_equal(got.bitness, sizeof(void *) * 8);
	assert_true(strlen(got.procname) > 0);
}

static void test_register_refuses_bad_fields(void **state)
{
	struct ust_register reg, got;

	(void)state;
	ust_register_fill(&reg, UST_SOCKET_COMMAND, 1);
	reg.magic = 0;
	assert_int_equal(ust_register_check(&reg), -EBADMSG);
	ust_register_fill(&reg, UST_SOCKET_COMMAND, 1);
	reg.kind = 3;
	assert_int_equal(ust_register_check(&reg), -EBADMSG);
	ust_register_fill(&reg, UST_SOCKET_COMMAND, 1);
	reg.major = UST_PROTOCOL_MAJOR + 1;
	assert_int_equal(ust_register_check(&reg), -EPROTONOSUPPORT);
	ust_register_fill(&reg, UST_SOCKET_COMMAND, 1);
	reg.bitness = 48;
	assert_int_equal(ust_register_check(&reg), -EBADMSG);
	ust_register_fill(&reg, UST_SOCKET_COMMAND, 1);
	memset(reg.procname, 'x', sizeof(reg.procname));
	assert_int_equal(ust_send_register(pair[0], &reg), 0);
	assert_int_equal(ust_recv_register(pair[1], &got), -EBADMSG);
	/* A registration cut short is a closed connection. */
	assert_int_equal(usock_send_all(pair[0], &reg, 10), 0);
	close(pair[0]);
	pair[0] = -1;
	assert_int_equal(ust_recv_register(pair[1], &got), -ECONNRESET);
}

static void test_request_and_reply_round_trip(void **state)
{
	struct ust_message msg;
	struct wire_buf buf;
	uint64_t id;

	(void)state;
	wire_buf_init(&buf);
	ust_put_id(&buf, 42);
	assert_int_equal(
		ust_send_request(pair[0], UST_CMD_SESSION_START, &buf, NULL, 0),
		0);
	assert_int_equal(ust_recv_request(pair[1], &msg, 1), 0);
	assert_int_equal(msg.command, UST_CMD_SESSION_START);
	assert_int_equal(msg.nr_fds, 0);
	assert_int_equal(ust_get_id(msg.payload, msg.payload_len, &id), 0);
	assert_int_equal(id, 42);
	ust_message_fini(&msg);

	assert_int_equal(ust_send_reply(pair[1], -ENOENT, &buf), 0);
	assert_int_equal(ust_recv_reply(pair[0], &msg), 0);
	assert_int_equal(msg.code, -ENOENT);
	assert_int_equal(msg.payload_len, 8);
	ust_message_fini(&msg);

	assert_int_equal(ust_send_reply(pair[1], 0, NULL), 0);
	assert_int_equal(ust_recv_reply(pair[0], &msg), 0);
	assert_int_equal(msg.code, 0);
	assert_null(msg.payload);
	ust_message_fini(&msg);
	wire_buf_fini(&buf);
}

static void test_stream_add_passes_two_fds(void **state)
{
	struct ust_message msg;
	struct wire_buf buf;
	int fds[2], got_fd;
	uint64_t key;
	uint32_t index;
	char byte = 0;

	(void)state;
	assert_int_equal(pipe(fds), 0);
	wire_buf_init(&buf);
	ust_put_stream_add(&buf, 7, 3);
	assert_int_equal(
		ust_send_request(pair[0], UST_CMD_STREAM_ADD, &buf, fds, 2), 0);
	assert_int_equal(ust_recv_request(pair[1], &msg, 1), 0);
	assert_int_equal(msg.nr_fds, 2);
	assert_int_equal(
		ust_get_stream_add(msg.payload, msg.payload_len, &key, &index),
		0);
	assert_int_equal(key, 7);
	assert_int_equal(index, 3);
	/* The received fds are the pipe's ends: write one, read the other. */
	assert_int_equal(write(fds[1], "z", 1), 1);
	got_fd = ust_message_take_fd(&msg, 0);
	assert_true(got_fd >= 0);
	assert_int_equal(read(got_fd, &byte, 1), 1);
	assert_int_equal(byte, 'z');
	assert_true(fcntl(got_fd, F_GETFD) & FD_CLOEXEC);
	close(got_fd);
	ust_message_fini(&msg);
	close(fds[0]);
	close(fds[1]);
	wire_buf_fini(&buf);
}

static void test_wrong_fd_counts_are_refused_and_closed(void **state)
{
	struct ust_message msg;
	int fds[2];
	int top;

	(void)state;
	assert_int_equal(pipe(fds), 0);
	top = highest_fd();
	/* fds on a command that carries none */
	assert_int_equal(
		ust_send_request(pair[0], UST_CMD_CHANNEL_ENABLE, NULL, fds, 1),
		0);
	assert_int_equal(ust_recv_request(pair[1], &msg, 1), -EBADMSG);
	assert_int_equal(highest_fd(), top);
	teardown(state);
	setup(state);
	/* STREAM_ADD with one fd only */
	assert_int_equal(
		ust_send_request(pair[0], UST_CMD_STREAM_ADD, NULL, fds, 1), 0);
	assert_int_equal(ust_recv_request(pair[1], &msg, 1), -EBADMSG);
	teardown(state);
	setup(state);
	/* a notify receiver accepts no fd at all */
	assert_int_equal(
		ust_send_request(pair[0], UST_CMD_STREAM_ADD, NULL, fds, 2), 0);
	assert_int_equal(ust_recv_request(pair[1], &msg, 0), -EBADMSG);
	/* STREAM_ADD without fds */
	teardown(state);
	setup(state);
	assert_int_equal(
		ust_send_request(pair[0], UST_CMD_STREAM_ADD, NULL, NULL, 0),
		0);
	assert_int_equal(ust_recv_request(pair[1], &msg, 1), -EBADMSG);
	assert_int_equal(
		ust_send_request(pair[0], UST_CMD_STREAM_ADD, NULL, fds, 3),
		-EINVAL);
	close(fds[0]);
	close(fds[1]);
	assert_true(highest_fd() <= top);
}

static void test_bad_headers_are_refused(void **state)
{
	struct ust_msg_header huge = {.command = UST_CMD_FIELD_LIST,
				      .payload_len = UST_MAX_PAYLOAD + 1};
	struct ust_reply_header positive = {.code = 1};
	struct ust_reply_header too_negative = {.code = -5000};
	struct ust_message msg;

	(void)state;
	assert_int_equal(usock_send_all(pair[0], &huge, sizeof(huge)), 0);
	assert_int_equal(ust_recv_request(pair[1], &msg, 1), -EMSGSIZE);
	assert_int_equal(usock_send_all(pair[0], &positive, sizeof(positive)),
			 0);
	assert_int_equal(ust_recv_reply(pair[1], &msg), -EBADMSG);
	assert_int_equal(
		usock_send_all(pair[0], &too_negative, sizeof(too_negative)),
		0);
	assert_int_equal(ust_recv_reply(pair[1], &msg), -EBADMSG);
	assert_int_equal(ust_send_reply(pair[0], 3, NULL), -EINVAL);
}

static void test_unknown_command_is_delivered_for_enosys(void **state)
{
	struct ust_message msg;

	(void)state;
	assert_int_equal(ust_send_request(pair[0], 999, NULL, NULL, 0), 0);
	assert_int_equal(ust_recv_request(pair[1], &msg, 1), 0);
	assert_int_equal(msg.command, 999);
	assert_string_equal(ust_command_name(999), "?");
	assert_string_equal(ust_command_name(UST_CMD_STREAM_ADD), "stream-add");
	ust_message_fini(&msg);
}

static void test_cut_payload_and_timeout(void **state)
{
	struct ust_msg_header header = {.command = UST_CMD_SESSION_CREATE,
					.payload_len = 8};
	struct ust_message msg;

	(void)state;
	assert_int_equal(usock_set_timeout(pair[1], 50), 0);
	assert_int_equal(ust_recv_request(pair[1], &msg, 1), -EAGAIN);
	assert_int_equal(usock_send_all(pair[0], &header, sizeof(header)), 0);
	assert_int_equal(usock_send_all(pair[0], "abc", 3), 0);
	assert_int_equal(ust_recv_request(pair[1], &msg, 1), -EAGAIN);
	close(pair[0]);
	pair[0] = -1;
	assert_int_equal(ust_recv_request(pair[1], &msg, 1), -ECONNRESET);
	assert_int_equal(ust_recv_reply(pair[1], &msg), -ECONNRESET);
}

static void test_oversized_payload_is_not_sent(void **state)
{
	struct wire_buf buf;

	(void)state;
	wire_buf_init(&buf);
	buf.len = UST_MAX_PAYLOAD + 1; /* no bytes needed: refused first */
	assert_int_equal(
		ust_send_request(pair[0], UST_CMD_RULE_CREATE, &buf, NULL, 0),
		-EMSGSIZE);
	buf.len = 0;
	buf.error = -ENOMEM;
	assert_int_equal(ust_send_reply(pair[0], 0, &buf), -ENOMEM);
}

/* Sends a reply from a thread: the socket cannot hold megabytes. */
struct reply_sender {
	const struct wire_buf *payload;
	int ret;
};

static void *send_reply_thread(void *arg)
{
	struct reply_sender *s = arg;

	s->ret = ust_send_reply(pair[0], 0, s->payload);
	return NULL;
}

static void test_replies_may_exceed_the_request_bound(void **state)
{
	struct reply_sender sender = {0};
	struct ust_reply_header huge = {.payload_len = UST_MAX_REPLY + 1};
	struct ust_message msg;
	struct wire_buf buf;
	pthread_t thread;

	(void)state;
	wire_buf_init(&buf);
	for (uint32_t i = 0; i < (3 * UST_MAX_PAYLOAD) / 4; i++)
		wire_put_u32(&buf, i * 2654435761u);
	assert_int_equal(buf.error, 0);
	sender.payload = &buf;
	assert_int_equal(
		pthread_create(&thread, NULL, send_reply_thread, &sender), 0);
	assert_int_equal(ust_recv_reply(pair[1], &msg), 0);
	pthread_join(thread, NULL);
	assert_int_equal(sender.ret, 0);
	assert_int_equal(msg.payload_len, buf.len);
	assert_memory_equal(msg.payload, buf.data, buf.len);
	ust_message_fini(&msg);
	/* Requests keep their bound; replies have theirs. */
	assert_int_equal(
		ust_send_request(pair[0], UST_CMD_RULE_CREATE, &buf, NULL, 0),
		-EMSGSIZE);
	buf.len = UST_MAX_REPLY + 1; /* refused before any byte is read */
	assert_int_equal(ust_send_reply(pair[0], 0, &buf), -EMSGSIZE);
	buf.len = 0;
	wire_buf_fini(&buf);
	assert_int_equal(usock_send_all(pair[0], &huge, sizeof(huge)), 0);
	assert_int_equal(ust_recv_reply(pair[1], &msg), -EMSGSIZE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_register_round_trip, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_register_refuses_bad_fields, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_request_and_reply_round_trip, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stream_add_passes_two_fds,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_wrong_fd_counts_are_refused_and_closed, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_bad_headers_are_refused,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_unknown_command_is_delivered_for_enosys, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_cut_payload_and_timeout,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_oversized_payload_is_not_sent, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_replies_may_exceed_the_request_bound, setup,
			teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
