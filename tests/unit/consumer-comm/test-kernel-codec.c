/*
 * Unit tests of the kernel domain's consumer protocol payloads
 * (kernel-codec.h): every message round trips, and hostile payloads are
 * refused with an error, never read past their end (each payload is
 * decoded from a heap copy of exactly its length, so the sanitizer build
 * catches any read beyond it): every truncation of every message,
 * trailing bytes, strings longer than their field, strings whose length
 * runs past the payload or that hold a NUL, absent strings, counts over
 * the limits or over what the payload could hold, values out of range,
 * and frames cut short or of unknown type on the socket.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "consumer-comm/codec.h"
#include "consumer-comm/kernel-codec.h"
#include "hostile-payload.h"
#include "trace-clock/trace-clock.h"

static void fill_trace(struct consumer_kernel_trace_desc *d)
{
	memset(d, 0, sizeof(*d));
	strcpy(d->tracefs_root, "/sys/kernel/tracing");
	d->session_id = 3;
	d->chunk_id = 2;
	strcpy(d->trace_name, "s");
	d->clock_source = TRACE_CLOCK_TSC;
	d->clock_freq = 2400000000u;
	d->clock_offset_s = 1700000000;
	d->clock_offset = -12345;
}

static int decode_trace(const void *payload, size_t len)
{
	struct consumer_kernel_trace_desc d;

	return consumer_get_kernel_trace_desc(payload, len, &d);
}

static void trace_desc_round_trips_and_refuses_hostile_input(void **state)
{
	struct consumer_kernel_trace_desc in, out;
	struct wire_buf buf;

	(void)state;
	fill_trace(&in);
	wire_buf_init(&buf);
	consumer_put_kernel_trace_desc(&buf, &in);
	assert_int_equal(
		consumer_get_kernel_trace_desc(buf.data, buf.len, &out), 0);
	assert_memory_equal(&in, &out, sizeof(in));
	assert_refuses_truncation_and_trailing(decode_trace, &buf);
	wire_buf_fini(&buf);
}

/* Encodes *d and expects its decoding to fail with expected. */
static void assert_trace_refused(const struct consumer_kernel_trace_desc *d,
				 int expected)
{
	struct wire_buf buf;

	wire_buf_init(&buf);
	consumer_put_kernel_trace_desc(&buf, d);
	assert_int_equal(decode_copy(decode_trace, buf.data, buf.len),
			 expected);
	wire_buf_fini(&buf);
}

static void trace_desc_values_out_of_range_are_refused(void **state)
{
	struct consumer_kernel_trace_desc d;

	(void)state;
	fill_trace(&d);
	strcpy(d.tracefs_root, "sys/kernel/tracing");
	assert_trace_refused(&d, -EBADMSG);
	fill_trace(&d);
	d.trace_name[0] = '\0';
	assert_trace_refused(&d, -EBADMSG);
	fill_trace(&d);
	d.clock_source = TRACE_CLOCK_SOURCE_MAX + 1;
	assert_trace_refused(&d, -EBADMSG);
	fill_trace(&d);
	d.clock_freq = 0;
	assert_trace_refused(&d, -EBADMSG);
	fill_trace(&d); /* a snapshot session: no chunk */
	d.chunk_id = CONSUMER_CHUNK_NONE;
	{
		struct wire_buf buf;

		wire_buf_init(&buf);
		consumer_put_kernel_trace_desc(&buf, &d);
		assert_int_equal(decode_copy(decode_trace, buf.data, buf.len),
				 0);
		wire_buf_fini(&buf);
	}
}

/*
 * A trace desc whose first string is given as raw bytes (a blob has a
 * string's encoding: u32 length, then the bytes, no terminator).
 */
static void trace_desc_hostile_strings_are_refused(void **state)
{
	(void)state;
	assert_refuses_hostile_string(decode_trace, NULL, CONSUMER_PATH_MAX);
}

static struct consumer_kernel_filter channel_filters[2] = {
	{"syscalls", "sys_enter_openat", "filename == \"/etc/passwd\""},
	{"sched", "sched_switch", "prev_prio < 10\x1enext_prio > 2"},
};

