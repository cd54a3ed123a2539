/*
 * Test records for the ring buffer tests: checksummed payloads of random
 * size that say who wrote them, their sequence number and the timestamp
 * the reservation returned; and a packet checker that parses packets as a
 * CTF reader would (packet header, compact event headers with 27-bit
 * timestamps rebuilt from the previous one) and validates every record.
 */
#ifndef TEST_RB_RECORDS_H
#define TEST_RB_RECORDS_H

#include <stdbool.h>
#include <stdint.h>

#include "ringbuffer/ringbuffer.h"

/* producer u32, seq u64, ts u64, n u16, n bytes, checksum u32 */
#define REC_FIXED_LEN 26U
#define REC_MAX_RANDOM 200U
#define REC_MAX_PRODUCERS 64U

/* Event id of a record: varied, some >= 31 (extended compact header). */
static inline uint32_t rec_event_id(uint32_t producer, uint64_t seq)
{
	return (uint32_t)((seq * 7 + producer) % 40);
}

/* Random byte count for record seq of producer (deterministic). */
static inline uint32_t rec_random_len(uint32_t producer, uint64_t seq)
{
	uint64_t x = (seq + 1) * 0x9E3779B97F4A7C15ULL ^ producer;

	return (uint32_t)((x >> 29) % (REC_MAX_RANDOM + 1));
}

/* Reserves, fills and commits one record. 0 or the rb_reserve error. */
int rec_emit(struct rb_channel *chan, uint32_t producer, uint64_t seq,
	     rb_clock_fn clock);

/* Same on a given stream (tests that pin a stream). */
int rec_emit_stream(struct rb_stream *s, uint32_t producer, uint64_t seq,
		    rb_clock_fn clock);

/* Writes the payload of (producer, seq) at dst for timestamp ts. */
void rec_fill(char *dst, uint32_t producer, uint64_t seq, uint64_t ts);

/* What the consumer saw. */
struct rec_tally {
	uint64_t records;
	uint64_t record_bytes; /* event headers + payloads parsed */
	uint64_t packets;
	uint64_t per_producer[REC_MAX_PRODUCERS];
	/* last seq seen per producer and stream + 1 (0: none yet) */
	uint64_t last_seq[REC_MAX_PRODUCERS][8];
	uint64_t next_packet_seq[8]; /* expected next packet_seq_num */
	uint64_t seq_gaps;	     /* packets missing between those seen */
	uint64_t last_discarded[8];  /* events_discarded of the last packet */
	uint8_t *seen[REC_MAX_PRODUCERS]; /* bitmaps, allocated on use */
	uint64_t seen_cap;
	bool duplicate;
	bool out_of_order;
};

void rec_tally_init(struct rec_tally *t, uint64_t max_seq);
void rec_tally_free(struct rec_tally *t);

/*
 * Checks one packet of stream `stream` (header fields, every record,
 * checksum, timestamps) with cmocka assertions and adds it to the tally.
 */
void rec_check_packet(struct rec_tally *t, const struct rb_channel *chan,
		      unsigned int stream, const struct rb_packet *p);

/* Gets, checks and puts every complete packet of every stream. */
uint64_t rec_drain(struct rec_tally *t, struct rb_channel *chan);

/* CLOCK_MONOTONIC in ns. */
uint64_t rec_clock_monotonic(void);

extern const uint8_t rec_test_uuid[16];

/*
 * A channel of one stream with the tests' identity (compact headers,
 * rec_test_uuid, stream id 3), asserted created.
 */
struct rb_channel *rec_channel_create(enum rb_mode mode, uint64_t subbuf_size,
				      uint64_t subbuf_count);

#endif /* TEST_RB_RECORDS_H */
