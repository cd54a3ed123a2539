/*
 * Every field macro records exactly the bytes LTTng's layout prescribes
 * (checked byte by byte through the capture backend), and the event
 * descriptions the provider registers carry the exact types. Built twice:
 * with the provider compiled as C and as C++ (same expectations).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fields-tp.h"

#include "capture.h"
#include "probe-registry.h"

static struct capture cap;

static int group_setup(void **state)
{
	(void)state;
	capture_open(&cap);
	capture_enable(&cap, "ust_tests_fields:*");
	return 0;
}

static int group_teardown(void **state)
{
	(void)state;
	capture_close(&cap);
	return 0;
}

static int test_setup(void **state)
{
	(void)state;
	capture_clear(&cap);
	return 0;
}

/* Exactly one record, of `name`, whose payload is `bytes`. */
static void expect_one_record(const char *name, const unsigned char *bytes,
			      size_t len)
{
	assert_int_equal(cap.nr, 1);
	assert_string_equal(cap.records[0].name, name);
	assert_int_equal(cap.records[0].len, len);
	assert_memory_equal(cap.records[0].payload, bytes, len);
}

/*
 * The _network fields store their argument's bytes as they are (the
 * program passes htons(x) & co.): only the metadata says big endian, as
 * with LTTng-UST.
 */
static void test_integers_at_their_limits_are_stored_as_given(void **state)
{
	const struct fields_ints v = {INT8_MIN,	  UINT8_MAX, INT16_MIN,
				      UINT16_MAX, INT32_MIN, UINT32_MAX,
				      INT64_MIN,  UINT64_MAX};
	static const unsigned char expect[] = {
		0x80,						/* s8 */
		0xff,						/* u8 */
		0x00, 0x80,					/* s16 */
		0xff, 0xff,					/* u16 */
		0x00, 0x00, 0x00, 0x80,				/* s32 */
		0xff, 0xff, 0xff, 0xff,				/* u32 */
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, /* s64 */
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, /* u64_hex */
		0xff, 0xff,					/* n16 */
		0xff, 0xff, 0xff, 0xff,				/* n32_hex */
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, /* n64 */
	};

	(void)state;
	lttng_ust_tracepoint(ust_tests_fields, integers, &v);
	expect_one_record("ust_tests_fields:integers", expect, sizeof(expect));
}

static void test_integer_byte_order_is_visible_in_each_byte(void **state)
{
	const struct fields_ints v = {INT8_MAX,
				      0,
				      0x1234,
				      0xabcd,
				      INT32_MAX,
				      0x01020304,
				      0x0102030405060708LL,
				      0};
	static const unsigned char expect[] = {
		0x7f,						/* s8 */
		0x00,						/* u8 */
		0x34, 0x12,					/* s16 */
		0xcd, 0xab,					/* u16 */
		0xff, 0xff, 0xff, 0x7f,				/* s32 */
		0x04, 0x03, 0x02, 0x01,				/* u32 */
		0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, /* s64 */
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* u64_hex */
		0xcd, 0xab,					/* n16 */
		0x04, 0x03, 0x02, 0x01,				/* n32_hex */
		0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, /* n64 */
	};

	(void)state;
	lttng_ust_tracepoint(ust_tests_fields, integers, &v);
	expect_one_record("ust_tests_fields:integers", expect, sizeof(expect));
}

static void test_floats_are_ieee754_and_nowrite_is_absent(void **state)
{
	static const unsigned char expect[] = {
		0x00, 0x00, 0xc0, 0x3f,				/* 1.5f */
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0xc0, /* -2.25 */
	};

	(void)state;
	lttng_ust_tracepoint(ust_tests_fields, floats, 1.5f, -2.25);
	expect_one_record("ust_tests_fields:floats", expect, sizeof(expect));
}

static void test_strings_null_and_empty(void **state)
{
	static const unsigned char expect[] = "hello\0(null)\0";

	(void)state;
	lttng_ust_tracepoint(ust_tests_fields, strings, "hello", NULL, "");
	/* "hello\0" "(null)\0" "\0": the literal's own NUL is the last. */
	expect_one_record("ust_tests_fields:strings", expect, sizeof(expect));
}

