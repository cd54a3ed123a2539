/*
 * `lttng --mi xml snapshot`: snapshot outputs (schema type
 * snapshot_type) in the element order LTTng writes for each action.
 */
#include <stdint.h>

#include "mi-command.h"
#include "mi-snapshot.h"

void mi_snapshot_begin(const char *action)
{
	struct mi_writer *mi = mi_command_begin("snapshot");

	mi_writer_open(mi, "snapshot_action");
	mi_writer_string(mi, "name", action);
	mi_writer_open(mi, "output");
}

void mi_snapshot_added(const struct lttng_snapshot_output *output,
		       const char *session)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, "snapshot");
	mi_writer_uint(mi, "id", lttng_snapshot_output_get_id(output));
	mi_writer_string(mi, "name", lttng_snapshot_output_get_name(output));
	mi_writer_string(mi, "ctrl_url",
			 lttng_snapshot_output_get_ctrl_url(output));
	mi_writer_string(mi, "session_name", session);
	mi_writer_uint(mi, "max_size",
		       lttng_snapshot_output_get_maxsize(output));
	mi_writer_close(mi);
}

void mi_snapshot_deleted(uint32_t id, const char *name, const char *session)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, "snapshot");
	if (id)
		mi_writer_uint(mi, "id", id);
	else
		mi_writer_string(mi, "name", name);
	mi_writer_string(mi, "session_name", session);
	mi_writer_close(mi);
}

/*
 * A listed output's size limit as LTTng's daemon reports it: 0 when it
 * has none (ours reports "unset", UINT64_MAX, as the client API does).
 */
static uint64_t listed_max_size(const struct lttng_snapshot_output *output)
{
	uint64_t max_size = lttng_snapshot_output_get_maxsize(output);

	return max_size == UINT64_MAX ? 0 : max_size;
}

void mi_snapshot_listed(const char *session,
			struct lttng_snapshot_output_list *list)
{
	struct mi_writer *mi = mi_command_writer();
	struct lttng_snapshot_output *output;

	mi_writer_open(mi, "session");
	mi_writer_string(mi, "name", session);
	mi_writer_open(mi, "snapshots");
	while ((output = lttng_snapshot_output_list_get_next(list))) {
		mi_writer_open(mi, "snapshot");
		mi_writer_uint(mi, "id", lttng_snapshot_output_get_id(output));
		mi_writer_string(mi, "name",
				 lttng_snapshot_output_get_name(output));
		mi_writer_string(mi, "ctrl_url",
				 lttng_snapshot_output_get_ctrl_url(output));
		mi_writer_string(mi, "data_url",
				 lttng_snapshot_output_get_data_url(output));
		mi_writer_uint(mi, "max_size", listed_max_size(output));
		mi_writer_close(mi);
	}
	mi_writer_close(mi);
	mi_writer_close(mi);
}

void mi_snapshot_recorded(const char *url, const char *ctrl_url,
			  const char *data_url)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, "snapshot");
	if (url) {
		mi_writer_string(mi, "ctrl_url", url);
	} else if (ctrl_url && data_url) {
		mi_writer_string(mi, "ctrl_url", ctrl_url);
		mi_writer_string(mi, "data_url", data_url);
	}
	mi_writer_close(mi);
}
