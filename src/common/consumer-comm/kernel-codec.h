/*
 * Encoding and validation of the kernel domain's payloads of the
 * consumer protocol (consumer-protocol.h, CONSUMER_CMD_KERNEL_*). Used by
 * lttng-sessiond (encode) and the kernel consumer (decode). Each decoder
 * reads a whole payload: it refuses a truncated one, trailing bytes,
 * strings that do not fit or hold a NUL, counts over the protocol's
 * limits or over what the remaining bytes could hold, and values out of
 * range, with -EBADMSG (-EMSGSIZE for an overlong string, -ENOMEM), and
 * then leaves nothing allocated. What a decoder allocated is released by
 * the matching _fini.
 */
#ifndef CONSUMER_COMM_KERNEL_CODEC_H
#define CONSUMER_COMM_KERNEL_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "consumer-comm/consumer-protocol.h"
#include "wire-codec/wire-codec.h"

void consumer_put_kernel_trace_desc(struct wire_buf *buf,
				    const struct consumer_kernel_trace_desc *d);
int consumer_get_kernel_trace_desc(const void *payload, size_t len,
				   struct consumer_kernel_trace_desc *d);

void consumer_put_kernel_channel_desc(
	struct wire_buf *buf, const struct consumer_kernel_channel_desc *d);
int consumer_get_kernel_channel_desc(const void *payload, size_t len,
				     struct consumer_kernel_channel_desc *d);
void consumer_kernel_channel_desc_fini(struct consumer_kernel_channel_desc *d);

void consumer_put_kernel_filter_desc(
	struct wire_buf *buf, const struct consumer_kernel_filter_desc *d);
int consumer_get_kernel_filter_desc(const void *payload, size_t len,
				    struct consumer_kernel_filter_desc *d);
void consumer_kernel_filter_desc_fini(struct consumer_kernel_filter_desc *d);

void consumer_put_kernel_tracker_desc(
	struct wire_buf *buf, const struct consumer_kernel_tracker_desc *d);
int consumer_get_kernel_tracker_desc(const void *payload, size_t len,
				     struct consumer_kernel_tracker_desc *d);
void consumer_kernel_tracker_desc_fini(struct consumer_kernel_tracker_desc *d);

void consumer_put_kernel_statedump_desc(
	struct wire_buf *buf, const struct consumer_kernel_statedump_desc *d);
int consumer_get_kernel_statedump_desc(
	const void *payload, size_t len,
	struct consumer_kernel_statedump_desc *d);
void consumer_kernel_statedump_desc_fini(
	struct consumer_kernel_statedump_desc *d);

/* CONSUMER_CMD_KERNEL_SNAPSHOT: chunk_id not CONSUMER_CHUNK_NONE. */
void consumer_put_kernel_snapshot(struct wire_buf *buf, uint64_t chunk_id,
				  uint64_t max_packets);
int consumer_get_kernel_snapshot(const void *payload, size_t len,
				 uint64_t *chunk_id, uint64_t *max_packets);

/* CONSUMER_CMD_KERNEL_ROTATE: a chunk id, or CONSUMER_CHUNK_NONE. */
void consumer_put_kernel_rotate(struct wire_buf *buf, uint64_t chunk_id);
int consumer_get_kernel_rotate(const void *payload, size_t len,
			       uint64_t *chunk_id);

/* CONSUMER_CMD_KERNEL_CHANNEL_STATS: a channel name. */
void consumer_put_kernel_channel_name(struct wire_buf *buf, const char *name);
int consumer_get_kernel_channel_name(const void *payload, size_t len,
				     char name[CONSUMER_NAME_MAX]);
/* Its reply. */
void consumer_put_kernel_channel_stats(struct wire_buf *buf, uint64_t discarded,
				       uint64_t lost_packets);
int consumer_get_kernel_channel_stats(const void *payload, size_t len,
				      uint64_t *discarded,
				      uint64_t *lost_packets);

/* CONSUMER_CMD_KERNEL_METADATA_REGENERATE */
void consumer_put_kernel_clock_offset(struct wire_buf *buf, int64_t offset_s,
				      int64_t offset);
int consumer_get_kernel_clock_offset(const void *payload, size_t len,
				     int64_t *offset_s, int64_t *offset);

/* The commands without payload: 0, or -EBADMSG when len is not 0. */
int consumer_get_kernel_empty(const void *payload, size_t len);

#endif /* CONSUMER_COMM_KERNEL_CODEC_H */
