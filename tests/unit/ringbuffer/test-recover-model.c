/*
 * A model test of crash recovery (rb_stream_recover) against stale
 * proofs. One thread plays every actor of a stream deterministically, on
 * the real ring buffer code: producers that commit at once, producers
 * stalled inside a reservation (which may die there), committers stalled
 * between proving a prefix (rb_commit_check) and storing it, openers
 * stalled between reading a slot's commit count and recording the pass
 * (rb_slot_note_opened), producers dying right after the CAS that opens
 * a packet, the consumer and its switch timer. Then the
 * "crash": the shared memory is copied, as lttng-crash does, and
 * recovered, and every packet is parsed record by record. Checked: every
 * packet parses; every record recovered was committed (a stalled
 * reservation's record is written, in full or in part, but never
 * committed); the records of packets without a dead reservation are all
 * there; and every committed record left out is counted as discarded.
 *
 * The interleavings are enumerated (a committer stalled after each record
 * of a pass, its proof landing before, beside or after a dead reservation
 * one or two passes later, in discard and overwrite mode, with 1, 2 and 4
 * sub-buffers), then randomized (seed printed; RB_MODEL_SEED=n replays).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include "records.h"

#define SUBBUF 4096U
#define MAX_SEQ 20000U
#define MAX_HELD 4U
#define MAX_STALE 8U

/* A deterministic clock: every read is later than the previous one. */
static uint64_t fake_now;

static uint64_t fake_clock(void)
{
	return fake_now += 1000;
}

/* A reservation whose producer is stalled between reserve and commit. */
struct held {
	struct rb_reserve_ctx ctx;
	uint64_t seq;
};

/* A committer stalled before storing the prefix word it proved. */
struct stale_proof {
	uint64_t slot;
	uint64_t word;
};

/* An opener stalled in check_room after reading the slot's count. */
struct stale_open {
	uint64_t gidx;
	uint64_t commit;
};

struct model {
	struct rb_channel *chan;
	struct rb_stream *s;
	uint64_t next_seq;
	/* packet (global sub-buffer) + 1 of each committed seq, 0: none */
	uint64_t committed_in[MAX_SEQ];
	struct held held[MAX_HELD];
	unsigned int nr_held;
	struct stale_proof proofs[MAX_STALE];
	unsigned int nr_proofs;
	struct stale_open opens[MAX_STALE];
	unsigned int nr_opens;
	/* packets left incomplete by producers that died opening one */
	uint64_t died_in[MAX_HELD];
	unsigned int nr_died;
	struct rec_tally consumed; /* what the consumer read before */
};

/* What the test is doing, printed if an assertion fails in it. */
static char scenario[256];
static bool in_scenario;

static int report_scenario(void **state)
{
	(void)state;
	if (in_scenario)
		print_message("failing scenario: %s\n", scenario);
	in_scenario = false;
	return 0;
}

static void model_init(struct model *m, enum rb_mode mode, uint64_t count)
{
	struct rb_config conf = {
		.subbuf_size = SUBBUF,
		.subbuf_count = count,
		.mode = mode,
		.nr_streams = 1,
		.wakeup = RB_WAKEUP_NONE,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.stream_id = 3,
	};

	memset(m, 0, sizeof(*m));
	memcpy(conf.uuid, rec_test_uuid, sizeof(conf.uuid));
	assert_int_equal(rb_channel_create(&conf, &m->chan), 0);
	m->s = &m->chan->streams[0];
	rec_tally_init(&m->consumed, MAX_SEQ);
}

static void model_free(struct model *m)
{
	rec_tally_free(&m->consumed);
	rb_channel_destroy(m->chan);
}

static uint64_t gidx_of(const struct model *m, uint64_t off)
{
	return off >> m->s->subbuf_order;
}

/* A producer records one event and commits it. */
static void op_emit(struct model *m)
{
	uint64_t seq = m->next_seq++;
	struct rb_reserve_ctx ctx;

	if (seq >= MAX_SEQ)
		return;
	if (rb_stream_reserve(m->s, &ctx, rec_event_id(0, seq),
			      REC_FIXED_LEN + rec_random_len(0, seq),
			      fake_clock))
		return; /* full: counted as discarded by the ring buffer */
	rec_fill(ctx.payload, 0, seq, ctx.ts);
	rb_commit(&ctx);
	m->committed_in[seq] = gidx_of(m, ctx.begin) + 1;
}

