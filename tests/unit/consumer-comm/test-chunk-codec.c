/*
 * Unit tests of the consumer protocol's trace chunk payloads
 * (chunk-codec.h): CHUNK_CREATE, CHUNK_CLOSE, CHUNK_EXISTS and the
 * rotation of a channel or metadata to a chunk. Every message round
 * trips, and hostile payloads are refused with an error, never read
 * past their end (each is decoded from a heap copy of exactly its
 * length, so the sanitizer build catches any read beyond it): every
 * truncation, trailing bytes, chunk ids of "none" where a chunk is
 * named, negative times, relative outputs, close commands, flags and
 * booleans out of range, strings longer than their field, strings whose
 * length runs past the payload, holding a NUL, or absent.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "consumer-comm/chunk-codec.h"
#include "hostile-payload.h"

static void fill_chunk(struct consumer_chunk_desc *d)
{
	memset(d, 0, sizeof(*d));
	d->session_id = 7;
	d->chunk_id = 3;
	d->begin = 1700000000;
	d->in_subdir = 1;
	d->owner_uid = 1000;
	d->owner_gid = 100;
	strcpy(d->output, "/home/u/lttng-traces/s-20261127-070000");
}

static int decode_chunk(const void *payload, size_t len)
{
	struct consumer_chunk_desc d;

	return consumer_get_chunk_desc(payload, len, &d);
}

/* Encodes *d and decodes it: the decoder's answer. */
static int chunk_round(const struct consumer_chunk_desc *d)
{
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	consumer_put_chunk_desc(&buf, d);
	ret = decode_copy(decode_chunk, buf.data, buf.len);
	wire_buf_fini(&buf);
	return ret;
}

static void chunk_desc_round_trips_and_refuses_hostile_input(void **state)
{
	struct consumer_chunk_desc in, out;
	struct trace_chunk_desc chunk;
	struct wire_buf buf;

	(void)state;
	fill_chunk(&in);
	wire_buf_init(&buf);
	consumer_put_chunk_desc(&buf, &in);
	assert_int_equal(consumer_get_chunk_desc(buf.data, buf.len, &out), 0);
	assert_memory_equal(&in, &out, sizeof(in));
	assert_refuses_truncation_and_trailing(decode_chunk, &buf);
	wire_buf_fini(&buf);
	/* what trace-chunk.h makes of it */
	chunk = consumer_chunk_desc_to_trace_chunk(&out);
	assert_string_equal(chunk.output, in.output);
	assert_int_equal(chunk.id, 3);
	assert_int_equal(chunk.begin, 1700000000);
	assert_true(chunk.in_subdir);
	assert_int_equal(chunk.owner.uid, 1000);
	assert_int_equal(chunk.owner.gid, 100);
}

static void chunk_desc_values_out_of_range_are_refused(void **state)
{
	struct consumer_chunk_desc d;

	(void)state;
	fill_chunk(&d);
	d.in_subdir = 0; /* a chunk at the output's root is one too */
	assert_int_equal(chunk_round(&d), 0);
	fill_chunk(&d);
	d.chunk_id = CONSUMER_CHUNK_NONE;
	assert_int_equal(chunk_round(&d), -EBADMSG);
	fill_chunk(&d);
	d.begin = -1;
	assert_int_equal(chunk_round(&d), -EBADMSG);
	fill_chunk(&d);
	d.in_subdir = 2;
	assert_int_equal(chunk_round(&d), -EBADMSG);
	fill_chunk(&d);
	strcpy(d.output, "relative/dir");
	assert_int_equal(chunk_round(&d), -EBADMSG);
	fill_chunk(&d);
	d.output[0] = '\0';
	assert_int_equal(chunk_round(&d), -EBADMSG);
}

/* The fixed part of a chunk desc, then the output as raw bytes. */
static void put_chunk_head(struct wire_buf *buf)
{
	wire_put_u64(buf, 7);
	wire_put_u64(buf, 3);
	wire_put_i64(buf, 1700000000);
	wire_put_u32(buf, 1);
	wire_put_u32(buf, 0);
	wire_put_u32(buf, 0);
}

static void chunk_desc_hostile_strings_are_refused(void **state)
{
	(void)state;
	assert_refuses_hostile_string(decode_chunk, put_chunk_head,
				      CONSUMER_PATH_MAX);
}

static int decode_close(const void *payload, size_t len)
{
	struct consumer_chunk_close d;

	return consumer_get_chunk_close(payload, len, &d);
}

static int close_round(const struct consumer_chunk_close *d)
{
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	consumer_put_chunk_close(&buf, d);
	ret = decode_copy(decode_close, buf.data, buf.len);
	wire_buf_fini(&buf);
	return ret;
}

