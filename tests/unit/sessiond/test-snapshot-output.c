/*
 * Unit tests of snapshot-output.c: the URLs a snapshot output accepts
 * (paths, file://, net://, tcp:// pairs) and refuses, how they are
 * listed, and the one-output rule with its ids and names.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include <lttng/lttng-error.h>

#include "snapshot-output.h"

static void test_local_paths_and_file_urls(void **state)
{
	struct snapshot_output out = {0};
	struct lsc_snapshot_output listed;

	(void)state;
	assert_int_equal(snapshot_output_parse("/tmp/snaps", "", &out),
			 LTTNG_OK);
	assert_true(out.local);
	assert_string_equal(out.path, "/tmp/snaps");
	assert_int_equal(snapshot_output_parse("file:///a/b/", NULL, &out),
			 LTTNG_OK);
	assert_string_equal(out.path, "/a/b/"); /* listed as given */
	snapshot_output_describe(&out, &listed);
	assert_string_equal(listed.ctrl_url, "/a/b/");
	assert_string_equal(listed.data_url, "");
}

static void test_bad_urls_are_invalid(void **state)
{
	static const char *const bad[] = {
		"relative/dir",	   "file://relative",
		"bogus://x",	   "",
		"net://",	   "net://host:0",
		"net://h:99999",   "net://[::1",
		"tcp://127.0.0.1",
	};
	struct snapshot_output out;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&out, 0, sizeof(out));
		assert_int_equal(snapshot_output_parse(bad[i], NULL, &out),
				 LTTNG_ERR_INVALID);
	}
	/* -C/-D must both be tcp URLs */
	assert_int_equal(
		snapshot_output_parse("/tmp/x", "tcp://127.0.0.1", &out),
		LTTNG_ERR_INVALID);
}

static void test_network_urls_are_listed_like_lttng(void **state)
{
	struct snapshot_output out = {0};

	(void)state;
	assert_int_equal(snapshot_output_parse("net://127.0.0.1", NULL, &out),
			 LTTNG_OK);
	assert_false(out.local);
	assert_string_equal(out.ctrl_url, "tcp4://127.0.0.1:5342/");
	assert_string_equal(out.data_url, "tcp4://127.0.0.1:5343/");
	assert_int_equal(snapshot_output_parse("net://127.0.0.1:1000:1001/d",
					       NULL, &out),
			 LTTNG_OK);
	assert_int_equal(out.ctrl_port, 1000);
	assert_int_equal(out.data_port, 1001);
	assert_string_equal(out.ctrl_url, "tcp4://127.0.0.1:1000/d");
	assert_int_equal(snapshot_output_parse("tcp://127.0.0.1:7000",
					       "tcp://127.0.0.1:7001", &out),
			 LTTNG_OK);
	assert_string_equal(out.ctrl_url, "tcp4://127.0.0.1:7000/");
	assert_string_equal(out.data_url, "tcp4://127.0.0.1:7001/");
	assert_int_equal(snapshot_output_parse("net6://[::1]", NULL, &out),
			 LTTNG_OK);
	assert_string_equal(out.ctrl_url, "tcp6://[::1]:5342/");
}

static struct lsc_snapshot_output request(const char *url, const char *name)
{
	struct lsc_snapshot_output req = {
		.max_size = LSC_SNAPSHOT_MAX_SIZE_UNSET,
	};

	strcpy(req.ctrl_url, url);
	strcpy(req.name, name);
	return req;
}

static void test_one_output_with_ids_counting_up(void **state)
{
	struct session_snapshot snap = {0};
	struct lsc_snapshot_output req = request("/tmp/a", "");
	uint32_t id = 0;

	(void)state;
	assert_int_equal(session_snapshot_add_output(&snap, &req, &id),
			 LTTNG_OK);
	assert_int_equal(id, 1);
	assert_string_equal(snap.output->name, "snapshot-1");
	assert_int_equal(session_snapshot_add_output(&snap, &req, &id),
			 LTTNG_ERR_SNAPSHOT_OUTPUT_EXIST);
	/* deleted by an unknown id or name: nothing happens */
	req.id = 2;
	assert_int_equal(session_snapshot_del_output(&snap, &req),
			 LTTNG_ERR_INVALID);
	req = request("", "other");
	assert_int_equal(session_snapshot_del_output(&snap, &req),
			 LTTNG_ERR_INVALID);
	req = request("", "snapshot-1");
	assert_int_equal(session_snapshot_del_output(&snap, &req), LTTNG_OK);
	assert_null(snap.output);
	/* the next output gets the next id, and keeps a given name */
	req = request("relative", "mine");
	assert_int_equal(session_snapshot_add_output(&snap, &req, &id),
			 LTTNG_ERR_INVALID);
	req = request("file:///tmp/b", "mine");
	assert_int_equal(session_snapshot_add_output(&snap, &req, &id),
			 LTTNG_OK);
	assert_int_equal(id, 2);
	assert_string_equal(snap.output->name, "mine");
	req.id = 2;
	assert_int_equal(session_snapshot_del_output(&snap, &req), LTTNG_OK);
	session_snapshot_fini(&snap);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_local_paths_and_file_urls),
		cmocka_unit_test(test_bad_urls_are_invalid),
		cmocka_unit_test(test_network_urls_are_listed_like_lttng),
		cmocka_unit_test(test_one_output_with_ids_counting_up),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
