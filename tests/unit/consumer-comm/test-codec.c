/*
 * Unit tests of the consumer protocol codecs: round trips, truncated
 * and trailing payloads, values out of range, and fd passing over a
 * socketpair.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "consumer-comm/codec.h"
#include "trace-clock/trace-clock.h"

static void fill_channel(struct consumer_channel_desc *d)
{
	memset(d, 0, sizeof(*d));
	d->channel_key = 42;
	strcpy(d->name, "channel0");
	d->session_id = 3;
	d->chunk_id = 1;
	strcpy(d->chunk_dir, "ust/uid/0/64-bit");
	d->subbuf_size = 524288;
	d->subbuf_count = 4;
	d->mode = CONSUMER_MODE_OVERWRITE;
	d->blocking_timeout_us = -1;
	d->nr_streams = 2;
	d->header_kind = CTF_EVENT_HEADER_LARGE;
	d->clock_source = TRACE_CLOCK_TSC;
	for (int i = 0; i < CTF_UUID_LEN; i++)
		d->uuid[i] = (uint8_t)(i * 7);
	d->stream_id = 3;
	d->tracefile_size = 1 << 20;
	d->tracefile_count = 5;
	d->switch_timer_us = 1000;
	d->read_timer_us = 200;
	d->output_uid = 1000;
	d->output_gid = 100;
	strcpy(d->shm_dir, "/dev/shm/s-20261123-120000/ust/uid/0/64-bit");
}

static int decode_channel(const struct wire_buf *buf, size_t len,
			  struct consumer_channel_desc *out)
{
	struct wire_cursor cur;
	int ret;

	wire_cursor_init(&cur, buf->data, len);
	ret = consumer_get_channel_desc(&cur, out);
	return ret ? ret : wire_cursor_finish(&cur);
}

static void channel_desc_round_trips(void **state)
{
	struct consumer_channel_desc in, out;
	struct wire_buf buf;

	(void)state;
	fill_channel(&in);
	wire_buf_init(&buf);
	consumer_put_channel_desc(&buf, &in);
	assert_int_equal(decode_channel(&buf, buf.len, &out), 0);
	assert_memory_equal(&in, &out, sizeof(in));
	wire_buf_fini(&buf);
}

static void truncated_channel_desc_is_refused(void **state)
{
	struct consumer_channel_desc in, out;
	struct wire_buf buf;

	(void)state;
	fill_channel(&in);
	wire_buf_init(&buf);
	consumer_put_channel_desc(&buf, &in);
	for (size_t len = 0; len < buf.len; len++)
		assert_int_not_equal(decode_channel(&buf, len, &out), 0);
	wire_put_u32(&buf, 0); /* trailing bytes */
	assert_int_equal(decode_channel(&buf, buf.len, &out), -EBADMSG);
	wire_buf_fini(&buf);
}

static void bad_channel_values_are_refused(void **state)
{
	struct consumer_channel_desc in, out;
	struct wire_buf buf;

	(void)state;
	for (int which = 0; which < 11; which++) {
		fill_channel(&in);
		switch (which) {
		case 0:
			strcpy(in.name, "../evil");
			break;
		case 1: /* its directory in a chunk stays in the chunk */
			strcpy(in.chunk_dir, "/abs/dir");
			break;
		case 8:
			strcpy(in.chunk_dir, "ust/../../etc");
			break;
		case 9:
			strcpy(in.chunk_dir, "ust//uid");
			break;
		case 10:
			in.chunk_dir[0] = '\0';
			break;
		case 2:
			in.mode = 7;
			break;
		case 3:
			in.nr_streams = 0;
			break;
		case 4:
			in.nr_streams = CONSUMER_MAX_STREAMS + 1;
			break;
		case 5:
			in.header_kind = 9;
			break;
		case 6:
			in.clock_source = TRACE_CLOCK_SOURCE_MAX + 1;
			break;
		case 7:
			strcpy(in.shm_dir, "relative/shm");
			break;
		}
		wire_buf_init(&buf);
		consumer_put_channel_desc(&buf, &in);
		assert_int_equal(decode_channel(&buf, buf.len, &out), -EBADMSG);
		wire_buf_fini(&buf);
	}
}

