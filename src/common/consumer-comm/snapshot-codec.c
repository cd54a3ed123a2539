/*
 * Implementation of snapshot-codec.h: the fields in declaration order.
 */
#include <errno.h>

#include "consumer-comm/snapshot-codec.h"

void consumer_put_snapshot_desc(struct wire_buf *buf,
				const struct consumer_snapshot_desc *d)
{
	wire_put_u64(buf, d->key);
	wire_put_u64(buf, d->chunk_id);
	wire_put_u64(buf, d->max_packets);
	wire_put_u32(buf, d->flush);
}

int consumer_get_snapshot_desc(struct wire_cursor *cur,
			       struct consumer_snapshot_desc *d)
{
	if (wire_get_u64(cur, &d->key) || wire_get_u64(cur, &d->chunk_id) ||
	    wire_get_u64(cur, &d->max_packets) || wire_get_u32(cur, &d->flush))
		return -EBADMSG;
	if (d->flush > 1 || d->chunk_id == CONSUMER_CHUNK_NONE)
		return -EBADMSG;
	return 0;
}
