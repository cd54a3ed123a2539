/*
 * Decoder of the kernel ring buffer's raw pages, as read from
 * per_cpu/cpuN/trace_pipe_raw: walks the records of one page and yields
 * each event's absolute timestamp and payload (which starts with the
 * common_* fields of its format). Used by the kernel consumer; it never
 * trusts the page: every length is checked against the page bounds.
 */
#ifndef TRACEFS_PAGE_READER_H
#define TRACEFS_PAGE_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where the page header fields sit, from events/header_page. */
struct tracefs_page_layout {
	unsigned int timestamp_offset;
	unsigned int commit_offset;
	unsigned int commit_size;	/* sizeof(local_t): 8 on 64-bit */
	unsigned int data_offset;
	unsigned int page_size;		/* header + data capacity */
};

struct tracefs_record {
	uint64_t timestamp;		/* trace clock value, in ns */
	const uint8_t *data;		/* the event's record */
	uint32_t size;			/* bytes (rounded up to 4 by the kernel) */
};

struct tracefs_page_reader {
	const uint8_t *data;		/* start of the page's data area */
	size_t data_len;		/* committed bytes */
	size_t pos;			/* next record, from data */
	uint64_t clock;
	bool events_missed;		/* events were lost before this page */
	bool missed_count_known;
	uint64_t missed_count;		/* valid when missed_count_known */
};

/* Fills *layout from the text of events/header_page; -EINVAL + err. */
int tracefs_page_layout_parse(const char *header_page,
			      struct tracefs_page_layout *layout, char *err,
			      size_t err_len);

/*
 * Prepares to walk one page of len bytes (len must be the layout's page
 * size). Returns -EBADMSG when the header announces more data than the
 * page holds.
 */
int tracefs_page_reader_init(struct tracefs_page_reader *reader,
			     const struct tracefs_page_layout *layout,
			     const void *page, size_t len);

/*
 * Decodes the next event record: returns 1 and fills *record, 0 at the end
 * of the page, -EBADMSG when a record header is inconsistent with the page
 * (the rest of the page is then unusable).
 */
int tracefs_page_reader_next(struct tracefs_page_reader *reader,
			     struct tracefs_record *record);

#endif /* TRACEFS_PAGE_READER_H */
