/*
 * The byte layout of an LTTng data stream packet and of its event headers,
 * as our metadata declares them (CTF 1.8, byte-packed like LTTng on x86:
 * every field is declared with `align = 8` bits, so nothing is padded).
 * Shared by the ring buffer's packet hooks (the tracer fast path), the
 * synthetic stream writer and the kernel page converter.
 *
 *   offset  size  field (packet header)
 *        0     4  magic              0xC1FC1FC1
 *        4    16  uuid               the trace's UUID
 *       20     4  stream_id          the stream class (one per channel)
 *       24     8  stream_instance_id the stream (one per CPU buffer)
 *           (packet context)
 *       32     8  timestamp_begin    clock value at the packet's start
 *       40     8  timestamp_end      clock value at the packet's end
 *       48     8  content_size       bits of header, context and events
 *       56     8  packet_size        bits, including the final padding
 *       64     8  packet_seq_num     per stream, +1 for every packet
 *       72     8  events_discarded   running total for the stream
 *       80     4  cpu_id
 *       84        first event record
 *
 * Event headers (native byte order, here little endian):
 *   compact: id < 31 and the timestamp delta fits in 27 bits
 *            one 32-bit word: id in bits 0-4, low 27 timestamp bits above
 *   compact, extended form: 1 byte (id field = 31), then u32 id, u64
 *            timestamp (13 bytes)
 *   large:   u16 id (< 65535) then u32 low timestamp bits (6 bytes), or
 *            u16 65535, u32 id, u64 timestamp (14 bytes)
 */
#ifndef CTF_PACKET_LAYOUT_H
#define CTF_PACKET_LAYOUT_H

#include <stdint.h>
#include <string.h>

#define CTF_PACKET_MAGIC 0xC1FC1FC1U
#define CTF_UUID_LEN 16

#define CTF_PACKET_OFF_MAGIC 0
#define CTF_PACKET_OFF_UUID 4
#define CTF_PACKET_OFF_STREAM_ID 20
#define CTF_PACKET_OFF_STREAM_INSTANCE_ID 24
#define CTF_PACKET_OFF_TIMESTAMP_BEGIN 32
#define CTF_PACKET_OFF_TIMESTAMP_END 40
#define CTF_PACKET_OFF_CONTENT_SIZE 48
#define CTF_PACKET_OFF_PACKET_SIZE 56
#define CTF_PACKET_OFF_PACKET_SEQ_NUM 64
#define CTF_PACKET_OFF_EVENTS_DISCARDED 72
#define CTF_PACKET_OFF_CPU_ID 80
/* Bytes of packet header + packet context: where the first event starts. */
#define CTF_PACKET_HEADER_LEN 84

/* Compact event header: 5-bit id, 27-bit timestamp. */
#define CTF_COMPACT_ID_BITS 5
#define CTF_COMPACT_TS_BITS 27
#define CTF_COMPACT_ID_EXTENDED 31U
#define CTF_COMPACT_HEADER_LEN 4
#define CTF_COMPACT_EXTENDED_HEADER_LEN 13

/* Large event header: 16-bit id, 32-bit timestamp. */
#define CTF_LARGE_TS_BITS 32
#define CTF_LARGE_ID_EXTENDED 65535U
#define CTF_LARGE_HEADER_LEN 6
#define CTF_LARGE_EXTENDED_HEADER_LEN 14

/* Which event header a stream class uses. */
enum ctf_event_header_kind {
	CTF_EVENT_HEADER_COMPACT,
	CTF_EVENT_HEADER_LARGE,
};

/*
 * True when a timestamp field of ts_bits bits can carry `ts`, given the
 * previous clock value `prev` of the same stream: a CTF reader rebuilds
 * the full value from the low bits, assuming at most one wrap.
 */
static inline int ctf_timestamp_fits(uint64_t prev, uint64_t ts,
				     unsigned int ts_bits)
{
	return ts >= prev && ts - prev < (UINT64_C(1) << ts_bits);
}

/* Bytes of the event header needed for (id, ts) after clock value prev. */
static inline unsigned int ctf_event_header_len(enum ctf_event_header_kind kind,
						uint32_t id, uint64_t prev,
						uint64_t ts)
{
	if (kind == CTF_EVENT_HEADER_COMPACT)
		return id < CTF_COMPACT_ID_EXTENDED &&
				       ctf_timestamp_fits(prev, ts,
							  CTF_COMPACT_TS_BITS)
			       ? CTF_COMPACT_HEADER_LEN
			       : CTF_COMPACT_EXTENDED_HEADER_LEN;
	return id < CTF_LARGE_ID_EXTENDED &&
			       ctf_timestamp_fits(prev, ts, CTF_LARGE_TS_BITS)
		       ? CTF_LARGE_HEADER_LEN
		       : CTF_LARGE_EXTENDED_HEADER_LEN;
}

/*
 * Writes an event header of exactly `len` bytes (a value returned by
 * ctf_event_header_len; the four lengths are distinct, so len alone tells
 * the form) at dst; returns len.
 * Little-endian host assumed (x86-64, aarch64), as the metadata declares.
 */
static inline unsigned int ctf_event_header_write(void *dst, unsigned int len,
						  uint32_t id, uint64_t ts)
{
	unsigned char *p = dst;

	switch (len) {
	case CTF_COMPACT_HEADER_LEN: {
		uint32_t word = (id & 0x1fU) |
				((uint32_t)ts << CTF_COMPACT_ID_BITS);
		memcpy(p, &word, 4);
		break;
	}
	case CTF_COMPACT_EXTENDED_HEADER_LEN:
		p[0] = CTF_COMPACT_ID_EXTENDED;
		memcpy(p + 1, &id, 4);
		memcpy(p + 5, &ts, 8);
		break;
	case CTF_LARGE_HEADER_LEN: {
		uint16_t id16 = (uint16_t)id;
		uint32_t ts32 = (uint32_t)ts;
		memcpy(p, &id16, 2);
		memcpy(p + 2, &ts32, 4);
		break;
	}
	default: {
		uint16_t ext = CTF_LARGE_ID_EXTENDED;
		memcpy(p, &ext, 2);
		memcpy(p + 2, &id, 4);
		memcpy(p + 6, &ts, 8);
		break;
	}
	}
	return len;
}

/* Stores a native-endian value at a byte offset of a packet. */
static inline void ctf_packet_put_u32(void *packet, unsigned int off,
				      uint32_t v)
{
	memcpy((unsigned char *)packet + off, &v, sizeof(v));
}

static inline void ctf_packet_put_u64(void *packet, unsigned int off,
				      uint64_t v)
{
	memcpy((unsigned char *)packet + off, &v, sizeof(v));
}

/* Loads a native-endian value at a byte offset of a packet. */
static inline uint32_t ctf_packet_get_u32(const void *packet, unsigned int off)
{
	uint32_t v;

	memcpy(&v, (const unsigned char *)packet + off, sizeof(v));
	return v;
}

static inline uint64_t ctf_packet_get_u64(const void *packet, unsigned int off)
{
	uint64_t v;

	memcpy(&v, (const unsigned char *)packet + off, sizeof(v));
	return v;
}

#endif /* CTF_PACKET_LAYOUT_H */
