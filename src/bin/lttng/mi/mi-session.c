/*
 * MI elements of recording sessions (schema type session_type).
 */
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
