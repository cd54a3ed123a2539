/*
 * ts-stress: several threads, each pinned on its own CPU, write records
 * into ONE stream with atomic reservations and the TSC trace clock
 * (trace_clock_tsc(), the reader liblttng-ust inlines), with compact
 * event headers. Each record's payload carries the full 64-bit timestamp
 * its reservation returned (rb_reserve_ctx.ts). A consumer thread writes
 * the packets to OUT_DIR/stream_0 and the metadata to OUT_DIR/metadata,
 * so that test_trace_clock.py can have babeltrace2 rebuild every
 * timestamp from the 27-bit compact headers and compare it with the
 * payload, and check that timestamps never decrease in stream order.
 *
 *   ts-stress OUT_DIR THREADS RECORDS_PER_THREAD [CLOCK [KIND]]
 *
 * CLOCK: tsc (cycles, the default) or tsc-ns (the converted TSC clock,
 * whose page this tool updates every millisecond, half a millisecond
 * ahead, alternately a microsecond fast and slow, to exercise the
 * switches). KIND: atomic (the default: one thread per CPU, atomic
 * reservations) or local (every thread on the stream's CPU, CPU-local
 * reservations by restartable sequence, where tsc-ns takes the bare
 * rdtsc; the line then says whether the stream stayed CPU-local).
 *
 * Prints "cpus=A,B records=N backwards=B wrong=W", where backwards
 * counts records whose timestamp is below the previous record's (stream
 * order) and wrong those whose timestamp a CTF reader rebuilds from the
 * header differently from the payload (this tool's own reading; the test
 * trusts babeltrace2's). Exits 77 when fewer than two CPUs are usable.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "ctf/clock-block.h"
#include "ctf/type.h"
#include "ringbuffer/ringbuffer.h"
#include "trace-clock/calibration.h"
#include "trace-clock/tsc-page.h"

#define MAX_THREADS 64
#define PAYLOAD_LEN 12 /* u64 ts, u32 producer */
#define EVENT_ID 0

struct producer {
	pthread_t thread;
	struct rb_stream *stream;
	int cpu;
	uint32_t id;
	uint64_t records;
	uint64_t failed;
};

static int go;
static rb_clock_fn clock_fn = trace_clock_tsc;
static enum trace_clock_source clock_source = TRACE_CLOCK_TSC;
static unsigned int finished; /* producers done */

