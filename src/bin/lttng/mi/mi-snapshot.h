/*
 * `lttng --mi xml snapshot ACTION`: <snapshot_action> with the action's
 * name and, in its <output>, the output added, deleted or listed, or
 * the snapshot recorded.
 */
#ifndef LTTNG_CLI_MI_SNAPSHOT_H
#define LTTNG_CLI_MI_SNAPSHOT_H

#include <lttng/lttng.h>

/* Begin the document for action; end it with mi_command_end. */
void mi_snapshot_begin(const char *action);

/* add-output: the output as the command sent it, with its new id. */
void mi_snapshot_added(const struct lttng_snapshot_output *output,
		       const char *session);

/* del-output: by id (when id is not 0) or by name. */
void mi_snapshot_deleted(uint32_t id, const char *name, const char *session);

/* list-output: the session's outputs. */
void mi_snapshot_listed(const char *session,
			struct lttng_snapshot_output_list *list);

/*
 * record: the snapshot element LTTng writes, with the URL(s) the
 * command gave (url, or ctrl_url and data_url; NULL when not given).
 */
void mi_snapshot_recorded(const char *url, const char *ctrl_url,
			  const char *data_url);

#endif /* LTTNG_CLI_MI_SNAPSHOT_H */
