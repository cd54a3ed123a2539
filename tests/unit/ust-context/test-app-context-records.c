/*
 * Application contexts through the real ring buffer backend: one call
 * site records events whose $app context changes value, size and type
 * from one record to the next (strings of 20 and 1 characters, every
 * integer width, floats, "none", strings longer than a record's copy
 * space, records nested in a signal handler between the sizing and the
 * writing of another). The packets are parsed as a CTF reader would:
 * every record holds exactly the value it was given, so nothing was
 * written outside a reservation.
 */
#include <setjmp.h>
#include <stdbool.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include <lttng/ust-context-provider.h>

#include "ctxrec-tp.h"

#include "channel.h"
#include "context/context-set.h"
#include "event-rule.h"
#include "rb-backend.h"
#include "ringbuffer/consumer.h"
#include "ust-context/context-desc.h"

#define NESTED 0x80000000u
#define LONG_MIN_LEN 600 /* past a record's copy space (UST_CTX_TEXT_MAX) */

/* How the provider picks the value of record seq. */
enum pattern {
	ALTERNATE, /* 20 characters, then 1 */
	MIXED,	   /* every type, pseudo-random */
};

static enum pattern pattern;
static uint64_t seed;
static unsigned int nr_contexts; /* $app.ctxrec:v, then :w */
static uint32_t nest_every;	 /* 0: no nested records */

/* The record the provider is asked about (set by fire()). */
static volatile uint32_t current;

/*
 * MIXED: one buffer for every short string the provider returns,
 * whatever the context or record (as a provider formatting into a
 * static buffer), and one per context for long ones. ALTERNATE: a
 * buffer of its own for each call, in turn (as a provider returning
 * constants), so that a stale value is still readable.
 */
static char provider_text[64];
static char long_text[2][4096];
static char rotating_text[8][64];
static unsigned int rotation;

static uint64_t mix(uint64_t x)
{
	x ^= x >> 31;
	x *= 0x9E3779B97F4A7C15ULL;
	x ^= x >> 29;
	return x;
}

/* The value of record seq: its type and, for strings, length. */
struct want {
	enum lttng_ust_dynamic_type sel;
	int64_t s64;
	double d;
	size_t len; /* strings: characters */
};

/* The value of context c (0: v, 1: w) in record seq. */
static struct want want_of(uint32_t seq, unsigned int c)
{
	struct want w = {LTTNG_UST_DYNAMIC_TYPE_STRING, 0, 0, 0};
	uint64_t r = mix(seq ^ seed ^ (c ? 0x5bd1e995u : 0));

	if (pattern == ALTERNATE) {
		/* w, and a nested record, have the other length */
		w.len = ((seq & ~NESTED) + !!(seq & NESTED) + c) % 2 ? 1 : 20;
		return w;
	}
	w.sel = (enum lttng_ust_dynamic_type)(r % NR_LTTNG_UST_DYNAMIC_TYPES);
	w.s64 = (int64_t)mix(r);
	w.d = (double)(int32_t)(r >> 32) / 7.0;
	if (w.sel == LTTNG_UST_DYNAMIC_TYPE_STRING)
		w.len = (r >> 8) % 16 == 0 ? LONG_MIN_LEN + (r >> 16) % 2000
					   : (r >> 8) % 40;
	return w;
}

static char char_of(uint32_t seq, unsigned int c, size_t i)
{
	return (char)('a' + (seq + i * 7 + c * 11) % 26);
}

static bool is_long(uint32_t seq, unsigned int c)
{
	return want_of(seq, c).len >= sizeof(provider_text);
}

static void fire(uint32_t seq);

static void on_signal(int sig)
{
	uint32_t outer = current;

	(void)sig;
	fire(outer | NESTED);
	current = outer;
}

static void get_value(void *priv, struct lttng_ust_probe_ctx *probe_ctx,
		      struct lttng_ust_ctx_value *value)
{
	uint32_t seq = current;
	unsigned int c = strcmp(probe_ctx->ctx_name, "v") != 0;
	struct want w = want_of(seq, c);
	bool nest = c == 1 && nest_every && !(seq & NESTED) &&
		    seq % nest_every == 0 && !is_long(seq, 0) &&
		    !is_long(seq | NESTED, 0) && !is_long(seq | NESTED, 1);
	/* w's own value must outlive the nested record: not shared */
	char *text = is_long(seq, c) || nest ? long_text[c] : provider_text;
	size_t i;

	if (pattern == ALTERNATE)
		text = rotating_text[rotation++ % 8];

