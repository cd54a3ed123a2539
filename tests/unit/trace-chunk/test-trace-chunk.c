/*
 * Unit tests of trace chunks (trace-chunk/trace-chunk.h): LTTng's chunk
 * and archive names, where a chunk's root is, archiving (chunk 0 moves
 * its domain directories only, a later chunk moves whole, an absent one
 * leaves an empty archive), clear's removal, the close commands that
 * name them, and the file operations.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "temp-dir.h"

#include "trace-chunk/trace-chunk.h"

/* 2023-11-14T22:13:20Z */
#define BEGIN ((time_t)1700000000)

static bool exists(const char *dir, const char *rel)
{
	char path[2 * PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	return access(path, F_OK) == 0;
}

static void make_file(const char *dir, const char *rel)
{
	char path[2 * PATH_MAX], *slash;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	slash = strrchr(path, '/');
	*slash = '\0';
	assert_int_equal(user_path_mkdir_p(NULL, path), 0);
	*slash = '/';
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	close(fd);
}

static struct trace_chunk *session_chunk(const char *output, uint64_t id,
					 bool in_subdir)
{
	const struct trace_chunk_desc desc = {.output = output,
					      .id = id,
					      .begin = BEGIN,
					      .in_subdir = in_subdir};
	struct trace_chunk *chunk = trace_chunk_create(&desc, NULL);

	assert_non_null(chunk);
	return chunk;
}

static void test_names_are_lttng_s(void **state)
{
	char name[64];

	(void)state;
	assert_int_equal(trace_chunk_dir_name(BEGIN, 3, name, sizeof(name)), 0);
	assert_string_equal(name, "20231114T221320+0000-3");
	assert_int_equal(trace_chunk_archive_name(BEGIN, BEGIN + 61, 12, name,
						  sizeof(name)),
			 0);
	assert_string_equal(name,
			    "20231114T221320+0000-20231114T221421+0000-12");
	assert_int_equal(trace_chunk_dir_name(BEGIN, 3, name, 22),
			 -ENAMETOOLONG);
}

static void test_root_is_the_output_until_the_first_rotation(void **state)
{
	char expected[PATH_MAX];
	struct trace_chunk *chunk = session_chunk(*state, 0, false);

	assert_string_equal(chunk->root, *state);
	trace_chunk_put(chunk);
	chunk = session_chunk(*state, 4, true);
	snprintf(expected, sizeof(expected), "%s/20231114T221320+0000-4",
		 (char *)*state);
	assert_string_equal(chunk->root, expected);
	trace_chunk_put(chunk);
}

static void test_archiving_chunk_0_moves_its_domains_only(void **state)
{
	const char *out = *state;
	struct trace_chunk *chunk = session_chunk(out, 0, false);
	char archive[PATH_MAX], expected[PATH_MAX];

	make_file(out, "ust/uid/0/64-bit/chan_0");
	make_file(out, "kernel/metadata");
	make_file(out, "unrelated");
	assert_int_equal(trace_chunk_archive(chunk, BEGIN + 1, archive,
					     sizeof(archive), NULL),
			 0);
	snprintf(expected, sizeof(expected),
		 "%s/archives/20231114T221320+0000-20231114T221321+0000-0",
		 out);
	assert_string_equal(archive, expected);
	assert_true(exists(archive, "ust/uid/0/64-bit/chan_0"));
	assert_true(exists(archive, "kernel/metadata"));
	assert_false(exists(out, "ust"));
	assert_false(exists(out, "kernel"));
	assert_true(exists(out, "unrelated"));
	trace_chunk_put(chunk);
}

static void test_archiving_a_later_chunk_moves_it_whole(void **state)
{
	const char *out = *state;
	struct trace_chunk *chunk = session_chunk(out, 2, true);
	struct trace_chunk *absent = session_chunk(out, 3, true);
	char archive[PATH_MAX];

	make_file(chunk->root, "kernel/chan_0");
	assert_int_equal(trace_chunk_archive(chunk, BEGIN + 1, archive,
					     sizeof(archive), NULL),
			 0);
	assert_true(exists(archive, "kernel/chan_0"));
	assert_int_equal(access(chunk->root, F_OK), -1);
	/* a chunk that never had files still leaves its (empty) archive */
	assert_int_equal(trace_chunk_archive(absent, BEGIN + 2, archive,
					     sizeof(archive), NULL),
			 0);
	assert_int_equal(access(archive, F_OK), 0);
	trace_chunk_put(chunk);
	trace_chunk_put(absent);
}

static void test_remove_deletes_the_chunk_s_files_only(void **state)
{
	const char *out = *state;
	struct trace_chunk *first = session_chunk(out, 0, false);
	struct trace_chunk *later = session_chunk(out, 5, true);

	make_file(out, "ust/uid/0/64-bit/metadata");
	make_file(out, "kernel/chan_1");
	make_file(out, "archives/old/kernel/chan_1");
	make_file(later->root, "kernel/chan_0");
	assert_int_equal(trace_chunk_remove(first, NULL), 0);
	assert_false(exists(out, "ust"));
	assert_false(exists(out, "kernel"));
	assert_true(exists(out, "archives/old/kernel/chan_1"));
	assert_true(exists(later->root, "kernel/chan_0"));
	assert_int_equal(trace_chunk_remove(later, NULL), 0);
	assert_int_equal(access(later->root, F_OK), -1);
	trace_chunk_put(first);
	trace_chunk_put(later);
}

static void test_files_are_created_and_removed_in_the_chunk(void **state)
{
	struct trace_chunk *chunk = trace_chunk_create_at(*state, NULL, NULL);
	struct ctf_error err;
	char long_name[PATH_MAX];
	int fd;

	assert_non_null(chunk);
	assert_int_equal(trace_chunk_mkdir(chunk, "kernel/index", NULL), 0);
	fd = trace_chunk_create_file(chunk, "kernel/metadata", 0, NULL);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "abc", 3), 3);
	close(fd);
	/* created again: truncated */
	fd = trace_chunk_create_file(chunk, "kernel/metadata", 0, NULL);
	assert_true(fd >= 0);
	assert_int_equal(lseek(fd, 0, SEEK_END), 0);
	close(fd);
	assert_int_equal(
		trace_chunk_unlink_file(chunk, "kernel/metadata", NULL), 0);
	assert_false(exists(*state, "kernel/metadata"));
	/* a missing file is no error; a missing directory is, with its path */
	assert_int_equal(
		trace_chunk_unlink_file(chunk, "kernel/metadata", NULL), 0);
	assert_int_equal(trace_chunk_create_file(chunk, "nodir/x", 0, &err),
			 -ENOENT);
	assert_non_null(strstr(err.message, "nodir/x"));
	memset(long_name, 'a', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	assert_int_equal(trace_chunk_create_file(chunk, long_name, 0, NULL),
			 -ENAMETOOLONG);
	/* references: the last put frees it (checked by the sanitizers) */
	trace_chunk_get(chunk);
	trace_chunk_put(chunk);
	trace_chunk_put(chunk);
}

