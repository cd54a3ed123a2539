/*
 * lttng_ust_tracef() and lttng_ust_tracelog(): the formatted message is
 * recorded in lttng_ust_tracef:event /
 * lttng_ust_tracelog:LTTNG_UST_TRACEPOINT_LOGLEVEL_<LEVEL> with the exact
 * fields and log levels, and nothing is formatted while the events are
 * disabled.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <lttng/tracef.h>
#include <lttng/tracelog.h>

#include "capture.h"
#include "event-rule.h"

static struct capture cap;

static int setup(void **state)
{
	(void)state;
	capture_open(&cap);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	capture_close(&cap);
	return 0;
}

/* Expected msg field: unsigned int length, then the characters. */
static size_t put_msg(unsigned char *p, const char *msg)
{
	unsigned int len = (unsigned int)strlen(msg);

	memcpy(p, &len, sizeof(len));
	memcpy(p + sizeof(len), msg, len);
	return sizeof(len) + len;
}

static void expect_tracef(size_t i, const char *msg)
{
	unsigned char expect[128];
	size_t len = put_msg(expect, msg);

	assert_string_equal(cap.records[i].name, "lttng_ust_tracef:event");
	assert_int_equal(cap.records[i].loglevel,
			 LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG);
	assert_int_equal(cap.records[i].len, len);
	assert_memory_equal(cap.records[i].payload, expect, len);
}

static void vtracef_helper(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lttng_ust_vtracef(fmt, ap);
	va_end(ap);
}

static void test_tracef_records_the_formatted_message(void **state)
{
	(void)state;
	capture_enable(&cap, "lttng_ust_tracef:*");
	lttng_ust_tracef("n=%d s=%s", 42, "x");
	tracef("plain");
	vtracef_helper("%05.1f|%c", 2.5, 'z');
	assert_int_equal(cap.nr, 3);
	expect_tracef(0, "n=42 s=x");
	expect_tracef(1, "plain");
	expect_tracef(2, "002.5|z");
}

static void test_disabled_tracef_formats_nothing(void **state)
{
	int evaluated = 0;

	(void)state;
	lttng_ust_tracef("%d", ++evaluated);
	lttng_ust_tracelog(LTTNG_UST_TRACEPOINT_LOGLEVEL_ERR, "%d",
			   ++evaluated);
	assert_int_equal(evaluated, 0);
	assert_int_equal(cap.reserved, 0);
}

static void test_tracelog_records_line_file_func_and_msg(void **state)
{
	unsigned char expect[512];
	size_t len = 0;
	int line;

	(void)state;
	capture_enable(&cap, "lttng_ust_tracelog:*");
	line = __LINE__ + 1; /* the line of the call below */
	lttng_ust_tracelog(LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING, "w%d", 1);
	memcpy(expect, &line, sizeof(line));
	len += sizeof(line);
	memcpy(expect + len, __FILE__, strlen(__FILE__) + 1);
	len += strlen(__FILE__) + 1;
	memcpy(expect + len, __func__, strlen(__func__) + 1);
	len += strlen(__func__) + 1;
	len += put_msg(expect + len, "w1");
	assert_int_equal(cap.nr, 1);
	assert_string_equal(
		cap.records[0].name,
		"lttng_ust_tracelog:LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING");
	assert_int_equal(cap.records[0].loglevel,
			 LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING);
	assert_int_equal(cap.records[0].len, len);
	assert_memory_equal(cap.records[0].payload, expect, len);
}

static void test_each_level_has_its_own_event(void **state)
{
	static const char *const names[] = {"EMERG",	      "ALERT",
					    "CRIT",	      "ERR",
					    "WARNING",	      "NOTICE",
					    "INFO",	      "DEBUG_SYSTEM",
					    "DEBUG_PROGRAM",  "DEBUG_PROCESS",
					    "DEBUG_MODULE",   "DEBUG_UNIT",
					    "DEBUG_FUNCTION", "DEBUG_LINE",
					    "DEBUG"};
	char name[64];
	int level;

	(void)state;
	capture_enable(&cap, "lttng_ust_tracelog:*");
	for (level = 0; level < 15; level++)
		lttng_ust_tracelog(level, "level %d", level);
	tracelog(TRACE_INFO, "compat");
	lttng_ust_tracelog(15, "out of range");
	assert_int_equal(cap.nr, 16);
	for (level = 0; level < 15; level++) {
		snprintf(name, sizeof(name),
			 "lttng_ust_tracelog:LTTNG_UST_TRACEPOINT_LOGLEVEL_%s",
			 names[level]);
		assert_string_equal(cap.records[level].name, name);
		assert_int_equal(cap.records[level].loglevel, level);
	}
	assert_string_equal(
		cap.records[15].name,
		"lttng_ust_tracelog:LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO");
}

static void test_tracelog_with_loglevel_range_rule(void **state)
{
	struct ust_event_rule_attr attr = {
		"lttng_ust_tracelog:*", NULL, 0, UST_LOGLEVEL_RANGE,
		LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING};
	struct ust_event_rule *rule;

	(void)state;
	assert_int_equal(ust_event_rule_create(cap.chan, &attr, &rule), 0);
	lttng_ust_tracelog(LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO, "dropped");
	lttng_ust_tracelog(LTTNG_UST_TRACEPOINT_LOGLEVEL_ERR, "kept");
	lttng_ust_tracelog(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG, "dropped");
	assert_int_equal(cap.nr, 1);
	assert_string_equal(
		cap.records[0].name,
		"lttng_ust_tracelog:LTTNG_UST_TRACEPOINT_LOGLEVEL_ERR");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_tracef_records_the_formatted_message, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_disabled_tracef_formats_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_tracelog_records_line_file_func_and_msg, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_each_level_has_its_own_event, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_tracelog_with_loglevel_range_rule, setup,
			teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