static void die(const char *what)
{
	fprintf(stderr, "ts-stress: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void *produce(void *arg)
{
	struct producer *p = arg;
	cpu_set_t set;
	uint64_t i;

	CPU_ZERO(&set);
	CPU_SET(p->cpu, &set);
	if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set))
		fprintf(stderr, "ts-stress: cannot pin on CPU %d\n", p->cpu);
	while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE))
		;
	for (i = 0; i < p->records; i++) {
		struct rb_reserve_ctx ctx;

		if (rb_stream_reserve(p->stream, &ctx, EVENT_ID, PAYLOAD_LEN,
				      clock_fn)) {
			p->failed++;
			continue;
		}
		memcpy(ctx.payload, &ctx.ts, 8);
		memcpy((char *)ctx.payload + 8, &p->id, 4);
		rb_commit(&ctx);
	}
	__atomic_add_fetch(&finished, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* What a CTF reader knows while reading the stream. */
struct reading {
	uint64_t records;
	uint64_t backwards;
	uint64_t wrong;
	uint64_t last_payload_ts;
};

static uint64_t get_u64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/*
 * Reads one packet's records as a CTF reader does: a compact header's
 * 27 bits replace the low bits of the previous timestamp, plus 2^27 when
 * they are below the previous low bits (a wrap).
 */
static void read_packet(struct reading *r, const unsigned char *data,
			uint64_t content_size)
{
	uint64_t ts = get_u64(data + CTF_PACKET_OFF_TIMESTAMP_BEGIN);
	uint64_t off = CTF_PACKET_HEADER_LEN;
	const uint64_t mask = (UINT64_C(1) << CTF_COMPACT_TS_BITS) - 1;

	while (off + CTF_COMPACT_HEADER_LEN <= content_size) {
		uint32_t h;
		uint64_t payload_ts;

		if (data[off] == CTF_COMPACT_ID_EXTENDED) {
			ts = get_u64(data + off + 5);
			off += CTF_COMPACT_EXTENDED_HEADER_LEN;
		} else {
			uint64_t low;

			memcpy(&h, data + off, 4);
			low = h >> CTF_COMPACT_ID_BITS;
			if (low < (ts & mask))
				ts += mask + 1;
			ts = (ts & ~mask) | low;
			off += CTF_COMPACT_HEADER_LEN;
		}
		payload_ts = get_u64(data + off);
		if (r->records && payload_ts < r->last_payload_ts)
			r->backwards++;
		if (payload_ts != ts)
			r->wrong++;
		r->last_payload_ts = payload_ts;
		r->records++;
		off += PAYLOAD_LEN;
	}
}

static void write_metadata(const char *dir, const uint8_t uuid[16])
{
	struct trace_clock_desc clock;
	struct ctf_trace_desc desc = {0};
	struct ctf_event_desc ev = {
		.id = EVENT_ID, .stream_id = 0, .name = "ts_stress:record"};
	struct ctf_metadata *md;
	struct ctf_type *payload = ctf_type_struct_create();
	struct ctf_error err;
	char path[4096];
	const char *text;
	size_t len;
	int fd;

	trace_clock_calibration_start();
	trace_clock_describe(clock_source, &clock);
	memcpy(desc.uuid, uuid, 16);
	desc.byte_order = CTF_BYTE_ORDER_NATIVE;
	ctf_clock_block_from_trace_clock(&clock, &desc.clock);
	md = ctf_metadata_create(&desc, &err);
	if (!md || !payload ||
	    ctf_type_add_field(
		    payload, "ts",
		    ctf_type_integer_create(&(struct ctf_integer_desc){
			    .size = 64, .align = 8, .base = 10})) ||
	    ctf_type_add_field(
		    payload, "producer",
		    ctf_type_integer_create(&(struct ctf_integer_desc){
			    .size = 32, .align = 8, .base = 10})) ||
	    ctf_metadata_add_stream_class(md, 0, CTF_EVENT_HEADER_COMPACT, NULL,
					  &err) ||
	    ctf_metadata_add_event_class(md, &ev, payload, &err)) {
		fprintf(stderr, "ts-stress: metadata: %s\n",
			md ? err.message : "cannot create");
		exit(1);
	}
	text = ctf_metadata_text(md, &len);
	snprintf(path, sizeof(path), "%s/metadata", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, text, len) != (ssize_t)len || close(fd))
		die(path);
	ctf_metadata_destroy(md);
}

/* Writes out and reads every complete packet; the number written. */
static uint64_t drain(struct rb_stream *s, int fd, struct reading *r)
{
	struct rb_packet p;
	uint64_t n = 0;

	while (rb_stream_get(s, &p) == 0) {
		if (write(fd, p.data, p.packet_size) != (ssize_t)p.packet_size)
			die("write stream_0");
		read_packet(r, p.data, p.content_size);
		rb_stream_put(s);
		n++;
	}
	return n;
}

