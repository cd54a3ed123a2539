/*
 * Unit tests of the URLs lttng save -o and lttng load -i/--override-url
 * take (liblttng-ctl's config-url.c): absolute paths and file:// URLs
 * give a path, net/tcp URLs are network outputs, anything else is
 * refused with -LTTNG_ERR_INVALID.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <lttng/lttng-error.h>

#include "config-url.h"
#include "util/log.h"

static void test_absolute_path(void **state)
{
	enum config_url_kind kind;
	char path[PATH_MAX];

	(void)state;
	assert_int_equal(config_url_parse("/a/b", &kind, path, sizeof(path)),
			 0);
	assert_int_equal(kind, CONFIG_URL_PATH);
	assert_string_equal(path, "/a/b");
}

static void test_file_url(void **state)
{
	enum config_url_kind kind;
	char path[PATH_MAX];

	(void)state;
	assert_int_equal(
		config_url_parse("file:///tmp/x/", &kind, path, sizeof(path)),
		0);
	assert_int_equal(kind, CONFIG_URL_PATH);
	assert_string_equal(path, "/tmp/x/");
}

static void test_network_urls(void **state)
{
	static const char *const urls[] = {"net://localhost",	 "net6://[::1]",
					   "tcp://1.2.3.4:5342", "tcp4://h:1",
					   "tcp6://h:1",	 "net4://h"};
	enum config_url_kind kind;
	char path[PATH_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(urls) / sizeof(urls[0]); i++) {
		assert_int_equal(
			config_url_parse(urls[i], &kind, path, sizeof(path)),
			0);
		assert_int_equal(kind, CONFIG_URL_NETWORK);
	}
}

static void test_refused(void **state)
{
	static const char *const urls[] = {"relative", "file://relative",
					   "ftp://host/x", ""};
	enum config_url_kind kind;
	char path[PATH_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(urls) / sizeof(urls[0]); i++)
		assert_int_equal(
			config_url_parse(urls[i], &kind, path, sizeof(path)),
			-LTTNG_ERR_INVALID);
}

static void test_path_too_long(void **state)
{
	enum config_url_kind kind;
	char path[4];

	(void)state;
	assert_int_equal(config_url_parse("/abcdef", &kind, path, sizeof(path)),
			 -LTTNG_ERR_INVALID);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_absolute_path),
		cmocka_unit_test(test_file_url),
		cmocka_unit_test(test_network_urls),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_path_too_long),
	};

	log_quiet = true; /* the refusals print LTTng's messages */
	return cmocka_run_group_tests(tests, NULL, NULL);
}
