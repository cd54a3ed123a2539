/*
 * Synthetic kernel ring buffer pages for the kernel consumer's unit tests
 * and benchmark: format texts of real events (as this project's reference
 * kernel writes them) and a builder that lays records out in a page the
 * way the kernel does (record headers, page header, lost-event flags).
 */
#ifndef KPAGE_SYNTH_H
#define KPAGE_SYNTH_H

#include <stddef.h>
#include <stdint.h>

#include "tracefs/page-reader.h"

#define KPAGE_SIZE 4096
#define KPAGE_DATA_OFFSET 16

/* Event ids used in the format texts below. */
#define KPAGE_ID_SCHED_SWITCH 372
#define KPAGE_ID_SCHED_EXEC 369
#define KPAGE_ID_SYS_ENTER_OPENAT 782

extern const char kpage_sched_switch_format[];
extern const char kpage_sched_exec_format[];
extern const char kpage_sys_enter_openat_format[];

/* The layout of events/header_page on x86-64. */
extern const struct tracefs_page_layout kpage_layout;

struct kpage {
	uint8_t bytes[KPAGE_SIZE];
	size_t pos; /* within the data area */
};

void kpage_init(struct kpage *page);

/*
 * Appends a record of len bytes (a multiple of 4) after a time delta
 * (< 2^27 ns). Returns 0, or -1 when the page is full.
 */
int kpage_add(struct kpage *page, uint32_t delta, const void *record,
	      size_t len);

/*
 * Writes the page header: timestamp, committed length, and when lost is
 * non-zero the lost-events flags with the count stored after the data.
 */
void kpage_finish(struct kpage *page, uint64_t timestamp, uint64_t lost);

/* Record builders (their size is a multiple of 4). */
size_t kpage_sched_switch(uint8_t *out, int32_t prev_tid, const char *prev,
			  int32_t prev_prio, int64_t prev_state,
			  int32_t next_tid, const char *next,
			  int32_t next_prio);
size_t kpage_sched_exec(uint8_t *out, int32_t tid, const char *filename);
size_t kpage_sys_enter_openat(uint8_t *out, int32_t tid, int64_t dfd,
			      uint64_t filename, uint64_t flags);

#endif /* KPAGE_SYNTH_H */