static void fill_channel(struct consumer_kernel_channel_desc *d)
{
	memset(d, 0, sizeof(*d));
	strcpy(d->name, "channel0");
	strcpy(d->instance_path, "/sys/kernel/tracing/instances/lttng-1-0");
	d->subbuf_size = 1 << 20;
	d->read_timer_us = 200000;
	d->switch_timer_us = 1000;
	d->tracefile_size = 4096;
	d->tracefile_count = 3;
	d->nr_contexts = 2;
	strcpy(d->contexts[0], "pid");
	strcpy(d->contexts[1], "procname");
	d->nr_filters = 2;
	d->filters = channel_filters;
}

static int decode_channel(const void *payload, size_t len)
{
	struct consumer_kernel_channel_desc d;
	int ret = consumer_get_kernel_channel_desc(payload, len, &d);

	if (!ret)
		consumer_kernel_channel_desc_fini(&d);
	else
		assert_null(d.filters); /* nothing left allocated */
	return ret;
}

static void channel_desc_round_trips_and_refuses_hostile_input(void **state)
{
	struct consumer_kernel_channel_desc in, out;
	struct wire_buf buf;
	uint32_t i;

	(void)state;
	fill_channel(&in);
	wire_buf_init(&buf);
	consumer_put_kernel_channel_desc(&buf, &in);
	assert_int_equal(
		consumer_get_kernel_channel_desc(buf.data, buf.len, &out), 0);
	assert_string_equal(out.name, in.name);
	assert_string_equal(out.instance_path, in.instance_path);
	assert_int_equal(out.subbuf_size, in.subbuf_size);
	assert_int_equal(out.read_timer_us, in.read_timer_us);
	assert_int_equal(out.switch_timer_us, in.switch_timer_us);
	assert_int_equal(out.tracefile_size, in.tracefile_size);
	assert_int_equal(out.tracefile_count, in.tracefile_count);
	assert_int_equal(out.nr_contexts, 2);
	assert_string_equal(out.contexts[1], "procname");
	assert_int_equal(out.nr_filters, 2);
	for (i = 0; i < 2; i++) {
		assert_string_equal(out.filters[i].system,
				    in.filters[i].system);
		assert_string_equal(out.filters[i].event, in.filters[i].event);
		assert_string_equal(out.filters[i].expressions,
				    in.filters[i].expressions);
	}
	consumer_kernel_channel_desc_fini(&out);
	assert_refuses_truncation_and_trailing(decode_channel, &buf);
	wire_buf_fini(&buf);
}

static void assert_channel_refused(const struct consumer_kernel_channel_desc *d)
{
	struct wire_buf buf;

	wire_buf_init(&buf);
	consumer_put_kernel_channel_desc(&buf, d);
	assert_int_equal(decode_copy(decode_channel, buf.data, buf.len),
			 -EBADMSG);
	wire_buf_fini(&buf);
}

static void channel_desc_values_out_of_range_are_refused(void **state)
{
	struct consumer_kernel_channel_desc d;

	(void)state;
	fill_channel(&d);
	strcpy(d.name, "../etc");
	assert_channel_refused(&d);
	fill_channel(&d);
	strcpy(d.name, "..");
	assert_channel_refused(&d);
	fill_channel(&d);
	strcpy(d.instance_path, "instances/x");
	assert_channel_refused(&d);
	fill_channel(&d);
	d.subbuf_size = 0;
	assert_channel_refused(&d);
	fill_channel(&d);
	d.contexts[1][0] = '\0';
	assert_channel_refused(&d);
	fill_channel(&d);
	strcpy(channel_filters[1].event, "");
	assert_channel_refused(&d);
	strcpy(channel_filters[1].event, "sched_switch");
}

/* The fixed fields of a channel desc, then whatever counts follow. */
static void put_channel_head(struct wire_buf *buf)
{
	struct consumer_kernel_channel_desc d;

	fill_channel(&d);
	wire_put_str(buf, d.name);
	wire_put_str(buf, d.instance_path);
	wire_put_u64(buf, d.subbuf_size);
	wire_put_u32(buf, d.read_timer_us);
	wire_put_u32(buf, d.switch_timer_us);
	wire_put_u64(buf, d.tracefile_size);
	wire_put_u64(buf, d.tracefile_count);
}

