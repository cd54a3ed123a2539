/*
 * Unit tests of the data stream writer and the value serializer, read
 * back byte by byte: event header forms at the 2^27 and 2^32 timestamp
 * boundaries and for large ids, packet header and context fields, packet
 * switches and index entries, refusal of events larger than a packet and
 * of bad values (without leaving anything behind), and bit-level layout
 * of odd-sized, big-endian and over-aligned fields.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "ctf/index.h"
#include "ctf/stream-writer.h"
#include "trace-chunk/file-sink.h"

#define PACKET 256

static const uint8_t uuid[CTF_UUID_LEN] = {0xaa, 1, 2,	3,  4,	5,  6,	7,
					   8,	 9, 10, 11, 12, 13, 14, 0xbb};

struct fixture {
	char dir[32];
	struct ctf_metadata *md;
	const struct ctf_event_class *small;	/* stream 0, id 0, u8 */
	const struct ctf_event_class *high;	/* stream 0, id 40, u8 */
	const struct ctf_event_class *text;	/* stream 0, id 1, string */
	const struct ctf_event_class *large_lo; /* stream 1, id 0, u8 */
	const struct ctf_event_class *large_hi; /* stream 1, id 70000, u8 */
	uint8_t *data;				/* file read back */
	size_t len;
};

static struct ctf_type *u8_payload(void)
{
	struct ctf_type *st = ctf_type_struct_create();

	assert_int_equal(ctf_type_add_field(
				 st, "v",
				 ctf_type_integer_create(&(
					 struct ctf_integer_desc){.size = 8})),
			 0);
	return st;
}

static const struct ctf_event_class *add_event(struct fixture *f,
					       uint32_t stream, uint32_t id,
					       struct ctf_type *payload)
{
	const struct ctf_event_desc desc = {
		.id = id, .stream_id = stream, .name = "t:ev"};

