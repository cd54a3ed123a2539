/*
 * Unit tests of the TSDL text: exact declarations for each kind of field
 * (in LTTng-tools 2.13's shape), the metadata preamble, stream and event
 * blocks, appending classes to a metadata already read, and refusals of
 * classes that would make the metadata wrong.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ctf/metadata.h"
#include "ctf/tsdl.h"

static struct ctf_type *int_type(struct ctf_integer_desc desc)
{
	return ctf_type_integer_create(&desc);
}

/* Renders one field at depth 2 (inside `fields := struct {`). */
static void expect_field(const char *name, struct ctf_type *type,
			 const char *expected)
{
	struct ctf_text text;

	ctf_text_init(&text);
	ctf_tsdl_field(&text, name, type, 2);
	assert_false(ctf_text_failed(&text));
	assert_string_equal(text.buf, expected);
	ctf_text_fini(&text);
	ctf_type_destroy(type);
}

static void test_signed_integer_is_written_like_lttng(void **state)
{
	(void)state;
	expect_field("my_field",
		     int_type((struct ctf_integer_desc){.size = 32,
							.is_signed = true}),
		     "\t\tinteger { size = 32; align = 8; signed = 1; "
		     "encoding = none; base = 10; } _my_field;\n");
}

static void test_network_order_hex_integer_names_its_byte_order(void **state)
{
	(void)state;
	expect_field("port",
		     int_type((struct ctf_integer_desc){
			     .size = 16,
			     .base = 16,
			     .byte_order = CTF_BYTE_ORDER_BE}),
		     "\t\tinteger { size = 16; align = 8; signed = 0; "
		     "encoding = none; base = 16; byte_order = be; } _port;\n");
}

static void test_bit_field_keeps_its_size_and_alignment(void **state)
{
	(void)state;
	expect_field("flags",
		     int_type((struct ctf_integer_desc){
			     .size = 3, .align = 1, .base = 2}),
		     "\t\tinteger { size = 3; align = 1; signed = 0; "
		     "encoding = none; base = 2; } _flags;\n");
}

static void test_floats_and_strings(void **state)
{
	(void)state;
	expect_field("f",
		     ctf_type_float_create(8, 24, 0, CTF_BYTE_ORDER_NATIVE),
		     "\t\tfloating_point { exp_dig = 8; mant_dig = 24; "
		     "align = 8; } _f;\n");
	expect_field("d", ctf_type_float_create(11, 53, 64, CTF_BYTE_ORDER_LE),
		     "\t\tfloating_point { exp_dig = 11; mant_dig = 53; "
		     "align = 64; byte_order = le; } _d;\n");
	expect_field("s", ctf_type_string_create(CTF_ENCODING_UTF8),
		     "\t\tstring _s;\n");
	expect_field("a", ctf_type_string_create(CTF_ENCODING_ASCII),
		     "\t\tstring { encoding = ASCII; } _a;\n");
}

static void test_text_array_and_sequence(void **state)
{
	struct ctf_integer_desc ch = {.size = 8, .encoding = CTF_ENCODING_UTF8};

	(void)state;
	expect_field("procname", ctf_type_array_create(int_type(ch), 17),
		     "\t\tinteger { size = 8; align = 8; signed = 0; "
		     "encoding = UTF8; base = 10; } _procname[17];\n");
	expect_field("vals",
		     ctf_type_sequence_create(
			     int_type((struct ctf_integer_desc){
				     .size = 16, .is_signed = true}),
			     "n_vals"),
		     "\t\tinteger { size = 16; align = 8; signed = 1; "
		     "encoding = none; base = 10; } _vals[ _n_vals ];\n");
}

static void test_enumeration_lists_values_and_ranges(void **state)
{
	struct ctf_type *e = ctf_type_enum_create(
		&(struct ctf_integer_desc){.size = 16, .is_signed = true});

	(void)state;
	assert_int_equal(ctf_type_enum_add_signed(e, "neg", -100, -1), 0);
	assert_int_equal(ctf_type_enum_add_signed(e, "zero", 0, 0), 0);
	assert_int_equal(ctf_type_enum_add_unsigned(e, "say \"hi\"", 7, 9), 0);
	expect_field("level", e,
		     "\t\tenum : integer { size = 16; align = 8; signed = 1; "
		     "encoding = none; base = 10; } {\n"
		     "\t\t\t\"neg\" = -100 ... -1,\n"
		     "\t\t\t\"zero\" = 0,\n"
		     "\t\t\t\"say \\\"hi\\\"\" = 7 ... 9,\n"
		     "\t\t} _level;\n");
}