/*
 * A producer reserves and writes its record (all of it, or half: it may
 * be stalled anywhere), then stalls before its commit.
 */
static void op_hold(struct model *m, bool whole)
{
	struct held *h = &m->held[m->nr_held];
	uint32_t len;

	if (m->nr_held == MAX_HELD || m->next_seq >= MAX_SEQ)
		return;
	h->seq = m->next_seq++;
	len = REC_FIXED_LEN + rec_random_len(0, h->seq);
	if (rb_stream_reserve(m->s, &h->ctx, rec_event_id(0, h->seq), len,
			      fake_clock))
		return;
	rec_fill(h->ctx.payload, 0, h->seq, h->ctx.ts);
	if (!whole)
		memset(h->ctx.payload + len / 2, 0xee, len - len / 2);
	m->nr_held++;
}

/* The stalled producer i resumes: completes its record and commits. */
static void op_commit_held(struct model *m, unsigned int i)
{
	struct held h;

	if (i >= m->nr_held)
		return;
	h = m->held[i];
	m->held[i] = m->held[--m->nr_held];
	rec_fill(h.ctx.payload, 0, h.seq, h.ctx.ts);
	rb_commit(&h.ctx);
	m->committed_in[h.seq] = gidx_of(m, h.ctx.begin) + 1;
}

/*
 * A committer of the open packet did its add and proved the prefix
 * (what rb_commit_settle computes from the state now), and stalls before
 * storing it.
 */
static void op_stall_prover(struct model *m)
{
	uint64_t off = m->s->shm->offset, word;
	uint64_t idx = rb_slot_index(m->s, off);

	if (!(off & m->s->subbuf_mask) || m->nr_proofs == MAX_STALE)
		return;
	if (rb_commit_check(m->s, &m->s->slots[idx], off, &word) !=
	    RB_COMMIT_PREFIX)
		return;
	m->proofs[m->nr_proofs].slot = idx;
	m->proofs[m->nr_proofs++].word = word;
}

/* The stalled committer i resumes: stores its (maybe stale) proof. */
static void op_resume_prover(struct model *m, unsigned int i)
{
	if (i >= m->nr_proofs)
		return;
	m->s->slots[m->proofs[i].slot].prefix = m->proofs[i].word;
	m->proofs[i] = m->proofs[--m->nr_proofs];
}

/*
 * A producer about to open the next packet read its slot's commit count
 * (check_room found the previous pass complete) and stalls before
 * recording the pass.
 */
static void op_stall_opener(struct model *m)
{
	uint64_t off = m->s->shm->offset;
	uint64_t gidx = gidx_of(m, off) + ((off & m->s->subbuf_mask) != 0);
	struct rb_shm_slot *slot = &m->s->slots[gidx & m->s->count_mask];
	uint64_t commit = rb_slot_committed(slot);

	if (m->nr_opens == MAX_STALE ||
	    rb_slot_filled(commit,
			   rb_pass_bytes(m->s, gidx << m->s->subbuf_order)))
		return;
	m->opens[m->nr_opens].gidx = gidx;
	m->opens[m->nr_opens++].commit = commit;
}

static void op_resume_opener(struct model *m, unsigned int i)
{
	if (i >= m->nr_opens)
		return;
	rb_slot_note_opened(m->s, m->opens[i].gidx, m->opens[i].commit);
	m->opens[i] = m->opens[--m->nr_opens];
}

/*
 * A producer closing the open packet and opening the next (one CAS for
 * the padding, the next packet header and its record, as the slow path
 * does) dies right after its CAS: the old packet's padding, the new
 * packet's header and record are never committed, and in overwrite
 * mode consumed is not pushed past the packet the new one replaces.
 */