static void test_arrays_inline_network_ones_stored_as_given(void **state)
{
	const int32_t ints[3] = {-1, 0x01020304, INT32_MIN};
	const uint16_t shorts[2] = {0x1234, 0xabcd};
	static const unsigned char expect[] = {
		0xff, 0xff, 0xff, 0xff, 0x04, 0x03,
		0x02, 0x01, 0x00, 0x00, 0x00, 0x80, /* ints */
		0x34, 0x12, 0xcd, 0xab,		    /* hex */
		0x34, 0x12, 0xcd, 0xab,		    /* net */
		0xff, 0xff, 0xff, 0xff, 0x04, 0x03,
		0x02, 0x01, 0x00, 0x00, 0x00, 0x80, /* net_hex */
		'a',  'b',  'c',  'd',		    /* text */
	};

	(void)state;
	lttng_ust_tracepoint(ust_tests_fields, arrays, ints, shorts, "abcd");
	expect_one_record("ust_tests_fields:arrays", expect, sizeof(expect));
}

static void test_sequences_of_n_elements_start_with_typed_length(void **state)
{
	const int32_t ints[2] = {-2, 7};
	const uint16_t shorts[2] = {0x0102, 0xf00f};
	static const unsigned char expect[] = {
		0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* size_t */
		0xfe, 0xff, 0xff, 0xff, 0x07, 0x00, 0x00, 0x00, /* seq */
		0x02,						/* uint8_t */
		0x02, 0x01, 0x0f, 0xf0,				/* hex */
		0x02, 0x00,					/* uint16_t */
		0x02, 0x01, 0x0f, 0xf0,				/* net */
		0x02, 0x00, 0x00, 0x00,				/* uint32_t */
		0xfe, 0xff, 0xff, 0xff, 0x07, 0x00, 0x00, 0x00, /* net_hex */
		0x03, 'x',  'y',  'z',				/* text */
	};

	(void)state;
	lttng_ust_tracepoint(ust_tests_fields, sequences, ints, 2, shorts,
			     "xyz!", 3);
	expect_one_record("ust_tests_fields:sequences", expect, sizeof(expect));
}

static void test_empty_sequences_record_only_their_lengths(void **state)
{
	static const unsigned char expect[16] = {0};

	(void)state;
	lttng_ust_tracepoint(ust_tests_fields, sequences, NULL, 0, NULL, NULL,
			     0);
	expect_one_record("ust_tests_fields:sequences", expect, sizeof(expect));
}

static void test_enums_record_their_container_integer(void **state)
{
	static const unsigned char expect[] = {0xf9, 0xff, 0xff, 0xff, 0xc8};

	(void)state;
	lttng_ust_tracepoint(ust_tests_fields, enums, -7, 200);
	expect_one_record("ust_tests_fields:enums", expect, sizeof(expect));
}

static void test_class_instances_record_under_their_own_names(void **state)
{
	static const unsigned char expect[] = {0x05, 0x00, 0x00,
					       0x00, 'p',  0x00};

	(void)state;
	lttng_ust_tracepoint(ust_tests_fields, pair_info, 5, "p");
	expect_one_record("ust_tests_fields:pair_info", expect, sizeof(expect));
	capture_clear(&cap);
	lttng_ust_tracepoint(ust_tests_fields, pair_default, 5, "p");
	expect_one_record("ust_tests_fields:pair_default", expect,
			  sizeof(expect));
}

static void test_events_without_arguments(void **state)
{
	static const unsigned char answer[] = {42, 0, 0, 0};

	(void)state;
	lttng_ust_tracepoint(ust_tests_fields, noargs);
	expect_one_record("ust_tests_fields:noargs", answer, 0);
	capture_clear(&cap);
	lttng_ust_tracepoint(ust_tests_fields, voidargs);
	expect_one_record("ust_tests_fields:voidargs", answer, sizeof(answer));
}

static void test_version_0_names_record_like_version_1(void **state)
{
	static const unsigned char expect[] = {3, 0, 0,	  0,   3,   0,
					       0, 0, 'o', 'l', 'd', 0};

	(void)state;
	tracepoint(ust_tests_fields, old_instance, 3);
	expect_one_record("ust_tests_fields:old_instance", expect,
			  sizeof(expect));
	assert_int_equal(cap.records[0].loglevel, TRACE_WARNING);
}

static void test_do_tracepoint_and_enabled(void **state)
{
	static const unsigned char expect[] = {42, 0, 0, 0};

	(void)state;
	assert_true(lttng_ust_tracepoint_enabled(ust_tests_fields, voidargs));
	assert_true(tracepoint_enabled(ust_tests_fields, voidargs));
	lttng_ust_do_tracepoint(ust_tests_fields, voidargs);
	expect_one_record("ust_tests_fields:voidargs", expect, sizeof(expect));
}

