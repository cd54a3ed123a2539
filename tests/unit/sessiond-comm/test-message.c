/*
 * Unit tests of the protocol framing over a real socket pair: requests
 * and replies arrive intact, and headers announcing unknown commands,
 * invalid codes or huge payloads are refused without reading on, as is
 * a stream cut in the middle of a message. Replies longer than
 * LSC_MAX_PAYLOAD travel in segments and arrive whole.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include <lttng/lttng-error.h>

#include "sessiond-comm/message.h"
#include "util/unix-socket.h"

static int make_pair(int fds[2])
{
	return socketpair(AF_UNIX, SOCK_STREAM, 0, fds);
}

static void test_request_round_trip_over_socket(void **state)
{
	struct lsc_message msg;
	struct wire_buf buf;
	int fds[2];
	uint32_t value;

	(void)state;
	assert_int_equal(make_pair(fds), 0);
	wire_buf_init(&buf);
	wire_put_str(&buf, "session");
	wire_put_u32(&buf, 77);
	assert_int_equal(lsc_send_request(fds[0], LSC_CMD_START_TRACE, &buf),
			 0);
	assert_int_equal(lsc_recv_request(fds[1], &msg), 0);
	assert_int_equal(msg.command, LSC_CMD_START_TRACE);
	assert_int_equal(msg.payload_len, buf.len);
	assert_memory_equal(msg.payload, buf.data, buf.len);
	memcpy(&value, msg.payload + buf.len - 4, 4);
	assert_int_equal(value, 77);
	lsc_message_fini(&msg);
	wire_buf_fini(&buf);
	close(fds[0]);
	close(fds[1]);
}

static void test_reply_without_payload_round_trip(void **state)
{
	struct lsc_message msg;
	int fds[2];

	(void)state;
	assert_int_equal(make_pair(fds), 0);
	assert_int_equal(lsc_send_reply(fds[0], LTTNG_ERR_SESS_NOT_FOUND, NULL),
			 0);
	assert_int_equal(lsc_recv_reply(fds[1], &msg), 0);
	assert_int_equal(msg.code, LTTNG_ERR_SESS_NOT_FOUND);
	assert_int_equal(msg.payload_len, 0);
	assert_null(msg.payload);
	close(fds[0]);
	close(fds[1]);
}

static void test_unknown_command_and_huge_length_are_refused(void **state)
{
	struct lsc_request_header bad_cmd = {.command = LSC_CMD_NR};
	struct lsc_request_header zero_cmd = {.command = 0};
	struct lsc_request_header huge = {.command = LSC_CMD_LIST_SESSIONS,
					  .payload_len = LSC_MAX_PAYLOAD + 1};
	struct lsc_request_header max = {.command = LSC_CMD_LIST_SESSIONS,
					 .payload_len = LSC_MAX_PAYLOAD};
	struct lsc_message msg;
	int fds[2];

	(void)state;
	assert_int_equal(lsc_request_header_check(&bad_cmd), -EBADMSG);
	assert_int_equal(lsc_request_header_check(&zero_cmd), -EBADMSG);
	assert_int_equal(lsc_request_header_check(&huge), -EMSGSIZE);
	assert_int_equal(lsc_request_header_check(&max), 0);

	assert_int_equal(make_pair(fds), 0);
	huge.payload_len = UINT32_MAX;
	assert_int_equal(usock_send_all(fds[0], &huge, sizeof(huge)), 0);
	assert_int_equal(lsc_recv_request(fds[1], &msg), -EMSGSIZE);
	assert_null(msg.payload);
	close(fds[0]);
	close(fds[1]);
}

static void test_reply_code_outside_the_table_is_refused(void **state)
{
	struct lsc_reply_header below = {.code = LTTNG_OK - 1};
	struct lsc_reply_header above = {.code = LTTNG_ERR_NR};
	struct lsc_reply_header ok = {.code = LTTNG_OK};

	(void)state;
	assert_int_equal(lsc_reply_header_check(&below), -EBADMSG);
	assert_int_equal(lsc_reply_header_check(&above), -EBADMSG);
	assert_int_equal(lsc_reply_header_check(&ok), 0);
}

static void test_stream_cut_in_header_or_payload_reports_reset(void **state)
{
	struct lsc_request_header header = {.command = LSC_CMD_LIST_SESSIONS,
					    .payload_len = 16};
	struct lsc_message msg;
	int fds[2];

	(void)state;
	assert_int_equal(make_pair(fds), 0);
	assert_int_equal(usock_send_all(fds[0], &header, 5), 0);
	close(fds[0]);
	assert_int_equal(lsc_recv_request(fds[1], &msg), -ECONNRESET);
	close(fds[1]);

	assert_int_equal(make_pair(fds), 0);
	assert_int_equal(usock_send_all(fds[0], &header, sizeof(header)), 0);
	assert_int_equal(usock_send_all(fds[0], "12345", 5), 0);
	close(fds[0]);
	assert_int_equal(lsc_recv_request(fds[1], &msg), -ECONNRESET);
	assert_null(msg.payload);
	close(fds[1]);
}

/* Sends a reply from a thread: the socket cannot hold megabytes. */
struct reply_sender {
	int fd;
	const struct wire_buf *payload;
	int ret;
};

