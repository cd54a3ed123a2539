/*
 * Unit tests of the chunk registry (trace-chunk/chunk-registry.h): the
 * chunks a daemon holds, named by (session id, chunk id); a chunk known
 * twice, an unknown chunk and a chunk streams still write into are clear
 * errors, and a closed chunk's files stay.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "temp-dir.h"

#include "trace-chunk/chunk-registry.h"

/* 2023-11-14T22:13:20Z */
#define BEGIN ((time_t)1700000000)

static struct trace_chunk_desc chunk_desc(const char *output, uint64_t id,
					  bool in_subdir)
{
	return (struct trace_chunk_desc){.output = output,
					 .id = id,
					 .begin = BEGIN,
					 .in_subdir = in_subdir};
}

static void test_chunks_are_named_by_session_and_id(void **state)
{
	struct chunk_registry reg = {0};
	struct trace_chunk_desc d = chunk_desc(*state, 0, false);
	struct registered_chunk *c;
	char expected[PATH_MAX];
	struct ctf_error err;

	assert_int_equal(chunk_registry_add(&reg, 1, &d, NULL), 0);
	/* the same id in another session is another chunk */
	d = chunk_desc(*state, 0, false);
	assert_int_equal(chunk_registry_add(&reg, 2, &d, NULL), 0);
	d = chunk_desc(*state, 4, true);
	assert_int_equal(chunk_registry_add(&reg, 1, &d, NULL), 0);
	assert_int_equal(chunk_registry_add(&reg, 1, &d, &err), -EEXIST);
	assert_non_null(strstr(err.message, "already known"));
	c = chunk_registry_find(&reg, 1, 4);
	assert_non_null(c);
	assert_int_equal(c->session_id, 1);
	snprintf(expected, sizeof(expected), "%s/20231114T221320+0000-4",
		 (char *)*state);
	assert_string_equal(c->chunk->root, expected);
	assert_non_null(chunk_registry_find(&reg, 2, 0));
	assert_null(chunk_registry_find(&reg, 2, 4));
	assert_null(chunk_registry_find(&reg, 3, 0));
	chunk_registry_clear(&reg);
	assert_null(chunk_registry_find(&reg, 1, 4));
}

static void test_unknown_chunks_are_clear_errors(void **state)
{
	struct chunk_registry reg = {0};
	struct trace_chunk_desc d = chunk_desc(*state, 2, true);
	char long_output[PATH_MAX];
	struct ctf_error err;

	assert_int_equal(chunk_registry_close(&reg, 1, 2, &err), -ENOENT);
	assert_non_null(strstr(err.message, "unknown"));
	assert_int_equal(chunk_registry_add(&reg, 1, &d, NULL), 0);
	assert_int_equal(chunk_registry_close(&reg, 1, 3, NULL), -ENOENT);
	assert_int_equal(chunk_registry_close(&reg, 2, 2, NULL), -ENOENT);
	assert_int_equal(chunk_registry_close(&reg, 1, 2, NULL), 0);
	assert_int_equal(chunk_registry_close(&reg, 1, 2, NULL), -ENOENT);
	/* a chunk whose root cannot be named is refused, nothing held */
	memset(long_output, 'a', sizeof(long_output) - 1);
	long_output[0] = '/';
	long_output[sizeof(long_output) - 1] = '\0';
	d = chunk_desc(long_output, 5, true);
	assert_int_equal(chunk_registry_add(&reg, 1, &d, &err), -EINVAL);
	assert_null(chunk_registry_find(&reg, 1, 5));
	assert_null(reg.chunks);
}

static void test_a_chunk_closes_once_its_streams_are_closed(void **state)
{
	struct chunk_registry reg = {0};
	struct trace_chunk_desc d = chunk_desc(*state, 1, true);
	const struct sink_stream_desc stream = {.dir = "kernel",
						.name = "chan_0"};
	struct sink_stream *s;
	struct registered_chunk *c;
	char path[PATH_MAX + 32];

	assert_int_equal(chunk_registry_add(&reg, 1, &d, NULL), 0);
	c = chunk_registry_find(&reg, 1, 1);
	assert_int_equal(trace_chunk_mkdir(c->chunk, "kernel", NULL), 0);
	assert_int_equal(sink_stream_open(c->sink, &stream, &s, NULL), 0);
	assert_int_equal(chunk_registry_close(&reg, 1, 1, NULL), -EBUSY);
	assert_int_equal(sink_stream_close(s, NULL), 0);
	snprintf(path, sizeof(path), "%s/kernel/chan_0", c->chunk->root);
	assert_int_equal(chunk_registry_close(&reg, 1, 1, NULL), 0);
	/* its files are its owner's to archive or remove */
	assert_int_equal(access(path, F_OK), 0);
	assert_null(reg.chunks);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_chunks_are_named_by_session_and_id, temp_dir_setup,
			temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_unknown_chunks_are_clear_errors, temp_dir_setup,
			temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_a_chunk_closes_once_its_streams_are_closed,
			temp_dir_setup, temp_dir_teardown),
	};

	setenv("TZ", "UTC", 1);
	tzset();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
