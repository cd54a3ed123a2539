/*
 * Error reports of the filter compiler: byte offset to line and column,
 * "filter:LINE:COLUMN: what" formatting, and the matching LTTng lines.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "filter/error.h"

static int error_code(enum filter_error_kind kind)
{
	switch (kind) {
	case FILTER_ERR_LIMIT:
		return -E2BIG;
	case FILTER_ERR_NOMEM:
		return -ENOMEM;
	default:
		return -EINVAL;
	}
}

int filter_error_set(struct filter_error *err, enum filter_error_kind kind,
		     const char *expr, size_t offset, const char *lttng_message,
		     const char *fmt, ...)
{
	unsigned int line = 1, column = 1;
	va_list ap;
	size_t i;
	int n;

	if (!err)
		return error_code(kind);
	for (i = 0; expr && i < offset && expr[i]; i++) {
		if (expr[i] == '\n') {
			line++;
			column = 1;
		} else {
			column++;
		}
	}
	err->kind = kind;
	err->offset = offset;
	err->line = line;
	err->column = column;
	n = snprintf(err->message, sizeof(err->message), "filter:%u:%u: ", line,
		     column);
	if (n < 0 || (size_t)n >= sizeof(err->message))
		n = 0;
	va_start(ap, fmt);
	vsnprintf(err->message + n, sizeof(err->message) - n, fmt, ap);
	va_end(ap);
	snprintf(err->lttng_message, sizeof(err->lttng_message), "%s",
		 lttng_message ? lttng_message : "");
	return error_code(kind);
}

void filter_error_quote(char *buf, size_t size, const char *s, size_t len)
{
	size_t i, o = 0;

	for (i = 0; i < len && o + 5 < size; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 0x20 && c < 0x7f)
			buf[o++] = c;
		else
			o += snprintf(buf + o, size - o, "\\x%02x", c);
	}
	if (i < len && o + 4 < size)
		o += snprintf(buf + o, size - o, "...");
	buf[o < size ? o : size - 1] = '\0';
}
