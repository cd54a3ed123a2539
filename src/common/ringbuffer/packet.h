/*
 * Packet operations shared by the write side (producer.c) and crash
 * recovery (consumer.c): running the begin and end hooks on a packet and
 * recording what its physical sub-buffer holds. Internal to the ring
 * buffer; the hooks themselves are declared in channel.h.
 */
#ifndef RINGBUFFER_PACKET_H
#define RINGBUFFER_PACKET_H

#include "ringbuffer/channel.h"

/* The packet_size of content bytes: LTTng pads to a page, up to S. */
uint64_t rb_packet_size_of(const struct rb_stream *s, uint64_t content);

/*
 * Runs the begin hook of the packet starting at stream offset begin (a
 * sub-buffer boundary), on the physical sub-buffer its slot writes to.
 */
void rb_packet_begin(struct rb_stream *s, uint64_t begin, uint64_t ts);

/*
 * Runs the end hook of packet gidx with content bytes used and records
 * them in its physical sub-buffer's rb_shm_phys. Commits nothing: the
 * caller commits afterwards, which publishes both. events_discarded is
 * the stream's discarded count sampled between the caller's read of
 * offset and its CAS closing the packet: the packets of a stream then
 * carry non-decreasing counts even when closed in another order.
 */
void rb_packet_end(struct rb_stream *s, uint64_t gidx, uint64_t content,
		   uint64_t ts, uint64_t events_discarded);

/*
 * Crash recovery: runs the end hook again on the closed packet that phys
 * describes, with its recorded values but events_discarded. Leaves the
 * sub-buffer's ownership (RB_NOREF) alone.
 */
void rb_packet_set_discarded(struct rb_stream *s, struct rb_shm_phys *phys,
			     uint64_t events_discarded);

#endif /* RINGBUFFER_PACKET_H */
