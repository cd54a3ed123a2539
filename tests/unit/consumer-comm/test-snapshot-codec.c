/*
 * Unit tests of the consumer's snapshot request codec
 * (consumer-comm/snapshot-codec.h): a round trip keeps every field; a
 * snapshot into no chunk, a bad flush value or a cut payload is
 * refused.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "consumer-comm/snapshot-codec.h"

static void fill(struct consumer_snapshot_desc *d)
{
	memset(d, 0, sizeof(*d));
	d->key = 42;
	d->chunk_id = 5;
	d->max_packets = 3;
	d->flush = 1;
}

static int decode(const struct consumer_snapshot_desc *in,
		  struct consumer_snapshot_desc *out, size_t cut)
{
	struct wire_cursor cur;
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	consumer_put_snapshot_desc(&buf, in);
	wire_cursor_init(&cur, buf.data, cut ? cut : buf.len);
	ret = consumer_get_snapshot_desc(&cur, out);
	if (!ret)
		ret = wire_cursor_finish(&cur);
	wire_buf_fini(&buf);
	return ret;
}

static void test_round_trip_keeps_every_field(void **state)
{
	struct consumer_snapshot_desc in, out;

	(void)state;
	fill(&in);
	memset(&out, 0, sizeof(out));
	assert_int_equal(decode(&in, &out, 0), 0);
	assert_memory_equal(&in, &out, sizeof(in));
}

static void test_bad_values_are_refused(void **state)
{
	struct consumer_snapshot_desc in, out;

	(void)state;
	fill(&in);
	in.flush = 2;
	assert_int_equal(decode(&in, &out, 0), -EBADMSG);
	fill(&in);
	in.chunk_id = CONSUMER_CHUNK_NONE;
	assert_int_equal(decode(&in, &out, 0), -EBADMSG);
	fill(&in);
	for (size_t cut = 1; cut < 28; cut++)
		assert_int_not_equal(decode(&in, &out, cut), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip_keeps_every_field),
		cmocka_unit_test(test_bad_values_are_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
