/*
 * The MI elements of rotations: a schedule with and without its value,
 * the <rotation> of a rotation still ongoing, and the
 * <rotation_schedule_results> of enable-rotation and disable-rotation,
 * inside a whole `lttng --mi xml` document.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "mi-command.h"
#include "mi-rotation.h"

#define DOCUMENT_START                                                         \
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"                         \
	"<command xmlns=\"https://lttng.org/xml/ns/lttng-mi\" "                \
	"xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "             \
	"xsi:schemaLocation=\"https://lttng.org/xml/ns/lttng-mi "              \
	"https://lttng.org/xml/schemas/lttng-mi/4/lttng-mi-4.1.xsd\" "         \
	"schemaVersion=\"4.1\">"

static char *write_one_schedule(const struct lttng_rotation_schedule *s)
{
	struct mi_writer writer;
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);

	assert_non_null(out);
	mi_writer_init(&writer, out);
	mi_rotation_write_schedule(&writer, s);
	fclose(out);
	return text;
}

static void test_schedule_with_and_without_value(void **state)
{
	struct lttng_rotation_schedule *periodic =
		lttng_rotation_schedule_periodic_create();
	struct lttng_rotation_schedule *size =
		lttng_rotation_schedule_size_threshold_create();
	char *text;

	(void)state;
	assert_int_equal(
		lttng_rotation_schedule_periodic_set_period(periodic, 1500),
		LTTNG_ROTATION_STATUS_OK);
	text = write_one_schedule(periodic);
	assert_string_equal(text,
			    "<periodic><time_us>1500</time_us></periodic>");
	free(text);
	text = write_one_schedule(size);
	assert_string_equal(text, "<size_threshold/>");
	free(text);
	lttng_rotation_schedule_destroy(periodic);
	lttng_rotation_schedule_destroy(size);
}

/*
 * Runs print with stdout sent to a temporary file; returns what was
 * printed (the caller frees it).
 */
static char *printed_by(void (*print)(void))
{
	FILE *capture = tmpfile();
	int saved = dup(STDOUT_FILENO);
	char *text;
	long size;

	assert_non_null(capture);
	assert_true(saved >= 0);
	fflush(stdout);
	assert_true(dup2(fileno(capture), STDOUT_FILENO) >= 0);
	print();
	fflush(stdout);
	assert_true(dup2(saved, STDOUT_FILENO) >= 0);
	close(saved);
	size = ftell(capture);
	assert_true(size >= 0);
	text = calloc(1, (size_t)size + 1);
	assert_non_null(text);
	rewind(capture);
	assert_int_equal(fread(text, 1, (size_t)size, capture), (size_t)size);
	fclose(capture);
	return text;
}

static void print_ongoing_rotation(void)
{
	mi_command_begin("rotate");
	mi_rotation_write_result("s1", LTTNG_ROTATION_STATE_ONGOING, NULL);
	mi_command_end(MI_SUCCESS_TRUE);
}

static void test_ongoing_rotation_has_no_location(void **state)
{
	char *text;

	(void)state;
	text = printed_by(print_ongoing_rotation);
	assert_string_equal(text, DOCUMENT_START
			    "<name>rotate</name><output><rotation>"
			    "<session_name>s1</session_name>"
			    "<state>ONGOING</state></rotation></output>"
			    "<success>true</success></command>\n");
	free(text);
}

static void print_disable_results(void)
{
	struct lttng_rotation_schedule *size =
		lttng_rotation_schedule_size_threshold_create();

	lttng_rotation_schedule_size_threshold_set_threshold(size, 4096);
	mi_command_begin("disable-rotation");
	mi_rotation_results_begin("my-session");
	mi_rotation_results_add_missing(LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC);
	mi_rotation_results_add(size, true);
	mi_command_end(MI_SUCCESS_FALSE);
	lttng_rotation_schedule_destroy(size);
}

static void test_schedule_results_one_per_schedule(void **state)
{
	char *text;

	(void)state;
	text = printed_by(print_disable_results);
	assert_string_equal(
		text, DOCUMENT_START
		"<name>disable-rotation</name><output>"
		"<rotation_schedule_results>"
		"<session_name>my-session</session_name>"
		"<rotation_schedule_result><rotation_schedule><periodic/>"
		"</rotation_schedule><success>false</success>"
		"</rotation_schedule_result>"
		"<rotation_schedule_result><rotation_schedule>"
		"<size_threshold><bytes>4096</bytes></size_threshold>"
		"</rotation_schedule><success>true</success>"
		"</rotation_schedule_result>"
		"</rotation_schedule_results></output>"
		"<success>false</success></command>\n");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schedule_with_and_without_value),
		cmocka_unit_test(test_ongoing_rotation_has_no_location),
		cmocka_unit_test(test_schedule_results_one_per_schedule),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
