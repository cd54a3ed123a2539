/*
 * liblttng-ust: perf:thread:COUNTER contexts. Each counter field owns a
 * pthread key; a thread opens its own counter (perf_event_open() on
 * itself, any CPU) the first time it records an event of a channel
 * with the field, maps the counter's control page, and reads it without
 * a system call when the PMU allows user-space reads (rdpmc), with
 * read() otherwise (software counters). The thread's counter is closed
 * when the thread exits or the field is destroyed.
 */
#ifndef UST_CONTEXT_PERF_H
#define UST_CONTEXT_PERF_H

#include <stdint.h>

struct ust_perf_field;

/*
 * A counter field for perf_event_attr `type` and `config`. Returns NULL
 * when out of memory; a counter the kernel refuses reads as 0.
 */
struct ust_perf_field *ust_perf_field_create(uint32_t type, uint64_t config);

/* Closes every thread's counter of the field and frees it. */
void ust_perf_field_destroy(struct ust_perf_field *field);

/* The calling thread's count (opened on first use), 0 if unavailable. */
uint64_t ust_perf_field_read(struct ust_perf_field *field);

#endif /* UST_CONTEXT_PERF_H */