/* The close commands: nothing, a rotation's archive, a clear's removal. */
static void test_close_commands_do_what_they_name(void **state)
{
	const char *out = *state;
	struct trace_chunk *kept = session_chunk(out, 1, true);
	struct trace_chunk *archived = session_chunk(out, 2, true);
	struct trace_chunk *removed = session_chunk(out, 3, true);
	char archive[PATH_MAX] = "x";
	struct ctf_error err;

	make_file(kept->root, "kernel/chan_0");
	make_file(archived->root, "kernel/chan_0");
	make_file(removed->root, "kernel/chan_0");
	assert_int_equal(trace_chunk_close(kept, TRACE_CHUNK_CLOSE_NONE,
					   BEGIN + 1, archive, sizeof(archive),
					   NULL),
			 0);
	assert_string_equal(archive, "");
	assert_true(exists(kept->root, "kernel/chan_0"));
	assert_int_equal(trace_chunk_close(archived, TRACE_CHUNK_CLOSE_ARCHIVE,
					   BEGIN + 1, archive, sizeof(archive),
					   NULL),
			 0);
	assert_non_null(strstr(archive, "/archives/20231114T221320+0000-"
					"20231114T221321+0000-2"));
	assert_true(exists(archive, "kernel/chan_0"));
	assert_int_equal(access(archived->root, F_OK), -1);
	assert_int_equal(trace_chunk_close(removed, TRACE_CHUNK_CLOSE_REMOVE,
					   BEGIN + 1, archive, sizeof(archive),
					   NULL),
			 0);
	assert_int_equal(access(removed->root, F_OK), -1);
	/* a command it does not know: refused, nothing touched */
	assert_int_equal(
		trace_chunk_close(kept, (enum trace_chunk_close_command)7,
				  BEGIN + 1, archive, sizeof(archive), &err),
		-EINVAL);
	assert_true(exists(kept->root, "kernel/chan_0"));
	trace_chunk_put(kept);
	trace_chunk_put(archived);
	trace_chunk_put(removed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_are_lttng_s),
		cmocka_unit_test_setup_teardown(
			test_root_is_the_output_until_the_first_rotation,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_archiving_chunk_0_moves_its_domains_only,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_archiving_a_later_chunk_moves_it_whole,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_remove_deletes_the_chunk_s_files_only,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_files_are_created_and_removed_in_the_chunk,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_close_commands_do_what_they_name, temp_dir_setup,
			temp_dir_teardown),
	};

	setenv("TZ", "UTC", 1);
	tzset();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
