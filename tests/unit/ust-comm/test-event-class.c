/*
 * Unit tests of event descriptions on the wire: a description with
 * every kind of field (integers of each base and byte order, floats,
 * strings, arrays, sequences with their length field, enumerations with
 * signed, ranged and auto entries) decodes to an equal class; changed
 * types compare unequal; malformed descriptions are refused.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ust-comm/event-class.h"
#include "ust-comm/ust-protocol.h"

#define INT_TYPE(bits, sign, order, b)                                         \
	{                                                                      \
		.size = (bits), .alignment = 8, .signedness = (sign),          \
		.byte_order = (order), .base = (b)                             \
	}

static const struct lttng_ust_enum_entry color_entries[] = {
	{.start = {.value = (unsigned long long)-3, .signedness = 1},
	 .end = {.value = (unsigned long long)-3, .signedness = 1},
	 .label = "negative"},
	{.start = {.value = 0, .signedness = 0},
	 .end = {.value = 9, .signedness = 0},
	 .label = "low"},
	{.start = {.value = ~0ULL, .signedness = 0},
	 .end = {.value = ~0ULL, .signedness = 0},
	 .label = "next",
	 .options = LTTNG_UST_ENUM_ENTRY_OPTION_IS_AUTO},
};

static const struct lttng_ust_enum_desc color_enum = {
	.name = "app_color",
	.entries = color_entries,
	.nr_entries = 3,
};

static struct lttng_ust_event_field all_fields[] = {
	{.name = "s32",
	 .kind = LTTNG_UST_TYPE_INTEGER,
	 .integer = INT_TYPE(32, 1, 0, 10)},
	{.name = "n64_hex",
	 .kind = LTTNG_UST_TYPE_INTEGER,
	 .integer = INT_TYPE(64, 0, 1, 16)},
	{.name = "d",
	 .kind = LTTNG_UST_TYPE_FLOAT,
	 .flt = {.exp_dig = 11, .mant_dig = 53, .alignment = 8}},
	{.name = "s",
	 .kind = LTTNG_UST_TYPE_STRING,
	 .encoding = LTTNG_UST_STRING_ENCODING_UTF8},
	{.name = "arr",
	 .kind = LTTNG_UST_TYPE_ARRAY,
	 .integer = INT_TYPE(8, 0, 0, 10),
	 .encoding = LTTNG_UST_STRING_ENCODING_UTF8,
	 .length = 4},
	{.name = "_seq_length",
	 .kind = LTTNG_UST_TYPE_INTEGER,
	 .integer = INT_TYPE(32, 0, 0, 10)},
	{.name = "seq",
	 .kind = LTTNG_UST_TYPE_SEQUENCE,
	 .integer = INT_TYPE(16, 1, 0, 10),
	 .length_name = "_seq_length"},
	{.name = "color",
	 .kind = LTTNG_UST_TYPE_ENUM,
	 .integer = INT_TYPE(8, 1, 0, 10),
	 .enum_desc = &color_enum},
	{.name = "hidden",
	 .kind = LTTNG_UST_TYPE_INTEGER,
	 .nowrite = 1,
	 .integer = INT_TYPE(32, 1, 0, 10)},
};

static struct lttng_ust_event_desc event = {
	.provider_name = "app",
	.event_name = "everything",
	.fields = all_fields,
	.nr_fields = sizeof(all_fields) / sizeof(all_fields[0]),
	.loglevel = 6,
	.model_emf_uri = "http://example.com/model",
};

static struct ust_event_class *decode(const struct wire_buf *buf)
{
	struct ust_event_class *cls;
	struct wire_cursor cur;

	wire_cursor_init(&cur, buf->data, buf->len);
	assert_int_equal(ust_get_event_desc(&cur, &cls), 0);
	assert_int_equal(wire_cursor_finish(&cur), 0);
	return cls;
}

static struct ust_event_class *encode_decode(void)
{
	struct ust_event_class *cls;
	struct wire_buf buf;

	wire_buf_init(&buf);
	ust_put_event_desc(&buf, &event);
	assert_int_equal(buf.error, 0);
	cls = decode(&buf);
	wire_buf_fini(&buf);
	return cls;
}

static void test_every_field_kind_round_trips(void **state)
{
	struct ust_event_class *cls = encode_decode();
	const struct ust_field_class *f = cls->fields;
	const struct ust_enum_class *e;

	(void)state;
	assert_string_equal(cls->name, "app:everything");
	assert_int_equal(cls->loglevel, 6);
	assert_string_equal(cls->model_emf_uri, "http://example.com/model");
	assert_int_equal(cls->nr_fields, 9);
	assert_string_equal(f[0].name, "s32");
	assert_int_equal(f[0].kind, LTTNG_UST_TYPE_INTEGER);
	assert_int_equal(f[0].integer.size, 32);
	assert_int_equal(f[0].integer.signedness, 1);
	assert_int_equal(f[1].integer.byte_order, LTTNG_UST_BYTE_ORDER_NETWORK);
	assert_int_equal(f[1].integer.base, 16);
	assert_int_equal(f[2].kind, LTTNG_UST_TYPE_FLOAT);
	assert_int_equal(f[2].flt.exp_dig, 11);
	assert_int_equal(f[2].flt.mant_dig, 53);
	assert_int_equal(f[3].encoding, LTTNG_UST_STRING_ENCODING_UTF8);
	assert_int_equal(f[4].length, 4);
	assert_int_equal(f[4].integer.size, 8);
	assert_string_equal(f[6].length_name, "_seq_length");
	assert_int_equal(f[6].integer.size, 16);
	assert_null(f[0].enumeration);
	e = f[7].enumeration;
	assert_non_null(e);
	assert_string_equal(e->name, "app_color");
	assert_int_equal(e->nr_entries, 3);
	assert_string_equal(e->entries[0].label, "negative");
	assert_true(e->entries[0].start.value == (unsigned long long)-3);
	assert_int_equal(e->entries[0].start.signedness, 1);
	assert_int_equal(e->entries[1].end.value, 9);
	assert_int_equal(e->entries[2].options,
			 LTTNG_UST_ENUM_ENTRY_OPTION_IS_AUTO);
	assert_int_equal(f[8].nowrite, 1);
	ust_event_class_free(cls);
}

static void test_equal_descriptions_compare_equal(void **state)
{
	struct ust_event_class *a = encode_decode();
	struct ust_event_class *b = encode_decode();

	(void)state;
	assert_true(ust_event_class_equal(a, b));
	ust_event_class_free(a);
	ust_event_class_free(b);
}

/* Re-encode the (changed) event and compare with the original. */
static int differs_from_original(struct ust_event_class *original)
{
	struct ust_event_class *changed = encode_decode();
	int equal = ust_event_class_equal(original, changed);

	ust_event_class_free(changed);
	return !equal;
}

