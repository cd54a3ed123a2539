/*
 * Test records and the packet checker of the ring buffer tests (see
 * records.h). Shared by every test program in this folder.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "records.h"

const uint8_t rec_test_uuid[16] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66,
				   0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc,
				   0xdd, 0xee, 0xf0, 0x01};

struct rb_channel *rec_channel_create(enum rb_mode mode, uint64_t subbuf_size,
				      uint64_t subbuf_count)
{
	struct rb_config conf = {
		.subbuf_size = subbuf_size,
		.subbuf_count = subbuf_count,
		.mode = mode,
		.nr_streams = 1,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.stream_id = 3,
	};
	struct rb_channel *chan;

	memcpy(conf.uuid, rec_test_uuid, sizeof(conf.uuid));
	assert_int_equal(rb_channel_create(&conf, &chan), 0);
	return chan;
}

uint64_t rec_clock_monotonic(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static uint32_t fnv1a(const unsigned char *p, size_t len)
{
	uint32_t h = 2166136261U;

	while (len--) {
		h ^= *p++;
		h *= 16777619U;
	}
	return h;
}

void rec_fill(char *dst, uint32_t producer, uint64_t seq, uint64_t ts)
{
	uint16_t n = (uint16_t)rec_random_len(producer, seq);
	uint32_t sum;
	uint16_t i;

	memcpy(dst, &producer, 4);
	memcpy(dst + 4, &seq, 8);
	memcpy(dst + 12, &ts, 8);
	memcpy(dst + 20, &n, 2);
	for (i = 0; i < n; i++)
		dst[22 + i] = (char)(seq * 31 + i * 7 + producer);
	sum = fnv1a((const unsigned char *)dst, 22U + n);
	memcpy(dst + 22 + n, &sum, 4);
}

/* Fills and commits a reserved record (ret: the reservation's result). */
static int fill_and_commit(int ret, struct rb_reserve_ctx *ctx,
			   uint32_t producer, uint64_t seq)
{
	if (ret)
		return ret;
	rec_fill(ctx->payload, producer, seq, ctx->ts);
	rb_commit(ctx);
	return 0;
}

int rec_emit_stream(struct rb_stream *s, uint32_t producer, uint64_t seq,
		    rb_clock_fn clock)
{
	struct rb_reserve_ctx ctx;
	uint32_t len = REC_FIXED_LEN + rec_random_len(producer, seq);

	return fill_and_commit(rb_stream_reserve(s, &ctx,
						 rec_event_id(producer, seq),
						 len, clock),
			       &ctx, producer, seq);
}

int rec_emit(struct rb_channel *chan, uint32_t producer, uint64_t seq,
	     rb_clock_fn clock)
{
	struct rb_reserve_ctx ctx;
	uint32_t len = REC_FIXED_LEN + rec_random_len(producer, seq);

	return fill_and_commit(rb_reserve(chan, &ctx,
					  rec_event_id(producer, seq), len,
					  clock),
			       &ctx, producer, seq);
}

void rec_tally_init(struct rec_tally *t, uint64_t max_seq)
{
	memset(t, 0, sizeof(*t));
	t->seen_cap = max_seq;
}

void rec_tally_free(struct rec_tally *t)
{
	unsigned int i;

	for (i = 0; i < REC_MAX_PRODUCERS; i++)
		free(t->seen[i]);
}

static uint64_t get_u64(const unsigned char *p, unsigned int off)
{
	uint64_t v;

	memcpy(&v, p + off, 8);
	return v;
}

static uint32_t get_u32(const unsigned char *p, unsigned int off)
{
	uint32_t v;

	memcpy(&v, p + off, 4);
	return v;
}

static void check_header(const struct rb_channel *chan, unsigned int stream,
			 const struct rb_packet *p, const unsigned char *d)
{
	const struct rb_shm_header *h = chan->streams[stream].shm;

	assert_int_equal(get_u32(d, CTF_PACKET_OFF_MAGIC), CTF_PACKET_MAGIC);
	assert_memory_equal(d + CTF_PACKET_OFF_UUID, h->uuid, 16);
	assert_int_equal(get_u32(d, CTF_PACKET_OFF_STREAM_ID), h->stream_id);
	assert_int_equal(get_u64(d, CTF_PACKET_OFF_STREAM_INSTANCE_ID), stream);
	assert_int_equal(get_u32(d, CTF_PACKET_OFF_CPU_ID), stream);
	assert_int_equal(get_u64(d, CTF_PACKET_OFF_CONTENT_SIZE),
			 p->content_size * 8);
	assert_int_equal(get_u64(d, CTF_PACKET_OFF_PACKET_SIZE),
			 p->packet_size * 8);
	assert_int_equal(p->packet_size % 4096, 0);
	assert_true(p->packet_size >= p->content_size);
	assert_int_equal(get_u64(d, CTF_PACKET_OFF_PACKET_SEQ_NUM), p->seq);
	assert_true(get_u64(d, CTF_PACKET_OFF_TIMESTAMP_END) >=
		    get_u64(d, CTF_PACKET_OFF_TIMESTAMP_BEGIN));
}

