/*
 * Unit tests of the byte formats around the TSDL text: the metadata
 * packet header (CTF 1.8 section 7.1), text split over several packets
 * and appended later, packets breaking between TSDL statements (a model
 * test on random statements), and LTTng's big-endian index header and
 * entries.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "ctf/index.h"
#include "ctf/metadata-stream.h"

static const uint8_t uuid[CTF_UUID_LEN] = {1, 2,  3,  4,  5,  6,  7,  8,
					   9, 10, 11, 12, 13, 14, 15, 16};

static void test_metadata_packet_header_bytes(void **state)
{
	static const uint8_t expected[CTF_METADATA_PACKET_HEADER_LEN] = {
		0x57, 0x1d, 0xd1, 0x75, /* magic */
		1,    2,    3,	  4,	5,  6,	7,  8,
		9,    10,   11,	  12,	13, 14, 15, 16, /* uuid */
		0,    0,    0,	  0,			/* checksum */
		0x40, 0x01, 0,	  0, /* content_size: 320 bits */
		0,    0x80, 0,	  0, /* packet_size: 32768 bits */
		0,    0,    0,	     /* compression, encryption,
					checksum schemes */
		1,    8,	     /* CTF 1.8 */
	};
	uint8_t *packet = malloc(CTF_METADATA_PACKET_SIZE);
	size_t i;

	(void)state;
	memset(packet, 0xff, CTF_METADATA_PACKET_SIZE);
	assert_int_equal(ctf_metadata_packet_encode(uuid, "abc", 3, packet,
						    CTF_METADATA_PACKET_SIZE),
			 3);
	assert_memory_equal(packet, expected, sizeof(expected));
	assert_memory_equal(packet + 37, "abc", 3);
	for (i = 40; i < CTF_METADATA_PACKET_SIZE; i++)
		assert_int_equal(packet[i], 0);
	free(packet);
}

static void test_packet_takes_only_what_fits(void **state)
{
	uint8_t packet[64];
	char text[100];

	(void)state;
	memset(text, 'x', sizeof(text));
	assert_int_equal(ctf_metadata_packet_encode(uuid, text, sizeof(text),
						    packet, sizeof(packet)),
			 64 - 37);
	/* content_size: the whole packet, in bits. */
	assert_int_equal(packet[24] | packet[25] << 8, 64 * 8);
}

static void test_long_text_is_split_and_appended(void **state)
{
	char path[] = "/tmp/ctf-meta-XXXXXX";
	int fd = mkstemp(path);
	size_t room = CTF_METADATA_PACKET_SIZE - CTF_METADATA_PACKET_HEADER_LEN;
	char *text = malloc(10000), *back = malloc(10000);
	uint8_t *file = malloc(4 * CTF_METADATA_PACKET_SIZE + 1);
	size_t i, got = 0;
	ssize_t n;

	(void)state;
	assert_true(fd >= 0);
	for (i = 0; i < 10000; i++)
		text[i] = (char)('a' + i % 26);
	/* 9000 bytes need 3 packets; the 1000 appended later a 4th. */
	assert_int_equal(ctf_metadata_stream_write(fd, uuid, text, 9000, NULL),
			 0);
	assert_int_equal(
		ctf_metadata_stream_write(fd, uuid, text + 9000, 1000, NULL),
		0);
	n = pread(fd, file, 4 * CTF_METADATA_PACKET_SIZE + 1, 0);
	assert_int_equal(n, 4 * CTF_METADATA_PACKET_SIZE);
	for (i = 0; i < 4; i++) {
		const uint8_t *p = file + i * CTF_METADATA_PACKET_SIZE;
		uint32_t content;

		memcpy(&content, p + 24, 4);
		content = content / 8 - CTF_METADATA_PACKET_HEADER_LEN;
		assert_int_equal(content, i < 2	   ? room
					  : i == 2 ? 9000 - 2 * room
						   : 1000);
		memcpy(back + got, p + CTF_METADATA_PACKET_HEADER_LEN, content);
		got += content;
	}
	assert_int_equal(got, 10000);
	assert_memory_equal(back, text, 10000);
	close(fd);
	unlink(path);
	free(text);
	free(back);
	free(file);
}

