/*
 * The basic layer of src/common/util that every binary shares: mkdir -p
 * with an exact mode, complete writes, the CPU count, version 4 UUIDs,
 * LTTng's date formats, the socket transfer errors and LTTng's name
 * tables.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <lttng/lttng.h>

#include "util/cleanup.h"
#include "util/cpus.h"
#include "util/io.h"
#include "util/lttng-names.h"
#include "util/paths.h"
#include "util/time-format.h"
#include "util/unix-socket.h"
#include "util/uuid.h"

static char tmpdir[64];

static int make_tmpdir(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/test-basic-layer-XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
	char cmd[PATH_MAX + 16];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static mode_t mode_of(const char *path)
{
	struct stat st;

	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	return st.st_mode & 07777;
}

/* Every created component gets the mode asked for, whatever the umask. */
static void test_mkdir_p_gives_exact_mode_whatever_the_umask(void **state)
{
	char deep[PATH_MAX], mid[PATH_MAX];
	mode_t old = umask(077);

	(void)state;
	snprintf(mid, sizeof(mid), "%s/a", tmpdir);
	snprintf(deep, sizeof(deep), "%s/a/b/c", tmpdir);
	assert_int_equal(paths_mkdir_p(deep, 0755), 0);
	umask(old);
	assert_int_equal(mode_of(mid), 0755);
	assert_int_equal(mode_of(deep), 0755);
	/* Existing directories are fine, and keep their mode. */
	assert_int_equal(chmod(mid, 0700), 0);
	assert_int_equal(paths_mkdir_p(deep, 0770), 0);
	assert_int_equal(mode_of(mid), 0700);
}

static void test_mkdir_p_refuses_a_file_in_the_way(void **state)
{
	char file[PATH_MAX], below[PATH_MAX];
	int fd;

	(void)state;
	snprintf(file, sizeof(file), "%s/file", tmpdir);
	snprintf(below, sizeof(below), "%s/file/dir", tmpdir);
	fd = open(file, O_CREAT | O_WRONLY, 0600);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(paths_mkdir_p(file, 0770), -ENOTDIR);
	assert_int_equal(paths_mkdir_p(below, 0770), -ENOTDIR);
	assert_int_equal(paths_mkdir(file, 0770), -ENOTDIR);
}

static void test_mkdir_p_refuses_empty_and_long_paths(void **state)
{
	char *long_path = malloc(PATH_MAX + 2);

	(void)state;
	assert_non_null(long_path);
	memset(long_path, 'x', PATH_MAX + 1);
	long_path[0] = '/';
	long_path[PATH_MAX + 1] = '\0';
	assert_int_equal(paths_mkdir_p("", 0770), -ENOENT);
	assert_int_equal(paths_mkdir_p(long_path, 0770), -ENAMETOOLONG);
	free(long_path);
}

struct drain {
	int fd;
	size_t got;
};

static void *drain_pipe(void *arg)
{
	struct drain *d = arg;
	char buf[4096];
	ssize_t n;

	while ((n = read(d->fd, buf, sizeof(buf))) > 0)
		d->got += (size_t)n;
	return NULL;
}

/* More than a pipe holds: short writes are continued, not lost. */
static void test_write_all_writes_everything_or_fails(void **state)
{
	size_t len = 1 << 20;
	_cleanup_free_ char *buf = calloc(1, len);
	struct drain d = {0};
	pthread_t reader;
	int fds[2];

	(void)state;
	assert_non_null(buf);
	assert_int_equal(pipe(fds), 0);
	d.fd = fds[0];
	assert_int_equal(pthread_create(&reader, NULL, drain_pipe, &d), 0);
	assert_int_equal(io_write_all(fds[1], buf, len), 0);
	close(fds[1]);
	pthread_join(reader, NULL);
	close(fds[0]);
	assert_int_equal(d.got, len);

	signal(SIGPIPE, SIG_IGN);
	assert_int_equal(pipe(fds), 0);
	close(fds[0]);
	assert_int_equal(io_write_all(fds[1], buf, 16), -EPIPE);
	close(fds[1]);
}

static void test_possible_cpus_counts_configured_cpus(void **state)
{
	long conf = sysconf(_SC_NPROCESSORS_CONF);

	(void)state;
	assert_true(possible_cpus() >= 1);
	if (conf > 0)
		assert_int_equal(possible_cpus(), (unsigned int)conf);
}

