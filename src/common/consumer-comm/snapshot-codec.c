/*
 * Implementation of snapshot-codec.h: the fields in declaration order.
 */
#include <errno.h>

#include "consumer-comm/snapshot-codec.h"

void consumer_put_snapshot_desc(struct wire_buf *buf,
				const struct consumer_snapshot_desc *d)
{
	wire_put_u64(buf, d->key);
	wire_put_str(buf, d->output_dir);
	wire_put_u64(buf, d->max_packets);
	wire_put_u32(buf, d->flush);
	wire_put_u32(buf, d->output_uid);
	wire_put_u32(buf, d->output_gid);
}

int consumer_get_snapshot_desc(struct wire_cursor *cur,
			       struct consumer_snapshot_desc *d)
{
	if (wire_get_u64(cur, &d->key) ||
	    wire_get_str(cur, d->output_dir, sizeof(d->output_dir)) ||
	    wire_get_u64(cur, &d->max_packets) || wire_get_u32(cur, &d->flush) ||
	    wire_get_u32(cur, &d->output_uid) ||
	    wire_get_u32(cur, &d->output_gid))
		return -EBADMSG;
	if (d->flush > 1 || d->output_dir[0] != '/')
		return -EBADMSG;
	return 0;
}