/* Random TSDL-like statements for the packet break model test. */
struct statements {
	char *text;
	size_t len, cap;
	size_t *semis; /* just after each statement's final ';' */
	size_t *ends;  /* where each statement, with its blanks, ends */
	size_t nr;
};

static void put(struct statements *st, const char *s)
{
	size_t n = strlen(s);

	if (st->len + n + 1 > st->cap) {
		st->cap = (st->len + n + 1) * 2;
		st->text = realloc(st->text, st->cap);
		assert_non_null(st->text);
	}
	memcpy(st->text + st->len, s, n + 1);
	st->len += n;
}

/*
 * One statement: an optional comment holding ; { }, then a body whose
 * literals and nested blocks hold ; { } too, sometimes longer than a
 * packet, then blanks.
 */
static void put_statement(struct statements *st, unsigned int *seed)
{
	static const char *const comments[] = {"", "/* ; } { \" */\n",
					       "// ; { '\n", "/* **/ /*;*/\n"};
	static const char *const parts[] = {
		"\tname = \"a;b{\\\"}\";\n",
		"\tfields := struct { integer { size = 8; } _x; };\n",
		"\tc = '}';\n",
		"\tv = { [0] = \"];\" };\n",
		"\tx = \"\\\\\";\n",
	};
	unsigned int nr_parts = (unsigned int)rand_r(seed) % 8;
	bool huge = rand_r(seed) % 16 == 0;

	put(st, comments[rand_r(seed) % 4]);
	put(st, rand_r(seed) % 2 ? "event {\n" : "typealias integer {\n");
	if (huge)
		nr_parts = 4096 / 20 + (unsigned int)rand_r(seed) % 200;
	for (unsigned int i = 0; i < nr_parts; i++)
		put(st, parts[rand_r(seed) % 5]);
	put(st, rand_r(seed) % 2 ? "};" : "} := t;");
	st->semis = realloc(st->semis, (st->nr + 1) * sizeof(*st->semis));
	assert_non_null(st->semis);
	st->semis[st->nr] = st->len;
	put(st, rand_r(seed) % 2 ? "\n\n" : "\n");
	st->ends = realloc(st->ends, (st->nr + 1) * sizeof(*st->ends));
	assert_non_null(st->ends);
	st->ends[st->nr++] = st->len;
}

/*
 * The statement whose ';' is the last in (from, to], or -1: a packet
 * from `from` with room up to `to` must end after that ';' and no
 * later than the blanks that follow it.
 */
static long last_statement_within(const struct statements *st, size_t from,
				  size_t to)
{
	long found = -1;

	for (size_t i = 0; i < st->nr; i++)
		if (st->semis[i] > from && st->semis[i] <= to)
			found = (long)i;
	return found;
}