int main(int argc, char **argv)
{
	struct producer producers[MAX_THREADS];
	struct reading reading = {0};
	struct rb_config conf = {.subbuf_size = 1 << 20,
				 .subbuf_count = 8,
				 .mode = RB_MODE_DISCARD,
				 .blocking_timeout_us = -1,
				 .wakeup = RB_WAKEUP_NONE,
				 .nr_streams = 1,
				 .header_kind = CTF_EVENT_HEADER_COMPACT,
				 .clock_source = TRACE_CLOCK_TSC,
				 .local_reserve = false};
	struct rb_channel *chan;
	struct rb_stream *stream;
	struct trace_clock_steer steer;
	uint64_t ms = 0, next_update = 0, updates = 0;
	bool local;
	cpu_set_t allowed;
	int cpus[MAX_THREADS], ncpus = 0, threads, fd, i, c;
	uint64_t per_thread, failed = 0;
	bool stayed_local;
	char path[4096];

	if (argc < 4 || argc > 6) {
		fprintf(stderr,
			"usage: ts-stress OUT_DIR THREADS "
			"RECORDS_PER_THREAD [tsc|tsc-ns [atomic|local]]\n");
		return 2;
	}
	if (argc > 4 && !strcmp(argv[4], "tsc-ns")) {
		clock_fn = trace_clock_tsc_ns_fn;
		clock_source = TRACE_CLOCK_TSC_NS;
	}
	local = argc > 5 && !strcmp(argv[5], "local");
	conf.clock_source = clock_source;
	conf.local_reserve = local;
	threads = atoi(argv[2]);
	per_thread = strtoull(argv[3], NULL, 10);
	if (threads < 2 || threads > MAX_THREADS)
		threads = 2;
	if (!trace_clock_tsc_usable()) {
		printf("no usable TSC\n");
		return 77;
	}
	if (sched_getaffinity(0, sizeof(allowed), &allowed))
		die("sched_getaffinity");
	for (c = 0; c < CPU_SETSIZE && ncpus < MAX_THREADS; c++)
		if (CPU_ISSET(c, &allowed))
			cpus[ncpus++] = c;
	if (ncpus < 2 && !local) {
		printf("fewer than two CPUs\n");
		return 77;
	}
	if (getrandom(conf.uuid, sizeof(conf.uuid), 0) != sizeof(conf.uuid))
		die("getrandom");
	write_metadata(argv[1], conf.uuid);
	if (local && !rb_local_commit_enable()) {
		printf("no CPU-local reservations here\n");
		return 77;
	}
	if (local)
		conf.nr_streams = (unsigned int)cpus[0] + 1;
	if (rb_channel_create(&conf, &chan)) {
		fprintf(stderr, "ts-stress: %s\n", rb_last_error());
		return 1;
	}
	stream = &chan->streams[local ? cpus[0] : 0];
	if (clock_source == TRACE_CLOCK_TSC_NS) {
		uint64_t t0, n0, t1, n1;

		trace_clock_tsc_mono_sample(&t0, &n0);
		usleep(20000);
		trace_clock_tsc_mono_sample(&t1, &n1);
		ms = (t1 - t0) * 1000000 / (n1 - n0);
		trace_clock_steer_start(&steer, t1, n1,
					((uint64_t)1000000 << 32) / ms);
		trace_clock_page_publish(&stream->shm->clock_page,
					 &steer.params);
		next_update = t1 + ms;
	}
	snprintf(path, sizeof(path), "%s/stream_0", argv[1]);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die(path);
	for (i = 0; i < threads; i++) {
		producers[i] =
			(struct producer){.stream = stream,
					  .cpu = cpus[local ? 0 : i % ncpus],
					  .id = (uint32_t)i,
					  .records = per_thread};
		if (pthread_create(&producers[i].thread, NULL, produce,
				   &producers[i]))
			die("pthread_create");
	}
	__atomic_store_n(&go, 1, __ATOMIC_RELEASE);
	/* The consumer: this thread, unpinned, until the producers end. */
	while (__atomic_load_n(&finished, __ATOMIC_ACQUIRE) <
	       (unsigned int)threads) {
		if (clock_source == TRACE_CLOCK_TSC_NS &&
		    trace_clock_tsc() >= next_update) {
			uint64_t tsc, ns;

			trace_clock_tsc_mono_sample(&tsc, &ns);
			trace_clock_steer_update(&steer, tsc,
						 ns + (updates & 1) * 1000,
						 ms / 2, ms);
			trace_clock_page_publish(&stream->shm->clock_page,
						 &steer.params);
			next_update = tsc + ms;
			updates++;
		}
		if (!drain(stream, fd, &reading))
			usleep(200);
	}
	for (i = 0; i < threads; i++)
		pthread_join(producers[i].thread, NULL);
	stayed_local = __atomic_load_n(&stream->shm->atomic_reserve,
				       __ATOMIC_ACQUIRE) == RB_RESERVE_LOCAL;
	rb_stream_flush(stream, clock_fn);
	drain(stream, fd, &reading);
	if (close(fd))
		die("close stream_0");
	for (i = 0; i < threads; i++)
		failed += producers[i].failed;
	printf("cpus=");
	for (i = 0; i < threads && i < ncpus; i++)
		printf("%s%d", i ? "," : "", cpus[i]);
	printf(" records=%llu backwards=%llu wrong=%llu failed=%llu "
	       "clock_updates=%llu reservations=%s\n",
	       (unsigned long long)reading.records,
	       (unsigned long long)reading.backwards,
	       (unsigned long long)reading.wrong, (unsigned long long)failed,
	       (unsigned long long)updates, stayed_local ? "local" : "atomic");
	rb_channel_destroy(chan);
	return 0;
}
