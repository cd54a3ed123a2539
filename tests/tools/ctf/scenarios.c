/*
 * ctf-synth's scenarios: each writes one complete synthetic trace that
 * the integration tests (tests/integration/test_ctf_writer.py) read back
 * with babeltrace2, or must be refused with a clear message. The values
 * written here are restated independently in the Python test.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "synth.h"

#define N(array) (sizeof(array) / sizeof((array)[0]))
#define LIST(...) CTF_LIST(((struct ctf_value[]){__VA_ARGS__}))
#define S CTF_SIGNED
#define U CTF_UNSIGNED
#define D CTF_DOUBLE
#define STR CTF_STRING

static struct ctf_type *int_bits(unsigned int size, unsigned int align,
				 bool is_signed)
{
	return synth_int_desc(&(struct ctf_integer_desc){
		.size = size, .align = align, .is_signed = is_signed});
}

static struct ctf_type *int_base(unsigned int size, unsigned int base)
{
	return synth_int_desc(
		&(struct ctf_integer_desc){.size = size, .base = base});
}

static struct ctf_type *int_be(unsigned int size, bool is_signed)
{
	return synth_int_desc(
		&(struct ctf_integer_desc){.size = size,
					   .is_signed = is_signed,
					   .byte_order = CTF_BYTE_ORDER_BE});
}

static struct ctf_type *utf8_char(void)
{
	return synth_int_desc(&(struct ctf_integer_desc){
		.size = 8, .encoding = CTF_ENCODING_UTF8});
}

static struct ctf_type *string_type(enum ctf_encoding encoding)
{
	return ctf_type_string_create(encoding);
}

/* An enumeration; exits when out of memory. */
static struct ctf_type *enum_type(unsigned int size, bool is_signed)
{
	struct ctf_type *e = ctf_type_enum_create(&(struct ctf_integer_desc){
		.size = size, .is_signed = is_signed});

	synth_must(!e);
	return e;
}

static struct ctf_type *float_type(unsigned int bits)
{
	return bits == 32
		       ? ctf_type_float_create(8, 24, 8, CTF_BYTE_ORDER_NATIVE)
		       : ctf_type_float_create(11, 53, 8,
					       CTF_BYTE_ORDER_NATIVE);
}

/* Appends an event; a failure's message is left in s->err. */
static int put(struct synth *s, struct ctf_stream_writer *w,
	       const struct ctf_event_class *ev, uint64_t ts,
	       const struct ctf_value *context, struct ctf_value payload)
{
	return ctf_stream_writer_append(w, ev, ts, context, &payload, &s->err);
}

/* Closes the stream at end_ts, keeping the first error. */
static int finish(struct synth *s, struct ctf_stream_writer *w, int ret,
		  uint64_t end_ts)
{
	int close_ret =
		ctf_stream_writer_close(w, end_ts, ret ? NULL : &s->err);

	return ret ? ret : close_ret;
}

/* ---- all-types: every field type, at its edges ---- */

static struct ctf_type *all_types_context(void)
{
	struct ctf_type *ctx = synth_struct();

	synth_add(ctx, "vpid", synth_int(32, true));
	synth_add(ctx, "procname", ctf_type_array_create(utf8_char(), 17));
	return ctx;
}

static struct ctf_type *integers_payload(void)
{
	struct ctf_type *p = synth_struct();

	synth_add(p, "u8", synth_int(8, false));
	synth_add(p, "u16", synth_int(16, false));
	synth_add(p, "u32", synth_int(32, false));
	synth_add(p, "u64", synth_int(64, false));
	synth_add(p, "s8", synth_int(8, true));
	synth_add(p, "s16", synth_int(16, true));
	synth_add(p, "s32", synth_int(32, true));
	synth_add(p, "s64", synth_int(64, true));
	return p;
}

static struct ctf_type *bits_payload(void)
{
	struct ctf_type *p = synth_struct();

