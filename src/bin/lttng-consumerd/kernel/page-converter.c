/*
 * Implementation of page-converter.h. Every offset read from a record is
 * checked against the record's size: a page is never trusted.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "page-converter.h"

#define COMMON_TYPE_OFFSET 0
#define COMMON_PID_OFFSET 4
#define COMMON_HEADER_LEN 8

static int grow(void **buf, size_t *cap, size_t need, size_t elem)
{
	void *p;

	if (need <= *cap)
		return 0;
	p = realloc(*buf, need * elem);
	if (!p)
		return -ENOMEM;
	*buf = p;
	*cap = need;
	return 0;
}

static uint64_t read_unsigned(const uint8_t *p, unsigned int size)
{
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;

	switch (size) {
	case 1:
		memcpy(&u8, p, 1);
		return u8;
	case 2:
		memcpy(&u16, p, 2);
		return u16;
	case 4:
		memcpy(&u32, p, 4);
		return u32;
	default:
		memcpy(&u64, p, 8);
		return u64;
	}
}

static int64_t read_signed(const uint8_t *p, unsigned int size)
{
	uint64_t v = read_unsigned(p, size);

	switch (size) {
	case 1:
		return (int8_t)v;
	case 2:
		return (int16_t)v;
	case 4:
		return (int32_t)v;
	default:
		return (int64_t)v;
	}
}

static struct ctf_value int_value(const uint8_t *p, unsigned int size,
				  int is_signed, int64_t bias)
{
	if (is_signed || bias)
		return CTF_SIGNED(read_signed(p, size) + bias);
	return CTF_UNSIGNED(read_unsigned(p, size));
}

/* Copies up to len bytes, stopping at a NUL, into the text scratch. */
static const char *text_copy(struct kernel_page_converter *c, size_t *used,
			     const uint8_t *p, size_t len)
{
	char *dst = c->text + *used;
	size_t n = strnlen((const char *)p, len);

	memcpy(dst, p, n);
	dst[n] = '\0';
	*used += n + 1;
	return dst;
}

/* Where a __data_loc/__rel_loc field's data is: 0, or -1 when outside. */
static int locate(const struct kernel_field_plan *plan,
		  const struct tracefs_record *r, size_t *off, size_t *len)
{
	uint32_t loc = (uint32_t)read_unsigned(r->data + plan->offset, 4);

	*off = loc & 0xffff;
	*len = loc >> 16;
	if (plan->is_rel_loc)
		*off += plan->offset + 4;
	return *off + *len <= r->size ? 0 : -1;
}

/* Fills the element list of an integer array or sequence. */
static struct ctf_value elements(struct kernel_page_converter *c, size_t *used,
				 const struct kernel_field_plan *p,
				 const uint8_t *data, size_t count)
{
	struct ctf_value *items = c->elems + *used;
	size_t i;

	for (i = 0; i < count; i++)
		items[i] = int_value(data + i * p->elem_size, p->elem_size,
				     p->is_signed, 0);
	*used += count;
	return (struct ctf_value){.kind = CTF_VALUE_LIST,
				  .list = {items, count}};
}

/* Decodes the payload values of record r; -EBADMSG when out of bounds. */
static int decode_payload(struct kernel_page_converter *c,
			  const struct kernel_event_class *ec,
			  const struct tracefs_record *r)
{
	size_t i, v = 0, text_used = 0, elems_used = 0, off, len;

	for (i = 0; i < ec->nr_plans; i++) {
		const struct kernel_field_plan *p = &ec->plans[i];

		if (p->offset + p->size > r->size &&
		    p->kind != KERNEL_FIELD_STRING_FLEX &&
		    !(p->kind == KERNEL_FIELD_SEQ_LOC && p->count))
			return -EBADMSG;
		switch (p->kind) {
		case KERNEL_FIELD_INT:
			c->values[v++] = int_value(r->data + p->offset, p->size,
						   p->is_signed, p->bias);
			break;
		case KERNEL_FIELD_TEXT_ARRAY:
			c->values[v++] = CTF_STRING(text_copy(
				c, &text_used, r->data + p->offset, p->size));
			break;
		case KERNEL_FIELD_STRING_LOC:
			if (locate(p, r, &off, &len))
				return -EBADMSG;
			c->values[v++] = CTF_STRING(
				text_copy(c, &text_used, r->data + off, len));
			break;
		case KERNEL_FIELD_STRING_FLEX:
			off = p->offset < r->size ? p->offset : r->size;
			c->values[v++] = CTF_STRING(text_copy(
				c, &text_used, r->data + off, r->size - off));
			break;
		case KERNEL_FIELD_INT_ARRAY:
			c->values[v++] =
				elements(c, &elems_used, p, r->data + p->offset,
					 p->count);
			break;
		case KERNEL_FIELD_SEQ_LOC:
			if (p->count) { /* flexible: up to the record's end */
				off = p->offset < r->size ? p->offset : r->size;
				len = r->size - off;
			} else if (locate(p, r, &off, &len)) {
				return -EBADMSG;
			}
			c->values[v++] = CTF_UNSIGNED(len / p->elem_size);
			c->values[v++] =
				elements(c, &elems_used, p, r->data + off,
					 len / p->elem_size);
			break;
		}
	}
	return 0;
}

