/*
 * Unit tests of the client <-> sessiond object codecs: every object
 * survives an encode/decode round trip exactly, and every malformed
 * payload (truncated at any byte, trailing bytes, out-of-range enums,
 * oversized strings, embedded NULs) is refused.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <lttng/lttng.h>

#include "sessiond-comm/codec.h"

static void fill_event(struct lsc_event *event)
{
	static char exclusions[2][LTTNG_SYMBOL_NAME_LEN] = {"app:skip",
							    "app:noisy*"};
	static uint8_t bytecode[] = {'L', 'T', 'F', 'B', 1, 0, 0, 7};

	memset(event, 0, sizeof(*event));
	strcpy(event->name, "app:*");
	event->type = LTTNG_EVENT_TRACEPOINT;
	event->loglevel_type = LTTNG_EVENT_LOGLEVEL_RANGE;
	event->loglevel = LTTNG_LOGLEVEL_WARNING;
	event->enabled = 1;
	event->pid = 1234;
	event->filter = "x == 1 && name == \"a b\"";
	event->bytecode = bytecode;
	event->bytecode_len = sizeof(bytecode);
	event->exclusion_count = 2;
	event->exclusions = exclusions;
}

static void test_event_round_trip_keeps_every_field(void **state)
{
	struct lsc_event in, out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	fill_event(&in);
	wire_buf_init(&buf);
	lsc_put_event(&buf, &in);
	assert_int_equal(buf.error, 0);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_event(&cur, &out), 0);
	assert_int_equal(wire_cursor_finish(&cur), 0);
	assert_string_equal(out.name, "app:*");
	assert_int_equal(out.type, LTTNG_EVENT_TRACEPOINT);
	assert_int_equal(out.loglevel_type, LTTNG_EVENT_LOGLEVEL_RANGE);
	assert_int_equal(out.loglevel, 4);
	assert_int_equal(out.enabled, 1);
	assert_int_equal(out.pid, 1234);
	assert_string_equal(out.filter, "x == 1 && name == \"a b\"");
	assert_int_equal(out.bytecode_len, 8);
	assert_memory_equal(out.bytecode, "LTFB\1\0\0\7", 8);
	assert_int_equal(out.exclusion_count, 2);
	assert_string_equal(out.exclusions[0], "app:skip");
	assert_string_equal(out.exclusions[1], "app:noisy*");
	lsc_event_fini(&out);
	wire_buf_fini(&buf);
}

static void test_event_without_filter_decodes_null_filter(void **state)
{
	struct lsc_event in, out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	fill_event(&in);
	in.filter = NULL;
	in.bytecode = NULL;
	in.bytecode_len = 0;
	in.exclusion_count = 0;
	wire_buf_init(&buf);
	lsc_put_event(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_event(&cur, &out), 0);
	assert_null(out.filter);
	assert_null(out.exclusions);
	assert_int_equal(out.exclusion_count, 0);
	lsc_event_fini(&out);
	wire_buf_fini(&buf);
}

static void test_event_filter_without_bytecode_is_refused(void **state)
{
	struct lsc_event in, out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	fill_event(&in);
	in.bytecode = NULL;
	in.bytecode_len = 0;
	wire_buf_init(&buf);
	lsc_put_event(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_event(&cur, &out), -EBADMSG);
	assert_null(out.filter);
	assert_null(out.bytecode);
	wire_buf_fini(&buf);
}

static void test_event_truncated_anywhere_is_refused(void **state)
{
	struct lsc_event in, out;
	struct wire_cursor cur;
	struct wire_buf buf;
	size_t cut;

	(void)state;
	fill_event(&in);
	wire_buf_init(&buf);
	lsc_put_event(&buf, &in);
	for (cut = 0; cut < buf.len; cut++) {
		wire_cursor_init(&cur, buf.data, cut);
		assert_int_equal(lsc_get_event(&cur, &out), -EBADMSG);
		assert_null(out.filter);
		assert_null(out.exclusions);
	}
	wire_buf_fini(&buf);
}

static void test_event_with_bad_enums_is_refused(void **state)
{
	struct lsc_event in, out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	fill_event(&in);
	in.type = 7;
	wire_buf_init(&buf);
	lsc_put_event(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_event(&cur, &out), -EBADMSG);
	wire_buf_fini(&buf);

	fill_event(&in);
	in.loglevel_type = 3;
	wire_buf_init(&buf);
	lsc_put_event(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_event(&cur, &out), -EBADMSG);
	wire_buf_fini(&buf);
}

static void test_event_with_too_many_exclusions_is_refused(void **state)
{
	struct lsc_event out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	wire_buf_init(&buf);
	wire_put_str(&buf, "a*");
	wire_put_i32(&buf, LTTNG_EVENT_TRACEPOINT);
	wire_put_i32(&buf, LTTNG_EVENT_LOGLEVEL_ALL);
	wire_put_i32(&buf, -1);
	wire_put_i32(&buf, 1);
	wire_put_i32(&buf, 0);
	wire_put_str(&buf, NULL);
	wire_put_u32(&buf, LSC_MAX_EXCLUSIONS + 1);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_event(&cur, &out), -EBADMSG);
	wire_buf_fini(&buf);
}

static void test_channel_round_trip_keeps_every_attribute(void **state)
{
	struct lsc_channel in, out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	memset(&in, 0, sizeof(in));
	strcpy(in.chan.name, "chan");
	in.chan.enabled = 1;
	in.chan.attr.overwrite = -1;
	in.chan.attr.subbuf_size = 8192;
	in.chan.attr.num_subbuf = 8;
	in.chan.attr.switch_timer_interval = 1000;
	in.chan.attr.read_timer_interval = 2000;
	in.chan.attr.output = LTTNG_EVENT_MMAP;
	in.chan.attr.tracefile_size = 65536;
	in.chan.attr.tracefile_count = 3;
	in.ext.discarded_events = 7;
	in.ext.lost_packets = 9;
	in.ext.monitor_timer_interval = 3000;
	in.ext.blocking_timeout = -1;
	wire_buf_init(&buf);
	lsc_put_channel(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_channel(&cur, &out), 0);
	assert_int_equal(wire_cursor_finish(&cur), 0);
	assert_string_equal(out.chan.name, "chan");
	assert_int_equal(out.chan.enabled, 1);
	assert_int_equal(out.chan.attr.overwrite, -1);
	assert_int_equal(out.chan.attr.subbuf_size, 8192);
	assert_int_equal(out.chan.attr.num_subbuf, 8);
	assert_int_equal(out.chan.attr.switch_timer_interval, 1000);
	assert_int_equal(out.chan.attr.read_timer_interval, 2000);
	assert_int_equal(out.chan.attr.output, LTTNG_EVENT_MMAP);
	assert_int_equal(out.chan.attr.tracefile_size, 65536);
	assert_int_equal(out.chan.attr.tracefile_count, 3);
	assert_int_equal(out.ext.discarded_events, 7);
	assert_int_equal(out.ext.lost_packets, 9);
	assert_int_equal(out.ext.monitor_timer_interval, 3000);
	assert_int_equal(out.ext.blocking_timeout, -1);
	wire_buf_fini(&buf);
}

static void test_channel_with_bad_overwrite_is_refused(void **state)
{
	struct lsc_channel in, out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	memset(&in, 0, sizeof(in));
	strcpy(in.chan.name, "chan");
	in.chan.attr.overwrite = 2;
	in.chan.attr.output = LTTNG_EVENT_MMAP;
	wire_buf_init(&buf);
	lsc_put_channel(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_channel(&cur, &out), -EBADMSG);
	wire_buf_fini(&buf);
}

static void test_target_round_trip_and_bad_domain(void **state)
{
	struct lsc_target in = {.domain = LTTNG_DOMAIN_UST,
				.buffer_type = LTTNG_BUFFER_PER_UID},
			  out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	strcpy(in.session, "s1");
	strcpy(in.channel, "channel0");
	wire_buf_init(&buf);
	lsc_put_target(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_target(&cur, &out), 0);
	assert_string_equal(out.session, "s1");
	assert_int_equal(out.domain, LTTNG_DOMAIN_UST);
	assert_int_equal(out.buffer_type, LTTNG_BUFFER_PER_UID);
	assert_string_equal(out.channel, "channel0");
	wire_buf_fini(&buf);

	in.domain = 6;
	wire_buf_init(&buf);
	lsc_put_target(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_target(&cur, &out), -EBADMSG);
	wire_buf_fini(&buf);
}

static void test_session_name_longer_than_field_is_refused(void **state)
{
	char name[LTTNG_NAME_MAX + 1];
	struct lsc_target out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	memset(name, 'x', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	wire_buf_init(&buf);
	wire_put_str(&buf, name);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_target(&cur, &out), -EMSGSIZE);
	wire_buf_fini(&buf);
}

static void test_string_with_nul_byte_or_huge_length_is_refused(void **state)
{
	static const char with_nul[] = {3, 0, 0, 0, 'a', 0, 'b'};
	static const char huge[] = {0xff, 0xff, 0xff, 0x7f, 'a'};
	static const char absent[] = {0xff, 0xff, 0xff, 0xff};
	struct wire_cursor cur;
	char out[16];

	(void)state;
	wire_cursor_init(&cur, with_nul, sizeof(with_nul));
	assert_int_equal(wire_get_str(&cur, out, sizeof(out)), -EBADMSG);
	wire_cursor_init(&cur, huge, sizeof(huge));
	assert_int_equal(wire_get_str(&cur, out, sizeof(out)), -EBADMSG);
	wire_cursor_init(&cur, absent, sizeof(absent));
	assert_int_equal(wire_get_str(&cur, out, sizeof(out)), -EBADMSG);
}

static void test_trailing_bytes_are_detected(void **state)
{
	struct lsc_session in, out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	memset(&in, 0, sizeof(in));
	strcpy(in.name, "s1");
	strcpy(in.path, "/tmp/s1");
	in.enabled = 1;
	in.creation_time = 1795745869;
	wire_buf_init(&buf);
	lsc_put_session(&buf, &in);
	wire_put_u32(&buf, 42);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_session(&cur, &out), 0);
	assert_string_equal(out.name, "s1");
	assert_string_equal(out.path, "/tmp/s1");
	assert_int_equal(out.enabled, 1);
	assert_int_equal(out.creation_time, 1795745869);
	assert_int_equal(wire_cursor_finish(&cur), -EBADMSG);
	wire_buf_fini(&buf);
}

static void test_create_session_requires_absolute_path(void **state)
{
	struct lsc_create_session in, out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	memset(&in, 0, sizeof(in));
	strcpy(in.name, "s1");
	in.output = LSC_OUTPUT_PATH;
	strcpy(in.path, "relative/dir");
	wire_buf_init(&buf);
	lsc_put_create_session(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_create_session(&cur, &out), -EBADMSG);
	wire_buf_fini(&buf);

	strcpy(in.path, "/abs/dir");
	in.snapshot = 1;
	wire_buf_init(&buf);
	lsc_put_create_session(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_create_session(&cur, &out), 0);
	assert_string_equal(out.path, "/abs/dir");
	assert_int_equal(out.snapshot, 1);
	assert_int_equal(out.output, LSC_OUTPUT_PATH);
	wire_buf_fini(&buf);
}

static void test_context_round_trip_and_bad_type(void **state)
{
	struct lsc_context in, out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	memset(&in, 0, sizeof(in));
	in.type = LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER;
	in.perf_type = 3;
	in.perf_config = 0x10002;
	strcpy(in.perf_name, "perf_thread_LLC_load_misses");
	wire_buf_init(&buf);
	lsc_put_context(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_context(&cur, &out), 0);
	assert_int_equal(out.type, LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER);
	assert_int_equal(out.perf_type, 3);
	assert_int_equal(out.perf_config, 0x10002);
	assert_string_equal(out.perf_name, "perf_thread_LLC_load_misses");
	wire_buf_fini(&buf);

	in.type = 42;
	wire_buf_init(&buf);
	lsc_put_context(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_context(&cur, &out), -EBADMSG);
	wire_buf_fini(&buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_event_round_trip_keeps_every_field),
		cmocka_unit_test(test_event_without_filter_decodes_null_filter),
		cmocka_unit_test(test_event_filter_without_bytecode_is_refused),
		cmocka_unit_test(test_event_truncated_anywhere_is_refused),
		cmocka_unit_test(test_event_with_bad_enums_is_refused),
		cmocka_unit_test(
			test_event_with_too_many_exclusions_is_refused),
		cmocka_unit_test(test_channel_round_trip_keeps_every_attribute),
		cmocka_unit_test(test_channel_with_bad_overwrite_is_refused),
		cmocka_unit_test(test_target_round_trip_and_bad_domain),
		cmocka_unit_test(
			test_session_name_longer_than_field_is_refused),
		cmocka_unit_test(
			test_string_with_nul_byte_or_huge_length_is_refused),
		cmocka_unit_test(test_trailing_bytes_are_detected),
		cmocka_unit_test(test_create_session_requires_absolute_path),
		cmocka_unit_test(test_context_round_trip_and_bad_type),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