	synth_add(p, "b1", int_bits(1, 1, false));
	synth_add(p, "b3", int_bits(3, 1, false));
	synth_add(p, "s27", int_bits(27, 1, true));
	synth_add(p, "u33", int_bits(33, 1, false));
	synth_add(p, "s5", int_bits(5, 1, true));
	synth_add(p, "hex", int_base(32, 16));
	synth_add(p, "oct", int_base(16, 8));
	synth_add(p, "bin", int_base(8, 2));
	synth_add(p, "be32", int_be(32, false));
	synth_add(p, "be_s16", int_be(16, true));
	synth_add(p, "be64", int_be(64, false));
	synth_add(p, "wide_align", int_bits(16, 64, false));
	return p;
}

static struct ctf_type *floats_payload(void)
{
	struct ctf_type *p = synth_struct();

	synth_add(p, "f32", float_type(32));
	synth_add(p, "f64", float_type(64));
	return p;
}

static struct ctf_type *strings_payload(void)
{
	struct ctf_type *p = synth_struct();

	synth_add(p, "empty", string_type(CTF_ENCODING_UTF8));
	synth_add(p, "ascii", string_type(CTF_ENCODING_ASCII));
	synth_add(p, "utf8", string_type(CTF_ENCODING_UTF8));
	synth_add(p, "long_text", string_type(CTF_ENCODING_UTF8));
	return p;
}

static struct ctf_type *arrays_payload(void)
{
	struct ctf_type *p = synth_struct();
	struct ctf_type *pair = synth_struct();

	synth_add(pair, "a", synth_int(8, false));
	synth_add(pair, "b", synth_int(8, true));
	synth_add(p, "arr", ctf_type_array_create(synth_int(32, false), 3));
	synth_add(p, "n_empty", synth_int(8, false));
	synth_add(p, "empty_seq",
		  ctf_type_sequence_create(synth_int(16, true), "n_empty"));
	synth_add(p, "n_vals", synth_int(32, false));
	synth_add(p, "vals",
		  ctf_type_sequence_create(synth_int(16, true), "n_vals"));
	synth_add(p, "text", ctf_type_array_create(utf8_char(), 8));
	synth_add(p, "n_text", synth_int(16, false));
	synth_add(p, "text_seq",
		  ctf_type_sequence_create(utf8_char(), "n_text"));
	synth_add(p, "names",
		  ctf_type_array_create(string_type(CTF_ENCODING_UTF8), 2));
	synth_add(p, "pairs", ctf_type_array_create(pair, 2));
	return p;
}

static struct ctf_type *enums_payload(void)
{
	struct ctf_type *p = synth_struct();
	struct ctf_type *state = enum_type(8, false);
	struct ctf_type *level = enum_type(16, true);

	synth_must(ctf_type_enum_add_unsigned(state, "zero", 0, 0));
	synth_must(ctf_type_enum_add_unsigned(state, "one_to_nine", 1, 9));
	synth_must(ctf_type_enum_add_unsigned(state, "big", 200, 255));
	synth_must(ctf_type_enum_add_signed(level, "negative", -100, -1));
	synth_must(ctf_type_enum_add_signed(level, "zero", 0, 0));
	synth_must(ctf_type_enum_add_signed(level, "positive", 1, 100));
	synth_must(ctf_type_enum_add_signed(level, "overlap", 50, 60));
	synth_add(p, "state", state);
	synth_add(p, "level", level);
	return p;
}

static struct ctf_type *compound_payload(void)
{
	struct ctf_type *p = synth_struct();
	struct ctf_type *point = synth_struct();
	struct ctf_type *inner = synth_struct();
	struct ctf_type *kind = enum_type(8, false);
	struct ctf_type *val = ctf_type_variant_create("kind");

	synth_must(ctf_type_enum_add_unsigned(kind, "as_int", 0, 0));
	synth_must(ctf_type_enum_add_unsigned(kind, "as_text", 1, 1));
	synth_must(ctf_type_enum_add_unsigned(kind, "as_float", 2, 2));
	synth_add(inner, "label", string_type(CTF_ENCODING_UTF8));
	synth_add(inner, "y", synth_int(64, true));
	synth_add(point, "x", synth_int(16, false));
	synth_add(point, "inner", inner);
	synth_add(val, "as_int", synth_int(32, true));
	synth_add(val, "as_text", string_type(CTF_ENCODING_UTF8));
	synth_add(val, "as_float", float_type(64));
	synth_add(p, "point", point);
	synth_add(p, "kind", kind);
	synth_add(p, "val", val);
	synth_add(p, "after", synth_int(8, false));
	return p;
}

