/*
 * Unit tests of the UST payload codecs: every command payload round
 * trips, and truncated payloads, trailing bytes, names without room,
 * counts beyond the limits or the bytes present, and unknown enum values
 * are refused.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ust-comm/codec.h"

/* Every strict prefix of a valid payload must be refused. */
typedef int (*decode_fn)(const void *payload, size_t len);

static void assert_prefixes_refused(const struct wire_buf *buf, decode_fn fn)
{
	size_t len;

	for (len = 0; len < buf->len; len++)
		assert_true(fn(buf->data, len) < 0);
}

static void assert_trailing_refused(struct wire_buf *buf, decode_fn fn)
{
	wire_put_u32(buf, 0xdeadbeef);
	assert_int_equal(fn(buf->data, buf->len), -EBADMSG);
}

static int decode_id(const void *p, size_t len)
{
	uint64_t id;

	return ust_get_id(p, len, &id);
}

static void test_id_round_trip(void **state)
{
	struct wire_buf buf;
	uint64_t id;

	(void)state;
	wire_buf_init(&buf);
	ust_put_id(&buf, UINT64_MAX - 1);
	assert_int_equal(ust_get_id(buf.data, buf.len, &id), 0);
	assert_true(id == UINT64_MAX - 1);
	assert_prefixes_refused(&buf, decode_id);
	assert_trailing_refused(&buf, decode_id);
	wire_buf_fini(&buf);
}

static int decode_channel(const void *p, size_t len)
{
	struct ust_channel_desc d;

	return ust_get_channel_desc(p, len, &d);
}

static void test_channel_desc_round_trip_and_checks(void **state)
{
	struct ust_channel_desc in = {.session_id = 3,
				      .channel_key = 9,
				      .name = "channel0",
				      .nr_streams = 2};
	struct ust_channel_desc out;
	struct wire_buf buf;
	char long_name[UST_NAME_MAX + 1];

	(void)state;
	wire_buf_init(&buf);
	ust_put_channel_desc(&buf, &in);
	assert_int_equal(ust_get_channel_desc(buf.data, buf.len, &out), 0);
	assert_int_equal(out.session_id, 3);
	assert_int_equal(out.channel_key, 9);
	assert_string_equal(out.name, "channel0");
	assert_int_equal(out.nr_streams, 2);
	assert_prefixes_refused(&buf, decode_channel);
	assert_trailing_refused(&buf, decode_channel);
	wire_buf_fini(&buf);

	/* no stream, or a name that does not fit */
	in.nr_streams = 0;
	wire_buf_init(&buf);
	ust_put_channel_desc(&buf, &in);
	assert_int_equal(decode_channel(buf.data, buf.len), -EBADMSG);
	wire_buf_fini(&buf);
	memset(long_name, 'c', UST_NAME_MAX);
	long_name[UST_NAME_MAX] = '\0';
	wire_buf_init(&buf);
	wire_put_u64(&buf, 1);
	wire_put_u64(&buf, 2);
	wire_put_str(&buf, long_name);
	wire_put_u32(&buf, 1);
	assert_int_equal(decode_channel(buf.data, buf.len), -EMSGSIZE);
	wire_buf_fini(&buf);
}

static int decode_stream(const void *p, size_t len)
{
	uint64_t key;
	uint32_t index;

	return ust_get_stream_add(p, len, &key, &index);
}

static void test_stream_add_round_trip(void **state)
{
	struct wire_buf buf;
	uint64_t key;
	uint32_t index;

	(void)state;
	wire_buf_init(&buf);
	ust_put_stream_add(&buf, 77, 5);
	assert_int_equal(ust_get_stream_add(buf.data, buf.len, &key, &index),
			 0);
	assert_int_equal(key, 77);
	assert_int_equal(index, 5);
	assert_prefixes_refused(&buf, decode_stream);
	assert_trailing_refused(&buf, decode_stream);
	wire_buf_fini(&buf);
}