	assert_int_equal(
		ctf_metadata_add_event_class(f->md, &desc, payload, NULL), 0);
	return ctf_metadata_event_class(f->md, stream, id);
}

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct ctf_trace_desc desc = {
		.clock = {.name = "monotonic", .freq = 1000000000},
	};
	struct ctf_type *text = ctf_type_struct_create();

	memcpy(desc.uuid, uuid, sizeof(uuid));
	strcpy(f->dir, "/tmp/ctf-unit-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	f->md = ctf_metadata_create(&desc, NULL);
	assert_int_equal(ctf_metadata_add_stream_class(f->md, 0,
						       CTF_EVENT_HEADER_COMPACT,
						       NULL, NULL),
			 0);
	assert_int_equal(ctf_metadata_add_stream_class(
				 f->md, 1, CTF_EVENT_HEADER_LARGE, NULL, NULL),
			 0);
	f->small = add_event(f, 0, 0, u8_payload());
	f->high = add_event(f, 0, 40, u8_payload());
	assert_int_equal(
		ctf_type_add_field(text, "s",
				   ctf_type_string_create(CTF_ENCODING_UTF8)),
		0);
	f->text = add_event(f, 0, 1, text);
	f->large_lo = add_event(f, 1, 0, u8_payload());
	f->large_hi = add_event(f, 1, 70000, u8_payload());
	*state = f;
	return 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	nftw(f->dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
	ctf_metadata_destroy(f->md);
	free(f->data);
	free(f);
	return 0;
}

/* A stream of a file sink into the fixture's directory. */
static struct sink_stream *file_stream(struct fixture *f,
				       const struct sink_stream_desc *desc)
{
	struct sink_stream *stream = NULL;

	assert_int_equal(
		file_sink_open_in_dir(f->dir, NULL, desc, &stream, NULL), 0);
	return stream;
}

static struct ctf_stream_writer *open_stream(struct fixture *f,
					     uint32_t stream_id)
{
	const struct sink_stream_desc desc = {.name = "chan_3",
					      .with_index = true};
	const struct ctf_stream_writer_config config = {
		.metadata = f->md,
		.stream_id = stream_id,
		.stream_instance_id = 7,
		.cpu_id = 3,
		.packet_size = PACKET,
		.stream = file_stream(f, &desc),
	};
	struct ctf_stream_writer *w = ctf_stream_writer_create(&config, NULL);

	assert_non_null(w);
	return w;
}

/* Reads dir/name into f->data. */
static void read_back(struct fixture *f, const char *name)
{
	char path[128];
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/%s", f->dir, name);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	free(f->data);
	f->data = malloc(65536);
	n = read(fd, f->data, 65536);
	assert_true(n >= 0);
	f->len = (size_t)n;
	close(fd);
}

static uint64_t u64_at(const uint8_t *p, size_t off)
{
	uint64_t v;

	memcpy(&v, p + off, 8);
	return v;
}

static uint32_t u32_at(const uint8_t *p, size_t off)
{
	uint32_t v;

	memcpy(&v, p + off, 4);
	return v;
}

static void append_u8(struct ctf_stream_writer *w,
		      const struct ctf_event_class *ev, uint64_t ts, uint64_t v)
{
	struct ctf_value item = CTF_UNSIGNED(v);
	struct ctf_value payload = {.kind = CTF_VALUE_LIST, .list = {&item, 1}};
	struct ctf_error err;

	if (ctf_stream_writer_append(w, ev, ts, NULL, &payload, &err))
		fail_msg("append at %llu: %s", (unsigned long long)ts,
			 err.message);
}

static void test_compact_header_form_at_the_27_bit_boundary(void **state)
{
	struct fixture *f = *state;
	struct ctf_stream_writer *w = open_stream(f, 0);
	const uint64_t t0 = 1000, t1 = t0 + (1 << 27) - 1, t2 = t1 + (1 << 27);
	const uint8_t *e;

	append_u8(w, f->small, t0, 0x11);
	append_u8(w, f->small, t1, 0x22); /* delta 2^27 - 1: compact */
	append_u8(w, f->small, t2, 0x33); /* delta 2^27: extended */
	assert_int_equal(ctf_stream_writer_close(w, t2, NULL), 0);
	read_back(f, "chan_3");
	assert_int_equal(f->len, PACKET);
	e = f->data + CTF_PACKET_HEADER_LEN;
	/* id 0 in bits 0-4, low 27 bits of the timestamp above. */
	assert_int_equal(u32_at(e, 0), (uint32_t)(t0 << 5));
	assert_int_equal(e[4], 0x11);
	assert_int_equal(u32_at(e, 5), (uint32_t)(t1 << 5));
	assert_int_equal(e[9], 0x22);
	assert_int_equal(e[10], 31);
	assert_int_equal(u32_at(e, 11), 0);
	assert_int_equal(u64_at(e, 15), t2);
	assert_int_equal(e[23], 0x33);
	assert_int_equal(u64_at(f->data, CTF_PACKET_OFF_CONTENT_SIZE),
			 (CTF_PACKET_HEADER_LEN + 24) * 8);
}

static void test_compact_ids_above_30_use_the_extended_form(void **state)
{
	struct fixture *f = *state;
	struct ctf_stream_writer *w = open_stream(f, 0);
	const uint8_t *e;

	append_u8(w, f->high, 500, 0x44);
	assert_int_equal(ctf_stream_writer_close(w, 500, NULL), 0);
	read_back(f, "chan_3");
	e = f->data + CTF_PACKET_HEADER_LEN;
	assert_int_equal(e[0], 31);
	assert_int_equal(u32_at(e, 1), 40);
	assert_int_equal(u64_at(e, 5), 500);
	assert_int_equal(e[13], 0x44);
}

static void test_large_header_forms_for_ids_and_32_bit_deltas(void **state)
{
	struct fixture *f = *state;
	struct ctf_stream_writer *w = open_stream(f, 1);
	const uint64_t t1 = 10 + (uint64_t)UINT32_MAX,
		       t2 = t1 + (UINT64_C(1) << 32);
	const uint8_t *e;
	uint16_t id;

	append_u8(w, f->large_lo, 10, 1);
	append_u8(w, f->large_lo, t1, 2); /* delta 2^32 - 1: compact */
	append_u8(w, f->large_lo, t2, 3); /* delta 2^32: extended */
	append_u8(w, f->large_hi, t2, 4); /* id 70000: extended */
	assert_int_equal(ctf_stream_writer_close(w, t2, NULL), 0);
	read_back(f, "chan_3");
	e = f->data + CTF_PACKET_HEADER_LEN;
	memcpy(&id, e, 2);
	assert_int_equal(id, 0);
	assert_int_equal(u32_at(e, 2), 10);
	assert_int_equal(e[6], 1);
	assert_int_equal(u32_at(e, 9), (uint32_t)t1);
	assert_int_equal(e[13], 2);
	memcpy(&id, e + 14, 2);
	assert_int_equal(id, 65535);
	assert_int_equal(u32_at(e, 16), 0);
	assert_int_equal(u64_at(e, 20), t2);
	assert_int_equal(e[28], 3);
	assert_int_equal(u32_at(e, 31), 70000);
	assert_int_equal(u64_at(e, 35), t2);
	assert_int_equal(e[43], 4);
}

static void test_packet_header_context_and_index(void **state)
{
	struct fixture *f = *state;
	struct ctf_stream_writer *w = open_stream(f, 0);
	/* 172 bytes for events, 5 per event: 34 events per packet. */
	const unsigned int per_packet = (PACKET - CTF_PACKET_HEADER_LEN) / 5;
	uint8_t expected[CTF_INDEX_ENTRY_LEN];
	struct ctf_index_entry entry = {
		.offset = PACKET,
		.packet_size = PACKET * 8,
		.content_size = (CTF_PACKET_HEADER_LEN + 5) * 8,
		.timestamp_begin = 100 + per_packet,
		.timestamp_end = 900,
		.events_discarded = 6,
		.stream_id = 0,
		.stream_instance_id = 7,
		.packet_seq_num = 1,
	};
	const uint8_t *p;
	unsigned int i;

	for (i = 0; i <= per_packet; i++) {
		append_u8(w, f->small, 100 + i, i);
		if (i == 0)
			ctf_stream_writer_add_discarded(w, 2);
	}
	ctf_stream_writer_add_discarded(w, 4);
	assert_int_equal(ctf_stream_writer_packet_count(w), 1);
	assert_int_equal(ctf_stream_writer_close(w, 900, NULL), 0);
	read_back(f, "chan_3");
	assert_int_equal(f->len, 2 * PACKET);
	p = f->data;
	assert_int_equal(u32_at(p, CTF_PACKET_OFF_MAGIC), CTF_PACKET_MAGIC);
	assert_memory_equal(p + CTF_PACKET_OFF_UUID, uuid, CTF_UUID_LEN);
	assert_int_equal(u32_at(p, CTF_PACKET_OFF_STREAM_ID), 0);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_STREAM_INSTANCE_ID), 7);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_TIMESTAMP_BEGIN), 100);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_TIMESTAMP_END),
			 100 + per_packet - 1);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_CONTENT_SIZE),
			 (CTF_PACKET_HEADER_LEN + 5 * per_packet) * 8);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_PACKET_SIZE), PACKET * 8);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_PACKET_SEQ_NUM), 0);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_EVENTS_DISCARDED), 2);
	assert_int_equal(u32_at(p, CTF_PACKET_OFF_CPU_ID), 3);
	p = f->data + PACKET;
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_PACKET_SEQ_NUM), 1);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_EVENTS_DISCARDED), 6);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_TIMESTAMP_BEGIN),
			 100 + per_packet);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_TIMESTAMP_END), 900);
	read_back(f, "index/chan_3.idx");
	assert_int_equal(f->len,
			 CTF_INDEX_HEADER_LEN + 2 * CTF_INDEX_ENTRY_LEN);
	ctf_index_entry_encode(&entry, expected);
	assert_memory_equal(f->data + CTF_INDEX_HEADER_LEN +
				    CTF_INDEX_ENTRY_LEN,
			    expected, CTF_INDEX_ENTRY_LEN);
}

