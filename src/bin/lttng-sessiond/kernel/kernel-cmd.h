/*
 * The kernel domain's part of the client commands: its entry of the
 * domain table (domain.h), which cmd-*.c use for requests whose domain
 * is LTTNG_DOMAIN_KERNEL, and the session life cycle; each returns
 * LTTNG_OK or an LTTNG_ERR_* code.
 */
#ifndef SESSIOND_KERNEL_CMD_H
#define SESSIOND_KERNEL_CMD_H

#include <stdbool.h>
#include <stdint.h>

#include <lttng/tracker.h>

#include "consumer-comm/consumer-protocol.h"
#include "wire-codec/wire-codec.h"
#include "sessiond-comm/message.h"
#include "sessiond-comm/codec.h"
#include "../domain.h"

struct session;

/* The kernel domain's entry of the domain table (domain.h). */
extern const struct domain_ops kernel_domain_ops;

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
 * chunk and continues in chunk_id (CONSUMER_CHUNK_NONE: none until the
 * next call). flags: CONSUMER_ROTATE_*. LTTNG_OK or
 * LTTNG_ERR_ROTATION_FAIL_CONSUMER.
 */
int kernel_cmd_rotate(struct session *session, uint64_t chunk_id,
		      uint32_t flags);
/*
 * The session's trace chunks at its kernel consumer (kernel-consumer.h):
 * LTTNG_OK, also without kernel consumer.
 */
int kernel_cmd_chunk_create(struct session *session,
			    const struct consumer_chunk_desc *desc);
int kernel_cmd_chunk_close(struct session *session,
			   const struct consumer_chunk_close *desc);
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
 * none), and writing their buffers into kernel/ of the snapshot's chunk
 * (at most max_packets per stream, 0: all). LTTNG_OK or
 * LTTNG_ERR_SNAPSHOT_FAIL.
 */
const struct channel *kernel_cmd_channels(const struct session *session);
int kernel_cmd_snapshot(struct session *session,
			const struct consumer_chunk_desc *chunk,
			uint64_t max_packets);

/* Whether the session has kernel channels. */
int kernel_cmd_channel_count(const struct session *session);

/* Appends the system calls tracefs can record (count + events). */
int kernel_cmd_list_syscalls(struct wire_buf *reply);

#endif /* SESSIOND_KERNEL_CMD_H */
