/*
 * The MI element writer: compact nesting, empty elements as <name/>,
 * empty values as <name></name>, escaping, attributes, numbers and
 * booleans as LTTng's MI writes them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "mi-writer.h"

struct captured {
	char *text;
	size_t size;
	FILE *out;
	struct mi_writer writer;
};

static void capture_start(struct captured *c)
{
	c->out = open_memstream(&c->text, &c->size);
	assert_non_null(c->out);
	mi_writer_init(&c->writer, c->out);
}

/* The text written so far; the caller frees it. */
static char *capture_end(struct captured *c)
{
	fclose(c->out);
	return c->text;
}

static void test_empty_element_is_self_closing(void **state)
{
	struct captured c;
	char *text;

	(void)state;
	capture_start(&c);
	mi_writer_open(&c.writer, "output");
	mi_writer_close(&c.writer);
	text = capture_end(&c);
	assert_string_equal(text, "<output/>");
	free(text);
}

static void test_nesting_is_compact(void **state)
{
	struct captured c;
	char *text;

	(void)state;
	capture_start(&c);
	mi_writer_open(&c.writer, "sessions");
	mi_writer_open(&c.writer, "session");
	mi_writer_string(&c.writer, "name", "s1");
	mi_writer_open(&c.writer, "domains");
	mi_writer_close_to(&c.writer, 0);
	text = capture_end(&c);
	assert_string_equal(text, "<sessions><session><name>s1</name>"
				  "<domains/></session></sessions>");
	assert_int_equal(c.writer.depth, 0);
	free(text);
}

static void test_empty_value_keeps_both_tags(void **state)
{
	struct captured c;
	char *text;

	(void)state;
	capture_start(&c);
	mi_writer_string(&c.writer, "commit", "");
	mi_writer_string(&c.writer, "path", NULL);
	text = capture_end(&c);
	assert_string_equal(text, "<commit></commit><path></path>");
	free(text);
}

static void test_text_is_escaped(void **state)
{
	struct captured c;
	char *text;

	(void)state;
	capture_start(&c);
	mi_writer_string(&c.writer, "filter_expression",
			 "a < 1 && name == \"x\" || b > 2");
	text = capture_end(&c);
	assert_string_equal(text,
			    "<filter_expression>a &lt; 1 &amp;&amp; name == "
			    "\"x\" || b &gt; 2</filter_expression>");
	free(text);
}

static void test_attributes_in_order_and_quoted(void **state)
{
	static const char *const attributes[] = {
		"xmlns", "urn:x", "schemaVersion", "4.1", "note", "a\"b", NULL,
	};
	struct captured c;
	char *text;

	(void)state;
	capture_start(&c);
	mi_writer_open_attrs(&c.writer, "command", attributes);
	mi_writer_string(&c.writer, "name", "list");
	mi_writer_close(&c.writer);
	text = capture_end(&c);
	assert_string_equal(text, "<command xmlns=\"urn:x\" schemaVersion="
				  "\"4.1\" note=\"a&quot;b\"><name>list</name>"
				  "</command>");
	free(text);
}

static void test_numbers_and_booleans(void **state)
{
	struct captured c;
	char *text;

	(void)state;
	capture_start(&c);
	mi_writer_uint(&c.writer, "live_timer_interval", UINT32_MAX);
	mi_writer_int(&c.writer, "blocking_timeout", -1);
	mi_writer_uint(&c.writer, "big", UINT64_MAX);
	mi_writer_bool(&c.writer, "enabled", true);
	mi_writer_bool(&c.writer, "success", false);
	text = capture_end(&c);
	assert_string_equal(text,
			    "<live_timer_interval>4294967295"
			    "</live_timer_interval>"
			    "<blocking_timeout>-1</blocking_timeout>"
			    "<big>18446744073709551615</big>"
			    "<enabled>true</enabled><success>false</success>");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_element_is_self_closing),
		cmocka_unit_test(test_nesting_is_compact),
		cmocka_unit_test(test_empty_value_keeps_both_tags),
		cmocka_unit_test(test_text_is_escaped),
		cmocka_unit_test(test_attributes_in_order_and_quoted),
		cmocka_unit_test(test_numbers_and_booleans),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
