/*
 * A growing, NUL-terminated output string whose first allocation failure
 * sticks (one check at the end). Used by the AST renderer and the tracefs
 * translation.
 */
#ifndef FILTER_STRBUF_H
#define FILTER_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

struct filter_strbuf {
	char *buf;
	size_t len, cap;
	bool failed;
};

void filter_strbuf_printf(struct filter_strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Returns the malloc'ed string, or NULL (and frees it) after a failure. */
char *filter_strbuf_finish(struct filter_strbuf *sb);

#endif /* FILTER_STRBUF_H */