	(void)priv;
	value->sel = w.sel;
	value->u.s64 = w.s64;
	if (w.sel == LTTNG_UST_DYNAMIC_TYPE_FLOAT ||
	    w.sel == LTTNG_UST_DYNAMIC_TYPE_DOUBLE)
		value->u.d = w.d;
	if (w.sel == LTTNG_UST_DYNAMIC_TYPE_STRING) {
		for (i = 0; i < w.len; i++)
			text[i] = char_of(seq, c, i);
		text[w.len] = '\0';
		value->u.str = text;
	}
	/*
	 * A signal handler records after v was read (sized) and before it
	 * is written, and the provider reuses its buffer for that record.
	 */
	if (nest)
		raise(SIGUSR1);
}

static __attribute__((noinline)) void fire(uint32_t seq)
{
	current = seq;
	lttng_ust_tracepoint(ust_tests_ctxrec, rec, seq);
}

/* ---- the channel ---- */

struct fixture {
	struct rb_channel *rb;
	struct ust_rb_channel backend;
	struct ust_channel *chan;
	struct ust_event_rule *rule;
	struct lttng_ust_registered_context_provider *reg;
	uint8_t *seen; /* per seq, outer then nested */
	uint32_t nr;
	uint64_t records;
	uint64_t packets;
};

static uint64_t clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static struct lttng_ust_context_provider provider = {
	sizeof(provider), "$app.ctxrec", NULL, NULL, get_value, NULL};

static void open_channel(struct fixture *f, uint32_t nr)
{
	struct rb_config conf = {
		.subbuf_size = 16384,
		.subbuf_count = 8,
		.mode = RB_MODE_DISCARD,
		.nr_streams = 1,
		.header_kind = CTF_EVENT_HEADER_COMPACT,
		.clock_source = TRACE_CLOCK_MONOTONIC,
	};
	struct ust_context_desc desc = {.type = UST_CONTEXT_APP_CONTEXT};
	unsigned int c;
	struct ust_event_rule_attr attr = {
		"ust_tests_ctxrec:rec", NULL, 0, UST_LOGLEVEL_ALL, 0, NULL, 0};

	memset(f, 0, sizeof(*f));
	f->nr = nr;
	f->seen = calloc(2 * (size_t)nr, 1);
	assert_non_null(f->seen);
	assert_int_equal(rb_channel_create(&conf, &f->rb), 0);
	assert_int_equal(
		ust_channel_create(&ust_rb_recorder_ops, &f->backend, &f->chan),
		0);
	strcpy(desc.provider, "ctxrec");
	for (c = 0; c < nr_contexts; c++) {
		strcpy(desc.name, c ? "w" : "v");
		assert_int_equal(ust_channel_add_context(f->chan, &desc), 0);
	}
	f->backend.context = ust_ctx_set_writer(f->chan->contexts);
	assert_non_null(f->backend.context);
	f->backend.rb = f->rb;
	ust_rb_channel_set_recording(&f->backend, 1);
	f->reg = lttng_ust_context_provider_register(&provider);
	assert_non_null(f->reg);
	assert_int_equal(ust_event_rule_create(f->chan, &attr, &f->rule), 0);
}

static void close_channel(struct fixture *f)
{
	ust_rb_channel_set_recording(&f->backend, 0);
	ust_channel_destroy(f->chan);
	lttng_ust_context_provider_unregister(f->reg);
	rb_channel_destroy(f->rb);
	free(f->seen);
}

/* ---- the reader ---- */

static void check_value(const unsigned char *p, size_t len, uint32_t seq,
			unsigned int c)
{
	struct want w = want_of(seq, c);
	size_t i;
	float fl;
	double db;

	if (w.sel == LTTNG_UST_DYNAMIC_TYPE_STRING) {
		assert_int_equal(len, w.len + 1);
		for (i = 0; i < w.len; i++)
			if (p[i] != (unsigned char)char_of(seq, c, i))
				fail_msg("record %#x, context %u: character "
					 "%zu is %#x, not '%c'",
					 seq, c, i, p[i], char_of(seq, c, i));
		assert_int_equal(p[w.len], 0);
	} else if (w.sel == LTTNG_UST_DYNAMIC_TYPE_FLOAT) {
		memcpy(&fl, p, 4);
		assert_true(fl == (float)w.d);
	} else if (w.sel == LTTNG_UST_DYNAMIC_TYPE_DOUBLE) {
		memcpy(&db, p, 8);
		assert_true(db == w.d);
	} else {
		/* Integers: the low bytes, little endian. */
		assert_memory_equal(p, &w.s64, len);
	}
}

/* Bytes of the value after tag, reading a string up to its NUL. */
static size_t value_len(int tag, const unsigned char *p, size_t room)
{
	static const size_t fixed[UST_CTX_DYN_NR] = {0, 1, 2, 4, 8, 1,
						     2, 4, 8, 4, 8, 0};
	const unsigned char *nul;

	assert_true(tag >= 0 && tag < UST_CTX_DYN_NR);
	if (tag != UST_CTX_DYN_STRING)
		return fixed[tag];
	nul = memchr(p, 0, room);
	assert_non_null(nul);
	return (size_t)(nul - p) + 1;
}

