/*
 * Implementation of snapshot-codec.h: the fields in declaration order.
 */
#include "sessiond-comm/snapshot-codec.h"

void lsc_put_snapshot_output(struct wire_buf *buf,
			     const struct lsc_snapshot_output *output)
{
	wire_put_u32(buf, output->id);
	wire_put_u64(buf, output->max_size);
	wire_put_str(buf, output->name);
	wire_put_str(buf, output->ctrl_url);
	wire_put_str(buf, output->data_url);
}

int lsc_get_snapshot_output(struct wire_cursor *cur,
			    struct lsc_snapshot_output *output)
{
	int ret = wire_get_u32(cur, &output->id);

	if (!ret)
		ret = wire_get_u64(cur, &output->max_size);
	if (!ret)
		ret = wire_get_str(cur, output->name, sizeof(output->name));
	if (!ret)
		ret = wire_get_str(cur, output->ctrl_url,
				  sizeof(output->ctrl_url));
	if (!ret)
		ret = wire_get_str(cur, output->data_url,
				  sizeof(output->data_url));
	return ret;
}
