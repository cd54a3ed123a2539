/*
 * Unit tests of the file sink (trace-chunk/file-sink.h): the files and
 * index entries of a stream in a chunk's directory, LTTng's cyclic
 * tracefile names wrapping (the oldest file and its index unlinked, not
 * overwritten in place, so a reader holding it keeps it whole), the
 * numbered ring, a ring buffer's page-aligned packets (written behind
 * the page cache) across tracefiles, and write faults: a full file
 * system (a 64 KiB tmpfs, when this test may mount one) and a file size
 * limit (EFBIG), which must fail with the file's name and leave no
 * index entry behind.
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
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "temp-dir.h"

#include "ctf/packet-layout.h"
#include "trace-chunk/file-sink.h"

#define PACKET 4096

/* A packet whose header says seq and whether it holds events. */
static void make_packet(uint8_t *p, uint64_t seq, bool events,
			struct ctf_index_entry *entry)
{
	memset(p, (int)(seq & 0x7f) + 1, PACKET);
	ctf_packet_put_u32(p, CTF_PACKET_OFF_MAGIC, CTF_PACKET_MAGIC);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_TIMESTAMP_BEGIN, 100 * seq);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_TIMESTAMP_END, 100 * seq + 50);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_CONTENT_SIZE,
			   events ? PACKET * 8 : CTF_PACKET_HEADER_LEN * 8);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_PACKET_SIZE, PACKET * 8);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_PACKET_SEQ_NUM, seq);
	ctf_index_entry_from_packet(p, entry);
}

static int write_seq(struct sink_stream *s, uint64_t seq, bool events,
		     struct ctf_error *err)
{
	static uint8_t packet[PACKET];
	struct ctf_index_entry entry;

	make_packet(packet, seq, events, &entry);
	return sink_stream_write(s, packet, &entry, err);
}

static struct sink_stream *open_in(const char *dir,
				   const struct sink_stream_desc *desc)
{
	struct trace_chunk *chunk = trace_chunk_create_at(dir, NULL, NULL);
	struct stream_sink *sink;
	struct sink_stream *s = NULL;

	assert_non_null(chunk);
	assert_int_equal(trace_chunk_mkdir(chunk, desc->dir, NULL), 0);
	sink = file_sink_create(chunk, NULL);
	assert_non_null(sink);
	trace_chunk_put(chunk);
	assert_int_equal(sink_stream_open(sink, desc, &s, NULL), 0);
	stream_sink_put(sink); /* the stream keeps it */
	return s;
}

static off_t file_size(const char *dir, const char *rel)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	return stat(path, &st) ? -1 : st.st_size;
}

/* The packet_seq_num of the packet at offset in dir/rel. */
static uint64_t seq_at(const char *dir, const char *rel, off_t offset)
{
	char path[2 * PATH_MAX];
	uint8_t header[CTF_PACKET_HEADER_LEN];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(pread(fd, header, sizeof(header), offset),
			 sizeof(header));
	close(fd);
	return ctf_packet_get_u64(header, CTF_PACKET_OFF_PACKET_SEQ_NUM);
}

/* Field i (8 bytes, big endian) of index entry n of dir/rel. */
static uint64_t index_field(const char *dir, const char *rel, unsigned int n,
			    unsigned int i)
{
	char path[2 * PATH_MAX];
	uint8_t b[8];
	uint64_t v = 0;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(
		pread(fd, b, 8,
		      CTF_INDEX_HEADER_LEN + n * CTF_INDEX_ENTRY_LEN + i * 8),
		8);
	close(fd);
	for (unsigned int k = 0; k < 8; k++)
		v = v << 8 | b[k];
	return v;
}

static void test_packets_and_index_entries_in_the_chunk(void **state)
{
	const struct sink_stream_desc desc = {
		.dir = "kernel", .name = "chan_1", .with_index = true};
	struct sink_stream *s = open_in(*state, &desc);

	for (uint64_t seq = 0; seq < 3; seq++)
		assert_int_equal(write_seq(s, seq, true, NULL), 0);
	assert_int_equal(s->packets, 3);
	assert_int_equal(sink_stream_close(s, NULL), 0);
	assert_int_equal(file_size(*state, "kernel/chan_1"), 3 * PACKET);
	assert_int_equal(file_size(*state, "kernel/index/chan_1.idx"),
			 CTF_INDEX_HEADER_LEN + 3 * CTF_INDEX_ENTRY_LEN);
	for (unsigned int n = 0; n < 3; n++) {
		/* offset, packet size, content size, ..., seq num */
		assert_int_equal(
			index_field(*state, "kernel/index/chan_1.idx", n, 0),
			n * PACKET);
		assert_int_equal(
			index_field(*state, "kernel/index/chan_1.idx", n, 1),
			PACKET * 8);
		assert_int_equal(
			index_field(*state, "kernel/index/chan_1.idx", n, 3),
			100 * n);
		assert_int_equal(
			index_field(*state, "kernel/index/chan_1.idx", n, 8),
			n);
		assert_int_equal(seq_at(*state, "kernel/chan_1", n * PACKET),
				 n);
	}
}

