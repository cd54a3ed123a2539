/*
 * Unit tests of lttng_load_session()'s search and validation, which need
 * no session daemon as long as no session is to be created: which files
 * a directory search reads, the errors of unparsable and invalid files,
 * a session name found nowhere, the attribute setters' checks, and the
 * default directories' "nothing found is not an error".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include <lttng/lttng.h>

#include "util/lttng-ctl-options.h"

static char dir[] = "/tmp/test-load-search-XXXXXX";

static const char valid_session[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<sessions>\n\t<session>\n\t\t<name>%s</name>\n"
	"\t\t<started>false</started>\n\t</session>\n</sessions>\n";

static void write_file(const char *name, const char *text)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void write_session_file(const char *file, const char *session)
{
	char text[1024];

	snprintf(text, sizeof(text), valid_session, session);
	write_file(file, text);
}

static void remove_file(const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	unlink(path);
}

/* lttng_load_session() of dir/input (dir itself when input is NULL). */
static int load(const char *input, const char *session)
{
	struct lttng_load_session_attr *attr = lttng_load_session_attr_create();
	char path[4096];
	int ret;

	assert_non_null(attr);
	snprintf(path, sizeof(path), "%s%s%s", dir, input ? "/" : "",
		 input ? input : "");
	assert_int_equal(lttng_load_session_attr_set_input_url(attr, path), 0);
	assert_int_equal(
		lttng_load_session_attr_set_session_name(attr, session), 0);
	ret = lttng_load_session(attr);
	lttng_load_session_attr_destroy(attr);
	return ret;
}

static void test_unknown_session_in_a_directory(void **state)
{
	(void)state;
	write_session_file("one.lttng", "one");
	write_session_file("two.lttng", "two");
	assert_int_equal(load(NULL, "three"), -LTTNG_ERR_LOAD_SESSION_NOENT);
	assert_int_equal(load("one.lttng", "two"),
			 -LTTNG_ERR_LOAD_SESSION_NOENT);
	remove_file("one.lttng");
	remove_file("two.lttng");
}

static void test_unparsable_file(void **state)
{
	(void)state;
	write_file("broken.lttng", "<sessions><session>");
	assert_int_equal(load("broken.lttng", NULL), -LTTNG_ERR_LOAD_IO_FAIL);
	/* Looking for a session, a directory search stops there: found. */
	assert_int_equal(load(NULL, "any"), 0);
	remove_file("broken.lttng");
}

static void test_file_against_the_schema(void **state)
{
	(void)state;
	write_file("invalid.lttng", "<sessions><session><nam>x</nam>"
				    "</session></sessions>");
	assert_int_equal(load("invalid.lttng", NULL),
			 -LTTNG_ERR_LOAD_INVALID_CONFIG);
	assert_int_equal(load(NULL, NULL), -LTTNG_ERR_LOAD_INVALID_CONFIG);
	remove_file("invalid.lttng");
}

static void test_only_lttng_files_of_two_letters_or_more(void **state)
{
	(void)state;
	write_file("notes.txt", "<not a session>");
	write_file("a.lttng", "<not a session>");
	/* Neither file is read: nothing fails, nothing is found. */
	assert_int_equal(load(NULL, NULL), 0);
	assert_int_equal(load(NULL, "a"), -LTTNG_ERR_LOAD_SESSION_NOENT);
	remove_file("notes.txt");
	remove_file("a.lttng");
}

static void test_missing_input_path(void **state)
{
	(void)state;
	assert_int_equal(load("nosuch", NULL), -LTTNG_ERR_INVALID);
}

static void test_default_directories_without_files(void **state)
{
	struct lttng_load_session_attr *attr = lttng_load_session_attr_create();

	(void)state;
	if (access("/etc/lttng/sessions", F_OK) == 0) {
		lttng_load_session_attr_destroy(attr);
		skip(); /* the machine has system-wide configurations */
	}
	/* LTTNG_HOME is the empty test directory. */
	assert_int_equal(lttng_load_session_attr_set_session_name(attr, "x"),
			 0);
	assert_int_equal(lttng_load_session(attr), 0);
	lttng_load_session_attr_destroy(attr);
}

static void test_attribute_checks(void **state)
{
	struct lttng_load_session_attr *attr = lttng_load_session_attr_create();

	(void)state;
	assert_null(lttng_load_session_attr_get_input_url(attr));
	assert_int_equal(lttng_load_session_attr_set_input_url(attr, "rel"),
			 -LTTNG_ERR_INVALID);
	assert_int_equal(
		lttng_load_session_attr_set_input_url(attr, "net://localhost"),
		-LTTNG_ERR_INVALID);
	assert_int_equal(
		lttng_load_session_attr_set_input_url(attr, "file:///tmp"), 0);
	assert_string_equal(lttng_load_session_attr_get_input_url(attr),
			    "file:///tmp");
	assert_int_equal(lttng_load_session_attr_set_override_url(
				 attr, "file:///tmp/out"),
			 0);
	assert_string_equal(lttng_load_session_attr_get_override_url(attr),
			    "file:///tmp/out");
	/* A name override needs a session name. */
	assert_int_equal(
		lttng_load_session_attr_set_override_session_name(attr, "n"),
		0);
	assert_int_equal(lttng_load_session(attr), -LTTNG_ERR_INVALID);
	assert_int_equal(lttng_load_session_attr_get_overwrite(NULL),
			 -LTTNG_ERR_INVALID);
	lttng_load_session_attr_destroy(attr);
}

static void test_save_attributes(void **state)
{
	struct lttng_save_session_attr *attr = lttng_save_session_attr_create();

	(void)state;
	assert_null(lttng_save_session_attr_get_session_name(attr));
	assert_int_equal(lttng_save_session_attr_set_output_url(attr, ""),
			 -LTTNG_ERR_INVALID);
	assert_int_equal(
		lttng_save_session_attr_set_output_url(attr, "tcp://localhost"),
		-LTTNG_ERR_INVALID);
	assert_int_equal(lttng_save_session_attr_set_output_url(attr, "/tmp"),
			 0);
	assert_string_equal(lttng_save_session_attr_get_output_url(attr),
			    "/tmp");
	assert_int_equal(lttng_save_session_attr_set_overwrite(attr, 7), 0);
	assert_int_equal(lttng_save_session_attr_get_overwrite(attr), 1);
	assert_int_equal(lttng_save_session_attr_set_omit_name(attr, 1), 0);
	assert_int_equal(lttng_save_session_attr_get_omit_name(attr), 1);
	lttng_save_session_attr_destroy(attr);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	setenv("LTTNG_HOME", dir, 1);
	setenv("LTTNG_SESSION_CONFIG_XSD_PATH", XSD_DIR, 1);
	lttng_opt_quiet = 1; /* the errors tested print LTTng's messages */
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unknown_session_in_a_directory),
		cmocka_unit_test(test_unparsable_file),
		cmocka_unit_test(test_file_against_the_schema),
		cmocka_unit_test(test_only_lttng_files_of_two_letters_or_more),
		cmocka_unit_test(test_missing_input_path),
		cmocka_unit_test(test_default_directories_without_files),
		cmocka_unit_test(test_attribute_checks),
		cmocka_unit_test(test_save_attributes),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
