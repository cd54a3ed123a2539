/*
 * A growable, always NUL-terminated text buffer: the TSDL generator
 * appends to it and the metadata owner hands out its prefix or suffix.
 * Allocation failures are sticky: once an append fails, every later one
 * fails too and ctf_text_failed() says so, so callers check once.
 */
#ifndef CTF_TEXT_H
#define CTF_TEXT_H

#include <stdbool.h>
#include <stddef.h>

struct ctf_text {
	char *buf;
	size_t len;
	size_t cap;
	bool failed;
};

void ctf_text_init(struct ctf_text *text);
void ctf_text_fini(struct ctf_text *text);

void ctf_text_append(struct ctf_text *text, const char *str);
void ctf_text_appendf(struct ctf_text *text, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Appends `depth` tab characters. */
void ctf_text_indent(struct ctf_text *text, unsigned int depth);
/* Appends str between double quotes, escaping '"', '\\' and newlines. */
void ctf_text_append_quoted(struct ctf_text *text, const char *str);

/*
 * Drops everything after the first len bytes (len <= text->len) and
 * forgets an allocation failure: undoes appends that did not complete.
 */
void ctf_text_truncate(struct ctf_text *text, size_t len);

static inline bool ctf_text_failed(const struct ctf_text *text)
{
	return text->failed;
}

#endif /* CTF_TEXT_H */