/* Descriptions. */

struct desc_lookup {
	const char *name;
	const struct lttng_ust_event_desc *found;
};

static void find_event(const struct lttng_ust_event_desc *desc, void *priv)
{
	struct desc_lookup *lookup = priv;
	char name[UST_EVENT_NAME_MAX];

	ust_event_full_name(desc, name);
	if (!strcmp(name, lookup->name))
		lookup->found = desc;
}

static const struct lttng_ust_event_desc *event_desc(const char *name)
{
	struct desc_lookup lookup = {name, NULL};

	ust_registry_list_events(find_event, &lookup);
	assert_non_null(lookup.found);
	return lookup.found;
}

/* Checks one integer type: size, signedness, byte order, base. */
static void expect_int(const struct lttng_ust_integer_type *t,
		       unsigned int size, int is_signed, int network, int base)
{
	assert_int_equal(t->size, size);
	assert_int_equal(t->alignment, 8);
	assert_int_equal(t->signedness, is_signed);
	assert_int_equal(t->byte_order, network ? LTTNG_UST_BYTE_ORDER_NETWORK
						: LTTNG_UST_BYTE_ORDER_NATIVE);
	assert_int_equal(t->base, base);
}

static void expect_field(const struct lttng_ust_event_field *f,
			 const char *name, enum lttng_ust_type_kind kind,
			 unsigned int nowrite)
{
	assert_string_equal(f->name, name);
	assert_int_equal(f->kind, kind);
	assert_int_equal(f->nowrite, nowrite);
}

static void test_integer_descriptions_are_exact(void **state)
{
	const struct lttng_ust_event_desc *d =
		event_desc("ust_tests_fields:integers");
	const struct lttng_ust_event_field *f = d->fields;

	(void)state;
	assert_int_equal(d->nr_fields, 12);
	assert_string_equal(d->signature, "const struct fields_ints *, v");
	assert_int_equal(d->loglevel, LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE);
	assert_null(d->model_emf_uri);
	expect_field(&f[0], "s8", LTTNG_UST_TYPE_INTEGER, 0);
	expect_int(&f[0].integer, 8, 1, 0, 10);
	expect_int(&f[1].integer, 8, 0, 0, 10);
	expect_int(&f[2].integer, 16, 1, 0, 10);
	expect_int(&f[3].integer, 16, 0, 0, 10);
	expect_int(&f[4].integer, 32, 1, 0, 10);
	expect_int(&f[5].integer, 32, 0, 0, 10);
	expect_int(&f[6].integer, 64, 1, 0, 10);
	expect_field(&f[7], "u64_hex", LTTNG_UST_TYPE_INTEGER, 0);
	expect_int(&f[7].integer, 64, 0, 0, 16);
	expect_field(&f[8], "n16", LTTNG_UST_TYPE_INTEGER, 0);
	expect_int(&f[8].integer, 16, 0, 1, 10);
	expect_field(&f[9], "n32_hex", LTTNG_UST_TYPE_INTEGER, 0);
	expect_int(&f[9].integer, 32, 0, 1, 16);
	expect_field(&f[10], "n64", LTTNG_UST_TYPE_INTEGER, 0);
	expect_int(&f[10].integer, 64, 1, 1, 10);
	expect_field(&f[11], "hidden", LTTNG_UST_TYPE_INTEGER, 1);
	expect_int(&f[11].integer, 32, 1, 0, 10);
}

static void test_float_and_string_descriptions_are_exact(void **state)
{
	const struct lttng_ust_event_desc *fl =
		event_desc("ust_tests_fields:floats");
	const struct lttng_ust_event_desc *st =
		event_desc("ust_tests_fields:strings");

	(void)state;
	assert_int_equal(fl->nr_fields, 3);
	expect_field(&fl->fields[0], "f", LTTNG_UST_TYPE_FLOAT, 0);
	assert_int_equal(fl->fields[0].flt.exp_dig, 8);
	assert_int_equal(fl->fields[0].flt.mant_dig, 24);
	assert_int_equal(fl->fields[0].flt.alignment, 8);
	expect_field(&fl->fields[1], "d", LTTNG_UST_TYPE_FLOAT, 0);
	assert_int_equal(fl->fields[1].flt.exp_dig, 11);
	assert_int_equal(fl->fields[1].flt.mant_dig, 53);
	expect_field(&fl->fields[2], "hidden", LTTNG_UST_TYPE_FLOAT, 1);

	assert_int_equal(st->nr_fields, 4);
	expect_field(&st->fields[0], "a", LTTNG_UST_TYPE_STRING, 0);
	assert_int_equal(st->fields[0].encoding,
			 LTTNG_UST_STRING_ENCODING_UTF8);
	expect_field(&st->fields[1], "hidden", LTTNG_UST_TYPE_STRING, 1);
	expect_field(&st->fields[2], "b", LTTNG_UST_TYPE_STRING, 0);
	expect_field(&st->fields[3], "c", LTTNG_UST_TYPE_STRING, 0);
}