static void test_redefinitions_compare_unequal(void **state)
{
	struct ust_event_class *original = encode_decode();
	struct lttng_ust_enum_entry entries[3];
	struct lttng_ust_enum_desc other_enum = color_enum;

	(void)state;
	all_fields[0].integer.size = 64;
	assert_true(differs_from_original(original));
	all_fields[0].integer.size = 32;
	all_fields[1].integer.base = 10;
	assert_true(differs_from_original(original));
	all_fields[1].integer.base = 16;
	all_fields[3].name = "t";
	assert_true(differs_from_original(original));
	all_fields[3].name = "s";
	all_fields[4].length = 5;
	assert_true(differs_from_original(original));
	all_fields[4].length = 4;
	event.loglevel = 7;
	assert_true(differs_from_original(original));
	event.loglevel = 6;
	event.model_emf_uri = NULL;
	assert_true(differs_from_original(original));
	event.model_emf_uri = "http://example.com/model";
	memcpy(entries, color_entries, sizeof(entries));
	entries[1].label = "lower";
	other_enum.entries = entries;
	all_fields[7].enum_desc = &other_enum;
	assert_true(differs_from_original(original));
	all_fields[7].enum_desc = &color_enum;
	event.nr_fields--;
	assert_true(differs_from_original(original));
	event.nr_fields++;
	/* members the kind does not use do not matter */
	all_fields[3].integer.size = 99;
	assert_false(differs_from_original(original));
	all_fields[3].integer.size = 0;
	ust_event_class_free(original);
}

static void test_register_payload_round_trip(void **state)
{
	struct ust_event_class *cls;
	struct wire_buf buf;
	uint64_t session, key;
	size_t len;

	(void)state;
	wire_buf_init(&buf);
	ust_put_event_register(&buf, 5, 6, &event);
	assert_int_equal(
		ust_get_event_register(buf.data, buf.len, &session, &key, &cls),
		0);
	assert_int_equal(session, 5);
	assert_int_equal(key, 6);
	assert_string_equal(cls->name, "app:everything");
	ust_event_class_free(cls);
	/* every strict prefix is refused, without leaks (ASan) */
	for (len = 0; len < buf.len; len++) {
		assert_true(ust_get_event_register(buf.data, len, &session,
						   &key, &cls) < 0);
		assert_null(cls);
	}
	wire_put_u32(&buf, 0);
	assert_int_equal(
		ust_get_event_register(buf.data, buf.len, &session, &key, &cls),
		-EBADMSG);
	wire_buf_fini(&buf);
}

/* Encode one field after a fixed name / log level / no URI header. */
static int decode_single_field(const struct lttng_ust_event_field *fields,
			       unsigned int nr)
{
	struct lttng_ust_event_desc desc = {.provider_name = "p",
					    .event_name = "e",
					    .fields = fields,
					    .nr_fields = nr,
					    .loglevel = 13};
	struct ust_event_class *cls;
	struct wire_cursor cur;
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	ust_put_event_desc(&buf, &desc);
	wire_cursor_init(&cur, buf.data, buf.len);
	ret = ust_get_event_desc(&cur, &cls);
	if (!ret)
		ust_event_class_free(cls);
	wire_buf_fini(&buf);
	return ret;
}

