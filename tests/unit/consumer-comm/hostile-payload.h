/*
 * What the payload tests of the consumer protocol share: a decoder is
 * handed a heap copy of exactly the payload's length (so the sanitizer
 * build catches any read beyond it), and must refuse every truncation
 * of a payload, a payload with a trailing byte, and hostile strings.
 * Include after <cmocka.h>.
 */
#ifndef TEST_CONSUMER_COMM_HOSTILE_PAYLOAD_H
#define TEST_CONSUMER_COMM_HOSTILE_PAYLOAD_H

#include <stdlib.h>
#include <string.h>

#include "wire-codec/wire-codec.h"

/* Decodes a whole payload: 0 or a negative errno. */
typedef int (*decode_fn)(const void *payload, size_t len);

/* Decodes a heap copy of exactly len bytes of data, then releases it. */
static inline int decode_copy(decode_fn decode, const void *data, size_t len)
{
	void *copy = malloc(len ? len : 1);
	int ret;

	assert_non_null(copy);
	memcpy(copy, data, len);
	ret = decode(copy, len);
	free(copy);
	return ret;
}

/* Every strict prefix and the payload plus one byte are refused. */
static inline void
assert_refuses_truncation_and_trailing(decode_fn decode,
				       const struct wire_buf *buf)
{
	uint8_t *longer = malloc(buf->len + 1);

	for (size_t len = 0; len < buf->len; len++)
		assert_int_not_equal(decode_copy(decode, buf->data, len), 0);
	assert_int_equal(decode_copy(decode, buf->data, buf->len), 0);
	assert_non_null(longer);
	memcpy(longer, buf->data, buf->len);
	longer[buf->len] = 0;
	assert_int_equal(decode_copy(decode, longer, buf->len + 1), -EBADMSG);
	free(longer);
}

/*
 * A payload whose string after put_head's fields (NULL: none) is
 * hostile is refused: a length running past the payload, a NUL inside
 * the string, an absent string (-EBADMSG), a string of field_size bytes
 * or more, with no room for its terminator (-EMSGSIZE).
 */
static inline void
assert_refuses_hostile_string(decode_fn decode,
			      void (*put_head)(struct wire_buf *),
			      size_t field_size)
{
	char *big = malloc(field_size);
	struct wire_buf buf;

	assert_non_null(big);
	memset(big, '/', field_size);
	for (int which = 0; which < 4; which++) {
		wire_buf_init(&buf);
		if (put_head)
			put_head(&buf);
		switch (which) {
		case 0:
			wire_put_u32(&buf, 1000);
			wire_put_u32(&buf, 0x7379732f); /* "/sys" */
			break;
		case 1:
			wire_put_blob(&buf, "/sys\0/x", 7);
			break;
		case 2:
			wire_put_str(&buf, NULL);
			break;
		case 3:
			wire_put_blob(&buf, big, field_size);
			break;
		}
		assert_int_equal(decode_copy(decode, buf.data, buf.len),
				 which == 3 ? -EMSGSIZE : -EBADMSG);
		wire_buf_fini(&buf);
	}
	free(big);
}

#endif /* TEST_CONSUMER_COMM_HOSTILE_PAYLOAD_H */