/* Event ids of the all-types scenario. */
enum {
	EV_INTEGERS,
	EV_BITS,
	EV_FLOATS,
	EV_STRINGS,
	EV_ARRAYS,
	EV_ENUMS,
	EV_COMPOUND,
	EV_EMPTY,
	EV_HIGH_ID = 40,
	NR_ALL_TYPES = 9,
};

static int write_all_types_events(struct synth *s, struct ctf_stream_writer *w,
				  const struct ctf_event_class **ev)
{
	struct ctf_value ctx = LIST(S(4242), STR("synth-app"));
	char long_text[5001];
	uint64_t ts = 1000;
	int ret = 0;
	size_t i;

	for (i = 0; i < 5000; i++)
		long_text[i] = (char)('a' + i % 26);
	long_text[5000] = '\0';
#define PUT(id, ...)                                                           \
	(ret = ret ? ret                                                       \
		   : put(s, w, ev[id], ts += 100, &ctx, LIST(__VA_ARGS__)))
	PUT(EV_INTEGERS, U(0), U(0), U(0), U(0), S(INT8_MIN), S(INT16_MIN),
	    S(INT32_MIN), S(INT64_MIN));
	PUT(EV_INTEGERS, U(UINT8_MAX), U(UINT16_MAX), U(UINT32_MAX),
	    U(UINT64_MAX), S(INT8_MAX), S(INT16_MAX), S(INT32_MAX),
	    S(INT64_MAX));
	PUT(EV_INTEGERS, U(1), U(2), U(3), U(4), S(-1), S(-2), S(-3), S(-4));
	PUT(EV_BITS, U(1), U(5), S(-1), U((UINT64_C(1) << 33) - 1), S(-16),
	    U(0xdeadbeef), U(0755), U(0xa5), U(0x01020304), S(-2),
	    U(UINT64_C(0x0102030405060708)), U(0xbeef));
	PUT(EV_BITS, U(0), U(0), S((1 << 26) - 1), U(UINT64_C(0x100000001)),
	    S(15), U(0), U(0), U(0), U(UINT32_MAX), S(INT16_MIN), U(UINT64_MAX),
	    U(0));
	PUT(EV_BITS, U(1), U(7), S(-(1 << 26)), U(0), S(0), U(1), U(1), U(1),
	    U(0), S(INT16_MAX), U(0), U(1));
	PUT(EV_FLOATS, D(1.5), D(-2.25));
	PUT(EV_FLOATS, D(-0.1), D(0.1));
	PUT(EV_FLOATS, D(3.4028234663852886e38), D(-1e-300));
	PUT(EV_STRINGS, STR(""), STR("plain ascii"),
	    STR("h\xc3\xa9llo w\xc3\xb6rld \xe2\x9c\x93"), STR(long_text));
	PUT(EV_ARRAYS, LIST(U(1), U(2), U(3)), U(0), CTF_EMPTY_LIST, U(3),
	    LIST(S(-1), S(0), S(32767)), STR("abc"), U(12), STR("dynamic text"),
	    LIST(STR("first"), STR("second")),
	    LIST(LIST(U(1), S(-1)), LIST(U(2), S(-2))));
	PUT(EV_ARRAYS, LIST(U(0), U(0), U(UINT32_MAX)), U(0), CTF_EMPTY_LIST,
	    U(1), LIST(S(INT16_MIN)), STR("12345678"), U(0), STR(""),
	    LIST(STR(""), STR("")),
	    LIST(LIST(U(0), S(0)), LIST(U(255), S(127))));
	PUT(EV_ENUMS, U(5), S(-50));
	PUT(EV_ENUMS, U(100), S(0));
	PUT(EV_ENUMS, U(255), S(55));
	PUT(EV_ENUMS, U(0), S(1000));
	PUT(EV_COMPOUND, LIST(U(7), LIST(STR("in"), S(-7))), U(0), S(-123456),
	    U(1));
	PUT(EV_COMPOUND, LIST(U(8), LIST(STR(""), S(9))), U(1),
	    STR("text option"), U(2));
	PUT(EV_COMPOUND, LIST(U(9), LIST(STR("z"), S(0))), U(2), D(2.5), U(3));
	if (!ret)
		ret = ctf_stream_writer_append(w, ev[EV_EMPTY], ts += 100, &ctx,
					       NULL, &s->err);
	PUT(EV_HIGH_ID, U(40));
#undef PUT
	return finish(s, w, ret, ts + 100);
}

