/*
 * Encoding and validation of the consumer protocol's trace chunk
 * payloads (consumer-protocol.h), the same for both domains:
 * CONSUMER_CMD_CHUNK_CREATE, CHUNK_CLOSE and CHUNK_EXISTS (and its
 * reply), and the rotation of a channel or a metadata stream to a chunk
 * (CONSUMER_CMD_CHANNEL_ROTATE, METADATA_ROTATE). Used by lttng-sessiond
 * (encode) and lttng-consumerd (decode). Each decoder reads a whole
 * payload and refuses a truncated one, trailing bytes, a string that
 * does not fit or holds a NUL, and values out of range (a chunk id of
 * CONSUMER_CHUNK_NONE where a chunk is named, a relative output, a
 * negative time, an unknown close command or flag) with -EBADMSG
 * (-EMSGSIZE for an overlong string).
 */
#ifndef CONSUMER_COMM_CHUNK_CODEC_H
#define CONSUMER_COMM_CHUNK_CODEC_H

#include <stdbool.h>
#include <stddef.h>

#include "consumer-comm/consumer-protocol.h"
#include "wire-codec/wire-codec.h"

void consumer_put_chunk_desc(struct wire_buf *buf,
			     const struct consumer_chunk_desc *d);
int consumer_get_chunk_desc(const void *payload, size_t len,
			    struct consumer_chunk_desc *d);

void consumer_put_chunk_close(struct wire_buf *buf,
			      const struct consumer_chunk_close *d);
int consumer_get_chunk_close(const void *payload, size_t len,
			     struct consumer_chunk_close *d);

void consumer_put_chunk_ref(struct wire_buf *buf,
			    const struct consumer_chunk_ref *d);
int consumer_get_chunk_ref(const void *payload, size_t len,
			   struct consumer_chunk_ref *d);
/* CHUNK_EXISTS's reply: u32 1 or 0. */
void consumer_put_chunk_exists_reply(struct wire_buf *buf, bool exists);
int consumer_get_chunk_exists_reply(const void *payload, size_t len,
				    bool *exists);

void consumer_put_rotate_desc(struct wire_buf *buf,
			      const struct consumer_rotate_desc *d);
int consumer_get_rotate_desc(const void *payload, size_t len,
			     struct consumer_rotate_desc *d);

/* trace-chunk.h's description of the chunk d announces. */
struct trace_chunk_desc
consumer_chunk_desc_to_trace_chunk(const struct consumer_chunk_desc *d);

#endif /* CONSUMER_COMM_CHUNK_CODEC_H */
