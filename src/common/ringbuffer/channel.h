/*
 * A channel's ring buffers: one stream (ring buffer) per possible CPU, each
 * in its own memfd with its own wake-up eventfd. The consumer daemon
 * creates the channel and hands the fds over; a traced process maps the
 * same memory from them. The handle (struct rb_channel) is process-local:
 * packet hooks and file descriptors live here, shared state in shm-layout.h.
 */
#ifndef RINGBUFFER_CHANNEL_H
#define RINGBUFFER_CHANNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ctf/packet-layout.h"
#include "ringbuffer/shm-layout.h"
#include "trace-clock/trace-clock.h"

enum rb_mode {
	RB_MODE_DISCARD,   /* drop the newest records when full */
	RB_MODE_OVERWRITE, /* flight recorder: reclaim the oldest sub-buffer */
};

enum rb_wakeup {
	RB_WAKEUP_WRITER, /* producers signal the eventfd on each packet */
	RB_WAKEUP_NONE,	  /* the consumer polls with its read timer */
};

/* Largest sub-buffer: commit counts keep the bytes of a pass in 32 bits. */
#define RB_SUBBUF_SIZE_MAX (UINT64_C(1) << 31)
#define RB_SUBBUF_COUNT_MAX (UINT64_C(1) << 20)
#define RB_STREAMS_MAX 8192U

struct rb_config {
	uint64_t subbuf_size;  /* bytes: power of two, >= the page size */
	uint64_t subbuf_count; /* power of two, >= 1 */
	enum rb_mode mode;
	/* discard mode: 0 never blocks, -1 waits forever, else microseconds */
	int64_t blocking_timeout_us;
	enum rb_wakeup wakeup;
	unsigned int nr_streams; /* one per possible CPU */
	enum ctf_event_header_kind header_kind;
	uint32_t clock_source; /* enum trace_clock_source (trace-clock.h) */
	uint8_t uuid[CTF_UUID_LEN];
	uint32_t stream_id; /* the stream class: one per channel */
	/*
	 * Reservations may be CPU-local (producer.c, RESERVE): only when
	 * every process that switches or flushes the streams from outside
	 * can run on each stream's CPU (rb_cpu_can_run_on_all()). Ignored
	 * where local updates do not exist (local-commit.h).
	 */
	bool local_reserve;
	/*
	 * NULL: each stream lives in an anonymous memfd. Otherwise stream i
	 * is the file shm_dir/shm_name_i (lttng create --shm-path), created
	 * with mode 0600 and removed by rb_channel_destroy(), so that
	 * lttng-crash can read the buffers after the daemons died.
	 */
	const char *shm_dir;
	const char *shm_name;
};

/* What a packet hook writes; also what the consumer reads back. */
struct rb_packet_info {
	const uint8_t *uuid;
	uint32_t stream_id;
	uint64_t stream_instance_id;
	uint32_t cpu_id;
	uint64_t timestamp;	   /* begin: timestamp_begin, end: _end */
	uint64_t content_size;	   /* bytes (end only) */
	uint64_t packet_size;	   /* bytes, page aligned (end only) */
	uint64_t packet_seq_num;   /* end only */
	uint64_t events_discarded; /* running total (end only) */
};

/*
 * Packet hooks, process-local. begin() runs when a sub-buffer is started
 * and owns the packet header fields that do not change (magic, uuid, ids,
 * timestamp_begin, cpu_id); end() runs when it is closed and owns
 * timestamp_end, content_size, packet_size, packet_seq_num and
 * events_discarded. They may run concurrently on one packet, so each
 * writes only its own bytes. rb_packet_default_hooks writes LTTng's layout.
 */
struct rb_packet_hooks {
	void (*begin)(void *packet, const struct rb_packet_info *info);
	void (*end)(void *packet, const struct rb_packet_info *info);
};

extern const struct rb_packet_hooks rb_packet_default_hooks;

/* The process-local view of one stream. */
struct rb_stream {
	struct rb_shm_header *shm;
	struct rb_shm_slot *slots;
	struct rb_shm_phys *phys;
	char *data;
	struct rb_channel *chan;
	uint64_t subbuf_size;
	uint64_t subbuf_mask;
	unsigned int subbuf_order;
	unsigned int count_order;
	unsigned int pass_order; /* subbuf_order + count_order */
	uint64_t count_mask;
	enum rb_mode mode;
	enum ctf_event_header_kind header_kind;
	uint32_t clock_source;
	uint32_t cpu; /* the CPU whose stream this is */
	size_t map_size;
	uint64_t page_size;
	int shm_fd;
	int wakeup_fd;
	char *shm_file; /* creator of a --shm-path stream: its file */
	/*
	 * The offset this process read in its first step of turning the
	 * stream atomic (producer.c, RESERVE), UINT64_MAX before.
	 */
	uint64_t flip_off0;
	/* consumer-local: the packet between get and put */
	bool holding;
	uint64_t held_phys;
	uint64_t held_seq;
	uint64_t held_ts_begin; /* what get lent, checked at put */
	uint64_t held_size;
	/* consumer-local: a value read from the shm was out of range */
	bool broken;
};

struct rb_channel {
	unsigned int nr_streams;
	struct rb_stream *streams;
	const struct rb_packet_hooks *hooks;
	/* process-local: false turns blocking mode into discard mode here */
	bool may_block;
};

/* The fds that carry one stream from the creator to another process. */
struct rb_stream_fds {
	int shm_fd;
	int wakeup_fd;
};

/*
 * Checks a configuration. Returns 0, or -EINVAL with the reason, naming
 * the offending value, available from rb_last_error().
 */
int rb_config_check(const struct rb_config *conf);

/*
 * Consumer side: creates the channel's memfds and eventfds, maps them and
 * initializes the shared state. 0 and *out, or a negative errno with
 * rb_last_error() saying why.
 */
int rb_channel_create(const struct rb_config *conf, struct rb_channel **out);

/*
 * Producer side: maps a channel from the fds of its nr_streams streams
 * (received over a Unix socket or inherited). Takes ownership of the fds,
 * even on failure. The shared headers are validated against the fd sizes.
 */
int rb_channel_map(const struct rb_stream_fds *fds, unsigned int nr_streams,
		   struct rb_channel **out);

/* The fds of stream i, still owned by the channel (dup them to keep). */
struct rb_stream_fds rb_channel_stream_fds(const struct rb_channel *chan,
					   unsigned int i);

/* Replaces the packet hooks (default: rb_packet_default_hooks). */
void rb_channel_set_hooks(struct rb_channel *chan,
			  const struct rb_packet_hooks *hooks);

/*
 * Whether this process may wait in a blocking-mode channel (default
 * true). liblttng-ust clears it unless LTTNG_UST_ALLOW_BLOCKING is set,
 * so such a process discards instead of waiting, as with LTTng.
 */
void rb_channel_set_may_block(struct rb_channel *chan, bool may_block);

/*
 * Producer side: faults in, writable, the memory of the streams of the
 * CPUs this process may run on (its affinity), so that the first record
 * on each page does not take a page fault on the recording path. Best
 * effort: on a kernel without MADV_POPULATE_WRITE the faults stay lazy.
 */
void rb_channel_prefault(struct rb_channel *chan);

/* Unmaps everything and closes the fds. NULL is accepted. */
void rb_channel_destroy(struct rb_channel *chan);

/*
 * The reason for the last failure of an rb_ function in this thread,
 * e.g. "sub-buffer size 3000 is not a power of two".
 */
const char *rb_last_error(void);

#endif /* RINGBUFFER_CHANNEL_H */