/*
 * A ring buffer's packets (page_aligned: written behind, file-sink.h),
 * two per tracefile: each file holds its packets whole, in order, each
 * index its entries, whatever the write-behind did with the cache.
 */
static void test_page_aligned_packets_land_whole_across_tracefiles(void **state)
{
	const struct sink_stream_desc desc = {.dir = "ust",
					      .name = "chan_0",
					      .with_index = true,
					      .tracefile_size = 2 * PACKET,
					      .page_aligned = true};
	struct sink_stream *s = open_in(*state, &desc);
	uint8_t *packet = aligned_alloc(PACKET, PACKET);
	struct ctf_index_entry entry;
	char file[64], index[64];

	assert_non_null(packet);
	for (uint64_t seq = 0; seq < 5; seq++) {
		make_packet(packet, seq, true, &entry);
		assert_int_equal(sink_stream_write(s, packet, &entry, NULL), 0);
	}
	free(packet);
	assert_int_equal(sink_stream_close(s, NULL), 0);
	for (unsigned int f = 0; f < 3; f++) {
		unsigned int in_file = f < 2 ? 2 : 1;

		snprintf(file, sizeof(file), "ust/chan_0_%u", f);
		snprintf(index, sizeof(index), "ust/index/chan_0_%u.idx", f);
		assert_int_equal(file_size(*state, file), in_file * PACKET);
		assert_int_equal(file_size(*state, index),
				 CTF_INDEX_HEADER_LEN +
					 in_file * CTF_INDEX_ENTRY_LEN);
		for (unsigned int n = 0; n < in_file; n++) {
			assert_int_equal(seq_at(*state, file, n * PACKET),
					 2 * f + n);
			assert_int_equal(index_field(*state, index, n, 0),
					 n * PACKET);
		}
	}
}

/*
 * --tracefile-size of one packet, --tracefile-count 3: the names cycle
 * through chan_0_0 .. chan_0_2, each index beside its file, and the
 * file a wrap replaces is unlinked first: a reader that opened it keeps
 * the old packet (an overwrite in place would change it under it).
 */
static void test_cyclic_names_wrap_unlinking_the_oldest(void **state)
{
	const struct sink_stream_desc desc = {.dir = "",
					      .name = "chan_0",
					      .with_index = true,
					      .tracefile_size = PACKET,
					      .tracefile_count = 3};
	struct sink_stream *s = open_in(*state, &desc);
	char path[PATH_MAX];
	uint8_t header[CTF_PACKET_HEADER_LEN];
	int reader;

	for (uint64_t seq = 0; seq < 3; seq++)
		assert_int_equal(write_seq(s, seq, true, NULL), 0);
	snprintf(path, sizeof(path), "%s/chan_0_0", (char *)*state);
	reader = open(path, O_RDONLY);
	assert_true(reader >= 0);
	for (uint64_t seq = 3; seq < 8; seq++)
		assert_int_equal(write_seq(s, seq, true, NULL), 0);
	assert_int_equal(sink_stream_close(s, NULL), 0);
	/* packets 5, 6, 7 remain, in files 5 % 3, 6 % 3, 7 % 3 */
	for (uint64_t seq = 5; seq < 8; seq++) {
		char name[32], index[48];

		snprintf(name, sizeof(name), "chan_0_%llu",
			 (unsigned long long)(seq % 3));
		snprintf(index, sizeof(index), "index/%s.idx", name);
		assert_int_equal(file_size(*state, name), PACKET);
		assert_int_equal(seq_at(*state, name, 0), seq);
		assert_int_equal(file_size(*state, index),
				 CTF_INDEX_HEADER_LEN + CTF_INDEX_ENTRY_LEN);
		assert_int_equal(index_field(*state, index, 0, 8), seq);
		assert_int_equal(index_field(*state, index, 0, 0), 0);
	}
	assert_int_equal(file_size(*state, "chan_0_3"), -1);
	assert_int_equal(file_size(*state, "chan_0"), -1);
	/* the reader's file is the first one, whole, unlinked */
	assert_int_equal(pread(reader, header, sizeof(header), 0),
			 sizeof(header));
	assert_int_equal(
		ctf_packet_get_u64(header, CTF_PACKET_OFF_PACKET_SEQ_NUM), 0);
	close(reader);
}

