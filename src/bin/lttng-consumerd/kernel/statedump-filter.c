/*
 * Implementation of statedump-filter.h. The raw form of a payload:
 *
 *   common header (8 bytes: type, flags, preempt count, pid = tid)
 *   fields in order: integers (host order, a big-endian one swapped),
 *   char[16] as is, strings as a 4-byte __data_loc (offset | len << 16)
 *   the strings' bytes, NUL included
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "statedump-filter.h"

#define RAW_HEADER_LEN 8
#define RAW_PID_OFFSET 4
#define DATA_LOC_LEN 4

static unsigned int raw_size_of(const struct statedump_field *field)
{
	return field->kind == STATEDUMP_FIELD_STRING ? DATA_LOC_LEN
						     : field->size;
}

static int plan_fields(struct statedump_filter *f)
{
	struct kernel_event_class *ec = &f->class;
	unsigned int offset = RAW_HEADER_LEN;
	size_t i;

	ec->plans = calloc(f->desc->nr_fields ? f->desc->nr_fields : 1,
			   sizeof(*ec->plans));
	if (!ec->plans)
		return -ENOMEM;
	for (i = 0; i < f->desc->nr_fields; i++) {
		const struct statedump_field *field = &f->desc->fields[i];
		struct kernel_field_plan *plan = &ec->plans[i];

		plan->name = strdup(field->name);
		if (!plan->name)
			return -ENOMEM;
		ec->nr_plans++;
		plan->offset = offset;
		plan->size = raw_size_of(field);
		plan->is_signed = field->is_signed;
		switch (field->kind) {
		case STATEDUMP_FIELD_TEXT_ARRAY:
			plan->kind = KERNEL_FIELD_TEXT_ARRAY;
			plan->count = field->size;
			plan->elem_size = 1;
			break;
		case STATEDUMP_FIELD_STRING:
			plan->kind = KERNEL_FIELD_STRING_LOC;
			break;
		default:
			plan->kind = KERNEL_FIELD_INT;
			break;
		}
		offset += plan->size;
	}
	return 0;
}

int statedump_filter_init(struct statedump_filter *f,
			  enum statedump_event event, const char *expressions,
			  char *err, size_t err_len)
{
	int ret;

	memset(f, 0, sizeof(*f));
	f->desc = statedump_event_desc(event);
	if (!f->desc)
		return -EINVAL;
	snprintf(f->class.system, sizeof(f->class.system), "lttng_statedump");
	snprintf(f->class.name, sizeof(f->class.name), "%s", f->desc->name);
	ret = plan_fields(f);
	if (ret)
		return ret;
	return kernel_record_filters_set(&f->class, expressions, err, err_len);
}

/* The length of the fixed part of the raw form (header, slots). */
static size_t fixed_len(const struct statedump_event_desc *desc)
{
	size_t len = RAW_HEADER_LEN, i;

	for (i = 0; i < desc->nr_fields; i++)
		len += raw_size_of(&desc->fields[i]);
	return len;
}

static void put_swapped(uint8_t *out, const uint8_t *in, size_t size)
{
	size_t i;

	for (i = 0; i < size; i++)
		out[i] = in[size - 1 - i];
}

/*
 * Lays the payload out in raw form into out (room: the payload plus the
 * fixed part). Returns its length.
 */
static size_t raw_record(const struct statedump_event_desc *desc,
			 const struct statedump_payload *payload, int32_t tid,
			 uint8_t *out)
{
	size_t slot = RAW_HEADER_LEN, data = fixed_len(desc), in = 0, i;

	memset(out, 0, RAW_HEADER_LEN);
	memcpy(out + RAW_PID_OFFSET, &tid, sizeof(tid));
	for (i = 0; i < desc->nr_fields && in <= payload->len; i++) {
		const struct statedump_field *field = &desc->fields[i];
		const uint8_t *value = payload->bytes + in;
		size_t len;
		uint32_t loc;

		switch (field->kind) {
		case STATEDUMP_FIELD_STRING:
			len = strnlen((const char *)value, payload->len - in) +
			      1;
			memcpy(out + data, value, len);
			loc = (uint32_t)data | (uint32_t)len << 16;
			memcpy(out + slot, &loc, sizeof(loc));
			data += len;
			in += len;
			break;
		case STATEDUMP_FIELD_INT_BE:
			put_swapped(out + slot, value, field->size);
			in += field->size;
			break;
		default:
			memcpy(out + slot, value, field->size);
			in += field->size;
			break;
		}
		slot += raw_size_of(field);
	}
	return data;
}

bool statedump_filter_keep(const struct statedump_filter *f,
			   const struct statedump_payload *payload, int32_t tid,
			   struct kernel_process_table *threads, uint32_t cpu)
{
	static uint8_t raw[STATEDUMP_PAYLOAD_MAX + 256];
	struct tracefs_record r = {.data = raw};

	if (!f->class.filters.active)
		return true;
	if (fixed_len(f->desc) + payload->len > sizeof(raw))
		return false;
	r.size = (uint32_t)raw_record(f->desc, payload, tid, raw);
	return kernel_record_filter_keep(&f->class, &r, NULL, threads, cpu);
}

void statedump_filter_fini(struct statedump_filter *f)
{
	size_t i;

	for (i = 0; i < f->class.nr_plans; i++)
		free(f->class.plans[i].name);
	free(f->class.plans);
	kernel_record_filters_clear(&f->class);
	memset(f, 0, sizeof(*f));
}
