/*
 * Byte-level encoding of the client <-> session daemon protocol: a
 * growable write buffer and a bounds-checked read cursor. Integers are
 * fixed-size in host order (both ends share the machine); strings are a
 * u32 length and bytes, with LSC_NULL_STRING meaning "no string".
 * Every read fails with -EBADMSG instead of running past the payload.
 */
#ifndef SESSIOND_COMM_BUFFER_H
#define SESSIOND_COMM_BUFFER_H

#include <stddef.h>
#include <stdint.h>

#define LSC_NULL_STRING UINT32_MAX

struct lsc_buf {
	uint8_t *data;
	size_t len;
	size_t cap;
	int error; /* First allocation failure (-ENOMEM), sticky. */
};

struct lsc_cursor {
	const uint8_t *pos;
	size_t left;
};

void lsc_buf_init(struct lsc_buf *buf);
void lsc_buf_fini(struct lsc_buf *buf);

/* Appenders record -ENOMEM in buf->error; check it once at the end. */
void lsc_put_u32(struct lsc_buf *buf, uint32_t value);
void lsc_put_i32(struct lsc_buf *buf, int32_t value);
void lsc_put_u64(struct lsc_buf *buf, uint64_t value);
void lsc_put_i64(struct lsc_buf *buf, int64_t value);
/* str may be NULL (encoded as LSC_NULL_STRING). */
void lsc_put_str(struct lsc_buf *buf, const char *str);
/* A byte string: u32 length, then the bytes (data may be NULL if len 0). */
void lsc_put_blob(struct lsc_buf *buf, const void *data, uint32_t len);

void lsc_cursor_init(struct lsc_cursor *cur, const void *data, size_t len);

/* Readers return 0, or -EBADMSG when the payload is too short. */
int lsc_get_u32(struct lsc_cursor *cur, uint32_t *value);
int lsc_get_i32(struct lsc_cursor *cur, int32_t *value);
int lsc_get_u64(struct lsc_cursor *cur, uint64_t *value);
int lsc_get_i64(struct lsc_cursor *cur, int64_t *value);

/*
 * Read a present string into dst (NUL-terminated). Fails with -EBADMSG
 * when truncated, absent or holding a NUL byte, -EMSGSIZE when it does
 * not fit in dst_size.
 */
int lsc_get_str(struct lsc_cursor *cur, char *dst, size_t dst_size);

/*
 * Read a string which may be absent into a malloc'd copy (*dst NULL when
 * absent). Strings of max_len bytes or more are refused (-EMSGSIZE).
 */
int lsc_get_str_dup(struct lsc_cursor *cur, size_t max_len, char **dst);

/*
 * Read a byte string into a malloc'd copy (*dst NULL when empty). Blobs
 * longer than max_len bytes are refused (-EMSGSIZE).
 */
int lsc_get_blob_dup(struct lsc_cursor *cur, size_t max_len, uint8_t **dst,
		     uint32_t *len);

/* 0 when every byte was consumed, else -EBADMSG (trailing garbage). */
int lsc_cursor_finish(const struct lsc_cursor *cur);

#endif /* SESSIOND_COMM_BUFFER_H */