static void test_packets_break_between_statements(void **state)
{
	const size_t room =
		CTF_METADATA_PACKET_SIZE - CTF_METADATA_PACKET_HEADER_LEN;
	unsigned int seed = (unsigned int)time(NULL);
	char path[] = "/tmp/ctf-meta-XXXXXX";

	(void)state;
	print_message("seed %u\n", seed);
	for (int round = 0; round < 50; round++) {
		struct statements st = {0};
		int fd = mkstemp(path);
		uint8_t *file;
		size_t offset = 0, at = 0;
		off_t size;

		assert_true(fd >= 0);
		unlink(path);
		while (st.nr < 20 + (size_t)(rand_r(&seed) % 60))
			put_statement(&st, &seed);
		assert_int_equal(ctf_metadata_stream_write(fd, uuid, st.text,
							   st.len, NULL),
				 0);
		size = lseek(fd, 0, SEEK_END);
		assert_int_equal(size % CTF_METADATA_PACKET_SIZE, 0);
		file = malloc((size_t)size);
		assert_int_equal(pread(fd, file, (size_t)size, 0), size);
		while (offset < (size_t)size) {
			uint32_t content;
			size_t take;
			long last;

			memcpy(&content, file + offset + 24, 4);
			take = content / 8 - CTF_METADATA_PACKET_HEADER_LEN;
			assert_true(take > 0 && take <= room);
			assert_memory_equal(file + offset + 37, st.text + at,
					    take);
			last = last_statement_within(&st, at, at + room);
			if (at + take < st.len && last >= 0) {
				/* as many whole statements as fit */
				assert_true(at + take >= st.semis[last]);
				assert_true(at + take <= st.ends[last]);
			} else if (at + take < st.len) {
				/* a statement too long for one packet */
				assert_int_equal(take, room);
			}
			at += take;
			offset += CTF_METADATA_PACKET_SIZE;
		}
		assert_int_equal(at, st.len);
		free(file);
		free(st.text);
		free(st.semis);
		free(st.ends);
		close(fd);
		memcpy(path + sizeof(path) - 7, "XXXXXX", 6);
	}
}

static void test_index_header_bytes(void **state)
{
	static const uint8_t expected[CTF_INDEX_HEADER_LEN] = {
		0xc1, 0xf1, 0xdc, 0xc1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 72,
	};
	uint8_t header[CTF_INDEX_HEADER_LEN];

	(void)state;
	ctf_index_header_encode(header);
	assert_memory_equal(header, expected, sizeof(expected));
}

static void test_index_entry_bytes_are_big_endian(void **state)
{
	const struct ctf_index_entry entry = {
		.offset = 0x1000,
		.packet_size = 0x8000,
		.content_size = 0x2a8,
		.timestamp_begin = UINT64_C(0x0102030405060708),
		.timestamp_end = UINT64_C(0x1112131415161718),
		.events_discarded = 3,
		.stream_id = 2,
		.stream_instance_id = 5,
		.packet_seq_num = 9,
	};
	static const uint8_t expected[CTF_INDEX_ENTRY_LEN] = {
		0,    0,    0,	  0,	0, 0, 0x10, 0, 0,    0,	   0,	 0,
		0,    0,    0x80, 0,	0, 0, 0,    0, 0,    0,	   0x02, 0xa8,
		1,    2,    3,	  4,	5, 6, 7,    8, 0x11, 0x12, 0x13, 0x14,
		0x15, 0x16, 0x17, 0x18, 0, 0, 0,    0, 0,    0,	   0,	 3,
		0,    0,    0,	  0,	0, 0, 0,    2, 0,    0,	   0,	 0,
		0,    0,    0,	  5,	0, 0, 0,    0, 0,    0,	   0,	 9,
	};
	uint8_t bytes[CTF_INDEX_ENTRY_LEN];

	(void)state;
	ctf_index_entry_encode(&entry, bytes);
	assert_memory_equal(bytes, expected, sizeof(expected));
}

static void test_index_open_reports_unwritable_directory(void **state)
{
	struct ctf_index_writer iw;
	struct ctf_error err;

	(void)state;
	assert_int_equal(
		ctf_index_open(&iw, "/nonexistent/dir", "chan_0", NULL, &err),
		-ENOENT);
	assert_non_null(strstr(err.message, "/nonexistent/dir/index"));
	assert_int_equal(ctf_index_close(&iw, NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_metadata_packet_header_bytes),
		cmocka_unit_test(test_packet_takes_only_what_fits),
		cmocka_unit_test(test_long_text_is_split_and_appended),
		cmocka_unit_test(test_packets_break_between_statements),
		cmocka_unit_test(test_index_header_bytes),
		cmocka_unit_test(test_index_entry_bytes_are_big_endian),
		cmocka_unit_test(test_index_open_reports_unwritable_directory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