static int decode_context(const void *p, size_t len)
{
	struct ust_context_desc d;
	uint64_t key;

	return ust_get_context_add(p, len, &key, &d);
}

static void test_context_round_trip_and_unknown_type(void **state)
{
	struct ust_context_desc in = {.type = UST_CONTEXT_PERF_THREAD_COUNTER,
				      .perf_type = 4,
				      .perf_config = 0x1234,
				      .name = "perf_thread_raw_r1234"};
	struct ust_context_desc out;
	struct wire_buf buf;
	uint64_t key;

	(void)state;
	wire_buf_init(&buf);
	ust_put_context_add(&buf, 11, &in);
	assert_int_equal(ust_get_context_add(buf.data, buf.len, &key, &out), 0);
	assert_int_equal(key, 11);
	assert_int_equal(out.type, UST_CONTEXT_PERF_THREAD_COUNTER);
	assert_int_equal(out.perf_type, 4);
	assert_int_equal(out.perf_config, 0x1234);
	assert_string_equal(out.name, "perf_thread_raw_r1234");
	assert_string_equal(out.provider, "");
	assert_prefixes_refused(&buf, decode_context);
	assert_trailing_refused(&buf, decode_context);
	wire_buf_fini(&buf);

	in.type = UST_CONTEXT_APP_CONTEXT + 1;
	wire_buf_init(&buf);
	ust_put_context_add(&buf, 11, &in);
	assert_int_equal(decode_context(buf.data, buf.len), -EBADMSG);
	wire_buf_fini(&buf);
}

static int decode_rule(const void *p, size_t len)
{
	struct ust_rule_desc d;
	int ret = ust_get_rule_desc(p, len, &d);

	if (!ret)
		ust_rule_desc_fini(&d);
	return ret;
}

static void test_rule_round_trip_with_exclusions_and_bytecode(void **state)
{
	char excl[2][UST_NAME_MAX] = {"app:skip*", "app:other"};
	uint8_t code[5] = {1, 2, 3, 0, 255};
	struct ust_rule_desc in = {.channel_key = 4,
				   .rule_id = 8,
				   .pattern = "app:*",
				   .loglevel_type = UST_RULE_LOGLEVEL_RANGE,
				   .loglevel = 6,
				   .nr_exclusions = 2,
				   .exclusions = excl,
				   .bytecode_len = sizeof(code),
				   .bytecode = code};
	struct ust_rule_desc out;
	struct wire_buf buf;

	(void)state;
	wire_buf_init(&buf);
	ust_put_rule_desc(&buf, &in);
	assert_int_equal(ust_get_rule_desc(buf.data, buf.len, &out), 0);
	assert_int_equal(out.channel_key, 4);
	assert_int_equal(out.rule_id, 8);
	assert_string_equal(out.pattern, "app:*");
	assert_int_equal(out.loglevel_type, UST_RULE_LOGLEVEL_RANGE);
	assert_int_equal(out.loglevel, 6);
	assert_int_equal(out.nr_exclusions, 2);
	assert_string_equal(out.exclusions[0], "app:skip*");
	assert_string_equal(out.exclusions[1], "app:other");
	assert_int_equal(out.bytecode_len, 5);
	assert_memory_equal(out.bytecode, code, 5);
	ust_rule_desc_fini(&out);
	assert_null(out.exclusions);
	assert_prefixes_refused(&buf, decode_rule);
	assert_trailing_refused(&buf, decode_rule);
	wire_buf_fini(&buf);

	/* no exclusion, no filter */
	in.nr_exclusions = 0;
	in.bytecode_len = 0;
	wire_buf_init(&buf);
	ust_put_rule_desc(&buf, &in);
	assert_int_equal(ust_get_rule_desc(buf.data, buf.len, &out), 0);
	assert_null(out.exclusions);
	assert_null(out.bytecode);
	wire_buf_fini(&buf);
}

