/*
 * Unit tests of CTF field type validation: identifiers and keywords,
 * duplicate names, sequence lengths that must precede the sequence as
 * unsigned integers, enumeration mappings that must fit their container,
 * variant tags, and the error messages that name the offending field.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ctf/type.h"

static struct ctf_type *uint_type(unsigned int size)
{
	return ctf_type_integer_create(
		&(struct ctf_integer_desc){.size = size});
}

static struct ctf_type *one_field(const char *name, struct ctf_type *type)
{
	struct ctf_type *st = ctf_type_struct_create();

	assert_int_equal(ctf_type_add_field(st, name, type), 0);
	return st;
}

/* Validates scope, expects ret and a message containing `needle`. */
static void expect_invalid(struct ctf_type *scope, const char *needle)
{
	struct ctf_error err = {{0}};

	assert_int_equal(ctf_type_validate(scope, &err), -EINVAL);
	if (!strstr(err.message, needle))
		fail_msg("message \"%s\" lacks \"%s\"", err.message, needle);
	ctf_type_destroy(scope);
}

static void test_identifiers_follow_tsdl_rules(void **state)
{
	(void)state;
	assert_true(ctf_identifier_is_valid("my_field"));
	assert_true(ctf_identifier_is_valid("_x9"));
	assert_true(ctf_identifier_is_valid("Z"));
	assert_false(ctf_identifier_is_valid(""));
	assert_false(ctf_identifier_is_valid("9lives"));
	assert_false(ctf_identifier_is_valid("with-dash"));
	assert_false(ctf_identifier_is_valid("dotted.name"));
	assert_false(ctf_identifier_is_valid("caf\xc3\xa9"));
	assert_false(ctf_identifier_is_valid(NULL));
}

