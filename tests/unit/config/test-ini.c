/*
 * Unit tests of the INI reader: sections, entries with '=' or ':',
 * blanks and comments, and hostile input (very long lines, no newline
 * at the end, NUL bytes, unterminated sections, CR LF line ends). Each
 * file is read from memory and its entries collected as
 * "section.key=value@line".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/ini.h"

struct collected {
	char text[8192];
	int stop_at; /* stop (return 7) at this entry number, 0: never */
	int count;
};

static int collect(const struct ini_entry *entry, void *data)
{
	struct collected *c = data;
	size_t used = strlen(c->text);

	snprintf(c->text + used, sizeof(c->text) - used, "%s.%s=%s@%u\n",
		 entry->section, entry->key, entry->value, entry->line);
	return ++c->count == c->stop_at ? 7 : 0;
}

/* Parse len bytes of text; returns ini_parse()'s result. */
static int parse(const char *text, size_t len, struct collected *c,
		 struct ini_error *error)
{
	FILE *f = fmemopen((void *)text, len, "r");
	int ret;

	assert_non_null(f);
	ret = ini_parse(f, collect, c, error);
	fclose(f);
	return ret;
}

static void test_entries_carry_section_and_line(void **state)
{
	static const char text[] = "; comment\n"
				   "# other comment\n"
				   "top=1\n"
				   "\n"
				   "[sessiond]\n"
				   "  daemonize = yes  \n"
				   "group: tracing ; inline comment\n"
				   "  [ relayd ]  ; comment\n"
				   "output=/a;b\n"
				   "empty=\n";
	struct collected c = {0};
	struct ini_error error = {0};

	(void)state;
	assert_int_equal(parse(text, strlen(text), &c, &error), 0);
	assert_string_equal(c.text, ".top=1@3\n"
				    "sessiond.daemonize=yes@6\n"
				    "sessiond.group=tracing@7\n"
				    "relayd.output=/a;b@9\n"
				    "relayd.empty=@10\n");
}

static void test_last_line_without_newline_is_read(void **state)
{
	static const char text[] = "[sessiond]\r\nverbose=on";
	struct collected c = {0};
	struct ini_error error = {0};

	(void)state;
	assert_int_equal(parse(text, strlen(text), &c, &error), 0);
	assert_string_equal(c.text, "sessiond.verbose=on@2\n");
}

static void test_byte_order_mark_is_skipped(void **state)
{
	static const char text[] = "\xef\xbb\xbf[sessiond]\nquiet=no\n";
	struct collected c = {0};
	struct ini_error error = {0};

	(void)state;
	assert_int_equal(parse(text, strlen(text), &c, &error), 0);
	assert_string_equal(c.text, "sessiond.quiet=no@2\n");
}

static void expect_syntax_error(const char *text, size_t len, unsigned int line,
				const char *reason, const char *entries_before)
{
	struct collected c = {0};
	struct ini_error error = {0};

	assert_int_equal(parse(text, len, &c, &error), INI_ERR_SYNTAX);
	assert_int_equal(error.line, line);
	assert_string_equal(error.reason, reason);
	assert_string_equal(c.text, entries_before);
}

static void test_unterminated_section_is_an_error(void **state)
{
	static const char text[] = "[sessiond]\na=1\n[relayd\nb=2\n";

	(void)state;
	expect_syntax_error(text, strlen(text), 3, "section header without ']'",
			    "sessiond.a=1@2\n");
	expect_syntax_error("[]\n", 3, 1, "empty section name", "");
	expect_syntax_error("[a] b\n", 6, 1, "text after the section header",
			    "");
}

static void test_line_without_separator_is_an_error(void **state)
{
	(void)state;
	expect_syntax_error("[s]\ngarbage line\n", 17, 2,
			    "expected KEY=VALUE, [SECTION] or a comment", "");
	expect_syntax_error("[s]\n = value\n", 13, 2, "entry without a key",
			    "");
}

static void test_nul_byte_is_an_error(void **state)
{
	static const char text[] = "[sessiond]\nverbose=on\0ignored\nx=1\n";

	(void)state;
	expect_syntax_error(text, sizeof(text) - 1, 2, "NUL byte in the line",
			    "");
}

static void test_long_lines(void **state)
{
	static char text[3 * INI_MAX_LINE + 1];
	size_t len = sizeof(text) - 1;
	struct collected c = {0};
	struct ini_error error = {0};

	(void)state;
	/* Exactly the longest line: read whole. */
	memcpy(text, "[s]\nk=", 6);
	memset(text + 6, 'v', INI_MAX_LINE - 2);
	strcpy(text + 4 + INI_MAX_LINE, "\n");
	assert_int_equal(parse(text, strlen(text), &c, &error), 0);
	assert_int_equal(c.count, 1);
	assert_int_equal(strlen(c.text), strlen("s.k=@2\n") + INI_MAX_LINE - 2);
	/* One byte more, without any newline after it: refused. */
	memset(text + 6, 'v', len - 6);
	text[len] = '\0';
	expect_syntax_error(text, len, 2, "line longer than 4096 bytes", "");
}

static void test_callback_result_stops_the_reading(void **state)
{
	static const char text[] = "[s]\na=1\nb=2\nc=3\n";
	struct collected c = {.stop_at = 2};
	struct ini_error error = {0};

	(void)state;
	assert_int_equal(parse(text, strlen(text), &c, &error), 7);
	assert_string_equal(c.text, "s.a=1@2\ns.b=2@3\n");
}

static void test_empty_file_has_no_entries(void **state)
{
	struct collected c = {0};
	struct ini_error error = {0};

	(void)state;
	assert_int_equal(parse("\n\n   \n", 6, &c, &error), 0);
	assert_int_equal(c.count, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_entries_carry_section_and_line),
		cmocka_unit_test(test_last_line_without_newline_is_read),
		cmocka_unit_test(test_byte_order_mark_is_skipped),
		cmocka_unit_test(test_unterminated_section_is_an_error),
		cmocka_unit_test(test_line_without_separator_is_an_error),
		cmocka_unit_test(test_nul_byte_is_an_error),
		cmocka_unit_test(test_long_lines),
		cmocka_unit_test(test_callback_result_stops_the_reading),
		cmocka_unit_test(test_empty_file_has_no_entries),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