static void test_rule_limits_are_enforced(void **state)
{
	struct wire_buf buf;

	(void)state;
	/* a log level condition that does not exist */
	wire_buf_init(&buf);
	wire_put_u64(&buf, 1);
	wire_put_u64(&buf, 2);
	wire_put_str(&buf, "a:b");
	wire_put_u32(&buf, 7);
	wire_put_i32(&buf, 0);
	wire_put_u32(&buf, 0);
	wire_put_u32(&buf, 0);
	assert_int_equal(decode_rule(buf.data, buf.len), -EBADMSG);
	wire_buf_fini(&buf);

	/* too many exclusions, then more than the payload holds */
	wire_buf_init(&buf);
	wire_put_u64(&buf, 1);
	wire_put_u64(&buf, 2);
	wire_put_str(&buf, "a:b");
	wire_put_u32(&buf, 0);
	wire_put_i32(&buf, 0);
	wire_put_u32(&buf, UST_MAX_EXCLUSIONS + 1);
	assert_int_equal(decode_rule(buf.data, buf.len), -EMSGSIZE);
	wire_buf_fini(&buf);
	wire_buf_init(&buf);
	wire_put_u64(&buf, 1);
	wire_put_u64(&buf, 2);
	wire_put_str(&buf, "a:b");
	wire_put_u32(&buf, 0);
	wire_put_i32(&buf, 0);
	wire_put_u32(&buf, 1000);
	wire_put_str(&buf, "x");
	assert_int_equal(decode_rule(buf.data, buf.len), -EBADMSG);
	wire_buf_fini(&buf);

	/* bytecode over the limit, then longer than the payload */
	wire_buf_init(&buf);
	wire_put_u64(&buf, 1);
	wire_put_u64(&buf, 2);
	wire_put_str(&buf, "a:b");
	wire_put_u32(&buf, 0);
	wire_put_i32(&buf, 0);
	wire_put_u32(&buf, 0);
	wire_put_u32(&buf, UST_MAX_BYTECODE + 1);
	assert_int_equal(decode_rule(buf.data, buf.len), -EMSGSIZE);
	buf.len -= 4;
	wire_put_u32(&buf, 64);
	wire_put_u32(&buf, 0);
	assert_int_equal(decode_rule(buf.data, buf.len), -EBADMSG);
	wire_buf_fini(&buf);

	/* an empty pattern or exclusion */
	wire_buf_init(&buf);
	wire_put_u64(&buf, 1);
	wire_put_u64(&buf, 2);
	wire_put_str(&buf, "a:b");
	wire_put_u32(&buf, 0);
	wire_put_i32(&buf, 0);
	wire_put_u32(&buf, 1);
	wire_put_str(&buf, "");
	wire_put_u32(&buf, 0);
	assert_int_equal(decode_rule(buf.data, buf.len), -EBADMSG);
	wire_buf_fini(&buf);
}

static int decode_tracepoints(const void *p, size_t len)
{
	struct ust_tracepoint_entry *e;
	uint32_t n;
	int ret = ust_get_tracepoint_list(p, len, &e, &n);

	free(e);
	return ret;
}

static void test_tracepoint_list_round_trip(void **state)
{
	struct ust_tracepoint_entry in[2] = {{"app:start", 13},
					     {"app:stop", 0}};
	struct ust_tracepoint_entry *out;
	struct wire_buf buf;
	uint32_t n;

	(void)state;
	wire_buf_init(&buf);
	ust_put_tracepoint_list(&buf, in, 2);
	assert_int_equal(ust_get_tracepoint_list(buf.data, buf.len, &out, &n),
			 0);
	assert_int_equal(n, 2);
	assert_string_equal(out[0].name, "app:start");
	assert_int_equal(out[0].loglevel, 13);
	assert_string_equal(out[1].name, "app:stop");
	assert_int_equal(out[1].loglevel, 0);
	free(out);
	assert_prefixes_refused(&buf, decode_tracepoints);
	assert_trailing_refused(&buf, decode_tracepoints);
	wire_buf_fini(&buf);

	/* an empty list, and a count the payload cannot hold */
	wire_buf_init(&buf);
	ust_put_tracepoint_list(&buf, NULL, 0);
	assert_int_equal(ust_get_tracepoint_list(buf.data, buf.len, &out, &n),
			 0);
	assert_int_equal(n, 0);
	assert_null(out);
	wire_buf_fini(&buf);
	wire_buf_init(&buf);
	wire_put_u32(&buf, UINT32_MAX);
	assert_int_equal(decode_tracepoints(buf.data, buf.len), -EBADMSG);
	wire_buf_fini(&buf);
}