static int all_types(struct synth *s)
{
	static const char *const names[NR_ALL_TYPES] = {
		"synth:integers", "synth:bits",	  "synth:floats",
		"synth:strings",  "synth:arrays", "synth:enums",
		"synth:compound", "synth:empty",  "synth:high_id",
	};
	struct ctf_type *(*const payloads[NR_ALL_TYPES])(void) = {
		integers_payload, bits_payload,	  floats_payload,
		strings_payload,  arrays_payload, enums_payload,
		compound_payload, synth_struct,	  NULL,
	};
	const struct ctf_event_class *ev[EV_HIGH_ID + 1] = {NULL};
	struct ctf_stream_writer *w;
	struct ctf_type *high;
	int ret = synth_begin(s, "synth-host", SYNTH_CLOCK_OFFSET);
	size_t i;

	if (!ret)
		ret = synth_stream_class(s, 0, CTF_EVENT_HEADER_COMPACT,
					 all_types_context());
	for (i = 0; !ret && i < NR_ALL_TYPES; i++) {
		uint32_t id = i == NR_ALL_TYPES - 1 ? EV_HIGH_ID : (uint32_t)i;
		struct ctf_type *payload;

		if (payloads[i]) {
			payload = payloads[i]();
		} else {
			high = synth_struct();
			synth_add(high, "value", synth_int(8, false));
			payload = high;
		}
		ev[id] = synth_event_class(s, id, 0, names[i], payload);
		if (!ev[id])
			ret = -EINVAL;
	}
	if (ret)
		return ret;
	w = synth_stream(s, 0, "channel0_0", 0, 16384);
	return w ? write_all_types_events(s, w, ev) : -EINVAL;
}

static int packetized(struct synth *s)
{
	s->packetized = true;
	return all_types(s);
}

/* ---- timestamps: compact headers around the 27-bit boundary ---- */

static int timestamps(struct synth *s)
{
	const uint64_t c = UINT64_C(1) << 27;
	const uint64_t t3 = 1001 + c - 1, t4 = t3 + c, t5 = t4 + c + 1;
	const uint64_t t6 = t5 + (UINT64_C(1) << 32) + 5;
	const uint64_t t8 = (UINT64_C(1) << 40) + 3;
	const uint64_t t10 = (t8 / c + 2) * c - 1;
	const uint64_t ts[] = {1000, 1000,   1001, t3,	       t4,  t5,
			       t6,   t6 + 1, t8,   t8 + c - 1, t10, t10 + 2};
	const struct ctf_event_class *tick;
	struct ctf_stream_writer *w;
	struct ctf_type *p;
	int ret = synth_begin(s, "synth-host", SYNTH_CLOCK_OFFSET);
	size_t i;

	if (!ret)
		ret = synth_stream_class(s, 0, CTF_EVENT_HEADER_COMPACT, NULL);
	if (ret)
		return ret;
	p = synth_struct();
	synth_add(p, "seq", synth_int(32, false));
	tick = synth_event_class(s, 0, 0, "synth:tick", p);
	w = tick ? synth_stream(s, 0, "channel0_0", 0, 4096) : NULL;
	if (!w)
		return -EINVAL;
	for (i = 0; !ret && i < N(ts); i++)
		ret = put(s, w, tick, ts[i], NULL, LIST(U(i)));
	return finish(s, w, ret, ts[N(ts) - 1]);
}

