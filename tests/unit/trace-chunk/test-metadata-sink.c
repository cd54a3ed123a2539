/*
 * Unit tests of the metadata stream on a sink (trace-chunk/
 * metadata-sink.h): the file a file sink writes is byte for byte what
 * ctf_metadata_stream_write() writes (the layout both consumers had), a
 * restart empties it, only a metadata stream restarts, and a write the
 * file system refuses (a file size limit) leaves whole packets and says
 * how much text they took, so that a retry from there ends with the
 * same file as one write without the fault.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "temp-dir.h"

#include "ctf/metadata-stream.h"
#include "trace-chunk/file-sink.h"
#include "trace-chunk/metadata-sink.h"

static const uint8_t uuid[CTF_UUID_LEN] = {1, 2,  3,  4,  5,  6,  7,  8,
					   9, 10, 11, 12, 13, 14, 15, 16};

/* n TSDL statements (about 60 bytes each): malloc'd, length in *len. */
static char *statements(int n, size_t *len)
{
	char *text = malloc((size_t)n * 96 + 1);
	size_t at = 0;

	assert_non_null(text);
	for (int i = 0; i < n; i++)
		at += (size_t)sprintf(text + at,
				      "event {\n\tname = \"e%d\";\n\tid = %d;"
				      "\n\tstream_id = 0;\n};\n\n",
				      i, i);
	*len = at;
	return text;
}

/* The whole content of dir/name; malloc'd, size in *size. */
static uint8_t *read_file(const char *dir, const char *name, size_t *size)
{
	char path[PATH_MAX];
	struct stat st;
	uint8_t *data;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	data = malloc((size_t)st.st_size + 1);
	assert_non_null(data);
	assert_int_equal(read(fd, data, (size_t)st.st_size), st.st_size);
	close(fd);
	*size = (size_t)st.st_size;
	return data;
}

/* text as ctf_metadata_stream_write() lays it out in dir/name. */
static void write_reference(const char *dir, const char *name, const char *text,
			    size_t len)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(ctf_metadata_stream_write(fd, uuid, text, len, NULL),
			 0);
	close(fd);
}

static void assert_same_files(const char *dir, const char *a, const char *b)
{
	size_t size_a, size_b;
	uint8_t *da = read_file(dir, a, &size_a);
	uint8_t *db = read_file(dir, b, &size_b);

	assert_int_equal(size_a, size_b);
	assert_memory_equal(da, db, size_a);
	free(da);
	free(db);
}

static void test_same_bytes_as_the_metadata_stream_writer(void **state)
{
	const char *dir = *state;
	struct sink_stream *s;
	size_t len, written;
	char *text = statements(400, &len); /* several packets */

	assert_int_equal(metadata_sink_open_in_dir(dir, NULL, &s, NULL), 0);
	assert_int_equal(
		metadata_sink_write(s, uuid, text, 1000, &written, NULL), 0);
	assert_int_equal(written, 1000);
	assert_int_equal(metadata_sink_write(s, uuid, text + 1000, len - 1000,
					     &written, NULL),
			 0);
	assert_int_equal(written, len - 1000);
	assert_int_equal(sink_stream_close(s, NULL), 0);
	/* the reference: the same two writes */
	{
		char path[PATH_MAX];
		int fd;

		snprintf(path, sizeof(path), "%s/reference", dir);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		assert_true(fd >= 0);
		assert_int_equal(
			ctf_metadata_stream_write(fd, uuid, text, 1000, NULL),
			0);
		assert_int_equal(ctf_metadata_stream_write(fd, uuid,
							   text + 1000,
							   len - 1000, NULL),
				 0);
		close(fd);
	}
	assert_same_files(dir, "metadata", "reference");
	free(text);
}

static void test_restart_empties_the_file(void **state)
{
	const char *dir = *state;
	struct sink_stream *s;
	size_t len, short_len, written;
	char *text = statements(300, &len);
	char *fresh = statements(20, &short_len);

	assert_int_equal(metadata_sink_open_in_dir(dir, NULL, &s, NULL), 0);
	assert_int_equal(
		metadata_sink_write(s, uuid, text, len, &written, NULL), 0);
	assert_int_equal(sink_stream_restart(s, NULL), 0);
	assert_int_equal(
		metadata_sink_write(s, uuid, fresh, short_len, &written, NULL),
		0);
	assert_int_equal(sink_stream_sync(s, NULL), 0);
	assert_int_equal(sink_stream_close(s, NULL), 0);
	write_reference(dir, "reference", fresh, short_len);
	assert_same_files(dir, "metadata", "reference");
	free(text);
	free(fresh);
}

static void test_only_metadata_restarts(void **state)
{
	const struct sink_stream_desc desc = {.dir = "", .name = "chan_0"};
	struct trace_chunk *chunk = trace_chunk_create_at(*state, NULL, NULL);
	struct stream_sink *sink = file_sink_create(chunk, NULL);
	struct sink_stream *s;
	struct ctf_error err;

	assert_non_null(sink);
	assert_int_equal(sink_stream_open(sink, &desc, &s, NULL), 0);
	assert_int_equal(sink_stream_restart(s, &err), -EINVAL);
	assert_non_null(strstr(err.message, "chan_0"));
	assert_int_equal(sink_stream_close(s, NULL), 0);
	stream_sink_put(sink);
	trace_chunk_put(chunk);
}

static void test_refused_write_leaves_whole_packets_and_resumes(void **state)
{
	const char *dir = *state;
	struct rlimit old,
		small = {.rlim_cur = 5 * CTF_METADATA_PACKET_SIZE / 2};
	struct sink_stream *s;
	struct ctf_error err;
	size_t len, written, size;
	char *text = statements(400, &len);
	uint8_t *data;

	assert_int_equal(metadata_sink_open_in_dir(dir, NULL, &s, NULL), 0);
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	small.rlim_max = old.rlim_max;
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
	assert_int_equal(
		metadata_sink_write(s, uuid, text, len, &written, &err),
		-EFBIG);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	assert_non_null(strstr(err.message, "metadata"));
	data = read_file(dir, "metadata", &size);
	assert_int_equal(size, 2 * CTF_METADATA_PACKET_SIZE);
	free(data);
	assert_true(written > 0 && written < len);
	assert_int_equal(metadata_sink_write(s, uuid, text + written,
					     len - written, &written, NULL),
			 0);
	assert_int_equal(sink_stream_close(s, NULL), 0);
	write_reference(dir, "reference", text, len);
	assert_same_files(dir, "metadata", "reference");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_same_bytes_as_the_metadata_stream_writer,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(test_restart_empties_the_file,
						temp_dir_setup,
						temp_dir_teardown),
		cmocka_unit_test_setup_teardown(test_only_metadata_restarts,
						temp_dir_setup,
						temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_refused_write_leaves_whole_packets_and_resumes,
			temp_dir_setup, temp_dir_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