static void op_die_opening(struct model *m)
{
	uint64_t old = m->s->shm->offset, pos = old & m->s->subbuf_mask;
	uint64_t begin = old - pos + m->s->subbuf_size;
	uint64_t gidx = gidx_of(m, begin);
	struct rb_shm_slot *slot = &m->s->slots[gidx & m->s->count_mask];
	uint64_t commit = rb_slot_committed(slot);
	uint64_t consumed = m->s->shm->consumed >> m->s->subbuf_order;

	if (!pos || m->nr_died + 2 > MAX_HELD ||
	    rb_slot_filled(commit, rb_pass_bytes(m->s, begin)))
		return;
	if (m->s->mode == RB_MODE_DISCARD ? gidx - consumed > m->s->count_mask
					  : !(slot->wsb & RB_NOREF))
		return;
	rb_slot_note_opened(m->s, gidx, commit);
	if (rb_offset_cas(m->s, &old, begin + CTF_PACKET_HEADER_LEN + 40) !=
	    RB_OFFSET_SET)
		return;
	m->died_in[m->nr_died++] = gidx - 1;
	m->died_in[m->nr_died++] = gidx;
}

/* The consumer reads (and checks) every complete packet. */
static void op_consume(struct model *m)
{
	struct rb_packet p;

	while (rb_stream_get(m->s, &p) == 0) {
		rec_check_packet(&m->consumed, m->chan, 0, &p);
		rb_stream_put(m->s);
	}
}

static void op_switch(struct model *m)
{
	rb_stream_switch(m->s, fake_clock);
}

/* The shared memory of the stream, copied as lttng-crash does. */
static struct rb_channel *copy_stream(const struct model *m)
{
	struct rb_stream_fds fds = {.wakeup_fd = -1};
	struct rb_channel *copy;

	fds.shm_fd = memfd_create("rb-model-crash", MFD_CLOEXEC);
	assert_true(fds.shm_fd >= 0);
	assert_int_equal(write(fds.shm_fd, m->s->shm, m->s->map_size),
			 (ssize_t)m->s->map_size);
	assert_int_equal(rb_channel_map(&fds, 1, &copy), 0);
	return copy;
}

/*
 * The producers die where they are; the copy is recovered and read back.
 * Returns the number of committed records recovery left out.
 */
static uint64_t crash_and_check(struct model *m)
{
	struct rb_channel *copy = copy_stream(m);
	struct rb_stream *c = &copy->streams[0];
	uint64_t dead_in[2 * MAX_HELD], lost = 0, expected_discarded = 0;
	uint64_t before = c->shm->discarded, discarded_field = before;
	uint64_t end = (c->shm->offset + c->subbuf_mask) >> c->subbuf_order;
	uint64_t lo = c->shm->consumed >> c->subbuf_order;
	struct rb_shm_phys closed[MAX_HELD * 2];
	uint64_t last_seq = 0, last_total;
	struct rb_recover_report report;
	struct rec_tally t;
	struct rb_packet p;
	unsigned int i, nr_dead = 0;

	if (end - lo > c->count_mask + 1)
		lo = end - (c->count_mask + 1);
	for (i = 0; i < m->nr_held + m->nr_died; i++) {
		uint64_t g = i < m->nr_held ? gidx_of(m, m->held[i].ctx.begin)
					    : m->died_in[i - m->nr_held];
		uint64_t j;

		for (j = 0; j < nr_dead && dead_in[j] != g; j++)
			;
		if (j == nr_dead)
			dead_in[nr_dead++] = g;
	}
	/* The packets closed before the crash, and their counts. */
	for (i = 0; i < c->shm->nr_phys && i < MAX_HELD * 2; i++)
		closed[i] = c->phys[i];
	assert_int_equal(rb_stream_check_recoverable(c), 0);
	rb_stream_recover_report(c, fake_clock, &report);
	assert_int_equal(report.packets, nr_dead);

	rec_tally_init(&t, MAX_SEQ);
	while (rb_stream_get(c, &p) == 0) {
		rec_check_packet(&t, copy, 0, &p); /* parses every record */
		memcpy(&discarded_field,
		       (const char *)p.data + CTF_PACKET_OFF_EVENTS_DISCARDED,
		       8);
		last_seq = p.seq;
		rb_stream_put(c);
	}
	assert_int_equal(t.per_producer[0], t.records);
	/* Only committed records; every one of a packet left intact. */
	for (uint64_t seq = 0; seq < m->next_seq && seq < MAX_SEQ; seq++) {
		bool got = t.seen[0] && (t.seen[0][seq / 8] >> (seq & 7) & 1);
		uint64_t g = m->committed_in[seq];
		bool dead_packet = false;

		if (got && !g)
			fail_msg("recovered record %llu was never committed",
				 (unsigned long long)seq);
		if (got || !g || g - 1 < lo || g - 1 >= end)
			continue;
		for (i = 0; i < nr_dead; i++)
			dead_packet |= dead_in[i] == g - 1;
		if (!dead_packet)
			fail_msg("committed record %llu of intact packet "
				 "%llu is missing",
				 (unsigned long long)seq,
				 (unsigned long long)(g - 1));
		lost++;
	}
	/* Left out: counted as discarded, plus one per dead packet. */
	expected_discarded = lost + nr_dead;
	assert_int_equal(report.events_discarded, expected_discarded);
	assert_int_equal(c->shm->discarded, before + expected_discarded);
	/*
	 * The last packet carries every count: the stream's, or if it was
	 * closed before the crash, its own plus what recovery discarded
	 * (what was discarded after it has no packet to tell it).
	 */
	last_total = c->shm->discarded;
	for (i = 0; i < nr_dead && dead_in[i] != last_seq; i++)
		;
	if (i == nr_dead)
		for (i = 0; i < c->shm->nr_phys && i < MAX_HELD * 2; i++)
			if (closed[i].seq == last_seq && closed[i].content)
				last_total = closed[i].discarded +
					     expected_discarded;
	if (t.packets)
		assert_int_equal(discarded_field, last_total);
	rec_tally_free(&t);
	rb_channel_destroy(copy);
	return lost;
}

