/*
 * Unit tests of the raw ring buffer page decoder on pages built here
 * record by record, following the kernel's documented encoding: small and
 * large records, time extends, absolute time stamps, discarded records,
 * the lost-events flags, and refusal of pages whose lengths lie.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tracefs/page-reader.h"

static const struct tracefs_page_layout layout = {
	.timestamp_offset = 0,
	.commit_offset = 8,
	.commit_size = 8,
	.data_offset = 16,
	.page_size = 4096,
};

struct page_builder {
	uint8_t page[4096];
	size_t pos; /* within the data area */
};

static void put_u32(struct page_builder *b, uint32_t v)
{
	memcpy(b->page + 16 + b->pos, &v, 4);
	b->pos += 4;
}

static void put_header(struct page_builder *b, uint32_t type_len,
		       uint32_t delta)
{
	put_u32(b, (delta << 5) | type_len);
}

static void add_small(struct page_builder *b, uint32_t delta,
		      const void *payload, size_t len)
{
	assert_true(len % 4 == 0 && len > 0 && len <= 112);
	put_header(b, len / 4, delta);
	memcpy(b->page + 16 + b->pos, payload, len);
	b->pos += len;
}

static void add_large(struct page_builder *b, uint32_t delta,
		      const void *payload, size_t len)
{
	put_header(b, 0, delta);
	put_u32(b, len + 4);
	memcpy(b->page + 16 + b->pos, payload, len);
	b->pos += len;
}

static void add_time_extend(struct page_builder *b, uint64_t delta)
{
	put_header(b, 30, delta & ((1U << 27) - 1));
	put_u32(b, delta >> 27);
}

static void add_time_stamp(struct page_builder *b, uint64_t ts)
{
	put_header(b, 31, ts & ((1U << 27) - 1));
	put_u32(b, (uint32_t)(ts >> 27));
}

static void add_discarded(struct page_builder *b, size_t record_size)
{
	put_header(b, 29, 1);
	put_u32(b, record_size - 4);
	b->pos += record_size - 8;
}

static void finish(struct page_builder *b, uint64_t ts, uint64_t flags)
{
	uint64_t commit = b->pos | flags;

	memcpy(b->page, &ts, 8);
	memcpy(b->page + 8, &commit, 8);
}

static void expect_record(struct tracefs_page_reader *r, uint64_t ts,
			  const void *payload, size_t len)
{
	struct tracefs_record rec;

	assert_int_equal(tracefs_page_reader_next(r, &rec), 1);
	assert_int_equal(rec.timestamp, ts);
	assert_int_equal(rec.size, len);
	assert_memory_equal(rec.data, payload, len);
}

static void test_records_and_time_encodings(void **state)
{
	static struct page_builder b;
	uint8_t big[200];
	const uint64_t base = 1000000;
	struct tracefs_page_reader r;
	struct tracefs_record rec;

	(void)state;
	memset(&b, 0, sizeof(b));
	for (size_t i = 0; i < sizeof(big); i++)
		big[i] = (uint8_t)i;
	add_small(&b, 10, "abcd", 4);
	add_large(&b, 20, big, sizeof(big));
	add_time_extend(&b, (1ULL << 30) + 3);
	add_small(&b, 5, "efghijkl", 8);
	add_discarded(&b, 24);
	add_small(&b, 7, "mnop", 4);
	finish(&b, base, 0);

	assert_int_equal(tracefs_page_reader_init(&r, &layout, b.page, 4096), 0);
	assert_false(r.events_missed);
	expect_record(&r, base + 10, "abcd", 4);
	expect_record(&r, base + 30, big, sizeof(big));
	expect_record(&r, base + 30 + (1ULL << 30) + 3 + 5, "efghijkl", 8);
	expect_record(&r, base + 30 + (1ULL << 30) + 3 + 5 + 7, "mnop", 4);
	assert_int_equal(tracefs_page_reader_next(&r, &rec), 0);
	assert_int_equal(tracefs_page_reader_next(&r, &rec), 0);
}