static void test_malformed_types_are_refused(void **state)
{
	struct lttng_ust_event_field f[2];

	(void)state;
	memset(f, 0, sizeof(f));
	f[0].name = "x";
	f[0].kind = LTTNG_UST_TYPE_INTEGER;
	f[0].integer = (struct lttng_ust_integer_type)INT_TYPE(32, 1, 0, 10);
	assert_int_equal(decode_single_field(f, 1), 0);
	f[0].integer.size = 65;
	assert_int_equal(decode_single_field(f, 1), -EBADMSG);
	f[0].integer.size = 32;
	f[0].integer.alignment = 12;
	assert_int_equal(decode_single_field(f, 1), -EBADMSG);
	f[0].integer.alignment = 8;
	f[0].integer.base = 7;
	assert_int_equal(decode_single_field(f, 1), -EBADMSG);
	f[0].integer.base = 10;
	f[0].kind = (enum lttng_ust_type_kind)42;
	assert_int_equal(decode_single_field(f, 1), -EBADMSG);
	f[0].kind = LTTNG_UST_TYPE_FLOAT;
	f[0].flt.exp_dig = 8;
	f[0].flt.mant_dig = 20;
	f[0].flt.alignment = 8;
	assert_int_equal(decode_single_field(f, 1), -EBADMSG);
	f[0].flt.mant_dig = 24;
	assert_int_equal(decode_single_field(f, 1), 0);
	f[0].name = "";
	assert_int_equal(decode_single_field(f, 1), -EBADMSG);
	/* a sequence whose length field is missing or not an integer */
	f[0].name = "_s_length";
	f[0].kind = LTTNG_UST_TYPE_STRING;
	f[1].name = "s";
	f[1].kind = LTTNG_UST_TYPE_SEQUENCE;
	f[1].integer = f[0].integer =
		(struct lttng_ust_integer_type)INT_TYPE(8, 0, 0, 10);
	f[1].length_name = "_s_length";
	assert_int_equal(decode_single_field(f, 2), -EBADMSG);
	f[0].kind = LTTNG_UST_TYPE_INTEGER;
	assert_int_equal(decode_single_field(f, 2), 0);
	f[1].length_name = "_t_length";
	assert_int_equal(decode_single_field(f, 2), -EBADMSG);
	f[1].length_name = NULL;
	assert_int_equal(decode_single_field(f, 2), -EBADMSG);
}

static void test_counts_beyond_the_payload_are_refused(void **state)
{
	struct ust_event_class *cls;
	struct wire_cursor cur;
	struct wire_buf buf;

	(void)state;
	wire_buf_init(&buf);
	wire_put_str(&buf, "p:e");
	wire_put_i32(&buf, 13);
	wire_put_str(&buf, NULL);
	wire_put_u32(&buf, UST_MAX_FIELDS + 1);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(ust_get_event_desc(&cur, &cls), -EMSGSIZE);
	buf.len -= 4;
	wire_put_u32(&buf, 1000);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(ust_get_event_desc(&cur, &cls), -EBADMSG);
	wire_buf_fini(&buf);
	/* log level out of range */
	wire_buf_init(&buf);
	wire_put_str(&buf, "p:e");
	wire_put_i32(&buf, 15);
	wire_put_str(&buf, NULL);
	wire_put_u32(&buf, 0);
	wire_cursor_init(&cur, buf.data, buf.len);
	assert_int_equal(ust_get_event_desc(&cur, &cls), -EBADMSG);
	wire_buf_fini(&buf);
}

static void test_garbage_never_crashes(void **state)
{
	struct ust_event_class *cls, *good;
	struct wire_cursor cur;
	struct wire_buf buf;
	unsigned int seed = 99, round;

	(void)state;
	good = encode_decode();
	wire_buf_init(&buf);
	ust_put_event_desc(&buf, &event);
	/* flip bytes of a valid description: refused or decoded, no crash */
	for (round = 0; round < 3000; round++) {
		uint8_t *copy = malloc(buf.len);
		size_t pos = rand_r(&seed) % buf.len;

		memcpy(copy, buf.data, buf.len);
		copy[pos] ^= (uint8_t)(1 + rand_r(&seed) % 255);
		wire_cursor_init(&cur, copy, buf.len);
		if (ust_get_event_desc(&cur, &cls) == 0) {
			(void)ust_event_class_equal(cls, good);
			ust_event_class_free(cls);
		}
		free(copy);
	}
	wire_buf_fini(&buf);
	ust_event_class_free(good);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_field_kind_round_trips),
		cmocka_unit_test(test_equal_descriptions_compare_equal),
		cmocka_unit_test(test_redefinitions_compare_unequal),
		cmocka_unit_test(test_register_payload_round_trip),
		cmocka_unit_test(test_malformed_types_are_refused),
		cmocka_unit_test(test_counts_beyond_the_payload_are_refused),
		cmocka_unit_test(test_garbage_never_crashes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
