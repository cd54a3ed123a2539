/*
 * Unit tests of how lttng_load_session() gets session.xsd
 * (load-schema.c): parsed once per process and kept while its file is
 * unchanged, parsed again when the file changes, and shared safely by
 * loads running in several threads while the file changes under them
 * (this test also runs under TSan). The probes need no session daemon:
 * a valid file naming another session than the one asked for is
 * validated then skipped (LTTNG_ERR_LOAD_SESSION_NOENT), an invalid one
 * is refused (LTTNG_ERR_LOAD_INVALID_CONFIG), as is every file while
 * the schema itself cannot be parsed.
 */
#include <fcntl.h>
#include <pthread.h>
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

#include <lttng/lttng.h>

#include "util/lttng-ctl-options.h"

#define LOADERS 4
#define LOADS_PER_LOADER 25

static char dir[] = "/tmp/test-load-schema-XXXXXX";
static char xsd_dir[64], xsd[96], valid[96], invalid[96];
static const char valid_text[] =
	"<sessions><session><name>one</name></session></sessions>";
static const char invalid_text[] =
	"<sessions><session><nam>one</nam></session></sessions>";
static char *xsd_text; /* the real session.xsd */
static size_t xsd_len;

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long size;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	assert_true(size > 0);
	rewind(f);
	text = malloc((size_t)size);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	*len = (size_t)size;
	return text;
}

/* Writes text over path in place: same inode (and size if len is). */
static void overwrite(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0644);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	assert_int_equal(ftruncate(fd, (off_t)len), 0);
	close(fd);
}

static void set_mtime(const char *path, time_t sec)
{
	struct timespec times[2] = {{sec, 0}, {sec, 0}};

	assert_int_equal(utimensat(AT_FDCWD, path, times, 0), 0);
}

/* lttng_load_session() of path, looking for the session "other". */
static int load(const char *path)
{
	struct lttng_load_session_attr *attr = lttng_load_session_attr_create();
	int ret;

	if (!attr || lttng_load_session_attr_set_input_url(attr, path) ||
	    lttng_load_session_attr_set_session_name(attr, "other"))
		ret = 1;
	else
		ret = lttng_load_session(attr);
	lttng_load_session_attr_destroy(attr);
	return ret;
}

static void test_schema_kept_while_its_file_is_unchanged(void **state)
{
	char *garbage = malloc(xsd_len);

	(void)state;
	assert_non_null(garbage);
	memset(garbage, 'x', xsd_len);
	set_mtime(xsd, 1000000000);
	assert_int_equal(load(valid), -LTTNG_ERR_LOAD_SESSION_NOENT);

	/*
	 * The same file (inode, size, time) with other bytes: the schema
	 * parsed before is used, never the file's new bytes.
	 */
	overwrite(xsd, garbage, xsd_len);
	set_mtime(xsd, 1000000000);
	assert_int_equal(load(valid), -LTTNG_ERR_LOAD_SESSION_NOENT);
	assert_int_equal(load(invalid), -LTTNG_ERR_LOAD_INVALID_CONFIG);

	/* Once it looks changed, the file is parsed again. */
	set_mtime(xsd, 1000000001);
	assert_int_equal(load(valid), -LTTNG_ERR_LOAD_INVALID_CONFIG);
	overwrite(xsd, xsd_text, xsd_len);
	assert_int_equal(load(valid), -LTTNG_ERR_LOAD_SESSION_NOENT);
	free(garbage);
}

static int failures; /* of the loaders, atomically */

static void *loader(void *arg)
{
	(void)arg;
	for (int i = 0; i < LOADS_PER_LOADER; i++) {
		if (load(valid) != -LTTNG_ERR_LOAD_SESSION_NOENT)
			__atomic_add_fetch(&failures, 1, __ATOMIC_RELAXED);
		if (load(invalid) != -LTTNG_ERR_LOAD_INVALID_CONFIG)
			__atomic_add_fetch(&failures, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

static void test_concurrent_loads_while_the_schema_changes(void **state)
{
	pthread_t threads[LOADERS];

	(void)state;
	for (int i = 0; i < LOADERS; i++)
		assert_int_equal(
			pthread_create(&threads[i], NULL, loader, NULL), 0);
	/* Each new time makes the next load parse and replace the schema
	 * while others may still validate with the one it replaces. */
	for (int i = 0; i < 2 * LOADS_PER_LOADER; i++)
		set_mtime(xsd, 2000000000 + i);
	for (int i = 0; i < LOADERS; i++)
		assert_int_equal(pthread_join(threads[i], NULL), 0);
	assert_int_equal(failures, 0);
}

static int setup(void **state)
{
	char path[128];

	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(xsd_dir, sizeof(xsd_dir), "%s/xsd", dir);
	snprintf(xsd, sizeof(xsd), "%s/session.xsd", xsd_dir);
	snprintf(valid, sizeof(valid), "%s/valid.lttng", dir);
	snprintf(invalid, sizeof(invalid), "%s/invalid.lttng", dir);
	snprintf(path, sizeof(path), "%s/session.xsd", XSD_DIR);
	if (mkdir(xsd_dir, 0700))
		return -1;
	xsd_text = read_file(path, &xsd_len);
	overwrite(xsd, xsd_text, xsd_len);
	overwrite(valid, valid_text, strlen(valid_text));
	overwrite(invalid, invalid_text, strlen(invalid_text));
	setenv("LTTNG_HOME", dir, 1);
	setenv("LTTNG_SESSION_CONFIG_XSD_PATH", xsd_dir, 1);
	lttng_opt_quiet = 1;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(xsd_text);
	unlink(xsd);
	unlink(valid);
	unlink(invalid);
	rmdir(xsd_dir);
	return rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schema_kept_while_its_file_is_unchanged),
		cmocka_unit_test(
			test_concurrent_loads_while_the_schema_changes),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
