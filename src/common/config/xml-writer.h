/*
 * A small XML text writer for the session configuration files that
 * `lttng save` writes: one element per line, indented with tabs, text
 * escaped, an element without children written as <name/>. The
 * document is built in memory (xml_writer_text()) so that the caller
 * writes the file in one go. Used by the session daemon's save command.
 */
#ifndef CONFIG_XML_WRITER_H
#define CONFIG_XML_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define XML_WRITER_MAX_DEPTH 32

struct xml_writer {
	char *text;
	size_t len, cap;
	int error; /* 0, or -ENOMEM / -EINVAL once something failed */
	unsigned int depth;
	/* Open elements, innermost last, and whether each has a child yet. */
	const char *open[XML_WRITER_MAX_DEPTH];
	bool has_child[XML_WRITER_MAX_DEPTH];
};

/* Start a document with its XML declaration. */
void xml_writer_init(struct xml_writer *w);
void xml_writer_fini(struct xml_writer *w);

/* Open an element whose children follow (name must outlive the call). */
void xml_writer_open(struct xml_writer *w, const char *name);
/* Close the innermost open element. */
void xml_writer_close(struct xml_writer *w);

/* <name>escaped value</name> */
void xml_writer_string(struct xml_writer *w, const char *name,
		       const char *value);
void xml_writer_u64(struct xml_writer *w, const char *name, uint64_t value);
void xml_writer_i64(struct xml_writer *w, const char *name, int64_t value);
/* "true" or "false" */
void xml_writer_bool(struct xml_writer *w, const char *name, bool value);

/*
 * The finished document (every element closed, ending with a newline),
 * or NULL when an error occurred or an element is still open. Owned by
 * the writer.
 */
const char *xml_writer_text(struct xml_writer *w, size_t *len);

#endif /* CONFIG_XML_WRITER_H */
