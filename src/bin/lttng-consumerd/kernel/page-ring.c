/*
 * Implementation of page-ring.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "page-ring.h"

int kernel_page_ring_init(struct kernel_page_ring *ring, size_t page_size,
			  size_t capacity)
{
	memset(ring, 0, sizeof(*ring));
	if (!capacity)
		capacity = 1;
	ring->pages = malloc(page_size * capacity);
	if (!ring->pages)
		return -ENOMEM;
	ring->page_size = page_size;
	ring->capacity = capacity;
	return 0;
}

void kernel_page_ring_push(struct kernel_page_ring *ring, const void *page)
{
	size_t slot;

	if (ring->count == ring->capacity) {
		slot = ring->oldest;
		ring->oldest = (ring->oldest + 1) % ring->capacity;
		ring->dropped++;
	} else {
		slot = (ring->oldest + ring->count) % ring->capacity;
		ring->count++;
	}
	memcpy(ring->pages + slot * ring->page_size, page, ring->page_size);
}

const void *kernel_page_ring_at(const struct kernel_page_ring *ring, size_t i)
{
	return ring->pages +
	       ((ring->oldest + i) % ring->capacity) * ring->page_size;
}

void kernel_page_ring_fini(struct kernel_page_ring *ring)
{
	free(ring->pages);
	memset(ring, 0, sizeof(*ring));
}
