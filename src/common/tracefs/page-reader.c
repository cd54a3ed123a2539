/*
 * Walks the records of one kernel ring buffer page.
 *
 * A page is a header then a data area:
 *
 *   +-----------+--------------------+----------------------------------+
 *   | timestamp | commit (+ flags)   | records ... | [missed] | unused  |
 *   +-----------+--------------------+----------------------------------+
 *     u64         local_t              ^ data_offset
 *
 * commit holds the committed length of the data area; its bit 31 says that
 * events were lost before this page, and bit 30 that their count is stored
 * as an unsigned long right after the committed data.
 *
 * Each record starts with a 32-bit word: type_len (low 5 bits) and
 * time_delta (high 27 bits), the time since the previous record:
 *
 *   type_len 1..28  data of type_len * 4 bytes follows the word
 *   type_len 0      the next word is a length L; data (L - 4 bytes)
 *                   follows it
 *   type_len 29     padding: delta 0 means the rest of the page is unused,
 *                   otherwise a discarded record of 4 + next word bytes
 *   type_len 30     time extend: delta += next word << 27 (8 bytes)
 *   type_len 31     absolute time stamp: (next word << 27 | delta), the top
 *                   5 bits of the 64-bit value taken from the current time
 *
 * The page header's timestamp is the starting clock.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tracefs/event-format.h"
#include "tracefs/page-reader.h"

enum {
	TYPE_DATA_MAX = 28,
	TYPE_PADDING = 29,
	TYPE_TIME_EXTEND = 30,
	TYPE_TIME_STAMP = 31,
	TS_SHIFT = 27,
};

#define COMMIT_MISSED_EVENTS (1ULL << 31)
#define COMMIT_MISSED_STORED (1ULL << 30)
#define COMMIT_LENGTH_MASK ((1ULL << 30) - 1)
#define TS_TOP_BITS (0xf8ULL << 56)

static uint64_t load_uint(const uint8_t *p, unsigned int size)
{
	uint64_t v64 = 0;
	uint32_t v32;

	if (size == 4) {
		memcpy(&v32, p, 4);
		return v32;
	}
	memcpy(&v64, p, 8);
	return v64;
}

static int layout_field(const struct tracefs_event_format *fields,
			const char *name, const struct tracefs_field **out,
			char *err, size_t err_len)
{
	*out = tracefs_event_format_field(fields, name);
	if (!*out) {
		if (err && err_len)
			snprintf(err, err_len, "header_page has no %s field",
				 name);
		return -EINVAL;
	}
	return 0;
}

int tracefs_page_layout_parse(const char *header_page,
			      struct tracefs_page_layout *layout, char *err,
			      size_t err_len)
{
	struct tracefs_event_format fields = { 0 };
	const struct tracefs_field *ts, *commit, *data;
	int ret;

	ret = tracefs_fields_parse(header_page, &fields, err, err_len);
	if (!ret)
		ret = layout_field(&fields, "timestamp", &ts, err, err_len);
	if (!ret)
		ret = layout_field(&fields, "commit", &commit, err, err_len);
	if (!ret)
		ret = layout_field(&fields, "data", &data, err, err_len);
	if (!ret && (ts->size != 8 || (commit->size != 4 && commit->size != 8))) {
		if (err && err_len)
			snprintf(err, err_len,
				 "header_page: unexpected timestamp/commit sizes %u/%u",
				 ts->size, commit->size);
		ret = -EINVAL;
	}
	/* The page header is read before the data: it must lie there. */
	if (!ret && (ts->offset + ts->size > data->offset ||
		     commit->offset + commit->size > data->offset)) {
		if (err && err_len)
			snprintf(err, err_len,
				 "header_page: timestamp or commit field past "
				 "the data offset %u",
				 data->offset);
		ret = -EINVAL;
	}
	if (!ret) {
		layout->timestamp_offset = ts->offset;
		layout->commit_offset = commit->offset;
		layout->commit_size = commit->size;
		layout->data_offset = data->offset;
		layout->page_size = data->offset + data->size;
	}
	tracefs_event_format_fini(&fields);
	return ret;
}