/* ---- large-header: extended headers for big ids and deltas ---- */

static int large_header(struct synth *s)
{
	static const uint32_t compact_ids[] = {0, 30, 31, 200};
	static const uint32_t large_ids[] = {0, 65534, 65535, 70000};
	const struct ctf_event_class *cev[4], *lev[4];
	struct ctf_stream_writer *cw = NULL, *lw = NULL;
	const uint64_t big = UINT64_C(1) << 32;
	char name[32];
	int ret = synth_begin(s, "synth-host", SYNTH_CLOCK_OFFSET);
	size_t i;

	if (!ret)
		ret = synth_stream_class(s, 0, CTF_EVENT_HEADER_COMPACT, NULL);
	if (!ret)
		ret = synth_stream_class(s, 1, CTF_EVENT_HEADER_LARGE, NULL);
	for (i = 0; !ret && i < 4; i++) {
		struct ctf_type *p = synth_struct();

		synth_add(p, "id_copy", synth_int(32, false));
		snprintf(name, sizeof(name), "synth:c%u", compact_ids[i]);
		cev[i] = synth_event_class(s, compact_ids[i], 0, name, p);
		p = synth_struct();
		synth_add(p, "id_copy", synth_int(32, false));
		snprintf(name, sizeof(name), "synth:l%u", large_ids[i]);
		lev[i] = cev[i] ? synth_event_class(s, large_ids[i], 1, name, p)
				: NULL;
		if (!lev[i])
			ret = -EINVAL;
	}
	if (!ret)
		cw = synth_stream(s, 0, "compact_0", 0, 4096);
	if (cw)
		lw = synth_stream(s, 1, "large_0", 0, 4096);
	if (!lw) {
		if (cw)
			ctf_stream_writer_close(cw, 0, NULL);
		return -EINVAL;
	}
	for (i = 0; !ret && i < 4; i++)
		ret = put(s, cw, cev[i], 100 + 10 * i, NULL,
			  LIST(U(compact_ids[i])));
	/* Large stream: deltas at the 32-bit boundary. */
	if (!ret)
		ret = put(s, lw, lev[0], 100, NULL, LIST(U(0)));
	if (!ret)
		ret = put(s, lw, lev[1], 100 + big - 1, NULL, LIST(U(65534)));
	if (!ret)
		ret = put(s, lw, lev[2], 100 + 2 * big - 1, NULL,
			  LIST(U(65535)));
	if (!ret)
		ret = put(s, lw, lev[3], 100 + 2 * big, NULL, LIST(U(70000)));
	if (!ret)
		ret = put(s, lw, lev[0], 100 + 2 * big + 1, NULL, LIST(U(0)));
	ret = finish(s, cw, ret, 140);
	return finish(s, lw, ret, 100 + 2 * big + 1);
}

/* ---- discarded: events_discarded running totals ---- */

static int discarded(struct synth *s)
{
	const struct ctf_event_class *ev;
	struct ctf_stream_writer *w;
	struct ctf_type *p;
	int ret = synth_begin(s, "synth-host", SYNTH_CLOCK_OFFSET);
	uint64_t i;

	if (!ret)
		ret = synth_stream_class(s, 0, CTF_EVENT_HEADER_COMPACT, NULL);
	if (ret)
		return ret;
	p = synth_struct();
	synth_add(p, "seq", synth_int(64, false));
	ev = synth_event_class(s, 0, 0, "synth:ev", p);
	/* 172 bytes for events, 12 per event: 14 events per packet. */
	w = ev ? synth_stream(s, 0, "channel0_0", 0, 256) : NULL;
	if (!w)
		return -EINVAL;
	for (i = 0; !ret && i < 30; i++) {
		ret = put(s, w, ev, 1000 + 10 * i, NULL, LIST(U(i)));
		/*
		 * Packets hold events 0-13, 14-27 and 28-29. babeltrace2
		 * gives no count for losses before a stream's first packet,
		 * so they start in the second one.
		 */
		if (i == 16)
			ctf_stream_writer_add_discarded(w, 3);
		if (i == 28)
			ctf_stream_writer_add_discarded(w, 5);
	}
	if (!ret)
		ret = ctf_stream_writer_flush(w, 1300, &s->err);
	ctf_stream_writer_add_discarded(w, 2);
	return finish(s, w, ret, 1400);
}