/* ------------------------------------------------------------------ */
/* Enumerated interleavings                                            */

/* Emits until the open packet is global sub-buffer gidx (or later). */
static void emit_until_packet(struct model *m, uint64_t gidx)
{
	while (gidx_of(m, m->s->shm->offset) < gidx ||
	       !(m->s->shm->offset & m->s->subbuf_mask)) {
		uint64_t off = m->s->shm->offset;

		op_emit(m);
		if (m->s->mode == RB_MODE_DISCARD)
			op_consume(m);
		if (m->s->shm->offset == off) { /* full: switch timer */
			op_switch(m);
			op_consume(m);
		}
	}
}

/*
 * A committer proves the prefix after record j of packet 0 and stalls;
 * the ring wraps `wraps` times; in the packet of slot 0 then open, a
 * producer dies after `before` records, `after` more are committed, and
 * the stalled committer stores its proof at point `when` (0: before the
 * dead reservation, 1: right after it, 2: at the very end).
 */
static void enumerated_case(enum rb_mode mode, uint64_t count, unsigned int j,
			    unsigned int wraps, unsigned int before,
			    unsigned int after, unsigned int when, bool whole,
			    uint64_t *hazards, uint64_t *lost)
{
	struct model m;
	unsigned int k;

	snprintf(scenario, sizeof(scenario),
		 "%s, %llu sub-buffers, proof after record %u, %u wraps, "
		 "dead after %u, %u after, stored at %u, %s",
		 mode == RB_MODE_DISCARD ? "discard" : "overwrite",
		 (unsigned long long)count, j, wraps, before, after, when,
		 whole ? "written" : "half written");
	model_init(&m, mode, count);
	for (k = 0; k < j; k++)
		op_emit(&m);
	op_stall_prover(&m);
	emit_until_packet(&m, count * wraps);
	for (k = 0; k < before; k++)
		op_emit(&m);
	if (when == 0)
		op_resume_prover(&m, 0);
	op_hold(&m, whole);
	if (when == 1)
		op_resume_prover(&m, 0);
	for (k = 0; k < after; k++)
		op_emit(&m);
	if (when == 2)
		op_resume_prover(&m, 0);
	*hazards += m.nr_held && m.nr_proofs == 0;
	*lost += crash_and_check(&m);
	model_free(&m);
}