static void check_packet(struct fixture *f, const struct rb_packet *pk)
{
	const unsigned char *d = pk->data;
	uint64_t pos = CTF_PACKET_HEADER_LEN, discarded, value_pos[2];
	uint32_t seq, index;
	size_t len[2];
	int tag[2];
	unsigned int c;

	memcpy(&discarded, d + CTF_PACKET_OFF_EVENTS_DISCARDED, 8);
	assert_int_equal(discarded, 0);
	while (pos < pk->content_size) {
		pos += (d[pos] & 31U) == CTF_COMPACT_ID_EXTENDED
			       ? CTF_COMPACT_EXTENDED_HEADER_LEN
			       : CTF_COMPACT_HEADER_LEN;
		for (c = 0; c < nr_contexts; c++) {
			assert_true(pos < pk->content_size);
			tag[c] = d[pos++];
			len[c] = value_len(tag[c], d + pos,
					   pk->content_size - pos);
			value_pos[c] = pos;
			pos += len[c];
		}
		assert_true(pos + 4 <= pk->content_size);
		memcpy(&seq, d + pos, 4);
		for (c = 0; c < nr_contexts; c++) {
			assert_int_equal(tag[c], want_of(seq, c).sel);
			check_value(d + value_pos[c], len[c], seq, c);
		}
		index = (seq & ~NESTED) * 2 + !!(seq & NESTED);
		assert_true((seq & ~NESTED) < f->nr);
		assert_int_equal(f->seen[index], 0);
		f->seen[index] = 1;
		f->records++;
		pos += 4;
	}
	assert_int_equal(pos, pk->content_size);
	f->packets++;
}

static void drain(struct fixture *f)
{
	struct rb_stream *s = &f->rb->streams[0];
	struct rb_packet pk;

	while (rb_stream_get(s, &pk) == 0) {
		check_packet(f, &pk);
		rb_stream_put(s);
	}
}

static struct fixture fixture;

static int teardown(void **state)
{
	(void)state;
	if (fixture.chan)
		close_channel(&fixture);
	memset(&fixture, 0, sizeof(fixture));
	return 0;
}

/* Records nr events from one call site; every one reads back exact. */
static void record_and_check(uint32_t nr)
{
	struct fixture *f = &fixture;
	uint64_t nested = 0;
	uint32_t seq;

	teardown(NULL);
	open_channel(f, nr);
	for (seq = 0; seq < nr; seq++) {
		fire(seq);
		drain(f);
	}
	assert_int_equal(rb_stream_flush(&f->rb->streams[0], clock_ns), 1);
	drain(f);
	for (seq = 0; seq < nr; seq++) {
		if (!f->seen[2 * seq])
			fail_msg("record %u is missing", seq);
		nested += f->seen[2 * seq + 1];
	}
	assert_int_equal(f->records, nr + nested);
	if (nest_every)
		assert_true(nested > 0);
	printf("%llu records (%llu nested) in %llu packets\n",
	       (unsigned long long)f->records, (unsigned long long)nested,
	       (unsigned long long)f->packets);
	teardown(NULL);
}

static void test_one_call_site_alternating_20_and_1_characters(void **state)
{
	(void)state;
	pattern = ALTERNATE;
	nr_contexts = 1;
	nest_every = 0;
	record_and_check(100000);
}

static void test_values_change_type_and_size_every_record(void **state)
{
	(void)state;
	pattern = MIXED;
	nest_every = 0;
	nr_contexts = 1;
	record_and_check(50000);
	/* Both from one provider buffer, each record */
	nr_contexts = 2;
	record_and_check(50000);
}

static void test_records_nested_between_sizing_and_writing(void **state)
{
	(void)state;
	pattern = MIXED;
	nr_contexts = 2;
	nest_every = 3;
	record_and_check(30000);
	pattern = ALTERNATE;
	record_and_check(30000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(
			test_one_call_site_alternating_20_and_1_characters,
			teardown),
		cmocka_unit_test_teardown(
			test_values_change_type_and_size_every_record,
			teardown),
		cmocka_unit_test_teardown(
			test_records_nested_between_sizing_and_writing,
			teardown),
	};
	const char *env = getenv("TEST_SEED");
	struct sigaction sa;

	seed = env ? strtoull(env, NULL, 0) : (uint64_t)clock_ns();
	printf("seed %llu (TEST_SEED=%llu reproduces this run)\n",
	       (unsigned long long)seed, (unsigned long long)seed);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGUSR1, &sa, NULL);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
