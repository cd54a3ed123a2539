/*
 * The growable text buffer behind the TSDL generator (see text.h).
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctf/text.h"

void ctf_text_init(struct ctf_text *text)
{
	memset(text, 0, sizeof(*text));
}

void ctf_text_fini(struct ctf_text *text)
{
	free(text->buf);
	memset(text, 0, sizeof(*text));
}

/* Makes room for `extra` more bytes plus the NUL; false on ENOMEM. */
static bool text_reserve(struct ctf_text *text, size_t extra)
{
	size_t need = text->len + extra + 1;
	size_t cap = text->cap ? text->cap : 256;
	char *buf;

	if (text->failed)
		return false;
	if (need <= text->cap)
		return true;
	while (cap < need)
		cap *= 2;
	buf = realloc(text->buf, cap);
	if (!buf) {
		text->failed = true;
		return false;
	}
	text->buf = buf;
	text->cap = cap;
	return true;
}

static void text_append_len(struct ctf_text *text, const char *str, size_t len)
{
	if (!text_reserve(text, len))
		return;
	memcpy(text->buf + text->len, str, len);
	text->len += len;
	text->buf[text->len] = '\0';
}

void ctf_text_append(struct ctf_text *text, const char *str)
{
	text_append_len(text, str, strlen(str));
}

void ctf_text_appendf(struct ctf_text *text, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0) {
		text->failed = true;
		return;
	}
	if (!text_reserve(text, (size_t)len))
		return;
	va_start(ap, fmt);
	vsnprintf(text->buf + text->len, (size_t)len + 1, fmt, ap);
	va_end(ap);
	text->len += (size_t)len;
}

void ctf_text_indent(struct ctf_text *text, unsigned int depth)
{
	while (depth--)
		text_append_len(text, "\t", 1);
}

void ctf_text_append_quoted(struct ctf_text *text, const char *str)
{
	text_append_len(text, "\"", 1);
	for (; *str; str++) {
		if (*str == '\n') {
			text_append_len(text, "\\n", 2);
			continue;
		}
		if (*str == '"' || *str == '\\')
			text_append_len(text, "\\", 1);
		text_append_len(text, str, 1);
	}
	text_append_len(text, "\"", 1);
}

void ctf_text_truncate(struct ctf_text *text, size_t len)
{
	assert(len <= text->len);
	text->failed = false;
	text->len = len;
	if (text->buf)
		text->buf[len] = '\0';
}
