/*
 * Fuzzing harness of the consumer daemon's read path over a ring buffer
 * stream whose shared memory a traced application damaged: a real stream
 * is created (the consumer's side) and filled by a producer, then the
 * input is XORed onto its whole mapping (an empty input leaves the real
 * stream; any image is reachable), as an application mapping the memfd
 * could write it. The consumer then reads every packet (get, copy, put),
 * takes a snapshot, flushes and, if the stream passes the check the
 * consumer daemon makes first, recovers it, then reads again.
 *
 *   input: [mode and packets][XOR mask over the mapping...]
 *
 * Properties: every packet lent lies inside the stream's sub-buffers,
 * with content_size <= packet_size <= the sub-buffer size; a read loop
 * ends (never more packets than the ring can have had written). Kept
 * fixed so that an input runs in microseconds: the reservation mode
 * (a stream left CPU-local makes a flush wait 1.5 s for its CPU), and
 * overwrite mode takes no snapshot (it waits 1 s for a delivery under
 * way); both waits are bounded and tested in tests/unit/ringbuffer.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "ringbuffer/invariant.h"
#include "ringbuffer/ringbuffer.h"

#define SUBBUF 4096U
#define COUNT 4U
#define READS_MAX 4096U

static uint64_t fake_now;
static uint64_t fake_clock(void)
{
	return fake_now += 10;
}

static void quiet(const char *message)
{
	(void)message;
}

static void check_lent(const struct rb_stream *s, const struct rb_packet *p)
{
	const char *end = s->data + (uint64_t)(COUNT + 1) * SUBBUF;
	const char *data = p->data;
	static char out[SUBBUF];

	FUZZ_CHECK(p->content_size <= p->packet_size);
	FUZZ_CHECK(p->packet_size <= SUBBUF);
	FUZZ_CHECK(data >= s->data && data + p->packet_size <= end);
	memcpy(out, data, p->packet_size);
}

static int show(const struct rb_packet *p, void *arg)
{
	check_lent(arg, p);
	return 0;
}

/* Reads (copies out) every packet the consumer gets. */
static void read_all(struct rb_stream *s)
{
	struct rb_packet p;
	unsigned int n = 0;

	while (rb_stream_get(s, &p) == 0) {
		check_lent(s, &p);
		rb_stream_put(s);
		FUZZ_CHECK(++n < READS_MAX);
	}
}

/* Fills `packets` packets and opens one more, or fills the buffer. */
static void produce(struct rb_channel *chan, unsigned int packets)
{
	struct rb_stream *s = &chan->streams[0];
	static const char payload[40];
	struct rb_reserve_ctx ctx;

	while ((__atomic_load_n(&s->shm->offset, __ATOMIC_RELAXED) / SUBBUF) <
	       packets) {
		if (rb_stream_reserve(s, &ctx, 1, sizeof(payload), fake_clock))
			return; /* discard mode, full */
		memcpy(ctx.payload, payload, sizeof(payload));
		rb_commit(&ctx);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rb_config conf = {
		.subbuf_size = SUBBUF,
		.subbuf_count = COUNT,
		.mode = size && (data[0] & 1) ? RB_MODE_OVERWRITE
					      : RB_MODE_DISCARD,
		.nr_streams = 1,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
	};
	struct rb_channel *chan;
	struct rb_stream *s;
	uint8_t *map;

	rb_invariant_abort = false;
	rb_invariant_report = quiet;
	fake_now = 1000;
	FUZZ_CHECK(!rb_channel_create(&conf, &chan));
	s = &chan->streams[0];
	produce(chan, size ? (data[0] >> 1) % (COUNT + 2) : 2);
	map = (uint8_t *)s->shm;
	for (size_t i = 1; i < size && i - 1 < s->map_size; i++)
		map[i - 1] ^= data[i];
	__atomic_store_n(&s->shm->atomic_reserve, RB_RESERVE_ATOMIC,
			 __ATOMIC_RELAXED);
	read_all(s);
	if (conf.mode == RB_MODE_DISCARD)
		rb_stream_snapshot(s, fake_clock, show, s);
	rb_stream_flush(s, fake_clock);
	read_all(s);
	if (!rb_stream_check_recoverable(s))
		rb_stream_recover(s, fake_clock);
	read_all(s);
	rb_channel_destroy(chan);
	return 0;
}
