/*
 * The session daemon's side of the consumer protocol: one call per
 * request, each sending it and waiting for the reply on the consumer's
 * socket. Not thread safe: the caller serializes calls on one socket.
 * Returns 0 or the consumer's negative errno (or the socket's).
 */
#ifndef CONSUMER_COMM_CLIENT_H
#define CONSUMER_COMM_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "consumer-comm/consumer-protocol.h"

/*
 * Bounds every later wait for a reply: at most timeout_ms (0: no
 * bound), and cut short as soon as cancel_fd (-1: none; the session
 * daemon's stop request) is readable. A wait given up returns
 * -ECONNABORTED; the reply may still come later, so the caller must
 * stop using the socket.
 */
void consumer_client_set_reply_limits(int timeout_ms, int cancel_fd);

/*
 * Creates a channel; on success fds[2 * i] and fds[2 * i + 1] hold the
 * shm and wakeup fds of stream i (fds has 2 * desc->nr_streams slots,
 * owned by the caller).
 */
int consumer_client_channel_create(int sock,
				   const struct consumer_channel_desc *desc,
				   int *fds);
int consumer_client_channel_flush(int sock, uint64_t channel_key);
int consumer_client_channel_recover(int sock, uint64_t channel_key);
int consumer_client_channel_destroy(int sock, uint64_t channel_key);
int consumer_client_data_pending(int sock, uint64_t channel_key, bool *pending);
int consumer_client_metadata_create(int sock,
				    const struct consumer_metadata_desc *desc);
/* text[0..len) must be followed by a NUL or be NUL-free up to len. */
int consumer_client_metadata_push(int sock, uint64_t metadata_key,
				  const char *text, size_t len);
/*
 * The whole regenerated text: CONSUMER_CMD_METADATA_REGENERATE with its
 * first CONSUMER_METADATA_TEXT_CHUNK bytes, the rest (if any) appended
 * with CONSUMER_CMD_METADATA_PUSH, so any length fits the protocol.
 */
#define CONSUMER_METADATA_TEXT_CHUNK (CONSUMER_MAX_PAYLOAD / 2)
int consumer_client_metadata_regenerate(int sock, uint64_t metadata_key,
					const char *text, size_t len);
int consumer_client_metadata_destroy(int sock, uint64_t metadata_key);
int consumer_client_channel_stats(int sock, uint64_t channel_key,
				  uint64_t *discarded_events,
				  uint64_t *lost_packets);
/* CONSUMER_CMD_CHANNEL_SNAPSHOT or CONSUMER_CMD_METADATA_SNAPSHOT. */
int consumer_client_snapshot(int sock, uint32_t command,
			     const struct consumer_snapshot_desc *desc);
/*
 * CONSUMER_CMD_CHANNEL_ROTATE or CONSUMER_CMD_METADATA_ROTATE: the
 * object's streams to chunk desc->chunk_id (CONSUMER_CHUNK_NONE: no
 * files until the next rotation).
 */
int consumer_client_rotate(int sock, uint32_t command,
			   const struct consumer_rotate_desc *desc);
/* Trace chunks (consumer-protocol.h, CONSUMER_CMD_CHUNK_*). */
int consumer_client_chunk_create(int sock,
				 const struct consumer_chunk_desc *desc);
int consumer_client_chunk_close(int sock,
				const struct consumer_chunk_close *desc);
int consumer_client_chunk_exists(int sock, const struct consumer_chunk_ref *ref,
				 bool *exists);

#endif /* CONSUMER_COMM_CLIENT_H */
