/*
 * Implementation of ust-channel-rotate.h.
 *
 * Where a chunk ends in a stream: the request closes the stream's open
 * packet (rb_stream_flush: an idle stream gets an empty packet, so every
 * stream file of the chunk says when the chunk ended; a clear uses
 * rb_stream_switch), then reads the write position. Every packet that
 * starts before that position's packet belongs to the chunk: it holds
 * records reserved before the request returned, or racing it. The
 * packets from there on belong to the next chunk. Each packet goes to
 * exactly one chunk, so no record is lost or written twice.
 *
 *   packets:  | p0 | p1 | p2 (closed by the request) | p3 (producers) ...
 *             '---- old chunk files ---------------'  '--- new chunk ---'
 *
 * A producer may still be committing into a closed packet; the drain
 * waits for it (at most CHUNK_END_WAIT_MS, in case the producer died).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "consumer-comm/consumer-protocol.h"
#include "ringbuffer/consumer.h"
#include "stream-output.h"
#include "ust-channel-rotate.h"
#include "util/log.h"

#define CHUNK_END_WAIT_MS 500

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static void pause_briefly(void)
{
	const struct timespec pause = {0, 500000};

	nanosleep(&pause, NULL);
}

/* Writes (or drops) every packet of stream i before packet end_index. */
static void drain_until(struct ust_channel *chan, unsigned int i,
			uint64_t end_index, bool discard)
{
	struct rb_stream *s = &chan->rb->streams[i];
	uint64_t deadline = now_ms() + CHUNK_END_WAIT_MS;
	struct rb_stream_stats st;
	struct rb_packet pkt;
	int ret;

	for (;;) {
		rb_stream_stats(s, &st);
		if ((st.consumed >> s->subbuf_order) >= end_index)
			return;
		ret = rb_stream_get(s, &pkt);
		if (ret == 0) {
			if (!discard && !chan->output_failed &&
			    stream_output_write(chan->streams[i], &pkt))
				chan->output_failed = true;
			rb_stream_put(s);
			continue;
		}
		if (ret == -EPROTO)
			return; /* damaged by a producer: read no more */
		if (now_ms() > deadline) {
			WARN("Channel %s, stream %u: a packet of the trace "
			     "chunk stays incomplete; it goes to the next one",
			     chan->name, i);
			return;
		}
		pause_briefly();
	}
}

/* Ends the current chunk in stream i: close, then drain up to there. */
static void end_chunk_in_stream(struct ust_channel *chan, unsigned int i,
				bool discard)
{
	struct rb_stream *s = &chan->rb->streams[i];
	uint64_t end;

	if (discard)
		rb_stream_switch(s, chan->trace_clock);
	else
		rb_stream_flush(s, chan->trace_clock);
	end = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE) >>
	      s->subbuf_order;
	drain_until(chan, i, end, discard);
}

int ust_channel_rotate(struct ust_channel *chan, uint32_t flags,
		       const struct registered_chunk *next)
{
	bool discard = flags & CONSUMER_ROTATE_DISCARD;
	bool had_files = ust_channel_has_files(chan);
	int ret = 0;

	if (had_files) {
		for (unsigned int i = 0; i < chan->nr_streams; i++)
			end_chunk_in_stream(chan, i, discard);
		stream_output_close(chan->streams, chan->nr_streams);
	} else if (discard) {
		/* no files: a clear still empties the buffers */
		for (unsigned int i = 0; i < chan->nr_streams; i++)
			end_chunk_in_stream(chan, i, true);
	}
	DBG("Channel %s (key %llu): trace chunk ended%s", chan->name,
	    (unsigned long long)chan->key, discard ? " (cleared)" : "");
	/* The ended chunk misses packets the disk refused: say so. */
	if (had_files && !discard && chan->output_failed)
		ret = -EIO;
	/* without files (snapshot mode): only the buffers are cleared */
	if (!next || (discard && !had_files) || chan->snapshot_only)
		return ret;
	return ust_channel_open_files(chan, next) ?: ret;
}
