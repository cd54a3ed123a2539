/*
 * Bad ring buffer configurations and bad mappings are refused with an
 * exact message naming the value; a record that can never fit is refused
 * and counted as discarded.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include "records.h"

static struct rb_config good_config(void)
{
	struct rb_config conf = {
		.subbuf_size = 4096,
		.subbuf_count = 4,
		.mode = RB_MODE_DISCARD,
		.nr_streams = 1,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.stream_id = 3,
	};

	return conf;
}

static void expect_refusal(const struct rb_config *conf, const char *msg)
{
	struct rb_channel *chan = NULL;

	assert_int_equal(rb_config_check(conf), -EINVAL);
	assert_string_equal(rb_last_error(), msg);
	assert_int_equal(rb_channel_create(conf, &chan), -EINVAL);
	assert_null(chan);
	assert_string_equal(rb_last_error(), msg);
}

static void test_good_config_accepted(void **state)
{
	struct rb_config conf = good_config();

	(void)state;
	assert_int_equal(rb_config_check(&conf), 0);
}

static void test_non_power_of_two_subbuf_size_refused(void **state)
{
	struct rb_config conf = good_config();

	(void)state;
	conf.subbuf_size = 12288;
	expect_refusal(&conf, "sub-buffer size 12288 is not a power of two");
}

static void test_subbuf_smaller_than_page_refused(void **state)
{
	struct rb_config conf = good_config();

	(void)state;
	conf.subbuf_size = 2048;
	expect_refusal(&conf, "sub-buffer size 2048 is smaller than the page "
			      "size (4096)");
}

static void test_zero_subbuf_count_refused(void **state)
{
	struct rb_config conf = good_config();

	(void)state;
	conf.subbuf_count = 0;
	expect_refusal(&conf, "sub-buffer count 0: a ring buffer needs at "
			      "least one sub-buffer");
}

static void test_non_power_of_two_subbuf_count_refused(void **state)
{
	struct rb_config conf = good_config();

	(void)state;
	conf.subbuf_count = 3;
	expect_refusal(&conf, "sub-buffer count 3 is not a power of two");
}

static void test_blocking_timeout_in_overwrite_mode_refused(void **state)
{
	struct rb_config conf = good_config();

	(void)state;
	conf.mode = RB_MODE_OVERWRITE;
	conf.blocking_timeout_us = 100;
	expect_refusal(&conf, "blocking timeout 100 us needs discard mode "
			      "(overwrite mode never blocks)");
}

static void test_zero_streams_refused(void **state)
{
	struct rb_config conf = good_config();

	(void)state;
	conf.nr_streams = 0;
	expect_refusal(&conf, "stream count 0 is out of range (1 to 8192)");
}

static void test_record_larger_than_subbuf_refused(void **state)
{
	struct rb_config conf = good_config();
	struct rb_stream_stats st;
	struct rb_reserve_ctx ctx;
	struct rb_channel *chan;

	(void)state;
	assert_int_equal(rb_channel_create(&conf, &chan), 0);
	/* 84 + 4 + 4008 = 4096: no byte left for the padding. */
	assert_int_equal(rb_stream_reserve(&chan->streams[0], &ctx, 1, 4008,
					   rec_clock_monotonic),
			 -EFBIG);
	assert_string_equal(rb_last_error(),
			    "record of 4012 bytes does not fit in a "
			    "sub-buffer of 4096 bytes (packet header: 84 "
			    "bytes)");
	rb_stream_stats(&chan->streams[0], &st);
	assert_int_equal(st.discarded_events, 1);
	/* One byte less fits. */
	assert_int_equal(rb_stream_reserve(&chan->streams[0], &ctx, 1, 4007,
					   rec_clock_monotonic),
			 0);
	rb_commit(&ctx);
	rb_channel_destroy(chan);
}

static void test_map_of_foreign_memfd_refused(void **state)
{
	struct rb_stream_fds fds;
	struct rb_channel *chan = NULL;

	(void)state;
	fds.shm_fd = memfd_create("not-a-ring-buffer", MFD_CLOEXEC);
	fds.wakeup_fd = -1;
	assert_true(fds.shm_fd >= 0);
	assert_int_equal(ftruncate(fds.shm_fd, 65536), 0);
	assert_int_equal(rb_channel_map(&fds, 1, &chan), -EPROTO);
	assert_null(chan);
	assert_string_equal(rb_last_error(), "stream 0: not a ring buffer "
					     "(magic 0x00000000, version 0)");
}

static void test_map_of_truncated_memfd_refused(void **state)
{
	struct rb_config conf = good_config();
	struct rb_channel *chan, *mapped = NULL;
	struct rb_stream_fds fds;

	(void)state;
	assert_int_equal(rb_channel_create(&conf, &chan), 0);
	fds = rb_channel_stream_fds(chan, 0);
	fds.shm_fd = dup(fds.shm_fd);
	fds.wakeup_fd = dup(fds.wakeup_fd);
	assert_int_equal(ftruncate(fds.shm_fd, 8192), 0);
	assert_int_equal(rb_channel_map(&fds, 1, &mapped), -EPROTO);
	assert_null(mapped);
	assert_string_equal(rb_last_error(), "stream 0: layout does not match "
					     "its memfd of 8192 bytes");
	rb_channel_destroy(chan);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_config_accepted),
		cmocka_unit_test(test_non_power_of_two_subbuf_size_refused),
		cmocka_unit_test(test_subbuf_smaller_than_page_refused),
		cmocka_unit_test(test_zero_subbuf_count_refused),
		cmocka_unit_test(test_non_power_of_two_subbuf_count_refused),
		cmocka_unit_test(
			test_blocking_timeout_in_overwrite_mode_refused),
		cmocka_unit_test(test_zero_streams_refused),
		cmocka_unit_test(test_record_larger_than_subbuf_refused),
		cmocka_unit_test(test_map_of_foreign_memfd_refused),
		cmocka_unit_test(test_map_of_truncated_memfd_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