static void channel_desc_absurd_counts_are_refused(void **state)
{
	static const uint32_t counts[] = {CONSUMER_KERNEL_MAX_CONTEXTS + 1,
					  UINT32_MAX, 1u << 30, 3};
	struct wire_buf buf;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(counts) / sizeof(*counts); i++) {
		/* contexts: over the limit, or more than the bytes left */
		wire_buf_init(&buf);
		put_channel_head(&buf);
		wire_put_u32(&buf, counts[i]);
		wire_put_str(&buf, "pid");
		assert_int_equal(decode_copy(decode_channel, buf.data, buf.len),
				 -EBADMSG);
		wire_buf_fini(&buf);
		/* filters: likewise, with one whole filter present */
		wire_buf_init(&buf);
		put_channel_head(&buf);
		wire_put_u32(&buf, 0);
		wire_put_u32(&buf, counts[i] == 3 ? 2 : counts[i]);
		wire_put_str(&buf, "sched");
		wire_put_str(&buf, "sched_switch");
		wire_put_str(&buf, "");
		assert_int_equal(decode_copy(decode_channel, buf.data, buf.len),
				 -EBADMSG);
		wire_buf_fini(&buf);
	}
	/* a filter whose expressions are absent */
	wire_buf_init(&buf);
	put_channel_head(&buf);
	wire_put_u32(&buf, 0);
	wire_put_u32(&buf, 1);
	wire_put_str(&buf, "sched");
	wire_put_str(&buf, "sched_switch");
	wire_put_str(&buf, NULL);
	assert_int_equal(decode_copy(decode_channel, buf.data, buf.len),
			 -EBADMSG);
	wire_buf_fini(&buf);
	/* expressions over the limit */
	{
		size_t n = CONSUMER_KERNEL_MAX_EXPRESSIONS;
		char *big = malloc(n + 1);

		assert_non_null(big);
		memset(big, 'x', n);
		big[n] = '\0';
		wire_buf_init(&buf);
		put_channel_head(&buf);
		wire_put_u32(&buf, 0);
		wire_put_u32(&buf, 1);
		wire_put_str(&buf, "sched");
		wire_put_str(&buf, "sched_switch");
		wire_put_str(&buf, big);
		assert_int_equal(decode_copy(decode_channel, buf.data, buf.len),
				 -EMSGSIZE);
		wire_buf_fini(&buf);
		free(big);
	}
}

static int decode_filter(const void *payload, size_t len)
{
	struct consumer_kernel_filter_desc d;
	int ret = consumer_get_kernel_filter_desc(payload, len, &d);

	if (ret)
		assert_null(d.filter.expressions);
	consumer_kernel_filter_desc_fini(&d);
	return ret;
}

static void filter_desc_round_trips_and_refuses_hostile_input(void **state)
{
	struct consumer_kernel_filter_desc in = {
		.channel = "chan",
		.filter = {"syscalls", "sys_enter_read", "fd == 3"},
	};
	struct consumer_kernel_filter_desc out;
	struct wire_buf buf;

	(void)state;
	wire_buf_init(&buf);
	consumer_put_kernel_filter_desc(&buf, &in);
	assert_int_equal(
		consumer_get_kernel_filter_desc(buf.data, buf.len, &out), 0);
	assert_string_equal(out.channel, "chan");
	assert_string_equal(out.filter.system, "syscalls");
	assert_string_equal(out.filter.event, "sys_enter_read");
	assert_string_equal(out.filter.expressions, "fd == 3");
	consumer_kernel_filter_desc_fini(&out);
	assert_refuses_truncation_and_trailing(decode_filter, &buf);
	wire_buf_fini(&buf);
	/* removal: empty expressions */
	in.filter.expressions = NULL;
	wire_buf_init(&buf);
	consumer_put_kernel_filter_desc(&buf, &in);
	assert_int_equal(
		consumer_get_kernel_filter_desc(buf.data, buf.len, &out), 0);
	assert_string_equal(out.filter.expressions, "");
	consumer_kernel_filter_desc_fini(&out);
	wire_buf_fini(&buf);
	/* no channel */
	in.channel[0] = '\0';
	wire_buf_init(&buf);
	consumer_put_kernel_filter_desc(&buf, &in);
	assert_int_equal(decode_copy(decode_filter, buf.data, buf.len),
			 -EBADMSG);
	wire_buf_fini(&buf);
}