/* Parses one event header at d + pos; returns its length. */
static unsigned int parse_event_header(const unsigned char *d, uint64_t pos,
				       uint64_t prev, uint32_t *id,
				       uint64_t *ts)
{
	uint32_t word = get_u32(d, (unsigned int)pos);
	uint64_t low, mask = (1ULL << CTF_COMPACT_TS_BITS) - 1;

	if ((word & 31U) == CTF_COMPACT_ID_EXTENDED) {
		*id = get_u32(d, (unsigned int)pos + 1);
		*ts = get_u64(d, (unsigned int)pos + 5);
		return CTF_COMPACT_EXTENDED_HEADER_LEN;
	}
	*id = word & 31U;
	low = word >> CTF_COMPACT_ID_BITS;
	*ts = (prev & ~mask) | low;
	if (*ts < prev)
		*ts += mask + 1;
	return CTF_COMPACT_HEADER_LEN;
}

static void tally_record(struct rec_tally *t, unsigned int stream,
			 uint32_t producer, uint64_t seq)
{
	assert_true(producer < REC_MAX_PRODUCERS);
	if (t->last_seq[producer][stream] > seq)
		t->out_of_order = true;
	t->last_seq[producer][stream] = seq + 1;
	t->per_producer[producer]++;
	t->records++;
	if (t->seen_cap && !t->seen[producer])
		t->seen[producer] = calloc(t->seen_cap / 8 + 1, 1);
	if (t->seen[producer] && seq < t->seen_cap) {
		uint8_t bit = (uint8_t)(1U << (seq & 7));

		if (t->seen[producer][seq / 8] & bit)
			t->duplicate = true;
		t->seen[producer][seq / 8] |= bit;
	}
}

void rec_check_packet(struct rec_tally *t, const struct rb_channel *chan,
		      unsigned int stream, const struct rb_packet *p)
{
	const unsigned char *d = p->data;
	uint64_t prev = get_u64(d, CTF_PACKET_OFF_TIMESTAMP_BEGIN);
	uint64_t end = get_u64(d, CTF_PACKET_OFF_TIMESTAMP_END);
	uint64_t pos = CTF_PACKET_HEADER_LEN, ts, seq, payload_ts;
	uint32_t id, producer, sum;
	uint16_t n;
	unsigned int hlen;

	check_header(chan, stream, p, d);
	assert_true(stream < 8);
	if (p->seq < t->next_packet_seq[stream])
		t->out_of_order = true;
	else
		t->seq_gaps += p->seq - t->next_packet_seq[stream];
	t->next_packet_seq[stream] = p->seq + 1;
	assert_true(get_u64(d, CTF_PACKET_OFF_EVENTS_DISCARDED) >=
		    t->last_discarded[stream]);
	t->last_discarded[stream] = get_u64(d, CTF_PACKET_OFF_EVENTS_DISCARDED);
	while (pos < p->content_size) {
		hlen = parse_event_header(d, pos, prev, &id, &ts);
		pos += hlen;
		assert_true(pos + REC_FIXED_LEN <= p->content_size);
		memcpy(&producer, d + pos, 4);
		memcpy(&seq, d + pos + 4, 8);
		memcpy(&payload_ts, d + pos + 12, 8);
		memcpy(&n, d + pos + 20, 2);
		assert_int_equal(n, rec_random_len(producer, seq));
		assert_true(pos + REC_FIXED_LEN + n <= p->content_size);
		memcpy(&sum, d + pos + 22 + n, 4);
		assert_int_equal(sum, fnv1a(d + pos, 22U + n));
		assert_int_equal(id, rec_event_id(producer, seq));
		/* The rebuilt timestamp is the one the producer got. */
		assert_int_equal(ts, payload_ts);
		assert_true(ts >= prev && ts <= end);
		prev = ts;
		tally_record(t, stream, producer, seq);
		pos += REC_FIXED_LEN + n;
		t->record_bytes += hlen + REC_FIXED_LEN + n;
	}
	assert_int_equal(pos, p->content_size);
	t->packets++;
}

uint64_t rec_drain(struct rec_tally *t, struct rb_channel *chan)
{
	struct rb_packet p;
	uint64_t got = 0;
	unsigned int i;

	for (i = 0; i < chan->nr_streams; i++) {
		while (rb_stream_get(&chan->streams[i], &p) == 0) {
			rec_check_packet(t, chan, i, &p);
			rb_stream_put(&chan->streams[i]);
			got++;
		}
	}
	return got;
}
