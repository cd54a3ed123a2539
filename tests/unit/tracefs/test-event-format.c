/*
 * Unit tests of the tracefs format file parser: field names, types,
 * offsets, sizes, array and dynamic (__data_loc) fields, the header_page
 * layout, and refusal of malformed text with a message naming the line.
 * The texts are format files as a 6.x kernel prints them.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "tracefs/event-format.h"
#include "tracefs/page-reader.h"

static const char sched_switch_format[] =
	"name: sched_switch\n"
	"ID: 372\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
	"\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
	"\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
	"\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"prev_comm=%s prev_pid=%d\", REC->prev_comm, REC->prev_pid\n";

static void test_sched_switch_fields_are_read_exactly(void **state)
{
	struct tracefs_event_format f;
	const struct tracefs_field *field;
	char err[128];

	(void)state;
	assert_int_equal(tracefs_event_format_parse(sched_switch_format,
						    "sched", &f, err,
						    sizeof(err)),
			 0);
	assert_string_equal(f.system, "sched");
	assert_string_equal(f.name, "sched_switch");
	assert_int_equal(f.id, 372);
	assert_int_equal(f.nr_fields, 11);

	field = tracefs_event_format_field(&f, "common_type");
	assert_non_null(field);
	assert_true(field->is_common);
	assert_string_equal(field->type, "unsigned short");
	assert_int_equal(field->size, 2);
	assert_false(field->is_signed);

	field = tracefs_event_format_field(&f, "prev_comm");
	assert_non_null(field);
	assert_false(field->is_common);
	assert_string_equal(field->type, "char");
	assert_int_equal(field->offset, 8);
	assert_int_equal(field->size, 16);
	assert_int_equal(field->array_len, 16);
	assert_true(field->is_string);

	field = tracefs_event_format_field(&f, "prev_state");
	assert_non_null(field);
	assert_string_equal(field->type, "long");
	assert_int_equal(field->offset, 32);
	assert_int_equal(field->size, 8);
	assert_true(field->is_signed);
	assert_int_equal(field->array_len, 0);
	assert_false(field->is_string);

	field = tracefs_event_format_field(&f, "next_prio");
	assert_non_null(field);
	assert_int_equal(field->offset, 60);
	assert_null(tracefs_event_format_field(&f, "nonexistent"));
	tracefs_event_format_fini(&f);
}

static void test_dynamic_and_pointer_fields(void **state)
{
	static const char text[] =
		"name: sched_process_exec\nID: 365\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
		"\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
		"\tfield:const char * name;\toffset:16;\tsize:8;\tsigned:0;\n"
		"\tfield:__rel_loc u8[] blob;\toffset:24;\tsize:4;\tsigned:0;\n"
		"\tfield:char buf[];\toffset:28;\tsize:0;\tsigned:0;\n"
		"\tfield:unsigned char mac[6];\toffset:28;\tsize:6;\tsigned:0;\n";
	struct tracefs_event_format f;
	const struct tracefs_field *field;

	(void)state;
	assert_int_equal(tracefs_event_format_parse(text, "sched", &f, NULL, 0),
			 0);
	field = tracefs_event_format_field(&f, "filename");
	assert_non_null(field);
	assert_true(field->is_data_loc);
	assert_false(field->is_rel_loc);
	assert_string_equal(field->type, "char");
	assert_true(field->is_string);

	field = tracefs_event_format_field(&f, "name");
	assert_non_null(field);
	assert_string_equal(field->type, "const char *");
	assert_false(field->is_string);

	field = tracefs_event_format_field(&f, "blob");
	assert_non_null(field);
	assert_true(field->is_rel_loc);
	assert_string_equal(field->type, "u8");
	assert_false(field->is_string);

	field = tracefs_event_format_field(&f, "buf");
	assert_non_null(field);
	assert_true(field->is_flexible);
	assert_true(field->is_string);

	field = tracefs_event_format_field(&f, "mac");
	assert_non_null(field);
	assert_int_equal(field->array_len, 6);
	assert_false(field->is_string);
	tracefs_event_format_fini(&f);
}

static void test_malformed_format_is_refused_naming_the_line(void **state)
{
	static const char no_offset[] =
		"name: x\nID: 1\nformat:\n"
		"\tfield:int a;\tsize:4;\tsigned:1;\n";
	static const char no_id[] =
		"name: x\nformat:\n"
		"\tfield:int a;\toffset:0;\tsize:4;\tsigned:1;\n";
	static const char no_name_in_decl[] =
		"name: x\nID: 2\nformat:\n"
		"\tfield:int ;\toffset:0;\tsize:4;\tsigned:1;\n";
	struct tracefs_event_format f;
	char err[128];

	(void)state;
	assert_int_equal(tracefs_event_format_parse(no_offset, "s", &f, err,
						    sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "line 4: malformed field line");
	assert_int_equal(tracefs_event_format_parse(no_id, "s", &f, err,
						    sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "no ID line in format");
	assert_int_equal(tracefs_event_format_parse(no_name_in_decl, "s", &f,
						    err, sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "line 4: cannot read field declaration");
	assert_int_equal(tracefs_event_format_parse("", "s", &f, err,
						    sizeof(err)),
			 -EINVAL);
}

static void test_header_page_layout(void **state)
{
	static const char header_page[] =
		"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
		"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
		"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
		"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n";
	struct tracefs_page_layout layout;
	char err[128];

	(void)state;
	assert_int_equal(tracefs_page_layout_parse(header_page, &layout, err,
						   sizeof(err)),
			 0);
	assert_int_equal(layout.timestamp_offset, 0);
	assert_int_equal(layout.commit_offset, 8);
	assert_int_equal(layout.commit_size, 8);
	assert_int_equal(layout.data_offset, 16);
	assert_int_equal(layout.page_size, 4096);

	assert_int_equal(tracefs_page_layout_parse("\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n",
						   &layout, err, sizeof(err)),
			 -EINVAL);
	assert_string_equal(err, "header_page has no commit field");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sched_switch_fields_are_read_exactly),
		cmocka_unit_test(test_dynamic_and_pointer_fields),
		cmocka_unit_test(test_malformed_format_is_refused_naming_the_line),
		cmocka_unit_test(test_header_page_layout),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