static void test_event_larger_than_a_packet_is_refused(void **state)
{
	struct fixture *f = *state;
	struct ctf_stream_writer *w = open_stream(f, 0);
	char big[PACKET];
	struct ctf_value item = CTF_STRING(big);
	struct ctf_value payload = {.kind = CTF_VALUE_LIST, .list = {&item, 1}};
	struct ctf_error err;

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	append_u8(w, f->small, 10, 0x55);
	assert_int_equal(
		ctf_stream_writer_append(w, f->text, 20, NULL, &payload, &err),
		-EMSGSIZE);
	assert_string_equal(err.message,
			    "event 't:ev' does not fit in an empty 256-byte "
			    "packet (172 bytes for events)");
	/* The stream goes on as if the refused event never came. */
	append_u8(w, f->small, 30, 0x66);
	assert_int_equal(ctf_stream_writer_close(w, 30, NULL), 0);
	read_back(f, "chan_3");
	assert_int_equal(f->len, 2 * PACKET);
	assert_int_equal(u64_at(f->data, CTF_PACKET_OFF_CONTENT_SIZE),
			 (CTF_PACKET_HEADER_LEN + 5) * 8);
	assert_int_equal(u64_at(f->data + PACKET, CTF_PACKET_OFF_CONTENT_SIZE),
			 (CTF_PACKET_HEADER_LEN + 5) * 8);
	assert_int_equal(f->data[PACKET + CTF_PACKET_HEADER_LEN + 4], 0x66);
	assert_int_equal(f->data[CTF_PACKET_HEADER_LEN + 5], 0);
}