static void test_absolute_time_stamp_keeps_top_bits(void **state)
{
	static struct page_builder b;
	const uint64_t top = 0x0800000000000000ULL;
	struct tracefs_page_reader r;

	(void)state;
	memset(&b, 0, sizeof(b));
	add_time_stamp(&b, 0x0123456789ULL);
	add_small(&b, 0, "abcd", 4);
	add_small(&b, 9, "efgh", 4);
	finish(&b, top | 0x0100000000ULL, 0);

	assert_int_equal(tracefs_page_reader_init(&r, &layout, b.page, 4096), 0);
	expect_record(&r, top | 0x0123456789ULL, "abcd", 4);
	expect_record(&r, (top | 0x0123456789ULL) + 9, "efgh", 4);
}

static void test_padding_ends_the_page(void **state)
{
	static struct page_builder b;
	struct tracefs_page_reader r;
	struct tracefs_record rec;

	(void)state;
	memset(&b, 0, sizeof(b));
	add_small(&b, 1, "abcd", 4);
	put_header(&b, 29, 0);
	b.pos += 60;
	finish(&b, 5, 0);
	assert_int_equal(tracefs_page_reader_init(&r, &layout, b.page, 4096), 0);
	expect_record(&r, 6, "abcd", 4);
	assert_int_equal(tracefs_page_reader_next(&r, &rec), 0);
}

static void test_lost_events_flags_and_count(void **state)
{
	static struct page_builder b;
	struct tracefs_page_reader r;
	uint64_t missed = 42;

	(void)state;
	memset(&b, 0, sizeof(b));
	add_small(&b, 1, "abcd", 4);
	memcpy(b.page + 16 + b.pos, &missed, 8);
	finish(&b, 5, (1ULL << 31) | (1ULL << 30));
	assert_int_equal(tracefs_page_reader_init(&r, &layout, b.page, 4096), 0);
	assert_true(r.events_missed);
	assert_true(r.missed_count_known);
	assert_int_equal(r.missed_count, 42);
	expect_record(&r, 6, "abcd", 4);

	finish(&b, 5, 1ULL << 31);
	assert_int_equal(tracefs_page_reader_init(&r, &layout, b.page, 4096), 0);
	assert_true(r.events_missed);
	assert_false(r.missed_count_known);
}

static void test_lying_lengths_are_refused(void **state)
{
	static struct page_builder b;
	struct tracefs_page_reader r;
	struct tracefs_record rec;

	(void)state;
	/* commit larger than the data area */
	memset(&b, 0, sizeof(b));
	b.pos = 4081;
	finish(&b, 0, 0);
	assert_int_equal(tracefs_page_reader_init(&r, &layout, b.page, 4096),
			 -EBADMSG);
	/* wrong page length */
	assert_int_equal(tracefs_page_reader_init(&r, &layout, b.page, 4000),
			 -EBADMSG);

	/* a large record claiming more bytes than were committed */
	memset(&b, 0, sizeof(b));
	put_header(&b, 0, 1);
	put_u32(&b, 400);
	b.pos += 16;
	finish(&b, 0, 0);
	assert_int_equal(tracefs_page_reader_init(&r, &layout, b.page, 4096), 0);
	assert_int_equal(tracefs_page_reader_next(&r, &rec), -EBADMSG);

	/* a large record whose length is too small to hold itself */
	memset(&b, 0, sizeof(b));
	put_header(&b, 0, 1);
	put_u32(&b, 2);
	finish(&b, 0, 0);
	assert_int_equal(tracefs_page_reader_init(&r, &layout, b.page, 4096), 0);
	assert_int_equal(tracefs_page_reader_next(&r, &rec), -EBADMSG);

	/* a small record cut by the commit */
	memset(&b, 0, sizeof(b));
	put_header(&b, 8, 1);
	b.pos += 12;
	finish(&b, 0, 0);
	assert_int_equal(tracefs_page_reader_init(&r, &layout, b.page, 4096), 0);
	assert_int_equal(tracefs_page_reader_next(&r, &rec), -EBADMSG);

	/* a time extend cut after its first word */
	memset(&b, 0, sizeof(b));
	put_header(&b, 30, 1);
	finish(&b, 0, 0);
	assert_int_equal(tracefs_page_reader_init(&r, &layout, b.page, 4096), 0);
	assert_int_equal(tracefs_page_reader_next(&r, &rec), -EBADMSG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records_and_time_encodings),
		cmocka_unit_test(test_absolute_time_stamp_keeps_top_bits),
		cmocka_unit_test(test_padding_ends_the_page),
		cmocka_unit_test(test_lost_events_flags_and_count),
		cmocka_unit_test(test_lying_lengths_are_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