static void metadata_desc_round_trips(void **state)
{
	struct consumer_metadata_desc in = {.metadata_key = 9,
					    .session_id = 4,
					    .chunk_id = CONSUMER_CHUNK_NONE,
					    .output_uid = 1,
					    .output_gid = 2};
	struct consumer_metadata_desc out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	strcpy(in.chunk_dir, "ust/pid/app-12-20261127-070000");
	strcpy(in.shm_dir, "/shm/a/b");
	in.uuid[15] = 0xff;
	wire_buf_init(&buf);
	consumer_put_metadata_desc(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(consumer_get_metadata_desc(&cur, &out), 0);
	assert_int_equal(wire_cursor_finish(&cur), 0);
	assert_memory_equal(&in, &out, sizeof(in));
	wire_buf_fini(&buf);
	/* a directory out of the chunk */
	strcpy(in.chunk_dir, "..");
	wire_buf_init(&buf);
	consumer_put_metadata_desc(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(consumer_get_metadata_desc(&cur, &out), -EBADMSG);
	wire_buf_fini(&buf);
}

static void chunk_dirs_stay_in_the_chunk(void **state)
{
	(void)state;
	assert_true(consumer_is_chunk_dir("ust"));
	assert_true(consumer_is_chunk_dir("ust/uid/1000/64-bit"));
	assert_true(consumer_is_chunk_dir("kernel/index"));
	assert_true(consumer_is_chunk_dir("a..b/.c"));
	assert_false(consumer_is_chunk_dir(""));
	assert_false(consumer_is_chunk_dir("/ust"));
	assert_false(consumer_is_chunk_dir("ust/"));
	assert_false(consumer_is_chunk_dir("ust//uid"));
	assert_false(consumer_is_chunk_dir("."));
	assert_false(consumer_is_chunk_dir("ust/./x"));
	assert_false(consumer_is_chunk_dir("ust/.."));
	assert_false(consumer_is_chunk_dir("../ust"));
}

static void unknown_request_is_refused(void **state)
{
	struct consumer_msg_header header = {CONSUMER_CMD_NR, 0};
	struct consumer_message msg;
	int pair[2];

	(void)state;
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, pair), 0);
	assert_int_equal(write(pair[0], &header, sizeof(header)),
			 sizeof(header));
	assert_int_equal(consumer_recv_request(pair[1], &msg), -EBADMSG);
	header.command = CONSUMER_CMD_METADATA_PUSH;
	header.payload_len = CONSUMER_MAX_PAYLOAD + 1;
	assert_int_equal(write(pair[0], &header, sizeof(header)),
			 sizeof(header));
	assert_int_equal(consumer_recv_request(pair[1], &msg), -EMSGSIZE);
	close(pair[0]);
	assert_int_equal(consumer_recv_request(pair[1], &msg), -ECONNRESET);
	close(pair[1]);
}

static void stream_fds_travel(void **state)
{
	int pair[2], pipe_fds[2], shm, wakeup;
	char c = 'x';

	(void)state;
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, pair), 0);
	assert_int_equal(pipe(pipe_fds), 0);
	assert_int_equal(
		consumer_send_stream_fds(pair[0], 5, pipe_fds[0], pipe_fds[1]),
		0);
	assert_int_equal(consumer_recv_stream_fds(pair[1], 5, &shm, &wakeup),
			 0);
	assert_int_equal(write(wakeup, &c, 1), 1);
	c = 0;
	assert_int_equal(read(shm, &c, 1), 1);
	assert_int_equal(c, 'x');
	/* A stream index out of step is refused and its fds closed. */
	assert_int_equal(
		consumer_send_stream_fds(pair[0], 6, pipe_fds[0], pipe_fds[1]),
		0);
	assert_int_equal(consumer_recv_stream_fds(pair[1], 7, &shm, &wakeup),
			 -EBADMSG);
	close(shm);
	close(wakeup);
	close(pipe_fds[0]);
	close(pipe_fds[1]);
	close(pair[0]);
	close(pair[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(channel_desc_round_trips),
		cmocka_unit_test(truncated_channel_desc_is_refused),
		cmocka_unit_test(bad_channel_values_are_refused),
		cmocka_unit_test(metadata_desc_round_trips),
		cmocka_unit_test(chunk_dirs_stay_in_the_chunk),
		cmocka_unit_test(unknown_request_is_refused),
		cmocka_unit_test(stream_fds_travel),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
