/*
 * Fuzzing harness of the tracefs format parser (src/common/tracefs/
 * event-format.c): the input is the text of an
 * events/<system>/<event>/format file, parsed as an event format and as
 * the field list of events/header_page. Properties: a parsed format has
 * a name and fields, and every field a non-empty name and type, with its
 * offset and size within a record the kernel can write.
 */
#include <stdint.h>
#include <string.h>

#include "fuzz.h"
#include "tracefs/event-format.h"

static void check_fields(const struct tracefs_event_format *format)
{
	for (size_t i = 0; i < format->nr_fields; i++) {
		const struct tracefs_field *f = &format->fields[i];

		FUZZ_CHECK(f->name && f->name[0] && f->type && f->type[0]);
		FUZZ_CHECK(f->offset <= UINT16_MAX && f->size <= UINT16_MAX);
		FUZZ_CHECK(tracefs_event_format_field(format, f->name));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tracefs_event_format format, header = {0};
	char *text = fuzz_strndup(data, size);
	char err[128];

	if (!tracefs_event_format_parse(text, "fuzz", &format, err,
					sizeof(err))) {
		FUZZ_CHECK(format.name && format.nr_fields > 0);
		FUZZ_CHECK(!strcmp(format.system, "fuzz"));
		check_fields(&format);
		tracefs_event_format_fini(&format);
	}
	if (!tracefs_fields_parse(text, &header, err, sizeof(err)))
		check_fields(&header);
	tracefs_event_format_fini(&header);
	free(text);
	return 0;
}