static void test_bad_values_and_timestamps_leave_nothing(void **state)
{
	struct fixture *f = *state;
	struct ctf_stream_writer *w = open_stream(f, 0);
	struct ctf_value item = CTF_UNSIGNED(256);
	struct ctf_value payload = {.kind = CTF_VALUE_LIST, .list = {&item, 1}};
	struct ctf_error err;

	append_u8(w, f->small, 50, 1);
	assert_int_equal(
		ctf_stream_writer_append(w, f->small, 60, NULL, &payload, &err),
		-EINVAL);
	assert_string_equal(err.message,
			    "event 't:ev' payload: field 'v': value 256 does "
			    "not fit a 8-bit unsigned integer");
	item = CTF_STRING("x");
	assert_int_equal(
		ctf_stream_writer_append(w, f->small, 60, NULL, &payload, &err),
		-EINVAL);
	assert_string_equal(err.message, "event 't:ev' payload: field 'v': "
					 "expects an integer, got a string");
	item = CTF_UNSIGNED(1);
	assert_int_equal(
		ctf_stream_writer_append(w, f->small, 49, NULL, &payload, &err),
		-EINVAL);
	assert_string_equal(err.message, "event 't:ev': timestamp 49 precedes "
					 "the stream's last one, 50");
	assert_int_equal(ctf_stream_writer_append(w, f->large_lo, 60, NULL,
						  &payload, &err),
			 -EINVAL);
	assert_string_equal(err.message, "event 't:ev' belongs to stream "
					 "class 1, not 0");
	assert_int_equal(ctf_stream_writer_close(w, 60, NULL), 0);
	read_back(f, "chan_3");
	assert_int_equal(f->len, PACKET);
	assert_int_equal(u64_at(f->data, CTF_PACKET_OFF_CONTENT_SIZE),
			 (CTF_PACKET_HEADER_LEN + 5) * 8);
	assert_int_equal(u64_at(f->data, CTF_PACKET_OFF_TIMESTAMP_END), 60);
}

static void test_stream_without_events_gets_one_empty_packet(void **state)
{
	struct fixture *f = *state;
	struct ctf_stream_writer *w = open_stream(f, 0);

	assert_int_equal(ctf_stream_writer_close(w, 777, NULL), 0);
	read_back(f, "chan_3");
	assert_int_equal(f->len, PACKET);
	assert_int_equal(u64_at(f->data, CTF_PACKET_OFF_TIMESTAMP_BEGIN), 777);
	assert_int_equal(u64_at(f->data, CTF_PACKET_OFF_TIMESTAMP_END), 777);
	assert_int_equal(u64_at(f->data, CTF_PACKET_OFF_CONTENT_SIZE),
			 CTF_PACKET_HEADER_LEN * 8);
}

/*
 * A sink that keeps the sequence numbers of the packets it is given and
 * fails the write of packet fail_at (counting from 1) with -ENOSPC.
 */
struct fault_sink {
	struct stream_sink base;
	struct sink_stream stream;
	uint64_t fail_at;
	uint64_t seqs[16];
	unsigned int written;
	unsigned int closes;
	bool destroyed;
};