/* ---- many-packets: two CPUs, thousands of events ---- */

static int many_packets(struct synth *s)
{
	const struct ctf_event_class *ev;
	struct ctf_stream_writer *w[2] = {NULL, NULL};
	struct ctf_type *p;
	int ret = synth_begin(s, "synth-host", SYNTH_CLOCK_OFFSET);
	uint64_t i;

	if (!ret)
		ret = synth_stream_class(s, 0, CTF_EVENT_HEADER_COMPACT, NULL);
	if (ret)
		return ret;
	p = synth_struct();
	synth_add(p, "seq", synth_int(64, false));
	synth_add(p, "cpu", synth_int(32, true));
	synth_add(p, "msg", string_type(CTF_ENCODING_UTF8));
	ev = synth_event_class(s, 0, 0, "synth:many", p);
	if (ev)
		w[0] = synth_stream(s, 0, "channel0_0", 0, 4096);
	if (w[0])
		w[1] = synth_stream(s, 0, "channel0_1", 1, 4096);
	if (!w[1]) {
		if (w[0])
			ctf_stream_writer_close(w[0], 0, NULL);
		return -EINVAL;
	}
	for (i = 0; !ret && i < 10000; i++) {
		char msg[32];

		snprintf(msg, sizeof(msg), "message %llu",
			 (unsigned long long)i);
		ret = put(s, w[i % 2], ev, 5000 + 7 * i, NULL,
			  LIST(U(i), S((int64_t)(i % 2)), STR(msg)));
	}
	ret = finish(s, w[0], ret, 5000 + 7 * 10000);
	return finish(s, w[1], ret, 5000 + 7 * 10000);
}

/* ---- hello: the `make demo` trace, a hello-world provider ---- */

static int hello(struct synth *s)
{
	struct timespec mono, real;
	const struct ctf_event_class *ev;
	struct ctf_stream_writer *w[2] = {NULL, NULL};
	char host[256] = "localhost";
	struct ctf_type *p;
	uint64_t now;
	int ret, i;

	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &real);
	now = (uint64_t)mono.tv_sec * 1000000000 + (uint64_t)mono.tv_nsec;
	gethostname(host, sizeof(host) - 1);
	ret = synth_begin(s, host,
			  (int64_t)((uint64_t)real.tv_sec * 1000000000 +
				    (uint64_t)real.tv_nsec - now));
	if (!ret)
		ret = synth_stream_class(s, 0, CTF_EVENT_HEADER_COMPACT, NULL);
	if (ret)
		return ret;
	p = synth_struct();
	synth_add(p, "my_integer_field", synth_int(32, true));
	synth_add(p, "my_string_field", string_type(CTF_ENCODING_UTF8));
	ev = synth_event_class(s, 0, 0, "hello_world:my_first_tracepoint", p);
	if (ev)
		w[0] = synth_stream(s, 0, "channel0_0", 0, 4096);
	if (w[0])
		w[1] = synth_stream(s, 0, "channel0_1", 1, 4096);
	if (!w[1]) {
		if (w[0])
			ctf_stream_writer_close(w[0], now, NULL);
		return -EINVAL;
	}
	for (i = 0; !ret && i < 6; i++)
		ret = put(s, w[i % 2], ev, now + 1000 * (uint64_t)i, NULL,
			  LIST(S(23 + i), STR(i % 2 ? "hi" : "hello, world!")));
	ret = finish(s, w[0], ret, now + 6000);
	return finish(s, w[1], ret, now + 6000);
}

/* ---- refusals: each must fail with a message, leaving nothing ---- */

static int refuse_payload(struct synth *s, struct ctf_type *payload)
{
	int ret = synth_begin(s, "synth-host", SYNTH_CLOCK_OFFSET);

	if (!ret)
		ret = synth_stream_class(s, 0, CTF_EVENT_HEADER_COMPACT, NULL);
	if (ret) {
		ctf_type_destroy(payload);
		return ret;
	}
	return synth_event_class(s, 0, 0, "synth:refused", payload) ? 0
								    : -EINVAL;
}

