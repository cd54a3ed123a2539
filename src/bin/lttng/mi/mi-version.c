/*
 * `lttng --mi xml version`: the version, its name, the description of
 * the beer it is named after, the web site and the license, in the
 * element order of LTTng's MI schema (type version_type).
 */
#include "mi-version.h"
#include "mi-command.h"

void mi_version_print(const struct mi_version *version)
{
	struct mi_writer *mi = mi_command_begin("version");

	mi_writer_open(mi, "version");
	mi_writer_string(mi, "string", version->string);
	mi_writer_int(mi, "major", version->major);
	mi_writer_int(mi, "minor", version->minor);
	mi_writer_string(mi, "commit", version->commit);
	mi_writer_int(mi, "patchLevel", version->patch_level);
	mi_writer_string(mi, "name", version->name);
	mi_writer_string(mi, "description", version->description);
	mi_writer_string(mi, "url", version->url);
	mi_writer_string(mi, "license", version->license);
	mi_writer_close(mi);
	mi_command_end(MI_SUCCESS_OMIT);
}
