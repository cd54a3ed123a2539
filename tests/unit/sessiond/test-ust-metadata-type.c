/*
 * Unit tests of the session daemon's app event description -> CTF type
 * conversion (src/bin/lttng-sessiond/ust-metadata-type.c): descriptions
 * go through the real wire codec, and the resulting TSDL must read as
 * LTTng-tools 2.13 writes it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ctf/metadata.h"
#include "wire-codec/wire-codec.h"
#include "ust-comm/event-class.h"
#include "ust-metadata-type.h"

#define INT_TYPE(bits, sign, b)                                                \
	{                                                                      \
		.size = bits, .alignment = 8, .signedness = sign, .base = b    \
	}

static const struct lttng_ust_enum_entry parity_entries[] = {
	{.start = {0, 0}, .end = {0, 0}, .label = "EVEN"},
	{.start = {1, 0}, .end = {1, 0}, .label = "ODD"},
};

static const struct lttng_ust_enum_desc parity = {
	.name = "testapp_parity",
	.entries = parity_entries,
	.nr_entries = 2,
};

static const struct lttng_ust_event_field fields[] = {
	{.name = "my_string_field",
	 .kind = LTTNG_UST_TYPE_STRING,
	 .encoding = LTTNG_UST_STRING_ENCODING_UTF8},
	{.name = "my_integer_field",
	 .kind = LTTNG_UST_TYPE_INTEGER,
	 .integer = INT_TYPE(32, 1, 10)},
	{.name = "hex",
	 .kind = LTTNG_UST_TYPE_INTEGER,
	 .integer = INT_TYPE(64, 0, 16)},
	{.name = "hidden",
	 .kind = LTTNG_UST_TYPE_INTEGER,
	 .nowrite = 1,
	 .integer = INT_TYPE(32, 1, 10)},
	{.name = "_items_length",
	 .kind = LTTNG_UST_TYPE_INTEGER,
	 .integer = INT_TYPE(32, 0, 10)},
	{.name = "items",
	 .kind = LTTNG_UST_TYPE_SEQUENCE,
	 .integer = INT_TYPE(16, 0, 10),
	 .length_name = "_items_length"},
	{.name = "text",
	 .kind = LTTNG_UST_TYPE_ARRAY,
	 .integer = INT_TYPE(8, 1, 10),
	 .encoding = LTTNG_UST_STRING_ENCODING_UTF8,
	 .length = 4},
	{.name = "parity",
	 .kind = LTTNG_UST_TYPE_ENUM,
	 .integer = INT_TYPE(32, 1, 10),
	 .enum_desc = &parity},
	{.name = "half",
	 .kind = LTTNG_UST_TYPE_FLOAT,
	 .flt = {.exp_dig = 11, .mant_dig = 53, .alignment = 8}},
};

static const struct lttng_ust_event_desc event = {
	.provider_name = "hello_world",
	.event_name = "my_first_tracepoint",
	.fields = fields,
	.nr_fields = sizeof(fields) / sizeof(fields[0]),
	.loglevel = 13,
};

/* The class as the session daemon receives it from an app. */
static struct ust_event_class *received_class(void)
{
	struct ust_event_class *cls = NULL;
	struct wire_cursor cur;
	struct wire_buf buf;

	wire_buf_init(&buf);
	ust_put_event_desc(&buf, &event);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(ust_get_event_desc(&cur, &cls), 0);
	wire_buf_fini(&buf);
	return cls;
}

static const char *event_text(struct ctf_metadata **md)
{
	struct ctf_trace_desc trace = {
		.clock = {.name = "monotonic", .freq = 1000000000},
	};
	struct ust_event_class *cls = received_class();
	struct ctf_event_desc desc = {.name = cls->name,
				      .has_loglevel = true,
				      .loglevel = cls->loglevel};
	struct ctf_type *payload = ust_metadata_payload(cls);
	struct ctf_error err;
	size_t len, before;

	assert_non_null(payload);
	*md = ctf_metadata_create(&trace, &err);
	assert_non_null(*md);
	assert_int_equal(ctf_metadata_add_stream_class(
				 *md, 0, CTF_EVENT_HEADER_LARGE, NULL, &err),
			 0);
	ctf_metadata_text(*md, &before);
	assert_int_equal(
		ctf_metadata_add_event_class(*md, &desc, payload, &err), 0);
	ust_event_class_free(cls);
	return ctf_metadata_text_since(*md, before, &len);
}

static void payload_reads_like_lttng(void **state)
{
	struct ctf_metadata *md;
	const char *text = event_text(&md);

	(void)state;
	assert_non_null(
		strstr(text, "name = \"hello_world:my_first_tracepoint\";"));
	assert_non_null(strstr(text, "loglevel = 13;"));
	assert_non_null(strstr(text, "string _my_string_field;"));
	assert_non_null(strstr(text,
			       "integer { size = 32; align = 8; signed = 1; "
			       "encoding = none; base = 10; } "
			       "_my_integer_field;"));
	assert_non_null(strstr(text, "base = 16; } _hex;"));
	assert_null(strstr(text, "_hidden"));
	assert_non_null(strstr(text, "} __items_length;"));
	assert_non_null(strstr(text, "} _items[ __items_length ];"));
	assert_non_null(
		strstr(text, "encoding = UTF8; base = 10; } _text[4];"));
	assert_non_null(strstr(text, "\"EVEN\" = 0"));
	assert_non_null(strstr(text, "\"ODD\" = 1"));
	assert_non_null(strstr(text, "mant_dig = 53;"));
	ctf_metadata_destroy(md);
}

static void sequence_without_length_is_refused(void **state)
{
	struct ust_event_class *cls = received_class();

	(void)state;
	for (uint32_t i = 0; i < cls->nr_fields; i++) {
		if (cls->fields[i].kind == LTTNG_UST_TYPE_SEQUENCE) {
			free(cls->fields[i].length_name);
			cls->fields[i].length_name = NULL;
		}
	}
	assert_null(ust_metadata_payload(cls));
	ust_event_class_free(cls);
}

/* An auto entry has no value after a mapping that ends at INT64_MAX. */
static void auto_entry_after_int64_max_is_refused(void **state)
{
	struct ust_event_class *cls = received_class();
	struct ust_enum_class *e = NULL;

	(void)state;
	for (uint32_t i = 0; i < cls->nr_fields; i++)
		if (cls->fields[i].kind == LTTNG_UST_TYPE_ENUM)
			e = cls->fields[i].enumeration;
	assert_non_null(e);
	assert_int_equal(e->nr_entries, 2);
	e->entries[0].start = (struct lttng_ust_enum_value){INT64_MAX, 1};
	e->entries[0].end = (struct lttng_ust_enum_value){INT64_MAX, 1};
	e->entries[1].options = LTTNG_UST_ENUM_ENTRY_OPTION_IS_AUTO;
	assert_null(ust_metadata_payload(cls));
	ust_event_class_free(cls);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(payload_reads_like_lttng),
		cmocka_unit_test(sequence_without_length_is_refused),
		cmocka_unit_test(auto_entry_after_int64_max_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