static void test_structures_and_variants_nest(void **state)
{
	struct ctf_type *st = ctf_type_struct_create();
	struct ctf_type *v = ctf_type_variant_create("kind");

	(void)state;
	assert_int_equal(
		ctf_type_add_field(v, "as_text",
				   ctf_type_string_create(CTF_ENCODING_UTF8)),
		0);
	assert_int_equal(ctf_type_add_field(st, "v", v), 0);
	assert_int_equal(
		ctf_type_add_field(st, "none", ctf_type_struct_create()), 0);
	expect_field("outer", st,
		     "\t\tstruct {\n"
		     "\t\t\tvariant <_kind> {\n"
		     "\t\t\t\tstring as_text;\n"
		     "\t\t\t} _v;\n"
		     "\t\t\tstruct {} _none;\n"
		     "\t\t} _outer;\n");
}

static const uint8_t uuid[CTF_UUID_LEN] = {0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc,
					   0xde, 0xf0, 0x01, 0x23, 0x45, 0x67,
					   0x89, 0xab, 0xcd, 0xef};

static struct ctf_metadata *make_metadata(void)
{
	static const struct ctf_env_entry env[] = {
		{"hostname", "box \"1\"", 0},
		{"tracer_major", NULL, 2},
	};
	struct ctf_trace_desc desc = {
		.env = env,
		.nr_env = 2,
		.clock = {.name = "monotonic",
			  .description = "Monotonic Clock",
			  .freq = 1000000000,
			  .offset = -42},
	};
	struct ctf_error err;
	struct ctf_metadata *md;

	memcpy(desc.uuid, uuid, sizeof(uuid));
	md = ctf_metadata_create(&desc, &err);
	assert_non_null(md);
	return md;
}

static void expect_contains(const char *text, const char *needle)
{
	if (!strstr(text, needle))
		fail_msg("metadata lacks:\n%s", needle);
}

static void test_preamble_has_lttng_declarations(void **state)
{
	struct ctf_metadata *md = make_metadata();
	size_t len;
	const char *text = ctf_metadata_text(md, &len);

	(void)state;
	assert_int_equal(strlen(text), len);
	assert_memory_equal(text,
			    "/* CTF 1.8 */\n\ntypealias integer { size = 8; "
			    "align = 8; signed = false; } := uint8_t;\n",
			    77);
	expect_contains(text, "typealias integer { size = 64; align = 8; "
			      "signed = false; } := unsigned long;\n"
			      "typealias integer { size = 5; align = 1; "
			      "signed = false; } := uint5_t;\n"
			      "typealias integer { size = 27; align = 1; "
			      "signed = false; } := uint27_t;\n\n");
	expect_contains(text, "trace {\n\tmajor = 1;\n\tminor = 8;\n"
			      "\tuuid = \"12345678-9abc-def0-0123-"
			      "456789abcdef\";\n"
			      "\tbyte_order = le;\n"
			      "\tpacket.header := struct {\n"
			      "\t\tuint32_t magic;\n"
			      "\t\tuint8_t  uuid[16];\n"
			      "\t\tuint32_t stream_id;\n"
			      "\t\tuint64_t stream_instance_id;\n"
			      "\t};\n};\n\n");
	expect_contains(text, "env {\n\thostname = \"box \\\"1\\\"\";\n"
			      "\ttracer_major = 2;\n};\n\n");
	expect_contains(text, "clock {\n\tname = \"monotonic\";\n"
			      "\tdescription = \"Monotonic Clock\";\n"
			      "\tfreq = 1000000000; /* Frequency, in Hz */\n"
			      "\t/* clock value offset from Epoch is: "
			      "offset * (1/freq) */\n"
			      "\toffset = -42;\n};\n\n");
	expect_contains(text, "typealias integer {\n"
			      "\tsize = 27; align = 1; signed = false;\n"
			      "\tmap = clock.monotonic.value;\n"
			      "} := uint27_clock_monotonic_t;\n\n");
	expect_contains(text, "struct packet_context {\n"
			      "\tuint64_clock_monotonic_t timestamp_begin;\n"
			      "\tuint64_clock_monotonic_t timestamp_end;\n"
			      "\tuint64_t content_size;\n"
			      "\tuint64_t packet_size;\n"
			      "\tuint64_t packet_seq_num;\n"
			      "\tunsigned long events_discarded;\n"
			      "\tuint32_t cpu_id;\n};\n\n");
	expect_contains(text, "\tenum : uint5_t { compact = 0 ... 30, "
			      "extended = 31 } id;\n");
	expect_contains(text, "\tenum : uint16_t { compact = 0 ... 65534, "
			      "extended = 65535 } id;\n");
	ctf_metadata_destroy(md);
}