static void test_every_tsdl_keyword_is_refused(void **state)
{
	static const char *const keywords[] = {
		"align",     "callsite",       "const",	   "char",
		"clock",     "double",	       "enum",	   "env",
		"event",     "floating_point", "float",	   "integer",
		"int",	     "long",	       "short",	   "signed",
		"stream",    "string",	       "struct",   "trace",
		"typealias", "typedef",	       "unsigned", "variant",
		"void",	     "_Bool",	       "_Complex", "_Imaginary",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		assert_false(ctf_identifier_is_valid(keywords[i]));
	assert_true(ctf_identifier_is_valid("structure"));
	assert_true(ctf_identifier_is_valid("_struct"));
}

static void test_keyword_field_is_refused_by_name(void **state)
{
	(void)state;
	expect_invalid(one_field("event", uint_type(8)), "field 'event'");
}

static void test_nested_field_error_names_its_path(void **state)
{
	struct ctf_type *inner = one_field("9bad", uint_type(8));

	(void)state;
	expect_invalid(one_field("outer", inner), "field 'outer.9bad'");
}

static void test_duplicate_field_names_are_refused(void **state)
{
	struct ctf_type *st = one_field("twice", uint_type(8));

	(void)state;
	assert_int_equal(ctf_type_add_field(st, "twice", uint_type(16)), 0);
	expect_invalid(st, "field 'twice': duplicate name");
}

static void test_integer_sizes_bases_and_alignments_are_checked(void **state)
{
	(void)state;
	expect_invalid(one_field("zero", uint_type(0)),
		       "integer size 0 is outside 1..64");
	expect_invalid(one_field("wide", uint_type(65)),
		       "integer size 65 is outside 1..64");
	expect_invalid(one_field("b", ctf_type_integer_create(
					      &(struct ctf_integer_desc){
						      .size = 8, .base = 7})),
		       "base 7");
	expect_invalid(one_field("a", ctf_type_integer_create(
					      &(struct ctf_integer_desc){
						      .size = 8, .align = 12})),
		       "alignment 12 bits");
	expect_invalid(
		one_field("c",
			  ctf_type_integer_create(&(struct ctf_integer_desc){
				  .size = 16, .encoding = CTF_ENCODING_UTF8})),
		"character encoding");
}

static void test_integer_defaults_are_lttng_byte_packing(void **state)
{
	struct ctf_type *t = uint_type(27);

	(void)state;
	assert_int_equal(t->integer.align, 8);
	assert_int_equal(t->integer.base, 10);
	assert_int_equal(ctf_type_alignment(t), 8);
	ctf_type_destroy(t);
}

static void test_floats_must_be_binary32_or_binary64(void **state)
{
	struct ctf_type *ok = one_field(
		"f", ctf_type_float_create(8, 24, 32, CTF_BYTE_ORDER_NATIVE));

	(void)state;
	assert_int_equal(
		ctf_type_add_field(
			ok, "d",
			ctf_type_float_create(11, 53, 0, CTF_BYTE_ORDER_BE)),
		0);
	assert_int_equal(ctf_type_validate(ok, NULL), 0);
	ctf_type_destroy(ok);
	expect_invalid(one_field("h", ctf_type_float_create(
					      5, 11, 8, CTF_BYTE_ORDER_NATIVE)),
		       "exp_dig 5 mant_dig 11");
}

static void test_sequence_length_must_precede_the_sequence(void **state)
{
	struct ctf_type *st = ctf_type_struct_create();

	(void)state;
	assert_int_equal(ctf_type_add_field(
				 st, "seq",
				 ctf_type_sequence_create(uint_type(8), "len")),
			 0);
	assert_int_equal(ctf_type_add_field(st, "len", uint_type(32)), 0);
	expect_invalid(st, "field 'seq': sequence length 'len' is not a "
			   "preceding field");
}

static void test_sequence_length_must_exist(void **state)
{
	(void)state;
	expect_invalid(one_field("seq", ctf_type_sequence_create(uint_type(8),
								 "missing")),
		       "sequence length 'missing'");
}

static void test_sequence_length_must_be_unsigned_integer(void **state)
{
	struct ctf_type *st = one_field(
		"len", ctf_type_integer_create(&(struct ctf_integer_desc){
			       .size = 32, .is_signed = true}));

	(void)state;
	assert_int_equal(ctf_type_add_field(
				 st, "seq",
				 ctf_type_sequence_create(uint_type(8), "len")),
			 0);
	expect_invalid(st, "sequence length 'len' is not an unsigned integer");
}

static void test_sequence_after_its_length_is_valid(void **state)
{
	struct ctf_type *st = one_field("len", uint_type(16));

	(void)state;
	assert_int_equal(ctf_type_add_field(
				 st, "seq",
				 ctf_type_sequence_create(uint_type(8), "len")),
			 0);
	assert_int_equal(ctf_type_validate(st, NULL), 0);
	ctf_type_destroy(st);
}

static struct ctf_type *enum_of(unsigned int size, bool is_signed)
{
	return ctf_type_enum_create(&(struct ctf_integer_desc){
		.size = size, .is_signed = is_signed});
}

static void test_unsigned_enum_mapping_must_fit_container(void **state)
{
	struct ctf_type *e = enum_of(8, false), *st;

	(void)state;
	assert_int_equal(ctf_type_enum_add_unsigned(e, "ok", 0, 255), 0);
	st = one_field("ok", e);
	assert_int_equal(ctf_type_validate(st, NULL), 0);
	ctf_type_destroy(st);
	e = enum_of(8, false);
	assert_int_equal(ctf_type_enum_add_unsigned(e, "big", 250, 256), 0);
	expect_invalid(one_field("state", e),
		       "field 'state': mapping \"big\" (250 ... 256) does not "
		       "fit a 8-bit unsigned container");
	e = enum_of(8, false);
	assert_int_equal(ctf_type_enum_add_signed(e, "neg", -1, 3), 0);
	expect_invalid(one_field("state", e), "(-1 ... 3) does not fit");
}

static void test_signed_enum_mapping_must_fit_container(void **state)
{
	struct ctf_type *e = enum_of(8, true), *st;

	(void)state;
	assert_int_equal(ctf_type_enum_add_signed(e, "full", -128, 127), 0);
	st = one_field("ok", e);
	assert_int_equal(ctf_type_validate(st, NULL), 0);
	ctf_type_destroy(st);
	e = enum_of(8, true);
	assert_int_equal(ctf_type_enum_add_signed(e, "low", -129, 0), 0);
	expect_invalid(one_field("level", e), "(-129 ... 0) does not fit");
	e = enum_of(8, true);
	assert_int_equal(ctf_type_enum_add_unsigned(e, "high", 100, 128), 0);
	expect_invalid(one_field("level", e), "(100 ... 128) does not fit");
}

static void test_enum_mapping_range_must_be_ordered(void **state)
{
	struct ctf_type *e = enum_of(16, true);

	(void)state;
	assert_int_equal(ctf_type_enum_add_signed(e, "backwards", 5, -5), 0);
	expect_invalid(one_field("e", e),
		       "mapping \"backwards\" starts at 5, after its end -5");
}

static void test_enum_labels_are_found_for_signed_and_unsigned(void **state)
{
	struct ctf_type *e = enum_of(64, true);

	(void)state;
	assert_int_equal(ctf_type_enum_add_signed(e, "neg", INT64_MIN, -1), 0);
	assert_int_equal(ctf_type_enum_add_unsigned(e, "pos", 1, INT64_MAX), 0);
	assert_string_equal(ctf_type_enum_label(e, true, (uint64_t)-5), "neg");
	assert_string_equal(ctf_type_enum_label(e, false, 7), "pos");
	assert_null(ctf_type_enum_label(e, true, 0));
	/* 2^64-1 as unsigned is not -1. */
	assert_null(ctf_type_enum_label(e, false, UINT64_MAX));
	ctf_type_destroy(e);
}

static struct ctf_type *tagged_struct(const char *option)
{
	struct ctf_type *tag = enum_of(8, false);
	struct ctf_type *st, *v = ctf_type_variant_create("tag");

	assert_int_equal(ctf_type_enum_add_unsigned(tag, "a", 0, 0), 0);
	assert_int_equal(ctf_type_add_field(v, option, uint_type(8)), 0);
	st = one_field("tag", tag);
	assert_int_equal(ctf_type_add_field(st, "v", v), 0);
	return st;
}

static void test_variant_options_must_be_tag_labels(void **state)
{
	struct ctf_type *st = tagged_struct("a");

	(void)state;
	assert_int_equal(ctf_type_validate(st, NULL), 0);
	ctf_type_destroy(st);
	expect_invalid(tagged_struct("b"),
		       "field 'v': variant option 'b' is no label of its tag");
}

static void test_variant_tag_must_be_a_preceding_enum(void **state)
{
	struct ctf_type *v = ctf_type_variant_create("tag");
	struct ctf_type *st;

	(void)state;
	assert_int_equal(ctf_type_add_field(v, "a", uint_type(8)), 0);
	st = one_field("v", v);
	assert_int_equal(ctf_type_add_field(st, "tag", enum_of(8, false)), 0);
	expect_invalid(st, "variant tag 'tag' is not a preceding enumeration");
}

static void test_scope_must_be_a_structure(void **state)
{
	struct ctf_type *t = uint_type(8);
	struct ctf_error err;

	(void)state;
	assert_int_equal(ctf_type_validate(t, &err), -EINVAL);
	assert_string_equal(err.message, "a scope must be a structure");
	ctf_type_destroy(t);
}

static void test_alignment_of_compounds(void **state)
{
	struct ctf_type *st = one_field(
		"a", ctf_type_integer_create(&(struct ctf_integer_desc){
			     .size = 3, .align = 1}));

	(void)state;
	assert_int_equal(ctf_type_alignment(st), 1);
	assert_int_equal(
		ctf_type_add_field(st, "f",
				   ctf_type_float_create(
					   11, 53, 64, CTF_BYTE_ORDER_NATIVE)),
		0);
	assert_int_equal(ctf_type_alignment(st), 64);
	ctf_type_destroy(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_identifiers_follow_tsdl_rules),
		cmocka_unit_test(test_every_tsdl_keyword_is_refused),
		cmocka_unit_test(test_keyword_field_is_refused_by_name),
		cmocka_unit_test(test_nested_field_error_names_its_path),
		cmocka_unit_test(test_duplicate_field_names_are_refused),
		cmocka_unit_test(
			test_integer_sizes_bases_and_alignments_are_checked),
		cmocka_unit_test(test_integer_defaults_are_lttng_byte_packing),
		cmocka_unit_test(test_floats_must_be_binary32_or_binary64),
		cmocka_unit_test(
			test_sequence_length_must_precede_the_sequence),
		cmocka_unit_test(test_sequence_length_must_exist),
		cmocka_unit_test(test_sequence_length_must_be_unsigned_integer),
		cmocka_unit_test(test_sequence_after_its_length_is_valid),
		cmocka_unit_test(test_unsigned_enum_mapping_must_fit_container),
		cmocka_unit_test(test_signed_enum_mapping_must_fit_container),
		cmocka_unit_test(test_enum_mapping_range_must_be_ordered),
		cmocka_unit_test(
			test_enum_labels_are_found_for_signed_and_unsigned),
		cmocka_unit_test(test_variant_options_must_be_tag_labels),
		cmocka_unit_test(test_variant_tag_must_be_a_preceding_enum),
		cmocka_unit_test(test_scope_must_be_a_structure),
		cmocka_unit_test(test_alignment_of_compounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
