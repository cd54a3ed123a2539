/*
 * The shared memory of one ring buffer stream (one per CPU of a channel):
 * what the traced processes (producers) and the consumer daemon both map
 * from the stream's memfd. Fields are addressed by offsets from the start
 * of the mapping, never by pointers, as every process maps it at its own
 * address. Included by every file of the ring buffer; producer.c explains
 * the protocol that orders the accesses to these fields.
 *
 *   memfd of one stream
 *   +--------------------+ 0
 *   | rb_shm_header      |  configuration, write position, read position,
 *   |                    |  statistics (each group on its own cache line)
 *   +--------------------+ slots_offset
 *   | rb_shm_slot[N]     |  per logical sub-buffer: commit counter, proven
 *   |                    |  committed prefix and the pass it belongs to,
 *   |                    |  physical sub-buffer index
 *   +--------------------+ phys_offset
 *   | rb_shm_phys[P]     |  per physical sub-buffer: which packet it holds
 *   +--------------------+ data_offset (page aligned)
 *   | P sub-buffers of   |  P = N in discard mode, N + 1 in overwrite mode
 *   | S bytes each       |  (the extra one is the consumer's spare)
 *   +--------------------+ map_size
 */
#ifndef RINGBUFFER_SHM_LAYOUT_H
#define RINGBUFFER_SHM_LAYOUT_H

#include <stdint.h>

#include "trace-clock/tsc-page.h"

#define RB_SHM_MAGIC 0x4c545242U /* "BRTL" in memory */
#define RB_SHM_VERSION 6U
#define RB_CACHELINE 64

/*
 * A slot's wsb word: the physical sub-buffer index, plus RB_NOREF while
 * no producer may be writing to it (the consumer may only swap it then).
 */
#define RB_NOREF (UINT64_C(1) << 63)

/* The values of atomic_reserve, in the only order it takes them. */
#define RB_RESERVE_LOCAL 0
#define RB_RESERVE_FLIPPING 1
#define RB_RESERVE_ATOMIC 2

/*
 * atomic_commit: every commit is atomic; being set from outside the
 * stream's CPU, a local commit may still be landing (producer.c).
 */
#define RB_COMMITS_ATOMIC 1
#define RB_COMMITS_ATOMIC_DRAINING 2

/*
 * A commit adds the committed byte count plus RB_COMMIT_RECORD per record
 * to the slot's commit word, so one atomic add counts both: the low 32 bits
 * hold the bytes committed (mod 2^32, carries spill upward), the rest the
 * records. See rb_slot_filled() and rb_slot_records().
 */
#define RB_COMMIT_RECORD (UINT64_C(1) << 32)

struct rb_shm_header {
	/* Written once by the creator, before the fds are handed over. */
	uint32_t magic;
	uint32_t version;
	uint64_t map_size;
	uint64_t slots_offset;
	uint64_t phys_offset;
	uint64_t data_offset;
	uint32_t subbuf_size;  /* S: power of two, at least a page */
	uint32_t subbuf_count; /* N: power of two, at least 1 */
	uint32_t nr_phys;      /* N, or N + 1 in overwrite mode */
	uint32_t mode;	       /* enum rb_mode */
	int64_t blocking_timeout_us;
	uint32_t wakeup;      /* enum rb_wakeup */
	uint32_t header_kind; /* enum ctf_event_header_kind */
	uint32_t stream_id;
	uint32_t cpu_id;
	/* enum trace_clock_source: what the timestamps count */
	uint32_t clock_source;
	uint64_t stream_instance_id;
	uint8_t uuid[16];
	/*
	 * Set (never cleared) by a process that may commit CPU-locally
	 * to this stream, before its first commit; remote committers then
	 * fence (see producer.c, COMMIT).
	 */
	uint32_t local_commits;

	/* Producers: written by every reservation. */
	_Alignas(RB_CACHELINE) uint64_t offset; /* write position, bytes */
	uint64_t last_ts; /* clock of a recent record (never a later one) */
	/*
	 * Who may write offset (see producer.c, RESERVE): RB_RESERVE_LOCAL,
	 * only threads on the stream's CPU (with rb_local_cas); then
	 * RB_RESERVE_FLIPPING, nobody (a local store may still be in
	 * flight); then RB_RESERVE_ATOMIC for good, every writer with an
	 * atomic compare-and-swap. Read by every reservation, hence on
	 * this line.
	 */
	uint64_t atomic_reserve;
	/*
	 * 0 while commits on the stream's CPU may be CPU-local; set, never
	 * cleared, once every commit must be an atomic add (producer.c,
	 * COMMIT: a committer could not fence against local ones). Read by
	 * every CPU-local commit, hence on this line too.
	 */
	uint64_t atomic_commit;

	/* Consumer: read position and the spare physical sub-buffer. */
	_Alignas(RB_CACHELINE) uint64_t consumed;
	uint64_t reader_phys;
	uint64_t bytes_consumed;

	/* Statistics and packet times, written on slow paths only. */
	_Alignas(RB_CACHELINE) uint64_t discarded; /* events, running total */
	uint64_t lost_packets; /* overwritten before the consumer got them */
	uint64_t last_end_ts;  /* timestamp_end of the latest closed packet */

	/*
	 * The converted TSC clock's parameters (TRACE_CLOCK_TSC_NS), kept
	 * by the consumer daemon's publisher, read by every reservation:
	 * read-mostly, on lines of their own.
	 */
	_Alignas(RB_CACHELINE) struct trace_clock_page clock_page;
};

struct rb_shm_slot {
	/*
	 * bytes + RB_COMMIT_RECORD * records, cumulative over all passes,
	 * in two words whose sum counts: commit takes CPU-local commits
	 * (plain stores on the stream's CPU only), commit_remote the others
	 * (atomic adds only).
	 */
	uint64_t commit;
	uint64_t commit_remote;
	/* passes of this slot delivered: pass p is delivered once */
	uint64_t delivered;
	/*
	 * A committed prefix proven by a committer: low 32 bits its length
	 * in bytes, high 32 bits the slot's record count (mod 2^32) when it
	 * was proven. A plain store, so a committer stalled before it may
	 * store a proof of an older pass: crash recovery trusts it only if
	 * its record count is past the current pass's `opened` count.
	 */
	uint64_t prefix;
	uint64_t wsb; /* physical index | RB_NOREF (overwrite mode only) */
	/*
	 * The latest pass opened: high 32 bits the pass (mod 2^32), low 32
	 * bits the slot's record count (mod 2^32) when it opened, that is
	 * every record of the earlier passes. Only moves forward (CAS).
	 */
	uint64_t opened;
} __attribute__((aligned(RB_CACHELINE)));

struct rb_shm_phys {
	uint64_t seq;	   /* global index of the packet it holds */
	uint64_t ts_begin; /* timestamp_begin of that packet */
	uint32_t content;  /* bytes used, once closed */
	uint32_t pad;
	/* once closed: its timestamp_end and events_discarded (recovery) */
	uint64_t ts_end;
	uint64_t discarded;
};

#endif /* RINGBUFFER_SHM_LAYOUT_H */
