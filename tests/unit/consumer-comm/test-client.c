/*
 * Unit tests of the session daemon's consumer client (client.c) against
 * a fake consumer on a socketpair: a regenerated metadata text goes out
 * as CONSUMER_CMD_METADATA_REGENERATE, and one too long for a message
 * continues as METADATA_PUSH requests that rebuild it exactly.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "consumer-comm/client.h"
#include "consumer-comm/codec.h"

#define MAX_REQUESTS 8

/* What the fake consumer received: each request's command and text. */
struct fake_consumer {
	int fd;
	unsigned int nr_requests;
	uint32_t commands[MAX_REQUESTS];
	uint64_t keys[MAX_REQUESTS];
	char *text; /* every text received, concatenated */
	size_t text_len;
};

static void take_text(struct fake_consumer *fc,
		      const struct consumer_message *msg)
{
	struct wire_cursor cur;
	char *text = NULL;

	wire_cursor_init(&cur, msg->payload, msg->payload_len);
	assert_int_equal(wire_get_u64(&cur, &fc->keys[fc->nr_requests]), 0);
	assert_int_equal(wire_get_str_dup(&cur, CONSUMER_MAX_PAYLOAD, &text), 0);
	assert_non_null(text);
	fc->text = realloc(fc->text, fc->text_len + strlen(text) + 1);
	memcpy(fc->text + fc->text_len, text, strlen(text) + 1);
	fc->text_len += strlen(text);
	free(text);
}

/* Answers every request with 0 until the client closes its end. */
static void *serve(void *arg)
{
	struct fake_consumer *fc = arg;
	struct consumer_message msg;

	while (consumer_recv_request(fc->fd, &msg) == 0) {
		if (fc->nr_requests < MAX_REQUESTS) {
			fc->commands[fc->nr_requests] = msg.command;
			take_text(fc, &msg);
			fc->nr_requests++;
		}
		consumer_message_fini(&msg);
		if (consumer_send_reply(fc->fd, 0, NULL))
			break;
	}
	return NULL;
}

/* Sends text[0..len) as a regenerated metadata; what was received. */
static void regenerate(const char *text, size_t len, struct fake_consumer *fc)
{
	pthread_t thread;
	int pair[2];

	memset(fc, 0, sizeof(*fc));
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, pair), 0);
	fc->fd = pair[1];
	assert_int_equal(pthread_create(&thread, NULL, serve, fc), 0);
	assert_int_equal(
		consumer_client_metadata_regenerate(pair[0], 7, text, len), 0);
	close(pair[0]);
	assert_int_equal(pthread_join(thread, NULL), 0);
	close(pair[1]);
}

static void short_text_is_one_regenerate_request(void **state)
{
	struct fake_consumer fc;

	(void)state;
	regenerate("/* CTF 1.8 */\n", 14, &fc);
	assert_int_equal(fc.nr_requests, 1);
	assert_int_equal(fc.commands[0], CONSUMER_CMD_METADATA_REGENERATE);
	assert_int_equal(fc.keys[0], 7);
	assert_string_equal(fc.text, "/* CTF 1.8 */\n");
	free(fc.text);
}

static void long_text_continues_as_pushes(void **state)
{
	size_t len = 2 * CONSUMER_METADATA_TEXT_CHUNK + 1000;
	char *text = malloc(len + 1);
	struct fake_consumer fc;

	(void)state;
	for (size_t i = 0; i < len; i++)
		text[i] = (char)('a' + i % 26);
	text[len] = '\0';
	regenerate(text, len, &fc);
	assert_int_equal(fc.nr_requests, 3);
	assert_int_equal(fc.commands[0], CONSUMER_CMD_METADATA_REGENERATE);
	assert_int_equal(fc.commands[1], CONSUMER_CMD_METADATA_PUSH);
	assert_int_equal(fc.commands[2], CONSUMER_CMD_METADATA_PUSH);
	assert_int_equal(fc.keys[2], 7);
	assert_int_equal(fc.text_len, len);
	assert_memory_equal(fc.text, text, len);
	free(fc.text);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(short_text_is_one_regenerate_request),
		cmocka_unit_test(long_text_continues_as_pushes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
