/*
 * Unit tests of the session configuration XML writer: layout (tabs, one
 * element per line, <x/> for an element without children), escaping of
 * text, numbers and booleans, and the errors (unbalanced elements, too
 * deep a nesting) that make the document unavailable.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "config/xml-writer.h"

#define DECLARATION "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

static const char *finish(struct xml_writer *w)
{
	size_t len = 0;
	const char *text = xml_writer_text(w, &len);

	if (text)
		assert_int_equal(len, strlen(text));
	return text;
}

static void test_nested_elements_are_indented_with_tabs(void **state)
{
	struct xml_writer w;

	(void)state;
	xml_writer_init(&w);
	xml_writer_open(&w, "sessions");
	xml_writer_open(&w, "session");
	xml_writer_string(&w, "name", "s1");
	xml_writer_open(&w, "domains");
	xml_writer_close(&w);
	xml_writer_bool(&w, "started", true);
	xml_writer_close(&w);
	xml_writer_close(&w);
	assert_string_equal(finish(&w),
			    DECLARATION "<sessions>\n"
					"\t<session>\n"
					"\t\t<name>s1</name>\n"
					"\t\t<domains/>\n"
					"\t\t<started>true</started>\n"
					"\t</session>\n"
					"</sessions>\n");
	xml_writer_fini(&w);
}

static void test_text_is_escaped_like_libxml2(void **state)
{
	struct xml_writer w;

	(void)state;
	xml_writer_init(&w);
	xml_writer_string(&w, "filter", "a == \"x&y\" && b < 2 > c\r'");
	assert_string_equal(finish(&w), DECLARATION
			    "<filter>a == &quot;x&amp;y&quot; &amp;&amp; b "
			    "&lt; 2 &gt; c&#13;'</filter>\n");
	xml_writer_fini(&w);
}

static void test_numbers_and_booleans(void **state)
{
	struct xml_writer w;

	(void)state;
	xml_writer_init(&w);
	xml_writer_open(&w, "c");
	xml_writer_u64(&w, "u", UINT64_MAX);
	xml_writer_i64(&w, "i", -1);
	xml_writer_bool(&w, "b", false);
	xml_writer_string(&w, "empty", "");
	xml_writer_close(&w);
	assert_string_equal(finish(&w),
			    DECLARATION "<c>\n"
					"\t<u>18446744073709551615</u>\n"
					"\t<i>-1</i>\n"
					"\t<b>false</b>\n"
					"\t<empty></empty>\n"
					"</c>\n");
	xml_writer_fini(&w);
}

static void test_an_open_element_leaves_no_document(void **state)
{
	struct xml_writer w;

	(void)state;
	xml_writer_init(&w);
	xml_writer_open(&w, "sessions");
	assert_null(finish(&w));
	xml_writer_close(&w);
	assert_non_null(finish(&w));
	xml_writer_fini(&w);
}

static void test_closing_too_much_is_an_error(void **state)
{
	struct xml_writer w;

	(void)state;
	xml_writer_init(&w);
	xml_writer_close(&w);
	assert_int_not_equal(w.error, 0);
	assert_null(finish(&w));
	xml_writer_fini(&w);
}

static void test_nesting_deeper_than_the_limit_is_an_error(void **state)
{
	struct xml_writer w;

	(void)state;
	xml_writer_init(&w);
	for (int i = 0; i <= XML_WRITER_MAX_DEPTH; i++)
		xml_writer_open(&w, "e");
	assert_int_not_equal(w.error, 0);
	for (int i = 0; i < XML_WRITER_MAX_DEPTH; i++)
		xml_writer_close(&w);
	assert_null(finish(&w));
	xml_writer_fini(&w);
}

static void test_large_documents_grow_the_buffer(void **state)
{
	struct xml_writer w;
	const char *text;

	(void)state;
	xml_writer_init(&w);
	xml_writer_open(&w, "events");
	for (int i = 0; i < 2000; i++)
		xml_writer_u64(&w, "id", (uint64_t)i);
	xml_writer_close(&w);
	text = finish(&w);
	assert_non_null(text);
	assert_non_null(strstr(text, "\t<id>1999</id>\n</events>\n"));
	xml_writer_fini(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nested_elements_are_indented_with_tabs),
		cmocka_unit_test(test_text_is_escaped_like_libxml2),
		cmocka_unit_test(test_numbers_and_booleans),
		cmocka_unit_test(test_an_open_element_leaves_no_document),
		cmocka_unit_test(test_closing_too_much_is_an_error),
		cmocka_unit_test(
			test_nesting_deeper_than_the_limit_is_an_error),
		cmocka_unit_test(test_large_documents_grow_the_buffer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
