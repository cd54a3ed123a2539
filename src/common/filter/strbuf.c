/*
 * The growing output string of strbuf.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "filter/strbuf.h"

void filter_strbuf_printf(struct filter_strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	char *bigger;
	int n;

	while (!sb->failed) {
		va_start(ap, fmt);
		n = vsnprintf(sb->buf ? sb->buf + sb->len : NULL,
			      sb->cap - sb->len, fmt, ap);
		va_end(ap);
		if (n < 0) {
			sb->failed = true;
			return;
		}
		if ((size_t)n < sb->cap - sb->len) {
			sb->len += n;
			return;
		}
		bigger = realloc(sb->buf, sb->cap * 2 + n + 1);
		if (!bigger) {
			sb->failed = true;
			return;
		}
		sb->buf = bigger;
		sb->cap = sb->cap * 2 + n + 1;
	}
}

char *filter_strbuf_finish(struct filter_strbuf *sb)
{
	if (!sb->failed && !sb->buf)
		filter_strbuf_printf(sb, "%s", "");
	if (sb->failed) {
		free(sb->buf);
		return NULL;
	}
	return sb->buf;
}
