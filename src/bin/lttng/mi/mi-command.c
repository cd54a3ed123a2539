/*
 * The MI document around a command's result: one per run of the lttng
 * CLI, composed in memory by the single writer this file owns and
 * written to stdout whole when the command ends, after any message the
 * command printed on stderr (as LTTng's output comes out).
 */
#include <stdlib.h>

#include "mi-command.h"

#define MI_NAMESPACE "https://lttng.org/xml/ns/lttng-mi"
#define MI_SCHEMA_LOCATION                                                     \
	MI_NAMESPACE " https://lttng.org/xml/schemas/lttng-mi/4/"              \
		     "lttng-mi-4.1.xsd"
#define MI_SCHEMA_VERSION "4.1"

static struct mi_writer document;
static char *document_text;
static size_t document_size;
static bool enabled;
/* Depth of <output> once open: mi_command_end closes down to it. */
static int output_depth;

bool mi_enabled(void)
{
	return enabled;
}

void mi_enable(void)
{
	enabled = true;
}

struct mi_writer *mi_command_begin(const char *name)
{
	static const char *const root_attributes[] = {
		"xmlns",
		MI_NAMESPACE,
		"xmlns:xsi",
		"http://www.w3.org/2001/XMLSchema-instance",
		"xsi:schemaLocation",
		MI_SCHEMA_LOCATION,
		"schemaVersion",
		MI_SCHEMA_VERSION,
		NULL,
	};

	FILE *buffer = open_memstream(&document_text, &document_size);

	mi_writer_init(&document, buffer ? buffer : stdout);
	mi_writer_raw(&document,
		      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	mi_writer_open_attrs(&document, "command", root_attributes);
	mi_writer_string(&document, "name", name);
	mi_writer_open(&document, "output");
	output_depth = document.depth;
	return &document;
}

struct mi_writer *mi_command_writer(void)
{
	return document.out ? &document : NULL;
}

void mi_command_end(enum mi_success success)
{
	mi_writer_close_to(&document, output_depth - 1);
	if (success != MI_SUCCESS_OMIT)
		mi_writer_bool(&document, "success",
			       success == MI_SUCCESS_TRUE);
	mi_writer_close(&document);
	fputc('\n', document.out);
	if (document.out != stdout) {
		fclose(document.out);
		fwrite(document_text, 1, document_size, stdout);
		free(document_text);
		document_text = NULL;
	}
	fflush(stdout);
}

enum mi_success mi_success_of(int ret)
{
	return ret == 0 ? MI_SUCCESS_TRUE : MI_SUCCESS_FALSE;
}

void mi_command_print_empty(const char *name, const char *container,
			    enum mi_success success)
{
	struct mi_writer *mi = mi_command_begin(name);

	if (container)
		mi_writer_open(mi, container);
	mi_command_end(success);
}