static int refuse_keyword(struct synth *s)
{
	struct ctf_type *p = synth_struct();

	synth_add(p, "struct", synth_int(8, false));
	return refuse_payload(s, p);
}

static int refuse_duplicate(struct synth *s)
{
	struct ctf_type *p = synth_struct();

	synth_add(p, "twice", synth_int(8, false));
	synth_add(p, "twice", synth_int(16, false));
	return refuse_payload(s, p);
}

static int refuse_sequence_order(struct synth *s)
{
	struct ctf_type *p = synth_struct();

	synth_add(p, "vals",
		  ctf_type_sequence_create(synth_int(8, false), "n_vals"));
	synth_add(p, "n_vals", synth_int(32, false));
	return refuse_payload(s, p);
}

static int refuse_enum_range(struct synth *s)
{
	struct ctf_type *p = synth_struct();
	struct ctf_type *e = enum_type(8, false);

	synth_must(ctf_type_enum_add_unsigned(e, "too_big", 250, 300));
	synth_add(p, "state", e);
	return refuse_payload(s, p);
}

/* Writes one event of a one-field stream; used by the write refusals. */
static int refuse_event(struct synth *s, struct ctf_type *field,
			const uint64_t *ts, const struct ctf_value *values,
			size_t count)
{
	struct ctf_type *p = synth_struct();
	const struct ctf_event_class *ev;
	struct ctf_stream_writer *w;
	int ret;
	size_t i;

	synth_add(p, "field", field);
	ret = refuse_payload(s, p);
	ev = ret ? NULL : ctf_metadata_event_class(s->md, 0, 0);
	w = ev ? synth_stream(s, 0, "channel0_0", 0, 4096) : NULL;
	if (!w)
		return -EINVAL;
	for (i = 0; !ret && i < count; i++)
		ret = put(s, w, ev, ts[i], NULL, LIST(values[i]));
	return finish(s, w, ret, ts[count - 1]);
}

static int refuse_too_large(struct synth *s)
{
	static char text[5000];
	const uint64_t ts[] = {10, 20};
	struct ctf_value values[2] = {STR("fits"), STR(text)};

	memset(text, 'x', sizeof(text) - 1);
	return refuse_event(s, string_type(CTF_ENCODING_UTF8), ts, values, 2);
}

static int refuse_value_range(struct synth *s)
{
	const uint64_t ts[] = {10};
	struct ctf_value values[1] = {U(256)};

	return refuse_event(s, synth_int(8, false), ts, values, 1);
}

static int refuse_timestamp_order(struct synth *s)
{
	const uint64_t ts[] = {20, 10};
	struct ctf_value values[2] = {U(1), U(2)};

	return refuse_event(s, synth_int(8, false), ts, values, 2);
}

const struct synth_scenario synth_scenarios[] = {
	{"all-types", "every field type at its edges", all_types},
	{"packetized", "all-types with packetized, appended metadata",
	 packetized},
	{"timestamps", "timestamp deltas around 2^27", timestamps},
	{"large-header", "ids above 30 and 65534, 2^32 deltas", large_header},
	{"discarded", "10 discarded events over 3 reports", discarded},
	{"many-packets", "10000 events over two CPUs", many_packets},
	{"hello", "a hello-world trace for `make demo`", hello},
	{"refuse-keyword", "a field named after a TSDL keyword",
	 refuse_keyword},
	{"refuse-duplicate", "two fields with one name", refuse_duplicate},
	{"refuse-sequence-order", "a sequence before its length",
	 refuse_sequence_order},
	{"refuse-enum-range", "a mapping outside its container",
	 refuse_enum_range},
	{"refuse-too-large", "an event larger than a packet", refuse_too_large},
	{"refuse-value-range", "256 in an 8-bit unsigned field",
	 refuse_value_range},
	{"refuse-timestamp-order", "a timestamp going backwards",
	 refuse_timestamp_order},
	{NULL, NULL, NULL},
};
