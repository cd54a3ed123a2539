/*
 * Implementation of mi-save-load.h:
 * <save><session><name>N</name></session><path>P</path></save> and
 * <load><session>..</session><path>P</path><overrides>..</overrides>
 * </load>, then <success>.
 */
#include "mi-save-load.h"
#include "mi-command.h"

static void write_session_and_path(struct mi_writer *w, const char *session,
				   const char *path)
{
	mi_writer_open(w, "session");
	mi_writer_string(w, "name", session ? session : "*");
	mi_writer_close(w);
	if (path)
		mi_writer_string(w, "path", path);
}

void mi_save_print(const char *session, const char *path, int ret)
{
	struct mi_writer *w = mi_command_begin("save");

	mi_writer_open(w, "save");
	write_session_and_path(w, session, path);
	mi_writer_close(w);
	mi_command_end(ret ? MI_SUCCESS_FALSE : MI_SUCCESS_TRUE);
}

void mi_load_print(const char *session, const char *path,
		   const char *override_name, const char *override_url, int ret)
{
	struct mi_writer *w = mi_command_begin("load");

	mi_writer_open(w, "load");
	write_session_and_path(w, session, path);
	mi_writer_open(w, "overrides");
	if (override_name)
		mi_writer_string(w, "name", override_name);
	if (override_url)
		mi_writer_string(w, "url", override_url);
	mi_writer_close(w);
	mi_writer_close(w);
	mi_command_end(ret ? MI_SUCCESS_FALSE : MI_SUCCESS_TRUE);
}
