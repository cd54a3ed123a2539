/*
 * The consumer side of the ring buffer: wait for, get, read and put back
 * the complete packets of a stream; read a snapshot of all of them; buffer
 * statistics for monitoring; crash recovery after the producers died. One
 * consumer per stream (the consumer daemon); producer.c explains the
 * protocol. Closing a partial packet (stop, switch timer) is
 * rb_stream_switch() in producer.h.
 */
#ifndef RINGBUFFER_CONSUMER_H
#define RINGBUFFER_CONSUMER_H

#include "ringbuffer/producer.h"

/* A complete packet lent to the consumer between get and put. */
struct rb_packet {
	const void *data;      /* starts with the packet header */
	uint64_t seq;	       /* packet_seq_num */
	uint64_t content_size; /* bytes of header, context and records */
	uint64_t packet_size;  /* bytes to write out (content, page padded) */
};

struct rb_stream_stats {
	uint64_t produced;	 /* write position: bytes reserved so far */
	uint64_t consumed;	 /* read position */
	uint64_t usage;		 /* produced - consumed: bytes in the buffer */
	uint64_t bytes_consumed; /* packet_size of every packet put back */
	uint64_t discarded_events; /* records dropped (discard mode, wrap) */
	uint64_t lost_packets;	   /* overwritten before being consumed */
};

/*
 * Lends the next complete packet of the stream in *p, in stream order.
 * Returns 0, -EAGAIN when none is ready yet, -EBUSY when the
 * previous one was not put back, or -EPROTO when the stream's shared
 * memory holds a value out of range (a hostile or broken producer:
 * reported once, then the stream is never read again). In overwrite
 * mode a packet is ready once delivered: a complete one whose delivery
 * is under way is -EAGAIN too (its deliverer signals the eventfd when
 * done: retry then, or on a timer), never skipped; packets that
 * producers reclaimed first are skipped (their seq numbers are missing).
 */
int rb_stream_get(struct rb_stream *s, struct rb_packet *p);

/* Gives the packet from rb_stream_get back to the producers. */
void rb_stream_put(struct rb_stream *s);

/*
 * Waits up to timeout_ms (-1: forever) for a producer to signal a
 * completed packet on the stream's eventfd, then clears the signal.
 * Returns 0, -ETIMEDOUT, or a negative errno from poll(). With
 * RB_WAKEUP_NONE nobody signals: poll rb_stream_get on a read timer.
 */
int rb_stream_wait(struct rb_stream *s, int timeout_ms);

/* Called once per packet of a snapshot; a non-zero return stops it. */
typedef int (*rb_snapshot_fn)(const struct rb_packet *p, void *arg);

/*
 * Closes the current packet, then shows every complete packet still in
 * the buffer to cb, oldest first, without consuming them (in overwrite
 * mode, waiting for a delivery under way, up to a second). The stream
 * must not hold a packet from rb_stream_get. Returns the number of
 * packets shown, or cb's non-zero return, or -EPROTO (see
 * rb_stream_get).
 */
int rb_stream_snapshot(struct rb_stream *s, rb_clock_fn clock,
		       rb_snapshot_fn cb, void *arg);

/*
 * Like rb_stream_snapshot(), but shows only the max_packets newest
 * complete packets (0: every one), oldest first: a snapshot capped in
 * size.
 */
int rb_stream_snapshot_newest(struct rb_stream *s, rb_clock_fn clock,
			      uint64_t max_packets, rb_snapshot_fn cb,
			      void *arg);

void rb_stream_stats(const struct rb_stream *s, struct rb_stream_stats *st);

/*
 * After every producer of the stream died (the session daemon says so):
 * makes each packet a dead producer left incomplete deliverable, truncated
 * to the prefix in which every record is committed (the records past it,
 * and at least one for each dead reservation, are counted as discarded),
 * and closes the current packet. Returns the number of packets repaired.
 * No producer may be running on the stream.
 */
int rb_stream_recover(struct rb_stream *s, rb_clock_fn clock);

/* What rb_stream_recover_report() dropped. */
struct rb_recover_report {
	uint64_t packets;	   /* packets cut (the return value) */
	uint64_t bytes_dropped;	   /* reserved bytes past the kept prefixes */
	uint64_t events_discarded; /* counted as discarded for them */
};

/* rb_stream_recover(), saying in *report what was dropped. */
int rb_stream_recover_report(struct rb_stream *s, rb_clock_fn clock,
			     struct rb_recover_report *report);

/*
 * Before rb_stream_recover() on memory that may be damaged (the files
 * of a crashed session, lttng-crash): checks that the read and write
 * positions, each packet's commit count and (overwrite mode) each
 * slot's sub-buffer are ones recovery can work with. 0, or -EPROTO with
 * rb_last_error() saying what is wrong.
 */
int rb_stream_check_recoverable(struct rb_stream *s);

#endif /* RINGBUFFER_CONSUMER_H */