static void test_array_descriptions_are_exact(void **state)
{
	const struct lttng_ust_event_desc *d =
		event_desc("ust_tests_fields:arrays");
	const struct lttng_ust_event_field *f = d->fields;
	static const char *const names[] = {
		"ints",	  "ints_no", "hex",	   "hex_no", "net",
		"net_no", "net_hex", "net_hex_no", "text",   "text_no"};
	unsigned int i;

	(void)state;
	assert_int_equal(d->nr_fields, 10);
	for (i = 0; i < 10; i++) {
		expect_field(&f[i], names[i], LTTNG_UST_TYPE_ARRAY, i % 2);
		assert_int_equal(f[i].encoding,
				 i >= 8 ? LTTNG_UST_STRING_ENCODING_UTF8
					: LTTNG_UST_STRING_ENCODING_NONE);
	}
	expect_int(&f[0].integer, 32, 1, 0, 10);
	assert_int_equal(f[0].length, 3);
	expect_int(&f[2].integer, 16, 0, 0, 16);
	assert_int_equal(f[2].length, 2);
	expect_int(&f[4].integer, 16, 0, 1, 10);
	expect_int(&f[6].integer, 32, 1, 1, 16);
	expect_int(&f[8].integer, 8, (char)-1 < 0, 0, 10);
	assert_int_equal(f[8].length, 4);
}

static void test_sequence_descriptions_pair_length_and_elements(void **state)
{
	const struct lttng_ust_event_desc *d =
		event_desc("ust_tests_fields:sequences");
	const struct lttng_ust_event_field *f = d->fields;

	(void)state;
	assert_int_equal(d->nr_fields, 20);
	expect_field(&f[0], "_seq_length", LTTNG_UST_TYPE_INTEGER, 0);
	expect_int(&f[0].integer, 64, 0, 0, 10);
	expect_field(&f[1], "seq", LTTNG_UST_TYPE_SEQUENCE, 0);
	assert_string_equal(f[1].length_name, "_seq_length");
	expect_int(&f[1].integer, 32, 1, 0, 10);
	expect_field(&f[2], "_seq_no_length", LTTNG_UST_TYPE_INTEGER, 1);
	expect_field(&f[3], "seq_no", LTTNG_UST_TYPE_SEQUENCE, 1);
	expect_int(&f[4].integer, 8, 0, 0, 10);
	expect_field(&f[5], "hex", LTTNG_UST_TYPE_SEQUENCE, 0);
	expect_int(&f[5].integer, 16, 0, 0, 16);
	expect_int(&f[8].integer, 16, 0, 0, 10);
	expect_int(&f[9].integer, 16, 0, 1, 10);
	expect_int(&f[12].integer, 32, 0, 0, 10);
	expect_field(&f[13], "net_hex", LTTNG_UST_TYPE_SEQUENCE, 0);
	expect_int(&f[13].integer, 32, 1, 1, 16);
	expect_field(&f[16], "_text_length", LTTNG_UST_TYPE_INTEGER, 0);
	expect_int(&f[16].integer, 8, 0, 0, 10);
	expect_field(&f[17], "text", LTTNG_UST_TYPE_SEQUENCE, 0);
	assert_int_equal(f[17].encoding, LTTNG_UST_STRING_ENCODING_UTF8);
	assert_string_equal(f[17].length_name, "_text_length");
	expect_field(&f[19], "text_no", LTTNG_UST_TYPE_SEQUENCE, 1);
}

static void expect_enum_value(const struct lttng_ust_enum_value *v,
			      unsigned long long value, unsigned int sign)
{
	assert_true(v->value == value);
	assert_int_equal(v->signedness, sign);
}

