/*
 * Ring buffer streams kept as files (rb_config.shm_dir, lttng create
 * --shm-path): the files <dir>/<name>_<cpu> exist with mode 0600 while
 * the channel lives, another process can map them from the path alone
 * and recover the records after the producer "died", damaged memory is
 * refused before recovery, destroying the channel removes them, and an
 * existing file is never overwritten.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "records.h"

struct fixture {
	char dir[64];
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	strcpy(f->dir, "/tmp/rb-shm-files-XXXXXX");
	if (!mkdtemp(f->dir)) {
		free(f);
		return -1;
	}
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	rmdir(f->dir);
	free(f);
	return 0;
}

static struct rb_config file_config(const char *dir)
{
	struct rb_config conf = {
		.subbuf_size = 4096,
		.subbuf_count = 4,
		.mode = RB_MODE_DISCARD,
		.nr_streams = 2,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.stream_id = 1,
		.shm_dir = dir,
		.shm_name = "chan",
	};

	memcpy(conf.uuid, rec_test_uuid, sizeof(conf.uuid));
	return conf;
}

static void stream_path(const struct fixture *f, unsigned int i, char *buf,
			size_t len)
{
	snprintf(buf, len, "%s/chan_%u", f->dir, i);
}

static void test_files_exist_while_the_channel_lives(void **state)
{
	struct fixture *f = *state;
	struct rb_config conf = file_config(f->dir);
	struct rb_channel *chan;
	char path[128];
	struct stat st;

	assert_int_equal(rb_channel_create(&conf, &chan), 0);
	for (unsigned int i = 0; i < 2; i++) {
		stream_path(f, i, path, sizeof(path));
		assert_int_equal(stat(path, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0600);
		assert_int_equal((uint64_t)st.st_size,
				 chan->streams[i].map_size);
	}
	rb_channel_destroy(chan);
	for (unsigned int i = 0; i < 2; i++) {
		stream_path(f, i, path, sizeof(path));
		assert_int_equal(stat(path, &st), -1);
		assert_int_equal(errno, ENOENT);
	}
}

/* What lttng-crash does: map the file by its path, recover, read. */
static void test_records_are_recovered_from_the_file(void **state)
{
	struct fixture *f = *state;
	struct rb_config conf = file_config(f->dir);
	struct rb_channel *chan, *copy;
	struct rb_stream_fds fds = {.wakeup_fd = -1};
	struct rec_tally tally;
	char path[128];

	assert_int_equal(rb_channel_create(&conf, &chan), 0);
	for (uint64_t seq = 0; seq < 100; seq++)
		assert_int_equal(rec_emit_stream(&chan->streams[1], 0, seq,
						 rec_clock_monotonic),
				 0);
	stream_path(f, 1, path, sizeof(path));
	fds.shm_fd = open(path, O_RDWR | O_CLOEXEC);
	assert_true(fds.shm_fd >= 0);
	assert_int_equal(rb_channel_map(&fds, 1, &copy), 0);
	assert_int_equal(copy->streams[0].cpu, 1);
	rb_stream_recover(&copy->streams[0], rec_clock_monotonic);
	rec_tally_init(&tally, 100);
	for (struct rb_packet p; rb_stream_get(&copy->streams[0], &p) == 0;) {
		rec_check_packet(&tally, chan, 1, &p);
		rb_stream_put(&copy->streams[0]);
	}
	assert_int_equal(tally.records, 100);
	assert_false(tally.duplicate);
	assert_false(tally.out_of_order);
	rec_tally_free(&tally);
	rb_channel_destroy(copy); /* a mapper never removes the files */
	assert_int_equal(access(path, F_OK), 0);
	rb_channel_destroy(chan);
	assert_int_equal(access(path, F_OK), -1);
}

/* Damaged memory (a crash's files) is refused before recovery. */
static void test_damaged_stream_is_not_recoverable(void **state)
{
	struct fixture *f = *state;
	struct rb_config conf = file_config(f->dir);
	struct rb_channel *chan;
	struct rb_shm_slot *open_slot;
	struct rb_stream *s;
	uint32_t open_len;

	assert_int_equal(rb_channel_create(&conf, &chan), 0);
	s = &chan->streams[0];
	for (uint64_t seq = 0; seq < 10; seq++)
		assert_int_equal(
			rec_emit_stream(s, 0, seq, rec_clock_monotonic), 0);
	assert_int_equal(rb_stream_check_recoverable(s), 0);
	s->slots[0].commit_remote += 1u << 20; /* more than reserved */
	assert_int_equal(rb_stream_check_recoverable(s), -EPROTO);
	assert_non_null(strstr(rb_last_error(), "stream 0: packet 0 has "));
	s->slots[0].commit_remote -= 1u << 20;
	/* The open packet "complete": closing it would overflow it. */
	open_len = (uint32_t)(s->shm->offset & s->subbuf_mask);
	assert_true(open_len > 0);
	open_slot =
		&s->slots[(s->shm->offset >> s->subbuf_order) & s->count_mask];
	open_slot->commit_remote += s->subbuf_size - open_len;
	assert_int_equal(rb_stream_check_recoverable(s), -EPROTO);
	assert_non_null(
		strstr(rb_last_error(), " has 4096 bytes committed of "));
	open_slot->commit_remote -= s->subbuf_size - open_len;
	assert_int_equal(rb_stream_check_recoverable(s), 0);
	/* Discard mode: writing more than a ring ahead of the reader. */
	s->shm->offset += 5 * 4096;
	assert_int_equal(rb_stream_check_recoverable(s), -EPROTO);
	assert_non_null(strstr(rb_last_error(), "more than 4 packets ahead"));
	s->shm->offset -= 5 * 4096;
	s->shm->consumed = 4096 * 9; /* past the write position */
	assert_int_equal(rb_stream_check_recoverable(s), -EPROTO);
	assert_non_null(strstr(rb_last_error(), "read position 36864"));
	rb_channel_destroy(chan);
}

static void test_an_existing_file_is_not_overwritten(void **state)
{
	struct fixture *f = *state;
	struct rb_config conf = file_config(f->dir);
	struct rb_channel *chan = NULL;
	char path[128], expected[256];
	struct stat st;
	int fd;

	stream_path(f, 1, path, sizeof(path));
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "keep", 4), 4);
	close(fd);
	assert_int_equal(rb_channel_create(&conf, &chan), -EEXIST);
	assert_null(chan);
	snprintf(expected, sizeof(expected), "cannot create %s: File exists",
		 path);
	assert_string_equal(rb_last_error(), expected);
	/* stream 0, created before the failure, is gone; the file stays */
	stream_path(f, 0, expected, sizeof(expected));
	assert_int_equal(access(expected, F_OK), -1);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_size, 4);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_files_exist_while_the_channel_lives, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_records_are_recovered_from_the_file, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_damaged_stream_is_not_recoverable, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_an_existing_file_is_not_overwritten, setup,
			teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
