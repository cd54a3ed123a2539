/*
 * The machine interface's element writer: nested XML elements written
 * compactly (no indentation), as LTTng's `--mi xml` prints them. An
 * element with no content is written `<name/>`; one given a value,
 * even an empty one, `<name>value</name>`. Used by the MI printers of
 * each command family (mi-command.c, mi-session.c, ...).
 */
#ifndef LTTNG_CLI_MI_WRITER_H
#define LTTNG_CLI_MI_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define MI_WRITER_MAX_DEPTH 32

struct mi_writer {
	FILE *out;
	const char *open[MI_WRITER_MAX_DEPTH];
	int depth;
	/* The innermost start tag still lacks its closing '>'. */
	bool start_tag_pending;
};

/* Start writing to out (not owned). */
void mi_writer_init(struct mi_writer *writer, FILE *out);

/* Write raw text outside any element (the XML declaration). */
void mi_writer_raw(struct mi_writer *writer, const char *text);

/*
 * Open element name (a static string: kept until closed), with
 * attributes given as a NULL-terminated list of name, value pairs
 * (NULL for none).
 */
void mi_writer_open_attrs(struct mi_writer *writer, const char *name,
			  const char *const *attributes);
void mi_writer_open(struct mi_writer *writer, const char *name);

/* Close the innermost open element. */
void mi_writer_close(struct mi_writer *writer);

/* Close open elements until depth of them are left. */
void mi_writer_close_to(struct mi_writer *writer, int depth);

/* <name>value</name>, value escaped. */
void mi_writer_string(struct mi_writer *writer, const char *name,
		      const char *value);
void mi_writer_uint(struct mi_writer *writer, const char *name, uint64_t value);
void mi_writer_int(struct mi_writer *writer, const char *name, int64_t value);
/* "true" or "false". */
void mi_writer_bool(struct mi_writer *writer, const char *name, bool value);

#endif /* LTTNG_CLI_MI_WRITER_H */
