/*
 * The layout of one kernel trace event, parsed from its tracefs "format"
 * file (events/<system>/<event>/format), and of the ring buffer page header
 * (events/header_page). The kernel consumer decodes raw records with it and
 * the session daemon generates the kernel CTF metadata from it.
 */
#ifndef TRACEFS_EVENT_FORMAT_H
#define TRACEFS_EVENT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One "field:TYPE NAME; offset:N; size:N; signed:N;" line. */
struct tracefs_field {
	char *name;		/* "prev_comm", "common_pid", "filename" */
	char *type;		/* declared C type without the array suffix */
	unsigned int offset;	/* bytes from the start of the record */
	unsigned int size;	/* bytes the field occupies in the record */
	unsigned int array_len; /* elements of a fixed array, 0 otherwise */
	bool is_signed;
	bool is_common;		/* common_* fields of every event */
	/*
	 * __data_loc: a u32 holding (length << 16 | offset from the record
	 * start) of variable data; __rel_loc: the same with the offset
	 * counted from the end of the field itself.
	 */
	bool is_data_loc;
	bool is_rel_loc;
	bool is_flexible;	/* "NAME[]": the rest of the record */
	bool is_string;		/* char arrays and dynamic char[] */
};

struct tracefs_event_format {
	char *system;
	char *name;
	unsigned int id;	/* the record's common_type value */
	size_t nr_fields;
	struct tracefs_field *fields;
};

/*
 * Parses the text of a format file. On success fills *format (release it
 * with tracefs_event_format_fini) and returns 0; on malformed text returns
 * -EINVAL and writes a message naming the offending line into err.
 */
int tracefs_event_format_parse(const char *text, const char *system,
			       struct tracefs_event_format *format, char *err,
			       size_t err_len);

void tracefs_event_format_fini(struct tracefs_event_format *format);

/* Returns the named field, or NULL. */
const struct tracefs_field *
tracefs_event_format_field(const struct tracefs_event_format *format,
			   const char *name);

/*
 * Parses only "field:" lines (header_page has no name/ID lines); fields
 * are appended to *format. Same return convention as above.
 */
int tracefs_fields_parse(const char *text, struct tracefs_event_format *format,
			 char *err, size_t err_len);

#endif /* TRACEFS_EVENT_FORMAT_H */
