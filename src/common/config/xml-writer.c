/*
 * Implementation of xml-writer.h. An element's start tag is written
 * without its '>' until we know whether it has children: the first
 * child (or text) completes it with ">", a close without children turns
 * it into "<name/>".
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/xml-writer.h"

static void append(struct xml_writer *w, const char *data, size_t len)
{
	if (w->error)
		return;
	if (w->len + len + 1 > w->cap) {
		size_t cap = w->cap ? w->cap : 4096;
		char *text;

		while (cap < w->len + len + 1)
			cap *= 2;
		text = realloc(w->text, cap);
		if (!text) {
			w->error = -ENOMEM;
			return;
		}
		w->text = text;
		w->cap = cap;
	}
	memcpy(w->text + w->len, data, len);
	w->len += len;
	w->text[w->len] = '\0';
}

static void append_str(struct xml_writer *w, const char *str)
{
	append(w, str, strlen(str));
}

static void indent(struct xml_writer *w)
{
	for (unsigned int i = 0; i < w->depth; i++)
		append(w, "\t", 1);
}

/* Text content: the characters XML reserves become entities. */
static void append_escaped(struct xml_writer *w, const char *text)
{
	for (; *text; text++) {
		switch (*text) {
		case '&':
			append_str(w, "&amp;");
			break;
		case '<':
			append_str(w, "&lt;");
			break;
		case '>':
			append_str(w, "&gt;");
			break;
		case '"':
			append_str(w, "&quot;");
			break;
		case '\r':
			append_str(w, "&#13;");
			break;
		default:
			append(w, text, 1);
		}
	}
}

/* Complete the parent's start tag before its first child. */
static void begin_child(struct xml_writer *w)
{
	if (w->depth == 0)
		return;
	if (!w->has_child[w->depth - 1]) {
		append_str(w, ">\n");
		w->has_child[w->depth - 1] = true;
	}
}

void xml_writer_init(struct xml_writer *w)
{
	memset(w, 0, sizeof(*w));
	append_str(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
}

void xml_writer_fini(struct xml_writer *w)
{
	free(w->text);
	memset(w, 0, sizeof(*w));
}

void xml_writer_open(struct xml_writer *w, const char *name)
{
	if (w->depth == XML_WRITER_MAX_DEPTH) {
		w->error = -EINVAL;
		return;
	}
	begin_child(w);
	indent(w);
	append_str(w, "<");
	append_str(w, name);
	w->open[w->depth] = name;
	w->has_child[w->depth] = false;
	w->depth++;
}

void xml_writer_close(struct xml_writer *w)
{
	const char *name;

	if (w->depth == 0) {
		w->error = -EINVAL;
		return;
	}
	w->depth--;
	name = w->open[w->depth];
	if (!w->has_child[w->depth]) {
		append_str(w, "/>\n");
		return;
	}
	indent(w);
	append_str(w, "</");
	append_str(w, name);
	append_str(w, ">\n");
}

void xml_writer_string(struct xml_writer *w, const char *name,
		       const char *value)
{
	begin_child(w);
	indent(w);
	append_str(w, "<");
	append_str(w, name);
	append_str(w, ">");
	append_escaped(w, value);
	append_str(w, "</");
	append_str(w, name);
	append_str(w, ">\n");
}

void xml_writer_u64(struct xml_writer *w, const char *name, uint64_t value)
{
	char text[32];

	snprintf(text, sizeof(text), "%" PRIu64, value);
	xml_writer_string(w, name, text);
}

void xml_writer_i64(struct xml_writer *w, const char *name, int64_t value)
{
	char text[32];

	snprintf(text, sizeof(text), "%" PRId64, value);
	xml_writer_string(w, name, text);
}

void xml_writer_bool(struct xml_writer *w, const char *name, bool value)
{
	xml_writer_string(w, name, value ? "true" : "false");
}

const char *xml_writer_text(struct xml_writer *w, size_t *len)
{
	if (w->error || w->depth != 0 || !w->text)
		return NULL;
	*len = w->len;
	return w->text;
}
