/*
 * Implementation of wire-codec.h. The write side grows geometrically; the
 * read side never trusts a length before checking it against what is
 * left in the payload.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wire-codec/wire-codec.h"

void wire_buf_init(struct wire_buf *buf)
{
	memset(buf, 0, sizeof(*buf));
}

void wire_buf_fini(struct wire_buf *buf)
{
	free(buf->data);
	wire_buf_init(buf);
}

static void put_bytes(struct wire_buf *buf, const void *data, size_t len)
{
	if (buf->error)
		return;
	if (buf->len + len > buf->cap) {
		size_t cap = buf->cap ? buf->cap : 256;
		uint8_t *grown;

		while (cap < buf->len + len)
			cap *= 2;
		grown = realloc(buf->data, cap);
		if (!grown) {
			buf->error = -ENOMEM;
			return;
		}
		buf->data = grown;
		buf->cap = cap;
	}
	memcpy(buf->data + buf->len, data, len);
	buf->len += len;
}

void wire_put_u32(struct wire_buf *buf, uint32_t value)
{
	put_bytes(buf, &value, sizeof(value));
}

void wire_put_i32(struct wire_buf *buf, int32_t value)
{
	put_bytes(buf, &value, sizeof(value));
}

void wire_put_u64(struct wire_buf *buf, uint64_t value)
{
	put_bytes(buf, &value, sizeof(value));
}

void wire_put_i64(struct wire_buf *buf, int64_t value)
{
	put_bytes(buf, &value, sizeof(value));
}

void wire_put_str(struct wire_buf *buf, const char *str)
{
	size_t len;

	if (!str) {
		wire_put_u32(buf, WIRE_NULL_STRING);
		return;
	}
	len = strlen(str);
	if (len >= WIRE_NULL_STRING) {
		buf->error = buf->error ? buf->error : -EMSGSIZE;
		return;
	}
	wire_put_u32(buf, (uint32_t)len);
	put_bytes(buf, str, len);
}

void wire_put_blob(struct wire_buf *buf, const void *data, uint32_t len)
{
	wire_put_u32(buf, len);
	if (len)
		put_bytes(buf, data, len);
}

void wire_cursor_init(struct wire_cursor *cur, const void *data, size_t len)
{
	cur->pos = data;
	cur->left = len;
}

static int get_bytes(struct wire_cursor *cur, void *dst, size_t len)
{
	if (cur->left < len)
		return -EBADMSG;
	memcpy(dst, cur->pos, len);
	cur->pos += len;
	cur->left -= len;
	return 0;
}

int wire_get_u32(struct wire_cursor *cur, uint32_t *value)
{
	return get_bytes(cur, value, sizeof(*value));
}

int wire_get_i32(struct wire_cursor *cur, int32_t *value)
{
	return get_bytes(cur, value, sizeof(*value));
}

int wire_get_u64(struct wire_cursor *cur, uint64_t *value)
{
	return get_bytes(cur, value, sizeof(*value));
}

int wire_get_i64(struct wire_cursor *cur, int64_t *value)
{
	return get_bytes(cur, value, sizeof(*value));
}

/*
 * Read a string header; on success *len is the length (or
 * WIRE_NULL_STRING) and the bytes are available at cur->pos.
 */
static int get_str_header(struct wire_cursor *cur, uint32_t *len)
{
	int ret = wire_get_u32(cur, len);

	if (ret)
		return ret;
	if (*len == WIRE_NULL_STRING)
		return 0;
	if (cur->left < *len || memchr(cur->pos, '\0', *len))
		return -EBADMSG;
	return 0;
}

int wire_get_str(struct wire_cursor *cur, char *dst, size_t dst_size)
{
	uint32_t len;
	int ret = get_str_header(cur, &len);

	if (ret)
		return ret;
	if (len == WIRE_NULL_STRING)
		return -EBADMSG;
	if ((size_t)len >= dst_size)
		return -EMSGSIZE;
	ret = get_bytes(cur, dst, len);
	dst[len] = '\0';
	return ret;
}

int wire_get_str_dup(struct wire_cursor *cur, size_t max_len, char **dst)
{
	uint32_t len;
	int ret = get_str_header(cur, &len);

	*dst = NULL;
	if (ret || len == WIRE_NULL_STRING)
		return ret;
	if ((size_t)len >= max_len)
		return -EMSGSIZE;
	*dst = malloc((size_t)len + 1);
	if (!*dst)
		return -ENOMEM;
	ret = get_bytes(cur, *dst, len);
	(*dst)[len] = '\0';
	return ret;
}

int wire_get_blob_dup(struct wire_cursor *cur, size_t max_len, uint8_t **dst,
		     uint32_t *len)
{
	int ret = wire_get_u32(cur, len);

	*dst = NULL;
	if (ret)
		return ret;
	if (*len == 0)
		return 0;
	if ((size_t)*len > max_len)
		return -EMSGSIZE;
	if (cur->left < *len)
		return -EBADMSG;
	*dst = malloc(*len);
	if (!*dst)
		return -ENOMEM;
	return get_bytes(cur, *dst, *len);
}

int wire_cursor_finish(const struct wire_cursor *cur)
{
	return cur->left == 0 ? 0 : -EBADMSG;
}