static void *send_reply_thread(void *arg)
{
	struct reply_sender *s = arg;

	s->ret = lsc_send_reply(s->fd, LTTNG_OK, s->payload);
	return NULL;
}

/* A reply of len bytes (a multiple of 4), all distinct words, arrives. */
static void check_reply_round_trip(size_t len)
{
	struct reply_sender sender;
	struct lsc_message msg;
	struct wire_buf buf;
	pthread_t thread;
	int fds[2];

	assert_int_equal(make_pair(fds), 0);
	wire_buf_init(&buf);
	for (size_t i = 0; i < len / 4; i++)
		wire_put_u32(&buf, (uint32_t)(i * 2654435761u));
	assert_int_equal(buf.error, 0);
	assert_int_equal(buf.len, len);
	sender = (struct reply_sender){.fd = fds[0], .payload = &buf};
	assert_int_equal(
		pthread_create(&thread, NULL, send_reply_thread, &sender), 0);
	assert_int_equal(lsc_recv_reply(fds[1], &msg), 0);
	pthread_join(thread, NULL);
	assert_int_equal(sender.ret, 0);
	assert_int_equal(msg.code, LTTNG_OK);
	assert_int_equal(msg.payload_len, len);
	assert_memory_equal(msg.payload, buf.data, len);
	lsc_message_fini(&msg);
	wire_buf_fini(&buf);
	close(fds[0]);
	close(fds[1]);
}

static void test_replies_beyond_the_payload_limit_arrive_whole(void **state)
{
	(void)state;
	check_reply_round_trip(LSC_MAX_PAYLOAD);
	check_reply_round_trip(LSC_MAX_PAYLOAD + 4);
	check_reply_round_trip(2 * LSC_MAX_PAYLOAD);
	check_reply_round_trip(2 * LSC_MAX_PAYLOAD + 12);
}

static void test_oversized_reply_segment_is_refused(void **state)
{
	struct lsc_reply_header header = {.code = LTTNG_OK,
					  .payload_len = 4 | LSC_REPLY_MORE};
	uint32_t next = (LSC_MAX_PAYLOAD + 1) | LSC_REPLY_MORE;
	struct lsc_message msg;
	int fds[2];

	(void)state;
	assert_int_equal(make_pair(fds), 0);
	assert_int_equal(usock_send_all(fds[0], &header, sizeof(header)), 0);
	assert_int_equal(usock_send_all(fds[0], "abcd", 4), 0);
	assert_int_equal(usock_send_all(fds[0], &next, sizeof(next)), 0);
	assert_int_equal(lsc_recv_reply(fds[1], &msg), -EMSGSIZE);
	assert_null(msg.payload);
	header.payload_len = (LSC_MAX_PAYLOAD + 1) | LSC_REPLY_MORE;
	assert_int_equal(lsc_reply_header_check(&header), -EMSGSIZE);
	close(fds[0]);
	close(fds[1]);
}

static void test_command_names_cover_every_command(void **state)
{
	uint32_t cmd;

	(void)state;
	for (cmd = 1; cmd < LSC_CMD_NR; cmd++)
		assert_string_not_equal(lsc_command_name(cmd), "?");
	assert_string_equal(lsc_command_name(0), "?");
	assert_string_equal(lsc_command_name(LSC_CMD_NR), "?");
	assert_string_equal(lsc_command_name(LSC_CMD_CREATE_SESSION),
			    "create-session");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_request_round_trip_over_socket),
		cmocka_unit_test(test_reply_without_payload_round_trip),
		cmocka_unit_test(
			test_unknown_command_and_huge_length_are_refused),
		cmocka_unit_test(test_reply_code_outside_the_table_is_refused),
		cmocka_unit_test(
			test_stream_cut_in_header_or_payload_reports_reset),
		cmocka_unit_test(test_command_names_cover_every_command),
		cmocka_unit_test(
			test_replies_beyond_the_payload_limit_arrive_whole),
		cmocka_unit_test(test_oversized_reply_segment_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