static void test_stale_proof_enumerated(void **state)
{
	static const enum rb_mode modes[] = {RB_MODE_DISCARD,
					     RB_MODE_OVERWRITE};
	static const unsigned int befores[] = {0, 1, 3, 12};
	static const unsigned int afters[] = {0, 2, 30};
	uint64_t cases = 0, hazards = 0, lost = 0;

	(void)state;
	in_scenario = true;
	for (unsigned int mi = 0; mi < 2; mi++)
		for (uint64_t count = 1; count <= 4; count *= 2)
			for (unsigned int j = 1; j <= 40; j++)
				for (unsigned int w = 1; w <= 2; w++)
					for (unsigned int b = 0; b < 4; b++)
						for (unsigned int a = 0; a < 3;
						     a++)
							for (unsigned int when =
								     0;
							     when < 3; when++) {
								enumerated_case(
									modes[mi],
									count,
									j, w,
									befores[b],
									afters[a],
									when,
									(j +
									 a) & 1,
									&hazards,
									&lost);
								cases++;
							}
	in_scenario = false;
	print_message("%llu interleavings, %llu with a stale proof stored "
		      "beside a dead reservation, %llu committed records "
		      "left out and counted\n",
		      (unsigned long long)cases, (unsigned long long)hazards,
		      (unsigned long long)lost);
}

/* ------------------------------------------------------------------ */
/* Randomized interleavings                                            */

static uint64_t rng_state;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* What the random scripts left to recover. */
static uint64_t scripts_with_dead, scripts_with_died_opener;

static void random_script(enum rb_mode mode, uint64_t count,
			  unsigned int length)
{
	struct model m;

	model_init(&m, mode, count);
	for (unsigned int i = 0; i < length; i++) {
		unsigned int r = (unsigned int)(rng() % 100);

		if (r < 62)
			op_emit(&m);
		else if (r < 65)
			op_hold(&m, rng() & 1);
		else if (r < 70)
			op_commit_held(&m, (unsigned int)(rng() % MAX_HELD));
		else if (r < 76)
			op_stall_prover(&m);
		else if (r < 82)
			op_resume_prover(&m, (unsigned int)(rng() % MAX_STALE));
		else if (r < 85)
			op_stall_opener(&m);
		else if (r < 88)
			op_resume_opener(&m, (unsigned int)(rng() % MAX_STALE));
		else if (r < 98)
			op_consume(&m);
		else if (r < 99 && !(rng() % 4))
			op_die_opening(&m);
		else
			op_switch(&m);
	}
	scripts_with_dead += m.nr_held + m.nr_died > 0;
	scripts_with_died_opener += m.nr_died > 0;
	crash_and_check(&m);
	model_free(&m);
}

static void test_random_interleavings(void **state)
{
	const char *env = getenv("RB_MODEL_SEED");
	uint64_t seed = env ? strtoull(env, NULL, 0)
			    : rec_clock_monotonic() ^ (uint64_t)getpid();
	unsigned int i;

	(void)state;
	if (!seed)
		seed = 1;
	print_message("seed %llu (RB_MODEL_SEED=%llu replays it)\n",
		      (unsigned long long)seed, (unsigned long long)seed);
	in_scenario = true;
	for (i = 0; i < 3000; i++) {
		uint64_t s = seed + i;
		enum rb_mode mode =
			(s & 1) ? RB_MODE_OVERWRITE : RB_MODE_DISCARD;
		uint64_t count = UINT64_C(1) << ((s >> 1) % 3);

		rng_state = s * 0x9E3779B97F4A7C15ULL | 1;
		snprintf(scenario, sizeof(scenario),
			 "random script %u: RB_MODEL_SEED=%llu, script seed "
			 "%llu",
			 i, (unsigned long long)seed, (unsigned long long)s);
		random_script(mode, count, 200 + (unsigned int)(rng() % 1500));
	}
	in_scenario = false;
	print_message("%u scripts, %llu with dead reservations, %llu with a "
		      "producer dead opening a packet\n",
		      i, (unsigned long long)scripts_with_dead,
		      (unsigned long long)scripts_with_died_opener);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_stale_proof_enumerated,
					  report_scenario),
		cmocka_unit_test_teardown(test_random_interleavings,
					  report_scenario),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
