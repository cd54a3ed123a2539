/*
 * One state dump event's payload, laid out as the kernel consumer's
 * metadata declares it (byte-packed, native byte order but for
 * big-endian fields, strings NUL-terminated): the walkers of
 * statedump.c append the values of an event's fields in the order of
 * statedump-events.c, then hand the bytes to the sink.
 */
#ifndef KCONSUMER_STATEDUMP_PAYLOAD_H
#define KCONSUMER_STATEDUMP_PAYLOAD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Two strings of PATH_MAX and the integers of any event fit. */
#define STATEDUMP_STRING_MAX 4096
#define STATEDUMP_PAYLOAD_MAX (2 * STATEDUMP_STRING_MAX + 64)

struct statedump_payload {
	uint8_t bytes[STATEDUMP_PAYLOAD_MAX];
	size_t len;
};

static inline void statedump_payload_reset(struct statedump_payload *p)
{
	p->len = 0;
}

/* The low size bytes of value, in the host's (little-endian) order. */
static inline void statedump_payload_int(struct statedump_payload *p,
					 uint64_t value, size_t size)
{
	size_t i;

	if (p->len + size > STATEDUMP_PAYLOAD_MAX)
		return;
	for (i = 0; i < size; i++)
		p->bytes[p->len++] = (uint8_t)(value >> (8 * i));
}

/* size bytes as they are in memory (a network-order address). */
static inline void statedump_payload_bytes(struct statedump_payload *p,
					   const void *bytes, size_t size)
{
	if (p->len + size > STATEDUMP_PAYLOAD_MAX)
		return;
	memcpy(p->bytes + p->len, bytes, size);
	p->len += size;
}

/* char[size]: text, NUL-padded (cut to size). */
static inline void statedump_payload_text_array(struct statedump_payload *p,
						const char *text, size_t size)
{
	size_t n = strnlen(text, size);

	if (p->len + size > STATEDUMP_PAYLOAD_MAX)
		return;
	memcpy(p->bytes + p->len, text, n);
	memset(p->bytes + p->len + n, 0, size - n);
	p->len += size;
}

/*
 * A NUL-terminated string, cut to STATEDUMP_STRING_MAX bytes (a path
 * fits) so that the fields after it always have room.
 */
static inline void statedump_payload_string(struct statedump_payload *p,
					    const char *text)
{
	size_t n = strlen(text);

	if (n > STATEDUMP_STRING_MAX - 1)
		n = STATEDUMP_STRING_MAX - 1;
	if (p->len + n + 1 > STATEDUMP_PAYLOAD_MAX)
		return;
	memcpy(p->bytes + p->len, text, n);
	p->bytes[p->len + n] = '\0';
	p->len += n + 1;
}

#endif /* KCONSUMER_STATEDUMP_PAYLOAD_H */