static int fault_write(struct sink_stream *stream, const void *packet,
		       const struct ctf_index_entry *entry,
		       struct ctf_error *err)
{
	struct fault_sink *sink = (struct fault_sink *)stream->sink;

	assert_int_equal(u64_at(packet, CTF_PACKET_OFF_PACKET_SEQ_NUM),
			 entry->packet_seq_num);
	if (stream->packets == sink->fail_at)
		return ctf_error_set(err, -ENOSPC, "'%s': no space left",
				     stream->name);
	assert_true(sink->written < 16);
	sink->seqs[sink->written++] = entry->packet_seq_num;
	return 0;
}

static int fault_close(struct sink_stream *stream, struct ctf_error *err)
{
	struct fault_sink *sink = (struct fault_sink *)stream->sink;

	(void)err;
	sink->closes++;
	stream_sink_put(&sink->base);
	return 0;
}

static void fault_destroy(struct stream_sink *base)
{
	((struct fault_sink *)base)->destroyed = true;
}

static const struct stream_sink_ops fault_ops = {
	.write_packet = fault_write,
	.close_stream = fault_close,
	.destroy = fault_destroy,
};

static struct sink_stream *fault_stream(struct fault_sink *sink,
					uint64_t fail_at)
{
	*sink = (struct fault_sink){.base = {.ops = &fault_ops, .refs = 1},
				    .fail_at = fail_at};
	sink->stream.sink = stream_sink_get(&sink->base);
	snprintf(sink->stream.name, sizeof(sink->stream.name), "faulty_0");
	return &sink->stream;
}

/*
 * A sink's write error reaches the caller with its message; the packet
 * that failed takes no sequence number, so the next packet's follows the
 * last one written; the writer closes its sink stream exactly once,
 * also when it cannot be created.
 */
static void test_sink_errors_reach_the_caller(void **state)
{
	struct fixture *f = *state;
	struct fault_sink sink;
	struct ctf_stream_writer_config config = {
		.metadata = f->md,
		.packet_size = PACKET,
		.stream = fault_stream(&sink, 2),
	};
	struct ctf_stream_writer *w = ctf_stream_writer_create(&config, NULL);
	struct ctf_error err;

	assert_non_null(w);
	append_u8(w, f->small, 10, 1);
	assert_int_equal(ctf_stream_writer_flush(w, 11, NULL), 0);
	append_u8(w, f->small, 20, 2);
	assert_int_equal(ctf_stream_writer_flush(w, 21, &err), -ENOSPC);
	assert_non_null(strstr(err.message, "faulty_0"));
	append_u8(w, f->small, 30, 3);
	assert_int_equal(ctf_stream_writer_close(w, 31, NULL), 0);
	assert_int_equal(sink.written, 2);
	assert_int_equal(sink.seqs[0], 0);
	assert_int_equal(sink.seqs[1], 1);
	assert_int_equal(sink.closes, 1);
	stream_sink_put(&sink.base);
	assert_true(sink.destroyed);

	config.stream = fault_stream(&sink, 0);
	config.packet_size = CTF_STREAM_MIN_PACKET_SIZE - 1;
	assert_null(ctf_stream_writer_create(&config, NULL));
	assert_int_equal(sink.closes, 1);
	stream_sink_put(&sink.base);
	assert_true(sink.destroyed);
}

static void test_lost_packets_skip_sequence_numbers(void **state)
{
	struct fixture *f = *state;
	struct ctf_stream_writer *w = open_stream(f, 0);
	const uint8_t *p;

	append_u8(w, f->small, 100, 1);
	assert_int_equal(ctf_stream_writer_lose_packets(w, 3, 150, NULL), 0);
	append_u8(w, f->small, 200, 2);
	assert_int_equal(ctf_stream_writer_lose_packets(w, 2, 250, NULL), 0);
	assert_int_equal(ctf_stream_writer_close(w, 300, NULL), 0);
	read_back(f, "chan_3");
	/* Two packets of events, then an empty one showing the last loss. */
	assert_int_equal(f->len, 3 * PACKET);
	p = f->data;
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_PACKET_SEQ_NUM), 0);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_TIMESTAMP_END), 150);
	p += PACKET;
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_PACKET_SEQ_NUM), 4);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_TIMESTAMP_BEGIN), 200);
	p += PACKET;
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_PACKET_SEQ_NUM), 7);
	assert_int_equal(u64_at(p, CTF_PACKET_OFF_CONTENT_SIZE),
			 CTF_PACKET_HEADER_LEN * 8);
	for (p = f->data; p < f->data + f->len; p += PACKET)
		assert_int_equal(u64_at(p, CTF_PACKET_OFF_EVENTS_DISCARDED), 0);
}

