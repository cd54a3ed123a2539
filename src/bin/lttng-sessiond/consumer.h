/*
 * The user space consumer daemon as the session daemon drives it: where
 * lttng-consumerd is, spawning it on first use (one end of a socketpair
 * as --sessiond-fd), and the requests of consumer-comm/client.h made
 * thread safe (the client thread and the notify thread both use it).
 * Stopping closes the socket: the consumer flushes and exits.
 */
#ifndef SESSIOND_CONSUMER_H
#define SESSIOND_CONSUMER_H

#include <stdbool.h>
#include <sys/types.h>
#include <stddef.h>
#include <stdint.h>

#include "consumer-comm/consumer-protocol.h"

#define CONSUMERD_RELATIVE_PATH "../lib/lttng/libexec/lttng-consumerd"
/* In the meson build tree, beside src/bin/lttng-sessiond. */
#define CONSUMERD_BUILD_TREE_PATH "../lttng-consumerd/lttng-consumerd"

/*
 * Resolve the 64-bit consumer: option_path when given (it must then be
 * executable), else lttng-consumerd relative to our own executable
 * (<bindir>/../lib/lttng/libexec/, or the build tree's). Writes "" into
 * buf when there is none. Returns 0, or -ENOENT when option_path was
 * given but is not an executable file.
 */
int consumer_find_path(const char *option_path, char *buf, size_t len);

/*
 * --consumerd64-libdir (LTTNG_CONSUMERD64_LIBDIR): put the directory in
 * front of LD_LIBRARY_PATH, which both consumers (user space and
 * kernel) inherit. Call before any thread starts. 0 or -1 (logged).
 */
int consumer_set_library_dir(void);

/* Spawns the consumer when it does not run yet. 0 or -errno (logged). */
int consumer_ensure_started(void);
/* Closes the socket and waits for the consumer to exit. */
void consumer_stop(void);
/* Whether consumer_stop() was called: exits are expected from then. */
bool consumer_is_stopping(void);
/*
 * A consumer that this daemon spawned exited (consumer-watch.h): reaps
 * it if nobody did yet (*status: its wait status, -1 when unknown) and
 * forgets its socket. Returns whether the exit is a loss (it was not
 * stopped by consumer_stop()).
 */
bool consumer_reap_exited(pid_t pid, int *status);
/* The pid of the running consumer, -1 when none runs. */
pid_t consumer_current_pid(void);

/* consumer-comm/client.h calls, serialized; -ENOTCONN without consumer. */
int consumer_channel_create(const struct consumer_channel_desc *desc, int *fds);
int consumer_channel_flush(uint64_t key);
int consumer_channel_recover(uint64_t key);
int consumer_channel_destroy(uint64_t key);
int consumer_data_pending(uint64_t key, bool *pending);
int consumer_metadata_create(const struct consumer_metadata_desc *desc);
int consumer_metadata_push(uint64_t key, const char *text, size_t len);
/* Replaces the whole text of a metadata (lttng regenerate metadata). */
int consumer_metadata_regenerate(uint64_t key, const char *text, size_t len);
int consumer_metadata_destroy(uint64_t key);
int consumer_channel_stats(uint64_t key, uint64_t *discarded_events,
			   uint64_t *lost_packets);
/* CONSUMER_CMD_CHANNEL_SNAPSHOT or CONSUMER_CMD_METADATA_SNAPSHOT. */
int consumer_snapshot(uint32_t command,
		      const struct consumer_snapshot_desc *desc);
/*
 * Session rotation and clear (consumer-protocol.h): CONSUMER_CMD_CHANNEL_
 * or METADATA_ROTATE.
 */
int consumer_rotate(uint32_t command, const struct consumer_rotate_desc *desc);
/*
 * Trace chunks: the consumer holds desc's chunk from now on. 0 when no
 * consumer runs (the first buffer set announces the session's chunk to
 * the one it starts), and when it held it already if may_hold (else
 * -EEXIST).
 */
int consumer_chunk_create(const struct consumer_chunk_desc *desc,
			  bool may_hold);
/*
 * The consumer lets the chunk go, if it holds it (it may have been
 * started, or restarted after a loss, since the chunk began). 0 or
 * -errno.
 */
int consumer_chunk_close(const struct consumer_chunk_close *desc);

#endif /* SESSIOND_CONSUMER_H */
