/*
 * Encoding of struct consumer_snapshot_desc (consumer-protocol.h), the
 * payload of CONSUMER_CMD_CHANNEL_SNAPSHOT and
 * CONSUMER_CMD_METADATA_SNAPSHOT. Used by lttng-sessiond (encode) and
 * lttng-consumerd (decode).
 */
#ifndef CONSUMER_COMM_SNAPSHOT_CODEC_H
#define CONSUMER_COMM_SNAPSHOT_CODEC_H

#include "consumer-comm/consumer-protocol.h"
#include "wire-codec/wire-codec.h"

void consumer_put_snapshot_desc(struct wire_buf *buf,
				const struct consumer_snapshot_desc *desc);
/* 0 or -EBADMSG (bad flush value, no chunk named). */
int consumer_get_snapshot_desc(struct wire_cursor *cur,
			       struct consumer_snapshot_desc *desc);

#endif /* CONSUMER_COMM_SNAPSHOT_CODEC_H */
