/*
 * Implementation of mi-regenerate.h (schema types regenerate_cmd_type and
 * metadata_cmd_type).
 */
#include "mi-command.h"
#include "mi-regenerate.h"

void mi_regenerate_action(const char *element, const char *name)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, element);
	mi_writer_string(mi, "name", name);
	mi_writer_close(mi);
}