static int decode_fields(const void *p, size_t len)
{
	struct ust_field_entry *e;
	uint32_t n;
	int ret = ust_get_field_list(p, len, &e, &n);

	free(e);
	return ret;
}

static void test_field_list_round_trip_and_bad_type(void **state)
{
	struct ust_field_entry in[2] = {
		{"app:ev", 13, "count", UST_FIELD_LIST_INTEGER, 0},
		{"app:ev", 13, "hidden", UST_FIELD_LIST_STRING, 1}};
	struct ust_field_entry *out;
	struct wire_buf buf;
	uint32_t n;

	(void)state;
	wire_buf_init(&buf);
	ust_put_field_list(&buf, in, 2);
	assert_int_equal(ust_get_field_list(buf.data, buf.len, &out, &n), 0);
	assert_int_equal(n, 2);
	assert_memory_equal(out, in, sizeof(in));
	free(out);
	assert_prefixes_refused(&buf, decode_fields);
	assert_trailing_refused(&buf, decode_fields);
	wire_buf_fini(&buf);

	in[1].type = UST_FIELD_LIST_STRING + 1;
	wire_buf_init(&buf);
	ust_put_field_list(&buf, in, 2);
	assert_int_equal(decode_fields(buf.data, buf.len), -EBADMSG);
	wire_buf_fini(&buf);
}

static void test_event_id_round_trip(void **state)
{
	struct wire_buf buf;
	uint32_t id;

	(void)state;
	wire_buf_init(&buf);
	ust_put_event_id(&buf, 65536);
	assert_int_equal(ust_get_event_id(buf.data, buf.len, &id), 0);
	assert_int_equal(id, 65536);
	assert_int_equal(ust_get_event_id(buf.data, 3, &id), -EBADMSG);
	wire_put_u32(&buf, 1);
	assert_int_equal(ust_get_event_id(buf.data, buf.len, &id), -EBADMSG);
	wire_buf_fini(&buf);
}

/* Random bytes must never crash a decoder (ASan checks the reads). */
static void test_garbage_never_crashes(void **state)
{
	uint8_t junk[512];
	unsigned int seed = 12345, round;
	size_t i;

	(void)state;
	for (round = 0; round < 2000; round++) {
		size_t len = rand_r(&seed) % sizeof(junk);

		for (i = 0; i < len; i++)
			junk[i] = (uint8_t)rand_r(&seed);
		/* small counts now and then, so decoding goes deeper */
		if (len > 24 && round % 2)
			memset(junk + 16, 0, 3);
		(void)decode_channel(junk, len);
		(void)decode_context(junk, len);
		(void)decode_rule(junk, len);
		(void)decode_tracepoints(junk, len);
		(void)decode_fields(junk, len);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_id_round_trip),
		cmocka_unit_test(test_channel_desc_round_trip_and_checks),
		cmocka_unit_test(test_stream_add_round_trip),
		cmocka_unit_test(test_context_round_trip_and_unknown_type),
		cmocka_unit_test(
			test_rule_round_trip_with_exclusions_and_bytecode),
		cmocka_unit_test(test_rule_limits_are_enforced),
		cmocka_unit_test(test_tracepoint_list_round_trip),
		cmocka_unit_test(test_field_list_round_trip_and_bad_type),
		cmocka_unit_test(test_event_id_round_trip),
		cmocka_unit_test(test_garbage_never_crashes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
