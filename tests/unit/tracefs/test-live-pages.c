/*
 * The page decoder against the running kernel: writes known messages to a
 * private tracefs instance's trace_marker (with a pause long enough to need
 * a time extend), reads every CPU's trace_pipe_raw, and checks that the
 * decoded ftrace "print" records are exactly those messages, in order,
 * from this thread, with mono clock timestamps inside the writing window.
 * Skipped (with the reason) where tracefs is not mounted or not writable.
 */
#include <dirent.h>
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
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tracefs/event-format.h"
#include "tracefs/page-reader.h"

#define TRACEFS "/sys/kernel/tracing"
#define MAX_MESSAGES 8

struct decoded {
	uint64_t timestamp;
	int pid;
	char text[512];
};

static char instance[128];

static char *read_text(const char *path)
{
	static char buf[65536];
	int fd = open(path, O_RDONLY);
	ssize_t len, total = 0;

	assert_true(fd >= 0);
	while ((len = read(fd, buf + total, sizeof(buf) - 1 - total)) > 0)
		total += len;
	close(fd);
	buf[total] = '\0';
	return strdup(buf);
}

static void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

static uint64_t mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int setup(void **state)
{
	char path[256];

	(void)state;
	if (access(TRACEFS "/instances", W_OK)) {
		print_message("skipped: %s/instances is not writable\n",
			      TRACEFS);
		return 0;
	}
	snprintf(instance, sizeof(instance), TRACEFS "/instances/unit-%d",
		 (int)getpid());
	if (mkdir(instance, 0750))
		return -1;
	snprintf(path, sizeof(path), "%s/trace_clock", instance);
	write_file(path, "mono");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	if (instance[0])
		rmdir(instance);
	return 0;
}

static size_t decode_cpu(const char *path,
			 const struct tracefs_page_layout *layout,
			 const struct tracefs_event_format *print,
			 struct decoded *out, size_t n)
{
	const struct tracefs_field *buf = tracefs_event_format_field(print, "buf");
	uint8_t *page = malloc(layout->page_size);
	int fd = open(path, O_RDONLY | O_NONBLOCK);
	ssize_t len;

	assert_non_null(buf);
	assert_true(fd >= 0);
	while ((len = read(fd, page, layout->page_size)) > 0) {
		struct tracefs_page_reader reader;
		struct tracefs_record rec;
		int ret;

		assert_int_equal(len, layout->page_size);
		assert_int_equal(tracefs_page_reader_init(&reader, layout, page,
							  len),
				 0);
		while ((ret = tracefs_page_reader_next(&reader, &rec)) == 1) {
			uint16_t type;
			int32_t pid;

			memcpy(&type, rec.data, 2);
			if (type != print->id)
				continue;
			assert_true(n < MAX_MESSAGES);
			memcpy(&pid, rec.data + 4, 4);
			out[n].timestamp = rec.timestamp;
			out[n].pid = pid;
			assert_true(rec.size > buf->offset);
			snprintf(out[n].text, sizeof(out[n].text), "%.*s",
				 (int)(rec.size - buf->offset),
				 (const char *)rec.data + buf->offset);
			n++;
		}
		assert_int_equal(ret, 0);
	}
	close(fd);
	free(page);
	return n;
}

static int by_timestamp(const void *a, const void *b)
{
	const struct decoded *x = a, *y = b;

	return x->timestamp < y->timestamp ? -1 : x->timestamp > y->timestamp;
}

static void test_kernel_pages_decode_to_the_written_markers(void **state)
{
	static char long_message[300];
	const char *messages[4] = { "first marker\n", long_message,
				    "after a pause\n", "last\n" };
	struct decoded found[MAX_MESSAGES];
	struct tracefs_page_layout layout;
	struct tracefs_event_format print;
	char path[512], err[128], *text;
	uint64_t begin, end;
	size_t n = 0;
	DIR *dir;
	struct dirent *entry;

	(void)state;
	if (!instance[0])
		skip();
	memset(long_message, 'x', sizeof(long_message) - 2);
	long_message[sizeof(long_message) - 2] = '\n';

	text = read_text(TRACEFS "/events/header_page");
	assert_int_equal(tracefs_page_layout_parse(text, &layout, err,
						   sizeof(err)),
			 0);
	free(text);
	snprintf(path, sizeof(path), "%s/events/ftrace/print/format", instance);
	text = read_text(path);
	assert_int_equal(tracefs_event_format_parse(text, "ftrace", &print, err,
						    sizeof(err)),
			 0);
	free(text);

	snprintf(path, sizeof(path), "%s/trace_marker", instance);
	begin = mono_now();
	write_file(path, messages[0]);
	write_file(path, messages[1]);
	usleep(300000); /* > 2^27 ns: the kernel needs a time extend */
	write_file(path, messages[2]);
	write_file(path, messages[3]);
	end = mono_now();

	snprintf(path, sizeof(path), "%s/per_cpu", instance);
	dir = opendir(path);
	assert_non_null(dir);
	while ((entry = readdir(dir))) {
		char raw[1024];

		if (strncmp(entry->d_name, "cpu", 3))
			continue;
		snprintf(raw, sizeof(raw), "%s/%s/trace_pipe_raw", path,
			 entry->d_name);
		n = decode_cpu(raw, &layout, &print, found, n);
	}
	closedir(dir);
	tracefs_event_format_fini(&print);

	assert_int_equal(n, 4);
	qsort(found, n, sizeof(found[0]), by_timestamp);
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(found[i].text, messages[i]);
		assert_int_equal(found[i].pid, getpid());
		assert_true(found[i].timestamp >= begin);
		assert_true(found[i].timestamp <= end);
	}
	assert_true(found[2].timestamp - found[1].timestamp >= 300000000ULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kernel_pages_decode_to_the_written_markers),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