static void test_stream_and_event_blocks_are_appended(void **state)
{
	struct ctf_metadata *md = make_metadata();
	struct ctf_type *ctx = ctf_type_struct_create();
	struct ctf_type *payload = ctf_type_struct_create();
	const struct ctf_event_desc ev = {
		.id = 3,
		.stream_id = 1,
		.name = "hello_world:my_first_tracepoint",
		.has_loglevel = true,
		.loglevel = 13,
		.model_emf_uri = "http://example.com/model",
	};
	size_t before, len;
	const char *added;

	(void)state;
	assert_int_equal(
		ctf_type_add_field(ctx, "vpid",
				   int_type((struct ctf_integer_desc){
					   .size = 32, .is_signed = true})),
		0);
	assert_int_equal(ctf_metadata_add_stream_class(
				 md, 1, CTF_EVENT_HEADER_LARGE, ctx, NULL),
			 0);
	ctf_metadata_text(md, &before);
	assert_int_equal(
		ctf_type_add_field(payload, "my_string_field",
				   ctf_type_string_create(CTF_ENCODING_UTF8)),
		0);
	assert_int_equal(ctf_metadata_add_event_class(md, &ev, payload, NULL),
			 0);
	added = ctf_metadata_text_since(md, before, &len);
	assert_string_equal(added,
			    "event {\n"
			    "\tname = \"hello_world:my_first_tracepoint\";\n"
			    "\tid = 3;\n"
			    "\tstream_id = 1;\n"
			    "\tloglevel = 13;\n"
			    "\tmodel.emf.uri = \"http://example.com/model\";\n"
			    "\tfields := struct {\n"
			    "\t\tstring _my_string_field;\n"
			    "\t};\n"
			    "};\n\n");
	assert_int_equal(len, strlen(added));
	expect_contains(ctf_metadata_text(md, &len),
			"stream {\n"
			"\tid = 1;\n"
			"\tevent.header := struct event_header_large;\n"
			"\tpacket.context := struct packet_context;\n"
			"\tevent.context := struct {\n"
			"\t\tinteger { size = 32; align = 8; signed = 1; "
			"encoding = none; base = 10; } _vpid;\n"
			"\t};\n"
			"};\n\n");
	assert_ptr_equal(ctf_metadata_event_class(md, 1, 3)->stream,
			 ctf_metadata_stream_class(md, 1));
	ctf_metadata_destroy(md);
}

/* The text from `marker` on (the part after the clock block). */
static const char *after(const char *text, const char *marker)
{
	const char *p = strstr(text, marker);

	assert_non_null(p);
	return p;
}

static void test_clock_offset_is_rewritten_in_place(void **state)
{
	struct ctf_metadata *md = make_metadata();
	const struct ctf_event_desc ev = {
		.id = 0, .stream_id = 0, .name = "a:b"};
	const char *marker = "typealias integer {\n\tsize = 27;";
	char *before_text, *before_head;
	size_t len, head_len;
	const char *text;

	(void)state;
	assert_int_equal(ctf_metadata_add_stream_class(
				 md, 0, CTF_EVENT_HEADER_LARGE, NULL, NULL),
			 0);
	assert_int_equal(ctf_metadata_add_event_class(md, &ev, NULL, NULL), 0);
	text = ctf_metadata_text(md, &len);
	before_text = strdup(text);
	head_len = (size_t)(strstr(text, "clock {") - text);
	before_head = strndup(text, head_len);

	assert_int_equal(ctf_metadata_set_clock_offset(md, 1700000000, 5, NULL),
			 0);
	text = ctf_metadata_text(md, &len);
	assert_int_equal(strlen(text), len);
	/* Before the clock block and after it, the same text. */
	assert_memory_equal(text, before_head, head_len);
	assert_string_equal(after(text, marker), after(before_text, marker));
	expect_contains(text, "clock {\n\tname = \"monotonic\";\n"
			      "\tdescription = \"Monotonic Clock\";\n"
			      "\tfreq = 1000000000; /* Frequency, in Hz */\n"
			      "\t/* clock value offset from Epoch is: "
			      "offset * (1/freq) */\n"
			      "\toffset_s = 1700000000;\n"
			      "\toffset = 5;\n};\n\n");
	assert_null(strstr(text, "offset = -42;"));
	/* The classes are still there, and new ones still append. */
	assert_non_null(ctf_metadata_event_class(md, 0, 0));
	assert_int_equal(ctf_metadata_add_event_class(
				 md,
				 &(struct ctf_event_desc){.id = 1,
							  .stream_id = 0,
							  .name = "a:c"},
				 NULL, NULL),
			 0);
	expect_contains(ctf_metadata_text_since(md, len, &head_len),
			"\tname = \"a:c\";\n");
	/* Going back to the first offset gives the first text again. */
	assert_int_equal(ctf_metadata_set_clock_offset(md, 0, -42, NULL), 0);
	assert_memory_equal(ctf_metadata_text(md, &len), before_text,
			    strlen(before_text));
	free(before_text);
	free(before_head);
	ctf_metadata_destroy(md);
}