static int decode_tracker(const void *payload, size_t len)
{
	struct consumer_kernel_tracker_desc d;
	int ret = consumer_get_kernel_tracker_desc(payload, len, &d);

	if (ret)
		assert_null(d.ids);
	consumer_kernel_tracker_desc_fini(&d);
	return ret;
}

static void tracker_desc_round_trips_and_refuses_hostile_input(void **state)
{
	int64_t ids[3] = {0, 1000, -1};
	struct consumer_kernel_tracker_desc in = {2, 1, 3, ids}, out;
	struct wire_buf buf;

	(void)state;
	wire_buf_init(&buf);
	consumer_put_kernel_tracker_desc(&buf, &in);
	assert_int_equal(
		consumer_get_kernel_tracker_desc(buf.data, buf.len, &out), 0);
	assert_int_equal(out.attr, 2);
	assert_int_equal(out.restricted, 1);
	assert_int_equal(out.nr_ids, 3);
	assert_memory_equal(out.ids, ids, sizeof(ids));
	consumer_kernel_tracker_desc_fini(&out);
	assert_refuses_truncation_and_trailing(decode_tracker, &buf);
	wire_buf_fini(&buf);
}

static void assert_tracker_raw_refused(uint32_t attr, uint32_t restricted,
				       uint32_t count, uint32_t present)
{
	struct wire_buf buf;
	uint32_t i;

	wire_buf_init(&buf);
	wire_put_u32(&buf, attr);
	wire_put_u32(&buf, restricted);
	wire_put_u32(&buf, count);
	for (i = 0; i < present; i++)
		wire_put_i64(&buf, i);
	assert_int_equal(decode_copy(decode_tracker, buf.data, buf.len),
			 -EBADMSG);
	wire_buf_fini(&buf);
}

static void tracker_desc_bad_values_and_counts_are_refused(void **state)
{
	(void)state;
	assert_tracker_raw_refused(6, 1, 0, 0);		 /* unknown attribute */
	assert_tracker_raw_refused(UINT32_MAX, 0, 0, 0); /* likewise */
	assert_tracker_raw_refused(0, 2, 0, 0);		 /* bad policy */
	assert_tracker_raw_refused(0, 0, 1, 1); /* ids of "every value" */
	assert_tracker_raw_refused(0, 1, UINT32_MAX, 2); /* absurd count */
	assert_tracker_raw_refused(0, 1, 3, 2);		 /* one id short */
	assert_tracker_raw_refused(0, 1, CONSUMER_KERNEL_MAX_TRACKED_IDS + 1,
				   CONSUMER_KERNEL_MAX_TRACKED_IDS + 1);
}

static int decode_statedump(const void *payload, size_t len)
{
	struct consumer_kernel_statedump_desc d;
	int ret = consumer_get_kernel_statedump_desc(payload, len, &d);

	if (ret)
		assert_null(d.events);
	consumer_kernel_statedump_desc_fini(&d);
	return ret;
}