int tracefs_page_reader_init(struct tracefs_page_reader *reader,
			     const struct tracefs_page_layout *layout,
			     const void *page, size_t len)
{
	const uint8_t *bytes = page;
	uint64_t commit;
	size_t capacity;

	if (len != layout->page_size)
		return -EBADMSG;
	memset(reader, 0, sizeof(*reader));
	capacity = layout->page_size - layout->data_offset;
	commit = load_uint(bytes + layout->commit_offset, layout->commit_size);
	reader->clock = load_uint(bytes + layout->timestamp_offset, 8);
	reader->data = bytes + layout->data_offset;
	reader->data_len = commit & COMMIT_LENGTH_MASK;
	reader->events_missed = commit & COMMIT_MISSED_EVENTS;
	if (reader->data_len > capacity)
		return -EBADMSG;
	if (commit & COMMIT_MISSED_STORED) {
		if (reader->data_len + layout->commit_size > capacity)
			return -EBADMSG;
		reader->missed_count_known = true;
		reader->missed_count = load_uint(reader->data + reader->data_len,
						 layout->commit_size);
	}
	return 0;
}

/* Bytes left from pos; the record at pos needs at least `need`. */
static bool has_room(const struct tracefs_page_reader *reader, size_t need)
{
	return reader->data_len - reader->pos >= need;
}

static uint32_t word_at(const struct tracefs_page_reader *reader, size_t off)
{
	return (uint32_t)load_uint(reader->data + reader->pos + off, 4);
}

int tracefs_page_reader_next(struct tracefs_page_reader *reader,
			     struct tracefs_record *record)
{
	while (reader->pos < reader->data_len) {
		uint32_t header, type_len, delta, length;
		uint64_t stamp;

		if (!has_room(reader, 4))
			return -EBADMSG;
		header = word_at(reader, 0);
		type_len = header & 0x1f;
		delta = header >> 5;

		switch (type_len) {
		case TYPE_PADDING:
			if (delta == 0) {
				reader->pos = reader->data_len;
				return 0;
			}
			if (!has_room(reader, 8))
				return -EBADMSG;
			length = word_at(reader, 4);
			if (length < 4 || !has_room(reader, 4 + (size_t)length))
				return -EBADMSG;
			reader->pos += 4 + (size_t)length;
			continue;
		case TYPE_TIME_EXTEND:
			if (!has_room(reader, 8))
				return -EBADMSG;
			reader->clock += ((uint64_t)word_at(reader, 4)
					  << TS_SHIFT) + delta;
			reader->pos += 8;
			continue;
		case TYPE_TIME_STAMP:
			if (!has_room(reader, 8))
				return -EBADMSG;
			stamp = ((uint64_t)word_at(reader, 4) << TS_SHIFT) |
				delta;
			stamp |= reader->clock & TS_TOP_BITS;
			if (stamp < reader->clock &&
			    reader->clock - stamp > (1ULL << 58))
				stamp += 1ULL << 59;
			reader->clock = stamp;
			reader->pos += 8;
			continue;
		case 0:
			if (!has_room(reader, 8))
				return -EBADMSG;
			length = word_at(reader, 4);
			if (length < 4 || !has_room(reader, 4 + (size_t)length))
				return -EBADMSG;
			record->data = reader->data + reader->pos + 8;
			record->size = length - 4;
			reader->pos += 4 + (size_t)length;
			break;
		default:
			length = type_len * 4;
			if (!has_room(reader, 4 + (size_t)length))
				return -EBADMSG;
			record->data = reader->data + reader->pos + 4;
			record->size = length;
			reader->pos += 4 + (size_t)length;
			break;
		}
		reader->clock += delta;
		record->timestamp = reader->clock;
		return 1;
	}
	return 0;
}