static void chunk_close_round_trips_and_refuses_hostile_input(void **state)
{
	struct consumer_chunk_close in, out, d;
	struct wire_buf buf;

	(void)state;
	memset(&in, 0, sizeof(in)); /* the padding compared too */
	in.session_id = 7;
	in.chunk_id = 3;
	in.end = 1700000100;
	in.command = TRACE_CHUNK_CLOSE_ARCHIVE;
	wire_buf_init(&buf);
	consumer_put_chunk_close(&buf, &in);
	assert_int_equal(consumer_get_chunk_close(buf.data, buf.len, &out), 0);
	assert_memory_equal(&in, &out, sizeof(in));
	assert_refuses_truncation_and_trailing(decode_close, &buf);
	wire_buf_fini(&buf);
	for (uint32_t c = 0; c <= TRACE_CHUNK_CLOSE_MAX; c++) {
		d = in;
		d.command = c;
		assert_int_equal(close_round(&d), 0);
	}
	d = in;
	d.command = TRACE_CHUNK_CLOSE_MAX + 1;
	assert_int_equal(close_round(&d), -EBADMSG);
	d.command = UINT32_MAX;
	assert_int_equal(close_round(&d), -EBADMSG);
	d = in;
	d.chunk_id = CONSUMER_CHUNK_NONE;
	assert_int_equal(close_round(&d), -EBADMSG);
	d = in;
	d.end = INT64_MIN;
	assert_int_equal(close_round(&d), -EBADMSG);
}

static int decode_ref(const void *payload, size_t len)
{
	struct consumer_chunk_ref d;

	return consumer_get_chunk_ref(payload, len, &d);
}

static void chunk_ref_round_trips_and_refuses_hostile_input(void **state)
{
	struct consumer_chunk_ref in = {.session_id = UINT64_MAX - 1,
					.chunk_id = 0};
	struct consumer_chunk_ref out;
	struct wire_buf buf;

	(void)state;
	wire_buf_init(&buf);
	consumer_put_chunk_ref(&buf, &in);
	assert_int_equal(consumer_get_chunk_ref(buf.data, buf.len, &out), 0);
	assert_memory_equal(&in, &out, sizeof(in));
	assert_refuses_truncation_and_trailing(decode_ref, &buf);
	wire_buf_fini(&buf);
	in.chunk_id = CONSUMER_CHUNK_NONE;
	wire_buf_init(&buf);
	consumer_put_chunk_ref(&buf, &in);
	assert_int_equal(decode_copy(decode_ref, buf.data, buf.len), -EBADMSG);
	wire_buf_fini(&buf);
}

static int decode_exists(const void *payload, size_t len)
{
	bool exists;

	return consumer_get_chunk_exists_reply(payload, len, &exists);
}

static void exists_reply_round_trips_and_refuses_hostile_input(void **state)
{
	struct wire_buf buf;
	bool exists = false;

	(void)state;
	for (int value = 0; value < 2; value++) {
		wire_buf_init(&buf);
		consumer_put_chunk_exists_reply(&buf, value);
		assert_int_equal(consumer_get_chunk_exists_reply(
					 buf.data, buf.len, &exists),
				 0);
		assert_int_equal(exists, value);
		assert_refuses_truncation_and_trailing(decode_exists, &buf);
		wire_buf_fini(&buf);
	}
	wire_buf_init(&buf);
	wire_put_u32(&buf, 2); /* neither yes nor no */
	assert_int_equal(decode_copy(decode_exists, buf.data, buf.len),
			 -EBADMSG);
	wire_buf_fini(&buf);
}

static int decode_rotate(const void *payload, size_t len)
{
	struct consumer_rotate_desc d;

	return consumer_get_rotate_desc(payload, len, &d);
}

static void rotate_desc_round_trips_and_refuses_hostile_input(void **state)
{
	struct consumer_rotate_desc in, out;
	struct wire_buf buf;

	(void)state;
	memset(&in, 0, sizeof(in)); /* the padding compared too */
	in.key = 12;
	in.flags = CONSUMER_ROTATE_DISCARD;
	in.chunk_id = 4;
	wire_buf_init(&buf);
	consumer_put_rotate_desc(&buf, &in);
	assert_int_equal(consumer_get_rotate_desc(buf.data, buf.len, &out), 0);
	assert_memory_equal(&in, &out, sizeof(in));
	assert_refuses_truncation_and_trailing(decode_rotate, &buf);
	wire_buf_fini(&buf);
	/* to no chunk: the files close until the next rotation */
	in.chunk_id = CONSUMER_CHUNK_NONE;
	wire_buf_init(&buf);
	consumer_put_rotate_desc(&buf, &in);
	assert_int_equal(consumer_get_rotate_desc(buf.data, buf.len, &out), 0);
	assert_true(out.chunk_id == CONSUMER_CHUNK_NONE);
	wire_buf_fini(&buf);
	/* an unknown flag */
	in.flags = CONSUMER_ROTATE_DISCARD << 1;
	wire_buf_init(&buf);
	consumer_put_rotate_desc(&buf, &in);
	assert_int_equal(decode_copy(decode_rotate, buf.data, buf.len),
			 -EBADMSG);
	wire_buf_fini(&buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			chunk_desc_round_trips_and_refuses_hostile_input),
		cmocka_unit_test(chunk_desc_values_out_of_range_are_refused),
		cmocka_unit_test(chunk_desc_hostile_strings_are_refused),
		cmocka_unit_test(
			chunk_close_round_trips_and_refuses_hostile_input),
		cmocka_unit_test(
			chunk_ref_round_trips_and_refuses_hostile_input),
		cmocka_unit_test(
			exists_reply_round_trips_and_refuses_hostile_input),
		cmocka_unit_test(
			rotate_desc_round_trips_and_refuses_hostile_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