static void statedump_desc_round_trips_and_refuses_hostile_input(void **state)
{
	struct consumer_kernel_statedump_event events[2] = {
		{"chan", "lttng_statedump_process_state", ""},
		{"other", "lttng_statedump_file_descriptor", "fd > 2"},
	};
	struct consumer_kernel_statedump_desc in = {1234, 2, events}, out;
	struct wire_buf buf;

	(void)state;
	wire_buf_init(&buf);
	consumer_put_kernel_statedump_desc(&buf, &in);
	assert_int_equal(
		consumer_get_kernel_statedump_desc(buf.data, buf.len, &out), 0);
	assert_int_equal(out.tid, 1234);
	assert_int_equal(out.nr_events, 2);
	assert_string_equal(out.events[1].channel, "other");
	assert_string_equal(out.events[1].event,
			    "lttng_statedump_file_descriptor");
	assert_string_equal(out.events[1].expressions, "fd > 2");
	assert_string_equal(out.events[0].expressions, "");
	consumer_kernel_statedump_desc_fini(&out);
	assert_refuses_truncation_and_trailing(decode_statedump, &buf);
	wire_buf_fini(&buf);
	/* no thread */
	in.tid = 0;
	wire_buf_init(&buf);
	consumer_put_kernel_statedump_desc(&buf, &in);
	assert_int_equal(decode_copy(decode_statedump, buf.data, buf.len),
			 -EBADMSG);
	wire_buf_fini(&buf);
	/* absurd count */
	wire_buf_init(&buf);
	wire_put_i32(&buf, 1);
	wire_put_u32(&buf, UINT32_MAX);
	wire_put_str(&buf, "chan");
	wire_put_str(&buf, "lttng_statedump_end");
	wire_put_str(&buf, "");
	assert_int_equal(decode_copy(decode_statedump, buf.data, buf.len),
			 -EBADMSG);
	wire_buf_fini(&buf);
	/* the second event cut in its event name: the first is released */
	wire_buf_init(&buf);
	wire_put_i32(&buf, 1);
	wire_put_u32(&buf, 2);
	wire_put_str(&buf, "chan");
	wire_put_str(&buf, "lttng_statedump_end");
	wire_put_str(&buf, "x");
	wire_put_str(&buf, "chan");
	wire_put_u32(&buf, 50);
	wire_put_u32(&buf, 0x41414141);
	assert_int_equal(decode_copy(decode_statedump, buf.data, buf.len),
			 -EBADMSG);
	wire_buf_fini(&buf);
}

static int decode_snapshot(const void *payload, size_t len)
{
	uint64_t chunk_id, max;

	return consumer_get_kernel_snapshot(payload, len, &chunk_id, &max);
}

static int decode_rotate(const void *payload, size_t len)
{
	uint64_t chunk_id;

	return consumer_get_kernel_rotate(payload, len, &chunk_id);
}

static int decode_channel_name(const void *payload, size_t len)
{
	char name[CONSUMER_NAME_MAX];

	return consumer_get_kernel_channel_name(payload, len, name);
}

static int decode_stats(const void *payload, size_t len)
{
	uint64_t a, b;

	return consumer_get_kernel_channel_stats(payload, len, &a, &b);
}

static int decode_clock_offset(const void *payload, size_t len)
{
	int64_t a, b;

	return consumer_get_kernel_clock_offset(payload, len, &a, &b);
}

static void small_messages_round_trip_and_refuse_hostile_input(void **state)
{
	char name[CONSUMER_NAME_MAX];
	uint64_t chunk_id, max, discarded, lost;
	int64_t offset_s, offset;
	struct wire_buf buf;

	(void)state;
	wire_buf_init(&buf);
	consumer_put_kernel_snapshot(&buf, 4, 7);
	assert_int_equal(consumer_get_kernel_snapshot(buf.data, buf.len,
						      &chunk_id, &max),
			 0);
	assert_int_equal(chunk_id, 4);
	assert_int_equal(max, 7);
	assert_refuses_truncation_and_trailing(decode_snapshot, &buf);
	wire_buf_fini(&buf);
	/* a snapshot is written into a chunk: "none" is refused */
	wire_buf_init(&buf);
	consumer_put_kernel_snapshot(&buf, CONSUMER_CHUNK_NONE, 0);
	assert_int_equal(decode_copy(decode_snapshot, buf.data, buf.len),
			 -EBADMSG);
	wire_buf_fini(&buf);

	wire_buf_init(&buf);
	consumer_put_kernel_rotate(&buf, 9);
	assert_int_equal(
		consumer_get_kernel_rotate(buf.data, buf.len, &chunk_id), 0);
	assert_int_equal(chunk_id, 9);
	assert_refuses_truncation_and_trailing(decode_rotate, &buf);
	wire_buf_fini(&buf);
	/* a rotation to no chunk: no files until the next one */
	wire_buf_init(&buf);
	consumer_put_kernel_rotate(&buf, CONSUMER_CHUNK_NONE);
	assert_int_equal(
		consumer_get_kernel_rotate(buf.data, buf.len, &chunk_id), 0);
	assert_true(chunk_id == CONSUMER_CHUNK_NONE);
	wire_buf_fini(&buf);

	wire_buf_init(&buf);
	consumer_put_kernel_channel_name(&buf, "chan");
	assert_int_equal(
		consumer_get_kernel_channel_name(buf.data, buf.len, name), 0);
	assert_string_equal(name, "chan");
	assert_refuses_truncation_and_trailing(decode_channel_name, &buf);
	wire_buf_fini(&buf);
	wire_buf_init(&buf);
	consumer_put_kernel_channel_name(&buf, "");
	assert_int_equal(decode_copy(decode_channel_name, buf.data, buf.len),
			 -EBADMSG);
	wire_buf_fini(&buf);

	wire_buf_init(&buf);
	consumer_put_kernel_channel_stats(&buf, 5, UINT64_MAX);
	assert_int_equal(consumer_get_kernel_channel_stats(buf.data, buf.len,
							   &discarded, &lost),
			 0);
	assert_int_equal(discarded, 5);
	assert_true(lost == UINT64_MAX);
	assert_refuses_truncation_and_trailing(decode_stats, &buf);
	wire_buf_fini(&buf);

	wire_buf_init(&buf);
	consumer_put_kernel_clock_offset(&buf, -3, INT64_MIN);
	assert_int_equal(consumer_get_kernel_clock_offset(buf.data, buf.len,
							  &offset_s, &offset),
			 0);
	assert_int_equal(offset_s, -3);
	assert_true(offset == INT64_MIN);
	assert_refuses_truncation_and_trailing(decode_clock_offset, &buf);
	wire_buf_fini(&buf);

	assert_int_equal(consumer_get_kernel_empty(NULL, 0), 0);
	assert_int_equal(consumer_get_kernel_empty("x", 1), -EBADMSG);
}

