/*
 * Session rotation and clear on the consumer's side of a user space
 * channel: the stream files of the current trace chunk are completed up
 * to a packet boundary taken at the request (or that data is dropped for
 * a clear), closed, and the streams continue into files of the next
 * chunk (in the channel's directory there). ust-consumer.c calls it with
 * ust_channels_lock held.
 */
#ifndef CONSUMERD_UST_CHANNEL_ROTATE_H
#define CONSUMERD_UST_CHANNEL_ROTATE_H

#include <stdint.h>

#include "ust-channel.h"

/*
 * flags: CONSUMER_ROTATE_*; next NULL leaves the channel without files
 * until a later rotation gives it some. A clear (CONSUMER_ROTATE_DISCARD)
 * of a channel without files only empties its buffers. 0 or -errno
 * (logged).
 */
int ust_channel_rotate(struct ust_channel *chan, uint32_t flags,
		       const struct registered_chunk *next);

#endif /* CONSUMERD_UST_CHANNEL_ROTATE_H */