static void test_enum_descriptions_list_every_mapping(void **state)
{
	const struct lttng_ust_event_desc *d =
		event_desc("ust_tests_fields:enums");
	const struct lttng_ust_enum_desc *e = d->fields[0].enum_desc;

	(void)state;
	assert_int_equal(d->nr_fields, 3);
	expect_field(&d->fields[0], "color", LTTNG_UST_TYPE_ENUM, 0);
	expect_int(&d->fields[0].integer, 32, 1, 0, 10);
	expect_field(&d->fields[1], "small", LTTNG_UST_TYPE_ENUM, 0);
	expect_int(&d->fields[1].integer, 8, 0, 0, 10);
	expect_field(&d->fields[2], "hidden", LTTNG_UST_TYPE_ENUM, 1);
	assert_ptr_equal(d->fields[1].enum_desc, e);
	assert_string_equal(e->name, "ust_tests_fields_colors");
	assert_int_equal(e->nr_entries, 5);
	assert_string_equal(e->entries[0].label, "RED");
	expect_enum_value(&e->entries[0].start, 0, 1);
	expect_enum_value(&e->entries[0].end, 0, 1);
	assert_string_equal(e->entries[1].label, "GREENS");
	expect_enum_value(&e->entries[1].start, 10, 1);
	expect_enum_value(&e->entries[1].end, 19, 1);
	assert_int_equal(e->entries[1].options, 0);
	assert_string_equal(e->entries[2].label, "NEXT");
	assert_int_equal(e->entries[2].options,
			 LTTNG_UST_ENUM_ENTRY_OPTION_IS_AUTO);
	assert_string_equal(e->entries[3].label, "NEGATIVE");
	expect_enum_value(&e->entries[3].start, (unsigned long long)-7, 1);
	assert_string_equal(e->entries[4].label, "HUGE");
	expect_enum_value(&e->entries[4].end, UINT64_MAX, 0);
}

static void test_log_levels_and_emf_uri_reach_the_descriptions(void **state)
{
	(void)state;
	assert_int_equal(event_desc("ust_tests_fields:pair_info")->loglevel,
			 LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO);
	assert_string_equal(
		event_desc("ust_tests_fields:pair_info")->model_emf_uri,
		"http://example.com/pair_info");
	assert_int_equal(event_desc("ust_tests_fields:pair_default")->loglevel,
			 LTTNG_UST_TRACEPOINT_LOGLEVEL_DEFAULT);
	assert_null(event_desc("ust_tests_fields:pair_default")->model_emf_uri);
	assert_int_equal(event_desc("ust_tests_fields:voidargs")->loglevel,
			 LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG);
	assert_string_equal(event_desc("ust_tests_fields:voidargs")->signature,
			    "void");
	assert_string_equal(event_desc("ust_tests_fields:noargs")->signature,
			    "");
	assert_int_equal(event_desc("ust_tests_fields:noargs")->nr_fields, 0);
	assert_int_equal(event_desc("ust_tests_fields:old_instance")->loglevel,
			 LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(
			test_integers_at_their_limits_are_stored_as_given,
			test_setup),
		cmocka_unit_test_setup(
			test_integer_byte_order_is_visible_in_each_byte,
			test_setup),
		cmocka_unit_test_setup(
			test_floats_are_ieee754_and_nowrite_is_absent,
			test_setup),
		cmocka_unit_test_setup(test_strings_null_and_empty, test_setup),
		cmocka_unit_test_setup(
			test_arrays_inline_network_ones_stored_as_given,
			test_setup),
		cmocka_unit_test_setup(
			test_sequences_of_n_elements_start_with_typed_length,
			test_setup),
		cmocka_unit_test_setup(
			test_empty_sequences_record_only_their_lengths,
			test_setup),
		cmocka_unit_test_setup(
			test_enums_record_their_container_integer, test_setup),
		cmocka_unit_test_setup(
			test_class_instances_record_under_their_own_names,
			test_setup),
		cmocka_unit_test_setup(test_events_without_arguments,
				       test_setup),
		cmocka_unit_test_setup(
			test_version_0_names_record_like_version_1, test_setup),
		cmocka_unit_test_setup(test_do_tracepoint_and_enabled,
				       test_setup),
		cmocka_unit_test(test_integer_descriptions_are_exact),
		cmocka_unit_test(test_float_and_string_descriptions_are_exact),
		cmocka_unit_test(test_array_descriptions_are_exact),
		cmocka_unit_test(
			test_sequence_descriptions_pair_length_and_elements),
		cmocka_unit_test(test_enum_descriptions_list_every_mapping),
		cmocka_unit_test(
			test_log_levels_and_emf_uri_reach_the_descriptions),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