static int prepare_scratch(struct kernel_page_converter *c,
			   const struct kernel_event_class *ec, size_t size)
{
	if (grow((void **)&c->values, &c->values_cap,
		 ec->nr_values + KERNEL_CONTEXT_MAX, sizeof(*c->values)) ||
	    grow((void **)&c->elems, &c->elems_cap, size + 1,
		 sizeof(*c->elems)) ||
	    grow((void **)&c->text, &c->text_cap, 2 * size + 16, 1))
		return -ENOMEM;
	return 0;
}

static int convert_record(struct kernel_page_converter *c,
			  const struct tracefs_record *r, struct ctf_error *err)
{
	const struct kernel_event_class *ec;
	struct ctf_value payload, context, *ctx_values;
	struct ctf_error lookup_err;
	uint64_t ts;
	int ret;

	if (r->size < COMMON_HEADER_LEN) {
		c->unknown++;
		return 0;
	}
	ec = kernel_metadata_event(
		c->metadata, c->stream_id,
		(unsigned int)read_unsigned(r->data + COMMON_TYPE_OFFSET, 2),
		&lookup_err);
	if (!ec) {
		c->unknown++;
		return 0;
	}
	if (c->keep && !c->keep(c->keep_data, ec, r)) {
		c->filtered++;
		return 0;
	}
	if (prepare_scratch(c, ec, r->size))
		return ctf_error_set(err, -ENOMEM, "out of memory");
	if (decode_payload(c, ec, r)) {
		c->unknown++;
		return 0;
	}
	payload = (struct ctf_value){.kind = CTF_VALUE_LIST,
				     .list = {c->values, ec->nr_values}};
	ctx_values = c->values + ec->nr_values;
	if (c->contexts && c->contexts->count) {
		int32_t tid =
			(int32_t)read_signed(r->data + COMMON_PID_OFFSET, 4);
		kernel_context_values(c->contexts,
				      kernel_process_table_get(c->threads, tid),
				      c->cpu, ctx_values);
		context = (struct ctf_value){
			.kind = CTF_VALUE_LIST,
			.list = {ctx_values, c->contexts->count}};
	}
	ts = r->timestamp < c->last_timestamp ? c->last_timestamp
					      : r->timestamp;
	ret = ctf_stream_writer_append(
		c->writer, ec->ctf, ts,
		c->contexts && c->contexts->count ? &context : NULL, &payload,
		err);
	if (ret)
		return ret;
	if (c->threads && !strcmp(ec->name, "sched_process_exec"))
		kernel_process_table_forget(
			c->threads,
			(int32_t)read_signed(r->data + COMMON_PID_OFFSET, 4));
	c->last_timestamp = ts;
	c->events++;
	return 0;
}

int kernel_page_convert(struct kernel_page_converter *c, const void *page,
			size_t len, struct ctf_error *err)
{
	struct tracefs_page_reader reader;
	struct tracefs_record record;
	int ret;

	ret = tracefs_page_reader_init(&reader, c->layout, page, len);
	if (ret)
		return ctf_error_set(err, ret, "malformed kernel page (cpu %u)",
				     c->cpu);
	if (reader.events_missed) {
		if (reader.missed_count_known) {
			c->discarded += reader.missed_count;
			ctf_stream_writer_add_discarded(c->writer,
							reader.missed_count);
		} else {
			c->unknown_losses++;
		}
	}
	while ((ret = tracefs_page_reader_next(&reader, &record)) == 1) {
		ret = convert_record(c, &record, err);
		if (ret)
			return ret;
	}
	if (ret < 0)
		return ctf_error_set(err, ret,
				     "malformed record in a kernel page "
				     "(cpu %u)",
				     c->cpu);
	return 0;
}

void kernel_page_converter_fini(struct kernel_page_converter *c)
{
	free(c->values);
	free(c->elems);
	free(c->text);
	c->values = NULL;
	c->elems = NULL;
	c->text = NULL;
	c->values_cap = c->elems_cap = c->text_cap = 0;
}