static void test_classes_that_would_corrupt_metadata_are_refused(void **state)
{
	struct ctf_metadata *md = make_metadata();
	struct ctf_type *bad = ctf_type_struct_create();
	struct ctf_event_desc ev = {.id = 0, .stream_id = 7, .name = "a:b"};
	struct ctf_error err;
	size_t before, after;

	(void)state;
	ctf_metadata_text(md, &before);
	assert_int_equal(ctf_metadata_add_event_class(md, &ev, NULL, &err),
			 -ENOENT);
	assert_string_equal(err.message, "event 'a:b': no stream class 7");
	assert_int_equal(ctf_metadata_add_stream_class(
				 md, 7, CTF_EVENT_HEADER_COMPACT, NULL, NULL),
			 0);
	assert_int_equal(ctf_metadata_add_stream_class(
				 md, 7, CTF_EVENT_HEADER_COMPACT, NULL, &err),
			 -EEXIST);
	assert_string_equal(err.message, "stream class 7 already exists");
	assert_int_equal(ctf_metadata_add_event_class(md, &ev, NULL, NULL), 0);
	assert_int_equal(ctf_metadata_add_event_class(md, &ev, NULL, &err),
			 -EEXIST);
	assert_string_equal(err.message, "event 'a:b': id 0 is already used "
					 "in stream class 7");
	ctf_metadata_text(md, &before);
	ev.id = 1;
	assert_int_equal(
		ctf_type_add_field(bad, "struct",
				   ctf_type_string_create(CTF_ENCODING_UTF8)),
		0);
	assert_int_equal(ctf_metadata_add_event_class(md, &ev, bad, &err),
			 -EINVAL);
	assert_string_equal(err.message,
			    "event 'a:b': field 'struct': not a valid TSDL "
			    "identifier (letters, digits and '_', not a "
			    "keyword)");
	ctf_metadata_text(md, &after);
	assert_int_equal(before, after);
	assert_null(ctf_metadata_event_class(md, 7, 1));
	ctf_metadata_destroy(md);
}

static void test_invalid_trace_description_is_refused(void **state)
{
	static const struct ctf_env_entry env[] = {{"host-name", "x", 0}};
	struct ctf_trace_desc desc = {
		.env = env,
		.nr_env = 1,
		.clock = {.name = "monotonic", .freq = 1000000000},
	};
	struct ctf_error err;

	(void)state;
	assert_null(ctf_metadata_create(&desc, &err));
	assert_string_equal(err.message, "env entry 'host-name' is not a "
					 "valid TSDL identifier");
	desc.nr_env = 0;
	desc.clock.freq = 0;
	assert_null(ctf_metadata_create(&desc, &err));
	assert_string_equal(err.message,
			    "clock 'monotonic' has a zero frequency");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_signed_integer_is_written_like_lttng),
		cmocka_unit_test(
			test_network_order_hex_integer_names_its_byte_order),
		cmocka_unit_test(test_bit_field_keeps_its_size_and_alignment),
		cmocka_unit_test(test_floats_and_strings),
		cmocka_unit_test(test_text_array_and_sequence),
		cmocka_unit_test(test_enumeration_lists_values_and_ranges),
		cmocka_unit_test(test_structures_and_variants_nest),
		cmocka_unit_test(test_preamble_has_lttng_declarations),
		cmocka_unit_test(test_stream_and_event_blocks_are_appended),
		cmocka_unit_test(test_clock_offset_is_rewritten_in_place),
		cmocka_unit_test(
			test_classes_that_would_corrupt_metadata_are_refused),
		cmocka_unit_test(test_invalid_trace_description_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
