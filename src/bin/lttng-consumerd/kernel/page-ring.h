/*
 * The kernel buffers of a snapshot session, kept by the kernel consumer:
 * the raw tracefs pages of one CPU of one channel, read as they come
 * (so the kernel never overwrites them) and kept in a ring as large as
 * the channel's buffer (sub-buffer size x count), the oldest page
 * dropped when a new one arrives. A snapshot converts the pages still
 * there; they stay for the next snapshots (snapshot.c).
 */
#ifndef KCONSUMER_PAGE_RING_H
#define KCONSUMER_PAGE_RING_H

#include <stddef.h>
#include <stdint.h>

struct kernel_page_ring {
	uint8_t *pages; /* capacity x page_size bytes */
	size_t page_size;
	size_t capacity;  /* pages */
	size_t count;	  /* pages held */
	size_t oldest;	  /* index of the oldest page */
	uint64_t dropped; /* pages overwritten since the start */
};

/* 0 or -ENOMEM; capacity is at least one page. */
int kernel_page_ring_init(struct kernel_page_ring *ring, size_t page_size,
			  size_t capacity);

/* Keeps a copy of page (page_size bytes), dropping the oldest if full. */
void kernel_page_ring_push(struct kernel_page_ring *ring, const void *page);

/* The i-th page held, oldest first (i < count). */
const void *kernel_page_ring_at(const struct kernel_page_ring *ring, size_t i);

void kernel_page_ring_fini(struct kernel_page_ring *ring);

#endif /* KCONSUMER_PAGE_RING_H */
