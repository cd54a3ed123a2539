/*
 * The kernel domain's part of the client commands. cmd-*.c call these
 * for requests whose domain is LTTNG_DOMAIN_KERNEL (and for the session
 * life cycle); each returns LTTNG_OK or an LTTNG_ERR_* code.
 */
#ifndef SESSIOND_KERNEL_CMD_H
#define SESSIOND_KERNEL_CMD_H

#include <stdbool.h>
#include <stdint.h>

#include <lttng/tracker.h>

#include "wire-codec/wire-codec.h"
#include "sessiond-comm/message.h"
#include "sessiond-comm/codec.h"

struct session;
struct domain;

/* The session's kernel domain (for listing channels and rules). */
int kernel_cmd_find_domain(struct session *session, struct domain **out);

int kernel_cmd_enable_channel(struct session *session,
			      const struct lsc_channel *req);
int kernel_cmd_disable_channel(struct session *session, const char *channel);
int kernel_cmd_enable_event(struct session *session,
			    const struct lsc_target *target,
			    struct lsc_event *spec);
int kernel_cmd_disable_event(struct session *session,
			     const struct lsc_target *target,
			     const struct lsc_event *spec);
int kernel_cmd_add_context(struct session *session,
			   const struct lsc_target *target,
			   const struct lsc_context *spec);

/*
 * Changes a process attribute tracker (LSC_CMD_PROCESS_ATTR_TRACKER_CHANGE):
 * its policy, or adds/removes one value (type and id, or a user/group
 * name). LTTNG_OK or an LTTNG_ERR_* code.
 */
int kernel_cmd_tracker_change(struct session *session,
			      enum lttng_process_attr attr,
			      enum lsc_tracker_operation operation,
			      enum lttng_tracking_policy policy,
			      enum lttng_process_attr_value_type type,
			      int64_t id, const char *name);

/* A tracker's policy and values (LSC_CMD_PROCESS_ATTR_TRACKER_LIST). */
int kernel_cmd_tracker_list(struct session *session,
			    enum lttng_process_attr attr,
			    struct wire_buf *reply);

/* track/untrack --kernel --pid (pid -1: --all). */
int kernel_cmd_track_pid(struct session *session, int pid, bool track);

/* The tracker's state: i32 all, u32 count, count x i32 pid. */
int kernel_cmd_list_tracker_pids(struct session *session,
				 struct wire_buf *reply);

/* Session life cycle: no-ops for sessions without kernel channels. */
int kernel_cmd_start(struct session *session);
int kernel_cmd_stop(struct session *session);
void kernel_cmd_destroy(struct session *session);
/*
 * lttng regenerate statedump: the kernel state dump is recorded again
 * (kernel-statedump.h). LTTNG_OK (also without kernel channels) or
 * LTTNG_ERR_KERN_CONSUMER_FAIL.
 */
int kernel_cmd_regenerate_statedump(struct session *session);
/*
 * Session rotation and clear: the kernel consumer ends the current trace
 * chunk and continues in chunk_path (NULL: none until the next call).
 * flags: CONSUMER_ROTATE_*. LTTNG_OK or LTTNG_ERR_ROTATION_FAIL_CONSUMER.
 */
int kernel_cmd_rotate(struct session *session, const char *chunk_path,
		      uint32_t flags);
/* Clear of a snapshot session: its kernel buffers' contents go. */
int kernel_cmd_clear_buffers(struct session *session);
/*
 * lttng regenerate metadata (after daemon_clock_resample()): the kernel
 * trace's metadata declares its clock's new Epoch offset and is written
 * again. LTTNG_OK (also without kernel channels) or
 * LTTNG_ERR_KERN_CONSUMER_FAIL.
 */
int kernel_cmd_regenerate_metadata(struct session *session);

struct channel;
/*
 * Snapshots (cmd-snapshot.c): the session's kernel channels (NULL when
 * none), and writing their buffers into <dir>/kernel (at most
 * max_packets per stream, 0: all). LTTNG_OK or LTTNG_ERR_SNAPSHOT_FAIL.
 */
const struct channel *kernel_cmd_channels(const struct session *session);
int kernel_cmd_snapshot(struct session *session, const char *dir,
			uint64_t max_packets);

/*
 * A kernel channel's losses for `lttng list`: discarded events and lost
 * packets (0 when the session never started).
 */
void kernel_cmd_channel_stats(struct session *session, const char *channel,
			      uint64_t *discarded_events,
			      uint64_t *lost_packets);

/* Whether the session has kernel channels. */
int kernel_cmd_channel_count(const struct session *session);

/* Appends the kernel tracepoints (count + events) to reply. */
int kernel_cmd_list_tracepoints(struct wire_buf *reply);

/* Appends the system calls tracefs can record (count + events). */
int kernel_cmd_list_syscalls(struct wire_buf *reply);

#endif /* SESSIOND_KERNEL_CMD_H */