/* Whether dir/name exists. */
static bool exists(const struct fixture *f, const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", f->dir, name);
	return access(path, F_OK) == 0;
}

/*
 * Trace file rotation through the writer (the kernel consumer's): one
 * packet a file, LTTng's cyclic names, and the empty packet a close
 * writes to report late losses never replaces the last events' file.
 */
static void test_rotation_keeps_the_last_events(void **state)
{
	struct fixture *f = *state;

	for (uint64_t count = 1; count <= 3; count++) {
		const struct sink_stream_desc desc = {
			.name = "rot_0",
			.with_index = true,
			.tracefile_size = PACKET,
			.tracefile_count = count,
		};
		struct ctf_stream_writer_config config = {
			.metadata = f->md,
			.packet_size = PACKET,
			.stream = file_stream(f, &desc),
		};
		struct ctf_stream_writer *w =
			ctf_stream_writer_create(&config, NULL);
		char name[32];
		uint64_t newest = 0;

		assert_non_null(w);
		for (uint64_t i = 0; i < 10; i++) { /* ten packets of events */
			append_u8(w, f->small, 100 * i + 1, i);
			assert_int_equal(
				ctf_stream_writer_flush(w, 100 * i + 2, NULL),
				0);
		}
		for (uint64_t i = 0; i < 4; i++) { /* losses after them */
			ctf_stream_writer_add_discarded(w, 1);
			assert_int_equal(ctf_stream_writer_flush(w, 2000, NULL),
					 0);
		}
		assert_int_equal(ctf_stream_writer_close(w, 3000, NULL), 0);
		for (uint64_t n = 0; n < 10; n++) {
			snprintf(name, sizeof(name), "rot_0_%llu",
				 (unsigned long long)n);
			assert_int_equal(exists(f, name), n < count);
			snprintf(name, sizeof(name), "index/rot_0_%llu.idx",
				 (unsigned long long)n);
			assert_int_equal(exists(f, name), n < count);
			if (n >= count)
				continue;
			snprintf(name, sizeof(name), "rot_0_%llu",
				 (unsigned long long)n);
			read_back(f, name);
			assert_int_equal(f->len, PACKET);
			if (u64_at(f->data, CTF_PACKET_OFF_TIMESTAMP_END) >
			    newest)
				newest = u64_at(f->data,
						CTF_PACKET_OFF_TIMESTAMP_END);
		}
		/* the last packet of events (ending at 902) is kept */
		assert_true(newest >= 902);
		if (count == 1)
			assert_int_equal(newest, 902);
		assert_false(exists(f, "rot_0"));
		for (uint64_t n = 0; n < count; n++) {
			char path[128];

			snprintf(path, sizeof(path), "%s/rot_0_%llu", f->dir,
				 (unsigned long long)n);
			unlink(path);
			snprintf(path, sizeof(path), "%s/index/rot_0_%llu.idx",
				 f->dir, (unsigned long long)n);
			unlink(path);
		}
	}
}

static struct ctf_type *field(struct ctf_type *st, const char *name,
			      struct ctf_integer_desc desc)
{
	assert_int_equal(
		ctf_type_add_field(st, name, ctf_type_integer_create(&desc)),
		0);
	return st;
}

