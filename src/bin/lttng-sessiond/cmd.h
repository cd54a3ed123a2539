/*
 * The client commands of the session daemon. client.c decodes the
 * header, picks the handler by command and sends the reply; a handler
 * decodes its own payload from ctx->req, appends its reply payload to
 * ctx->reply and returns LTTNG_OK or an LTTNG_ERR_* code. A payload that
 * does not decode exactly gives LTTNG_ERR_INVALID_PROTOCOL.
 */
#ifndef SESSIOND_CMD_H
#define SESSIOND_CMD_H

#include <sys/types.h>

#include "wire-codec/wire-codec.h"

struct cmd_ctx {
	struct wire_cursor req;
	struct wire_buf *reply;
	uid_t uid; /* the client's credentials (SO_PEERCRED) */
	gid_t gid;
};

typedef int (*cmd_handler)(struct cmd_ctx *ctx);

/* cmd-session.c */
int cmd_create_session(struct cmd_ctx *ctx);
int cmd_destroy_session(struct cmd_ctx *ctx);
int cmd_list_sessions(struct cmd_ctx *ctx);
int cmd_start_trace(struct cmd_ctx *ctx);
int cmd_stop_trace(struct cmd_ctx *ctx);
int cmd_data_pending(struct cmd_ctx *ctx);
int cmd_list_domains(struct cmd_ctx *ctx);

/* cmd-rotation.c */
int cmd_rotate_session(struct cmd_ctx *ctx);
int cmd_rotation_get_info(struct cmd_ctx *ctx);
int cmd_rotation_set_schedule(struct cmd_ctx *ctx);
int cmd_list_rotation_schedules(struct cmd_ctx *ctx);
int cmd_clear_session(struct cmd_ctx *ctx);

/* cmd-channel.c */
int cmd_enable_channel(struct cmd_ctx *ctx);
int cmd_disable_channel(struct cmd_ctx *ctx);
int cmd_list_channels(struct cmd_ctx *ctx);

/* cmd-event.c */
int cmd_enable_event(struct cmd_ctx *ctx);
int cmd_disable_event(struct cmd_ctx *ctx);
int cmd_list_events(struct cmd_ctx *ctx);
int cmd_add_context(struct cmd_ctx *ctx);
int cmd_list_tracepoints(struct cmd_ctx *ctx);
int cmd_list_tracepoint_fields(struct cmd_ctx *ctx);
int cmd_list_syscalls(struct cmd_ctx *ctx);

/* cmd-tracker.c */
int cmd_track_pid(struct cmd_ctx *ctx);
int cmd_untrack_pid(struct cmd_ctx *ctx);
int cmd_list_tracker_pids(struct cmd_ctx *ctx);
int cmd_process_attr_tracker_change(struct cmd_ctx *ctx);
int cmd_process_attr_tracker_list(struct cmd_ctx *ctx);

/* cmd-snapshot.c */
int cmd_snapshot_add_output(struct cmd_ctx *ctx);
int cmd_snapshot_del_output(struct cmd_ctx *ctx);
int cmd_snapshot_list_output(struct cmd_ctx *ctx);
int cmd_snapshot_record(struct cmd_ctx *ctx);

/* cmd-save.c */
int cmd_save_session(struct cmd_ctx *ctx);

/* cmd-regenerate.c */
int cmd_regenerate_metadata(struct cmd_ctx *ctx);
int cmd_regenerate_statedump(struct cmd_ctx *ctx);

/* cmd-session.c */
int cmd_set_session_shm_path(struct cmd_ctx *ctx);
int cmd_set_consumer_url(struct cmd_ctx *ctx);

struct session;
struct lsc_target;

/* Decode a target and find its session (cmd_find_session). */
int cmd_decode_target(struct cmd_ctx *ctx, struct lsc_target *target,
		      struct session **session);

/*
 * The session a client names, for a command on it: LTTNG_OK,
 * LTTNG_ERR_SESS_NOT_FOUND, or LTTNG_ERR_EPERM when the session is
 * another user's (session_access_ok), as LTTng answers (the session is
 * not listed to that client either).
 */
int cmd_find_session(const struct cmd_ctx *ctx, const char *name,
		     struct session **session);

/* The handler of a command number, NULL when there is none. */
cmd_handler cmd_lookup(uint32_t command);

#endif /* SESSIOND_CMD_H */