/* An empty packet never replaces the file of the newest events. */
static void test_empty_packet_never_replaces_the_newest_events(void **state)
{
	const struct sink_stream_desc desc = {.dir = "",
					      .name = "c_0",
					      .with_index = true,
					      .tracefile_size = PACKET,
					      .tracefile_count = 1};
	struct sink_stream *s = open_in(*state, &desc);

	assert_int_equal(write_seq(s, 0, true, NULL), 0);
	assert_int_equal(write_seq(s, 1, false, NULL), 0); /* dropped */
	assert_int_equal(sink_stream_close(s, NULL), 0);
	assert_int_equal(seq_at(*state, "c_0_0", 0), 0);
	assert_int_equal(file_size(*state, "c_0_0"), PACKET);
}

/* The kernel snapshot's ring: numbered files, the oldest removed. */
static void test_sequence_names_keep_the_newest_files(void **state)
{
	const struct sink_stream_desc desc = {.dir = "",
					      .name = "r_2",
					      .tracefile_size = PACKET,
					      .tracefile_count = 2,
					      .sequence_names = true};
	struct sink_stream *s = open_in(*state, &desc);

	for (uint64_t seq = 0; seq < 5; seq++)
		assert_int_equal(write_seq(s, seq, true, NULL), 0);
	assert_int_equal(sink_stream_close(s, NULL), 0);
	for (uint64_t n = 0; n < 5; n++) {
		char name[16];

		snprintf(name, sizeof(name), "r_2_%llu", (unsigned long long)n);
		assert_int_equal(file_size(*state, name), n >= 3 ? PACKET : -1);
	}
	assert_int_equal(file_size(*state, "index"), -1);
}

/* Writes until the stream fails; checks what a failure leaves. */
static void write_until_failure(const char *dir, int expected_errno)
{
	const struct sink_stream_desc desc = {
		.dir = "", .name = "full_0", .with_index = true};
	struct sink_stream *s = open_in(dir, &desc);
	struct ctf_error err;
	uint64_t seq = 0;
	int ret;

	while ((ret = write_seq(s, seq, true, &err)) == 0)
		seq++;
	assert_int_equal(ret, -expected_errno);
	assert_non_null(strstr(err.message, "full_0"));
	assert_true(seq < 64);
	/* a failed packet has no index entry; the stream still closes */
	sink_stream_close(s, NULL);
	assert_int_equal(file_size(dir, "index/full_0.idx"),
			 CTF_INDEX_HEADER_LEN + seq * CTF_INDEX_ENTRY_LEN);
}

static void test_a_full_file_system_fails_with_the_file_s_name(void **state)
{
	char mnt[PATH_MAX];

	snprintf(mnt, sizeof(mnt), "%s/tmpfs", (char *)*state);
	assert_int_equal(mkdir(mnt, 0700), 0);
	if (mount("tmpfs", mnt, "tmpfs", 0, "size=64k")) {
		print_message("cannot mount a tmpfs (%s): the file size limit "
			      "test covers write failures\n",
			      strerror(errno));
		skip();
	}
	write_until_failure(mnt, ENOSPC);
	assert_int_equal(umount(mnt), 0);
}

static void test_a_file_size_limit_fails_with_the_file_s_name(void **state)
{
	struct rlimit old, small = {.rlim_cur = 10 * PACKET};

	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	small.rlim_max = old.rlim_max;
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
	write_until_failure(*state, EFBIG);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_packets_and_index_entries_in_the_chunk,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_page_aligned_packets_land_whole_across_tracefiles,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_cyclic_names_wrap_unlinking_the_oldest,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_empty_packet_never_replaces_the_newest_events,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_sequence_names_keep_the_newest_files,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_a_full_file_system_fails_with_the_file_s_name,
			temp_dir_setup, temp_dir_teardown),
		cmocka_unit_test_setup_teardown(
			test_a_file_size_limit_fails_with_the_file_s_name,
			temp_dir_setup, temp_dir_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
