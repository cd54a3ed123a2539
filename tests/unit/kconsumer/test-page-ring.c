/*
 * Unit tests of the kernel page ring (page-ring.h) of snapshot
 * sessions: pages come back oldest first, a full ring drops its oldest
 * page for a new one, and reading does not remove anything.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "page-ring.h"

#define PAGE 64

static void push_page(struct kernel_page_ring *ring, uint8_t tag)
{
	uint8_t page[PAGE];

	memset(page, tag, sizeof(page));
	kernel_page_ring_push(ring, page);
}

static uint8_t tag_at(const struct kernel_page_ring *ring, size_t i)
{
	const uint8_t *page = kernel_page_ring_at(ring, i);

	for (size_t b = 1; b < PAGE; b++)
		assert_int_equal(page[b], page[0]);
	return page[0];
}

static void test_pages_come_back_oldest_first(void **state)
{
	struct kernel_page_ring ring;

	(void)state;
	assert_int_equal(kernel_page_ring_init(&ring, PAGE, 4), 0);
	push_page(&ring, 1);
	push_page(&ring, 2);
	assert_int_equal(ring.count, 2);
	assert_int_equal(tag_at(&ring, 0), 1);
	assert_int_equal(tag_at(&ring, 1), 2);
	/* reading keeps them */
	assert_int_equal(ring.count, 2);
	assert_int_equal(ring.dropped, 0);
	kernel_page_ring_fini(&ring);
}

static void test_a_full_ring_drops_its_oldest_page(void **state)
{
	struct kernel_page_ring ring;

	(void)state;
	assert_int_equal(kernel_page_ring_init(&ring, PAGE, 3), 0);
	for (uint8_t tag = 1; tag <= 10; tag++)
		push_page(&ring, tag);
	assert_int_equal(ring.count, 3);
	assert_int_equal(ring.dropped, 7);
	assert_int_equal(tag_at(&ring, 0), 8);
	assert_int_equal(tag_at(&ring, 1), 9);
	assert_int_equal(tag_at(&ring, 2), 10);
	kernel_page_ring_fini(&ring);
}

static void test_a_zero_capacity_still_keeps_one_page(void **state)
{
	struct kernel_page_ring ring;

	(void)state;
	assert_int_equal(kernel_page_ring_init(&ring, PAGE, 0), 0);
	push_page(&ring, 5);
	push_page(&ring, 6);
	assert_int_equal(ring.count, 1);
	assert_int_equal(tag_at(&ring, 0), 6);
	kernel_page_ring_fini(&ring);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pages_come_back_oldest_first),
		cmocka_unit_test(test_a_full_ring_drops_its_oldest_page),
		cmocka_unit_test(test_a_zero_capacity_still_keeps_one_page),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
