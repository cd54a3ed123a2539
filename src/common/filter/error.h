/*
 * Filling a struct filter_error: the position of the offending byte turned
 * into line and column, our message and LTTng's. Used by the lexer, the
 * parser, the type checker and the compiler.
 */
#ifndef FILTER_ERROR_H
#define FILTER_ERROR_H

#include "filter/filter.h"

/* LTTng 2.13's stderr lines for the two families of compile failure. */
#define FILTER_LTTNG_PARSE_ERROR "error syntax error\nParse error\n"
#define FILTER_LTTNG_IR_ERROR(msg) "[error] " msg "\nGenerate IR error\n"

/*
 * Records an error at byte `offset` of `expr` (NULL `err` is allowed) and
 * returns the errno-style code matching `kind`. The formatted text follows
 * "filter:LINE:COLUMN: ".
 */
int filter_error_set(struct filter_error *err, enum filter_error_kind kind,
		     const char *expr, size_t offset, const char *lttng_message,
		     const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* Describes the token at `s` (at most `len` bytes) for a message. */
void filter_error_quote(char *buf, size_t size, const char *s, size_t len);

#endif /* FILTER_ERROR_H */
