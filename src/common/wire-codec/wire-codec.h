/*
 * The wire codec: how every protocol of the toolkit (client <-> session
 * daemon, session daemon <-> consumer, application <-> session daemon)
 * lays values out in a message: a growable write buffer and a
 * bounds-checked read cursor. Integers are fixed-size in host order
 * (both ends share the machine); strings are a u32 length and bytes,
 * with WIRE_NULL_STRING meaning "no string". Every read fails with
 * -EBADMSG instead of running past the payload.
 */
#ifndef WIRE_CODEC_H
#define WIRE_CODEC_H

#include <stddef.h>
#include <stdint.h>

#define WIRE_NULL_STRING UINT32_MAX

struct wire_buf {
	uint8_t *data;
	size_t len;
	size_t cap;
	int error; /* First allocation failure (-ENOMEM), sticky. */
};

struct wire_cursor {
	const uint8_t *pos;
	size_t left;
};

void wire_buf_init(struct wire_buf *buf);
void wire_buf_fini(struct wire_buf *buf);

/* Appenders record -ENOMEM in buf->error; check it once at the end. */
void wire_put_u32(struct wire_buf *buf, uint32_t value);
void wire_put_i32(struct wire_buf *buf, int32_t value);
void wire_put_u64(struct wire_buf *buf, uint64_t value);
void wire_put_i64(struct wire_buf *buf, int64_t value);
/* str may be NULL (encoded as WIRE_NULL_STRING). */
void wire_put_str(struct wire_buf *buf, const char *str);
/* A byte string: u32 length, then the bytes (data may be NULL if len 0). */
void wire_put_blob(struct wire_buf *buf, const void *data, uint32_t len);

void wire_cursor_init(struct wire_cursor *cur, const void *data, size_t len);

/* Readers return 0, or -EBADMSG when the payload is too short. */
int wire_get_u32(struct wire_cursor *cur, uint32_t *value);
int wire_get_i32(struct wire_cursor *cur, int32_t *value);
int wire_get_u64(struct wire_cursor *cur, uint64_t *value);
int wire_get_i64(struct wire_cursor *cur, int64_t *value);

/*
 * Read a present string into dst (NUL-terminated). Fails with -EBADMSG
 * when truncated, absent or holding a NUL byte, -EMSGSIZE when it does
 * not fit in dst_size.
 */
int wire_get_str(struct wire_cursor *cur, char *dst, size_t dst_size);

/*
 * Read a string which may be absent into a malloc'd copy (*dst NULL when
 * absent). Strings of max_len bytes or more are refused (-EMSGSIZE).
 */
int wire_get_str_dup(struct wire_cursor *cur, size_t max_len, char **dst);

/*
 * Read a byte string into a malloc'd copy (*dst NULL when empty). Blobs
 * longer than max_len bytes are refused (-EMSGSIZE).
 */
int wire_get_blob_dup(struct wire_cursor *cur, size_t max_len, uint8_t **dst,
		     uint32_t *len);

/* 0 when every byte was consumed, else -EBADMSG (trailing garbage). */
int wire_cursor_finish(const struct wire_cursor *cur);

#endif /* WIRE_CODEC_H */
