/*
 * Implementation of buffer.h. The write side grows geometrically; the
 * read side never trusts a length before checking it against what is
 * left in the payload.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sessiond-comm/buffer.h"

void lsc_buf_init(struct lsc_buf *buf)
{
	memset(buf, 0, sizeof(*buf));
}

void lsc_buf_fini(struct lsc_buf *buf)
{
	free(buf->data);
	lsc_buf_init(buf);
}

static void put_bytes(struct lsc_buf *buf, const void *data, size_t len)
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

void lsc_put_u32(struct lsc_buf *buf, uint32_t value)
{
	put_bytes(buf, &value, sizeof(value));
}

void lsc_put_i32(struct lsc_buf *buf, int32_t value)
{
	put_bytes(buf, &value, sizeof(value));
}

void lsc_put_u64(struct lsc_buf *buf, uint64_t value)
{
	put_bytes(buf, &value, sizeof(value));
}

void lsc_put_i64(struct lsc_buf *buf, int64_t value)
{
	put_bytes(buf, &value, sizeof(value));
}

void lsc_put_str(struct lsc_buf *buf, const char *str)
{
	size_t len;

	if (!str) {
		lsc_put_u32(buf, LSC_NULL_STRING);
		return;
	}
	len = strlen(str);
	if (len >= LSC_NULL_STRING) {
		buf->error = buf->error ? buf->error : -EMSGSIZE;
		return;
	}
	lsc_put_u32(buf, (uint32_t)len);
	put_bytes(buf, str, len);
}

void lsc_put_blob(struct lsc_buf *buf, const void *data, uint32_t len)
{
	lsc_put_u32(buf, len);
	if (len)
		put_bytes(buf, data, len);
}

void lsc_cursor_init(struct lsc_cursor *cur, const void *data, size_t len)
{
	cur->pos = data;
	cur->left = len;
}

static int get_bytes(struct lsc_cursor *cur, void *dst, size_t len)
{
	if (cur->left < len)
		return -EBADMSG;
	memcpy(dst, cur->pos, len);
	cur->pos += len;
	cur->left -= len;
	return 0;
}

int lsc_get_u32(struct lsc_cursor *cur, uint32_t *value)
{
	return get_bytes(cur, value, sizeof(*value));
}

int lsc_get_i32(struct lsc_cursor *cur, int32_t *value)
{
	return get_bytes(cur, value, sizeof(*value));
}

int lsc_get_u64(struct lsc_cursor *cur, uint64_t *value)
{
	return get_bytes(cur, value, sizeof(*value));
}

int lsc_get_i64(struct lsc_cursor *cur, int64_t *value)
{
	return get_bytes(cur, value, sizeof(*value));
}

/*
 * Read a string header; on success *len is the length (or
 * LSC_NULL_STRING) and the bytes are available at cur->pos.
 */
static int get_str_header(struct lsc_cursor *cur, uint32_t *len)
{
	int ret = lsc_get_u32(cur, len);

	if (ret)
		return ret;
	if (*len == LSC_NULL_STRING)
		return 0;
	if (cur->left < *len || memchr(cur->pos, '\0', *len))
		return -EBADMSG;
	return 0;
}

int lsc_get_str(struct lsc_cursor *cur, char *dst, size_t dst_size)
{
	uint32_t len;
	int ret = get_str_header(cur, &len);

	if (ret)
		return ret;
	if (len == LSC_NULL_STRING)
		return -EBADMSG;
	if ((size_t)len >= dst_size)
		return -EMSGSIZE;
	ret = get_bytes(cur, dst, len);
	dst[len] = '\0';
	return ret;
}

int lsc_get_str_dup(struct lsc_cursor *cur, size_t max_len, char **dst)
{
	uint32_t len;
	int ret = get_str_header(cur, &len);

	*dst = NULL;
	if (ret || len == LSC_NULL_STRING)
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

int lsc_get_blob_dup(struct lsc_cursor *cur, size_t max_len, uint8_t **dst,
		     uint32_t *len)
{
	int ret = lsc_get_u32(cur, len);

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

int lsc_cursor_finish(const struct lsc_cursor *cur)
{
	return cur->left == 0 ? 0 : -EBADMSG;
}
