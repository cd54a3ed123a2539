/*
 * The machine interface's element writer: a stack of open elements over
 * a FILE. A start tag is left unterminated until the element gets
 * content (then '>') or is closed (then "/>"), which is how empty
 * elements come out as LTTng writes them.
 */
#include <assert.h>
#include <inttypes.h>

#include "mi-writer.h"

void mi_writer_init(struct mi_writer *writer, FILE *out)
{
	writer->out = out;
	writer->depth = 0;
	writer->start_tag_pending = false;
}

void mi_writer_raw(struct mi_writer *writer, const char *text)
{
	assert(writer->depth == 0);
	fputs(text, writer->out);
}

/* Terminate the innermost start tag before content is written. */
static void finish_start_tag(struct mi_writer *writer)
{
	if (writer->start_tag_pending)
		fputc('>', writer->out);
	writer->start_tag_pending = false;
}

/* Text with the characters XML reserves written as entities. */
static void write_escaped(FILE *out, const char *text, bool attribute)
{
	for (; *text; text++) {
		switch (*text) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '\r':
			fputs("&#13;", out);
			break;
		case '"':
			fputs(attribute ? "&quot;" : "\"", out);
			break;
		default:
			fputc(*text, out);
		}
	}
}

void mi_writer_open_attrs(struct mi_writer *writer, const char *name,
			  const char *const *attributes)
{
	assert(writer->depth < MI_WRITER_MAX_DEPTH);
	finish_start_tag(writer);
	fprintf(writer->out, "<%s", name);
	for (; attributes && attributes[0]; attributes += 2) {
		fprintf(writer->out, " %s=\"", attributes[0]);
		write_escaped(writer->out, attributes[1], true);
		fputc('"', writer->out);
	}
	writer->open[writer->depth++] = name;
	writer->start_tag_pending = true;
}

void mi_writer_open(struct mi_writer *writer, const char *name)
{
	mi_writer_open_attrs(writer, name, NULL);
}

void mi_writer_close(struct mi_writer *writer)
{
	assert(writer->depth > 0);
	writer->depth--;
	if (writer->start_tag_pending)
		fputs("/>", writer->out);
	else
		fprintf(writer->out, "</%s>", writer->open[writer->depth]);
	writer->start_tag_pending = false;
}

void mi_writer_close_to(struct mi_writer *writer, int depth)
{
	while (writer->depth > depth)
		mi_writer_close(writer);
}

void mi_writer_string(struct mi_writer *writer, const char *name,
		      const char *value)
{
	finish_start_tag(writer);
	fprintf(writer->out, "<%s>", name);
	write_escaped(writer->out, value ? value : "", false);
	fprintf(writer->out, "</%s>", name);
}

void mi_writer_uint(struct mi_writer *writer, const char *name, uint64_t value)
{
	finish_start_tag(writer);
	fprintf(writer->out, "<%s>%" PRIu64 "</%s>", name, value, name);
}

void mi_writer_int(struct mi_writer *writer, const char *name, int64_t value)
{
	finish_start_tag(writer);
	fprintf(writer->out, "<%s>%" PRId64 "</%s>", name, value, name);
}

void mi_writer_bool(struct mi_writer *writer, const char *name, bool value)
{
	mi_writer_string(writer, name, value ? "true" : "false");
}
