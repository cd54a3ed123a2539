/*
 * MI elements of recording sessions (schema type session_type).
 */
#include <stdlib.h>
#include <string.h>

#include "mi-command.h"
#include "mi-session.h"

void mi_session_open(struct mi_writer *mi, const struct lttng_session *session)
{
	mi_writer_open(mi, "session");
	mi_writer_string(mi, "name", session->name);
	mi_writer_string(mi, "path", session->path);
	mi_writer_bool(mi, "enabled", session->enabled);
	mi_writer_uint(mi, "snapshot_mode", session->snapshot_mode);
	mi_writer_uint(mi, "live_timer_interval", session->live_timer_interval);
}

void mi_session_short(struct mi_writer *mi, const char *name, bool enabled)
{
	mi_writer_open(mi, "session");
	mi_writer_string(mi, "name", name);
	mi_writer_bool(mi, "enabled", enabled);
	mi_writer_close(mi);
}

void mi_session_print_created(const char *name)
{
	struct lttng_session *sessions = NULL;
	int count = lttng_list_sessions(&sessions), i;
	struct mi_writer *mi = mi_command_begin("create");

	for (i = 0; i < count; i++) {
		if (strcmp(sessions[i].name, name))
			continue;
		mi_session_open(mi, &sessions[i]);
		mi_writer_close(mi);
	}
	free(sessions);
	mi_command_end(MI_SUCCESS_TRUE);
}

void mi_session_print_state(const char *command, const char *name, int ret,
			    bool enabled)
{
	struct mi_writer *mi = mi_command_begin(command);

	mi_writer_open(mi, "sessions");
	if (ret == 0)
		mi_session_short(mi, name, enabled);
	mi_command_end(mi_success_of(ret));
}

void mi_session_print_set(const char *name)
{
	struct mi_writer *mi = mi_command_begin("set-session");

	mi_writer_open(mi, "sessions");
	mi_writer_open(mi, "session");
	mi_writer_string(mi, "name", name);
	mi_command_end(MI_SUCCESS_TRUE);
}

void mi_session_list_begin(const char *command)
{
	mi_writer_open(mi_command_begin(command), "sessions");
}

void mi_session_list_add(const struct lttng_session *session)
{
	struct mi_writer *mi = mi_command_writer();

	mi_session_open(mi, session);
	mi_writer_close(mi);
}
