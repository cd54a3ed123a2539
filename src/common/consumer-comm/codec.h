/*
 * Encoding and validation of the consumer protocol's payloads
 * (consumer-protocol.h) and its framing. Every decoder checks ranges and
 * refuses trailing bytes with -EBADMSG. Used by lttng-sessiond (encode
 * requests) and lttng-consumerd (decode them).
 */
#ifndef CONSUMER_COMM_CODEC_H
#define CONSUMER_COMM_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "consumer-comm/consumer-protocol.h"
#include "wire-codec/wire-codec.h"

/* A file name component: not empty, no '/', not "." or "..". */
bool consumer_is_file_name(const char *name);
/*
 * A directory in a trace chunk: relative, its components file names
 * ("ust/uid/1000/64-bit"), so that it stays in the chunk.
 */
bool consumer_is_chunk_dir(const char *path);

/*
 * Decodes a whole payload with get, which fills out from a cursor: its
 * error, or -EBADMSG for trailing bytes.
 */
int consumer_decode_whole(const void *payload, size_t len,
			  int (*get)(struct wire_cursor *cur, void *out),
			  void *out);

void consumer_put_channel_desc(struct wire_buf *buf,
			       const struct consumer_channel_desc *desc);
int consumer_get_channel_desc(struct wire_cursor *cur,
			      struct consumer_channel_desc *desc);

void consumer_put_metadata_desc(struct wire_buf *buf,
				const struct consumer_metadata_desc *desc);
int consumer_get_metadata_desc(struct wire_cursor *cur,
			       struct consumer_metadata_desc *desc);

/* A received message; payload is malloc'd (NULL when empty). */
struct consumer_message {
	uint32_t command; /* requests */
	int32_t code;	  /* replies */
	uint32_t payload_len;
	uint8_t *payload;
};

/* Send one request / reply; payload may be NULL. 0 or -errno. */
int consumer_send_request(int fd, uint32_t command,
			  const struct wire_buf *payload);
int consumer_send_reply(int fd, int32_t code, const struct wire_buf *payload);

/*
 * Receive one request / reply. -ECONNRESET when the peer closed,
 * -EBADMSG for an unknown command or a bad code, -EMSGSIZE for a
 * payload over CONSUMER_MAX_PAYLOAD.
 */
int consumer_recv_request(int fd, struct consumer_message *msg);
int consumer_recv_reply(int fd, struct consumer_message *msg);
void consumer_message_fini(struct consumer_message *msg);

/* Stream fds after a CHANNEL_CREATE reply: index + {shm, wakeup}. */
int consumer_send_stream_fds(int fd, uint32_t index, int shm_fd, int wakeup_fd);
int consumer_recv_stream_fds(int fd, uint32_t expected_index, int *shm_fd,
			     int *wakeup_fd);

#endif /* CONSUMER_COMM_CODEC_H */
