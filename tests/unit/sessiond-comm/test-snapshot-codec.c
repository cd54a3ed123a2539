/*
 * Unit tests of the snapshot output codec (snapshot-codec.h): a round
 * trip keeps every field, a payload cut anywhere or with an oversized
 * string is refused.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "sessiond-comm/snapshot-codec.h"

static void fill(struct lsc_snapshot_output *out)
{
	memset(out, 0, sizeof(*out));
	out->id = 7;
	out->max_size = 4u << 20;
	strcpy(out->name, "my-first-snapshot");
	strcpy(out->ctrl_url, "tcp://10.0.0.1:5342");
	strcpy(out->data_url, "tcp://10.0.0.1:5343");
}

static void test_round_trip_keeps_every_field(void **state)
{
	struct lsc_snapshot_output in, out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	fill(&in);
	memset(&out, 0, sizeof(out));
	wire_buf_init(&buf);
	lsc_put_snapshot_output(&buf, &in);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(lsc_get_snapshot_output(&cur, &out), 0);
	assert_int_equal(wire_cursor_finish(&cur), 0);
	assert_memory_equal(&in, &out, sizeof(in));
	wire_buf_fini(&buf);
}

static void test_truncated_payloads_are_refused(void **state)
{
	struct lsc_snapshot_output in, out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	fill(&in);
	wire_buf_init(&buf);
	lsc_put_snapshot_output(&buf, &in);
	for (size_t len = 0; len < buf.len; len++) {
		wire_cursor_init(&cur, buf.data, len);
		assert_int_not_equal(lsc_get_snapshot_output(&cur, &out), 0);
	}
	wire_buf_fini(&buf);
}

static void test_oversized_name_is_refused(void **state)
{
	char name[LTTNG_NAME_MAX + 8];
	struct lsc_snapshot_output out;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	memset(name, 'x', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	wire_buf_init(&buf);
	wire_put_u32(&buf, 1);
	wire_put_u64(&buf, 0);
	wire_put_str(&buf, name);
	wire_put_str(&buf, "/tmp");
	wire_put_str(&buf, "");
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_not_equal(lsc_get_snapshot_output(&cur, &out), 0);
	wire_buf_fini(&buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip_keeps_every_field),
		cmocka_unit_test(test_truncated_payloads_are_refused),
		cmocka_unit_test(test_oversized_name_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