static void test_bit_fields_pack_and_align_from_packet_start(void **state)
{
	struct ctf_type *st = ctf_type_struct_create();
	uint8_t buf[24] = {0};
	struct ctf_bitbuf bb = {.data = buf, .cap_bits = 192, .pos = 0};
	const struct ctf_value items[] = {
		CTF_UNSIGNED(5),     CTF_UNSIGNED(0x13), CTF_UNSIGNED(0xa),
		CTF_UNSIGNED(0xbcd), CTF_SIGNED(-2),	 CTF_UNSIGNED(0x77),
	};
	const struct ctf_value value = CTF_LIST(items);
	static const uint8_t expected[24] = {
		0x9d,	    /* 101 then 10011 from the least significant bit */
		0xab, 0xcd, /* big endian 4 then 12 bits, from the top */
		0xff, 0xfe, /* big endian -2 */
		0,    0,    0, 0x77, /* 64-bit aligned byte */
	};

	(void)state;
	field(st, "a", (struct ctf_integer_desc){.size = 3, .align = 1});
	field(st, "b", (struct ctf_integer_desc){.size = 5, .align = 1});
	field(st, "c",
	      (struct ctf_integer_desc){
		      .size = 4, .align = 1, .byte_order = CTF_BYTE_ORDER_BE});
	field(st, "d",
	      (struct ctf_integer_desc){
		      .size = 12, .align = 1, .byte_order = CTF_BYTE_ORDER_BE});
	field(st, "e",
	      (struct ctf_integer_desc){.size = 16,
					.is_signed = true,
					.byte_order = CTF_BYTE_ORDER_BE});
	field(st, "f", (struct ctf_integer_desc){.size = 8, .align = 64});
	assert_int_equal(ctf_type_validate(st, NULL), 0);
	assert_int_equal(ctf_serialize(&bb, st, &value, NULL), 0);
	assert_int_equal(bb.pos, 72);
	assert_memory_equal(buf, expected, sizeof(expected));
	/*
	 * From bit 8, the structure itself aligns on its widest member
	 * (64 bits), as a reader expects: its fields move to bit 64.
	 */
	memset(buf, 0, sizeof(buf));
	bb.pos = 8;
	assert_int_equal(ctf_serialize(&bb, st, &value, NULL), 0);
	assert_int_equal(bb.pos, 136);
	assert_memory_equal(buf + 8, expected, 9);
	assert_int_equal(buf[1], 0);
	/* Too small a buffer says so without a message. */
	memset(buf, 0, sizeof(buf));
	bb.pos = 0;
	bb.cap_bits = 71;
	assert_int_equal(ctf_serialize(&bb, st, &value, NULL), -ENOSPC);
	ctf_type_destroy(st);
}

static void test_odd_sized_signed_values_are_range_checked(void **state)
{
	struct ctf_type *st = ctf_type_struct_create();
	uint8_t buf[8] = {0};
	struct ctf_bitbuf bb = {.data = buf, .cap_bits = 64};
	struct ctf_value item = CTF_SIGNED(-(1 << 26));
	const struct ctf_value value = {.kind = CTF_VALUE_LIST,
					.list = {&item, 1}};
	struct ctf_error err;
	uint32_t raw;

	(void)state;
	field(st, "s27",
	      (struct ctf_integer_desc){
		      .size = 27, .align = 1, .is_signed = true});
	assert_int_equal(ctf_serialize(&bb, st, &value, NULL), 0);
	memcpy(&raw, buf, 4);
	assert_int_equal(raw, 1U << 26); /* two's complement in 27 bits */
	item = CTF_SIGNED(1 << 26);
	bb.pos = 0;
	assert_int_equal(ctf_serialize(&bb, st, &value, &err), -EINVAL);
	assert_string_equal(err.message, "field 's27': value 67108864 does "
					 "not fit a 27-bit signed integer");
	ctf_type_destroy(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_compact_header_form_at_the_27_bit_boundary, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_compact_ids_above_30_use_the_extended_form, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_large_header_forms_for_ids_and_32_bit_deltas,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_packet_header_context_and_index, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_event_larger_than_a_packet_is_refused, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_bad_values_and_timestamps_leave_nothing, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_stream_without_events_gets_one_empty_packet, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_lost_packets_skip_sequence_numbers, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_rotation_keeps_the_last_events, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_sink_errors_reach_the_caller, setup, teardown),
		cmocka_unit_test(
			test_bit_fields_pack_and_align_from_packet_start),
		cmocka_unit_test(
			test_odd_sized_signed_values_are_range_checked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