/* Frames cut short, of unknown type or of absurd length on the socket. */
static void hostile_kernel_frames_are_refused(void **state)
{
	struct consumer_msg_header header = {CONSUMER_CMD_KERNEL_STOP + 1, 0};
	struct consumer_message msg;
	int pair[2];

	(void)state;
	assert_int_equal(CONSUMER_CMD_KERNEL_STOP + 1, CONSUMER_CMD_NR);
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, pair), 0);
	assert_int_equal(write(pair[0], &header, sizeof(header)),
			 sizeof(header));
	assert_int_equal(consumer_recv_request(pair[1], &msg), -EBADMSG);
	header.command = UINT32_MAX;
	assert_int_equal(write(pair[0], &header, sizeof(header)),
			 sizeof(header));
	assert_int_equal(consumer_recv_request(pair[1], &msg), -EBADMSG);
	header.command = CONSUMER_CMD_KERNEL_STATEDUMP;
	header.payload_len = UINT32_MAX;
	assert_int_equal(write(pair[0], &header, sizeof(header)),
			 sizeof(header));
	assert_int_equal(consumer_recv_request(pair[1], &msg), -EMSGSIZE);
	/* a payload shorter than announced, then the peer leaves */
	header.payload_len = 100;
	assert_int_equal(write(pair[0], &header, sizeof(header)),
			 sizeof(header));
	assert_int_equal(write(pair[0], "abcd", 4), 4);
	close(pair[0]);
	assert_int_not_equal(consumer_recv_request(pair[1], &msg), 0);
	assert_null(msg.payload);
	close(pair[1]);
	/* a header cut short */
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, pair), 0);
	assert_int_equal(write(pair[0], &header, 3), 3);
	close(pair[0]);
	assert_int_not_equal(consumer_recv_request(pair[1], &msg), 0);
	close(pair[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
			trace_desc_round_trips_and_refuses_hostile_input),
		cmocka_unit_test(trace_desc_values_out_of_range_are_refused),
		cmocka_unit_test(trace_desc_hostile_strings_are_refused),
		cmocka_unit_test(
			channel_desc_round_trips_and_refuses_hostile_input),
		cmocka_unit_test(channel_desc_values_out_of_range_are_refused),
		cmocka_unit_test(channel_desc_absurd_counts_are_refused),
		cmocka_unit_test(
			filter_desc_round_trips_and_refuses_hostile_input),
		cmocka_unit_test(
			tracker_desc_round_trips_and_refuses_hostile_input),
		cmocka_unit_test(
			tracker_desc_bad_values_and_counts_are_refused),
		cmocka_unit_test(
			statedump_desc_round_trips_and_refuses_hostile_input),
		cmocka_unit_test(
			small_messages_round_trip_and_refuse_hostile_input),
		cmocka_unit_test(hostile_kernel_frames_are_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