static void test_uuid_is_random_version_4(void **state)
{
	uint8_t a[UUID_LEN], b[UUID_LEN];

	(void)state;
	assert_int_equal(uuid_generate_v4(a), 0);
	assert_int_equal(uuid_generate_v4(b), 0);
	assert_int_equal(a[6] >> 4, 4);
	assert_int_equal(a[8] >> 6, 2);
	assert_int_equal(b[6] >> 4, 4);
	assert_int_equal(b[8] >> 6, 2);
	assert_memory_not_equal(a, b, UUID_LEN);
}

static void test_dates_in_lttng_formats(void **state)
{
	char iso[TIME_FORMAT_ISO8601_LEN], date[TIME_FORMAT_DATETIME_LEN];
	char small[8];

	(void)state;
	setenv("TZ", "UTC", 1);
	tzset();
	assert_int_equal(time_format_iso8601(1700000000, iso, sizeof(iso)), 0);
	assert_string_equal(iso, "20231114T221320+0000");
	assert_int_equal(time_format_datetime(1700000000, date, sizeof(date)),
			 0);
	assert_string_equal(date, "20231114-221320");
	assert_int_equal(time_format_iso8601(1700000000, small, sizeof(small)),
			 -ENAMETOOLONG);
	assert_int_equal(time_format_datetime(1700000000, small, sizeof(small)),
			 -ENAMETOOLONG);
}

static void test_transfer_errors(void **state)
{
	(void)state;
	assert_int_equal(usock_transfer_error(EWOULDBLOCK), -EAGAIN);
	assert_int_equal(usock_transfer_error(EPIPE), -ECONNRESET);
	assert_int_equal(usock_transfer_error(EBADF), -EBADF);
}

static void test_name_tables_match_lttng(void **state)
{
	(void)state;
	assert_string_equal(lttng_names_loglevel_type(LTTNG_EVENT_LOGLEVEL_ALL),
			    "ALL");
	assert_string_equal(
		lttng_names_loglevel_type(LTTNG_EVENT_LOGLEVEL_RANGE), "RANGE");
	assert_string_equal(
		lttng_names_loglevel_type(LTTNG_EVENT_LOGLEVEL_SINGLE),
		"SINGLE");
	assert_string_equal(lttng_names_loglevel_type(99), "ALL");
	assert_null(lttng_names_loglevel_types[3]);
	assert_string_equal(
		lttng_names_process_attr(LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID),
		"vpid");
	assert_string_equal(
		lttng_names_process_attr(LTTNG_PROCESS_ATTR_USER_ID), "uid");
	assert_string_equal(lttng_names_process_attr_tracker(
				    LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID),
			    "vgid_process_attr_tracker");
	assert_string_equal(
		lttng_names_process_attr_tracker(LTTNG_PROCESS_ATTR_PROCESS_ID),
		"pid_process_attr_tracker");
	assert_null(lttng_names_process_attrs[6]);
	assert_null(lttng_names_process_attr_trackers[6]);
	assert_string_equal(lttng_names_domain_type(LTTNG_DOMAIN_UST), "UST");
	assert_string_equal(lttng_names_domain_type(LTTNG_DOMAIN_PYTHON),
			    "PYTHON");
	assert_string_equal(lttng_names_domain_type(0), "NONE");
	assert_string_equal(lttng_names_domain_type(42), "NONE");
	assert_null(lttng_names_domain_types[6]);
	assert_string_equal(lttng_names_buffer_type(LTTNG_BUFFER_PER_UID),
			    "PER_UID");
	assert_string_equal(lttng_names_buffer_type(LTTNG_BUFFER_PER_PID),
			    "PER_PID");
	assert_string_equal(lttng_names_buffer_type(LTTNG_BUFFER_GLOBAL),
			    "GLOBAL");
	assert_null(lttng_names_buffer_types[3]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_mkdir_p_gives_exact_mode_whatever_the_umask,
			make_tmpdir, remove_tmpdir),
		cmocka_unit_test_setup_teardown(
			test_mkdir_p_refuses_a_file_in_the_way, make_tmpdir,
			remove_tmpdir),
		cmocka_unit_test(test_mkdir_p_refuses_empty_and_long_paths),
		cmocka_unit_test(test_write_all_writes_everything_or_fails),
		cmocka_unit_test(test_possible_cpus_counts_configured_cpus),
		cmocka_unit_test(test_uuid_is_random_version_4),
		cmocka_unit_test(test_dates_in_lttng_formats),
		cmocka_unit_test(test_transfer_errors),
		cmocka_unit_test(test_name_tables_match_lttng),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
