/*
 * Filters in liblttng-ust, end to end inside the process: the filter of
 * an event rule is compiled as the CLI compiles it, linked by the
 * recorder, and evaluated by the generated probe before anything is
 * reserved. Each expression of the table is checked against a C
 * predicate over generated events: the records are exactly the events
 * the predicate selects, and rejected events reserve nothing.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cmocka.h>

#include "filter-tp.h"

#include "channel.h"
#include "ctx-capture.h"
#include "event-rule.h"
#include "filter/filter.h"
#include "recorder.h"

#define NR_EVENTS 16

/* The arguments of event k. */
struct event_args {
	int64_t i;
	uint32_t u;
	double d;
	char s[8];
	int16_t seq[3];
	unsigned int nseq;
};

static const char *const strings[] = {"abc", "abd", "xyz", "ab", "a*c"};

static void make_args(int k, struct event_args *a)
{
	memset(a, 0, sizeof(*a));
	a->i = k - 5;
	a->u = (uint32_t)k * 7;
	a->d = k * 0.25;
	strcpy(a->s, strings[k % 5]);
	a->seq[0] = (int16_t)k;
	a->seq[1] = (int16_t)(k + 1);
	a->seq[2] = (int16_t)-k;
	a->nseq = (unsigned int)k % 4;
}

static void fire(int k)
{
	struct event_args a;

	make_args(k, &a);
	lttng_ust_tracepoint(ust_tests_filter, values, a.i, a.u, a.d, a.s,
			     a.seq, a.nseq);
}

typedef bool (*predicate)(const struct event_args *a);

static bool p_int_range(const struct event_args *a)
{
	return a->i > 0 && a->u < 70;
}
static bool p_hex_and(const struct event_args *a)
{
	return (a->u & 0xf) == 7;
}
static bool p_enum(const struct event_args *a)
{
	return a->u % 3 == 2;
}
static bool p_double(const struct event_args *a)
{
	return a->d >= 1.5;
}
static bool p_glob_end(const struct event_args *a)
{
	return !strncmp(a->s, "ab", 2);
}
static bool p_glob_start(const struct event_args *a)
{
	size_t n = strlen(a->s);

	return n >= 1 && a->s[n - 1] == 'c';
}
static bool p_literal_star(const struct event_args *a)
{
	return !strcmp(a->s, "a*c");
}
static bool p_str_ne(const struct event_args *a)
{
	return strcmp(a->s, "xyz") != 0;
}
static bool p_str_order(const struct event_args *a)
{
	return strcmp(a->s, "abd") < 0;
}
static bool p_text(const struct event_args *a)
{
	return !strcmp(a->s, "abd");
}
static bool p_seq(const struct event_args *a)
{
	return a->nseq > 1 && a->seq[1] == 8;
}
static bool p_nowrite(const struct event_args *a)
{
	return a->i * 2 == 4;
}
static bool p_or_not(const struct event_args *a)
{
	return !(a->i < 5) || a->i == -5;
}
static bool p_vtid(const struct event_args *a)
{
	(void)a;
	return true;
}
static bool p_none(const struct event_args *a)
{
	(void)a;
	return false;
}
static bool p_neg_shift(const struct event_args *a)
{
	return -a->i > 2 && (a->u >> 1) < 10;
}

static const struct {
	const char *expr;
	predicate pred;
} table[] = {
	{"i > 0 && u < 70", p_int_range},
	{"u & 0xf == 7", p_hex_and},
	{"color == 2", p_enum},
	{"d >= 1.5", p_double},
	{"s == \"ab*\"", p_glob_end},
	{"\"*c\" == s", p_glob_start},
	{"s == \"a\\*c\"", p_literal_star},
	{"s != \"xyz\"", p_str_ne},
	{"s < \"abd\"", p_str_order},
	{"tag == \"abd\"", p_text},
	{"seq[1] == 8", p_seq},
	/* As in LTTng, a sequence's length field is not visible. */
	{"_seq_length == 3", p_none},
	{"_seq_length == 3 || 1", p_none},
	{"hidden == 4", p_nowrite},
	{"!(i < 5) || i == -5", p_or_not},
	{"$ctx.vtid == $ctx.vtid && $ctx.procname == \"test-ust-*\"", p_vtid},
	{"nosuch == 1 || 1", p_none},
	{"-i > 2 && u >> 1 < 10", p_neg_shift},
};

static struct ctx_capture cap;

static int setup(void **state)
{
	(void)state;
	ctx_capture_open(&cap);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	ctx_capture_close(&cap);
	return 0;
}

static void test_each_filter_selects_what_its_predicate_selects(void **s)
{
	size_t t;
	int k;

	(void)s;
	for (t = 0; t < sizeof(table) / sizeof(table[0]); t++) {
		struct ust_event_rule *rule = ctx_capture_rule(
			&cap, "ust_tests_filter:values", table[t].expr);
		size_t expected = 0, n = 0;

		ctx_capture_clear(&cap);
		for (k = 0; k < NR_EVENTS; k++)
			fire(k);
		for (k = 0; k < NR_EVENTS; k++) {
			struct event_args a;
			int64_t recorded_i;

			make_args(k, &a);
			if (!table[t].pred(&a))
				continue;
			expected++;
			if (n >= cap.nr)
				fail_msg("'%s': event %d not recorded",
					 table[t].expr, k);
			memcpy(&recorded_i, cap.records[n].bytes, 8);
			if (recorded_i != a.i)
				fail_msg("'%s': recorded i=%lld, expected %lld",
					 table[t].expr, (long long)recorded_i,
					 (long long)a.i);
			n++;
		}
		if (cap.nr != expected)
			fail_msg("'%s': %zu records, expected %zu",
				 table[t].expr, cap.nr, expected);
		/* A rejected event reserves nothing. */
		assert_int_equal(cap.reserved, expected);
		ust_event_rule_destroy(rule);
	}
}

static void test_any_enabled_rule_accepting_records(void **state)
{
	struct ust_event_rule *one, *three, *all;
	int k;

	(void)state;
	one = ctx_capture_rule(&cap, "ust_tests_filter:*", "i == 1");
	three = ctx_capture_rule(&cap, "ust_tests_filter:val*", "i == 3");
	for (k = 0; k < NR_EVENTS; k++)
		fire(k);
	assert_int_equal(cap.nr, 2);
	ctx_capture_clear(&cap);

	all = ctx_capture_rule(&cap, "ust_tests_filter:values", NULL);
	for (k = 0; k < NR_EVENTS; k++)
		fire(k);
	assert_int_equal(cap.nr, NR_EVENTS);
	ctx_capture_clear(&cap);

	ust_event_rule_disable(all);
	ust_event_rule_disable(one);
	for (k = 0; k < NR_EVENTS; k++)
		fire(k);
	assert_int_equal(cap.nr, 1); /* only "i == 3" is left */
	ctx_capture_clear(&cap);

	ust_event_rule_disable(three);
	for (k = 0; k < NR_EVENTS; k++)
		fire(k);
	assert_int_equal(cap.nr, 0);
	ust_event_rule_destroy(one);
	ust_event_rule_destroy(three);
	ust_event_rule_destroy(all);
}

static void test_event_without_fields_filters_on_contexts(void **state)
{
	char filter[64];
	struct ust_event_rule *rule;

	(void)state;
	snprintf(filter, sizeof(filter), "$ctx.vpid == %d && $ctx.vtid == %ld",
		 getpid(), (long)syscall(SYS_gettid));
	rule = ctx_capture_rule(&cap, "ust_tests_filter:empty", filter);
	lttng_ust_tracepoint(ust_tests_filter, empty);
	assert_int_equal(cap.nr, 1);
	ust_event_rule_destroy(rule);
	ctx_capture_clear(&cap);
	rule = ctx_capture_rule(&cap, "ust_tests_filter:empty",
				"$ctx.vpid == 0");
	lttng_ust_tracepoint(ust_tests_filter, empty);
	assert_int_equal(cap.nr, 0);
	assert_int_equal(cap.reserved, 0);
	ust_event_rule_destroy(rule);
}

static void test_invalid_bytecode_is_refused(void **state)
{
	static const uint8_t garbage[] = {'L', 'T', 'F',  'B',	1,    0,
					  9,   9,   0xff, 0xff, 0xff, 0x7f};
	struct ust_event_rule_attr attr = {"ust_tests_filter:*", NULL, 0,
					   UST_LOGLEVEL_ALL, 0};
	struct ust_event_rule *rule;

	(void)state;
	attr.filter = garbage;
	attr.filter_len = sizeof(garbage);
	assert_int_equal(ust_event_rule_create(cap.chan, &attr, &rule),
			 -EINVAL);
	attr.filter_len = 3;
	assert_int_equal(ust_event_rule_create(cap.chan, &attr, &rule),
			 -EINVAL);
	fire(1);
	assert_int_equal(cap.nr, 0);
}

/* A thread-safe backend that only counts records (for the race test). */
static __thread char race_slot[256];
static unsigned long race_records;

static void *race_reserve(struct lttng_ust_event_recorder *event,
			  size_t payload_len, struct lttng_ust_record_ctx *ctx)
{
	(void)event;
	(void)ctx;
	return payload_len <= sizeof(race_slot) ? race_slot : NULL;
}

static void race_commit(struct lttng_ust_record_ctx *ctx)
{
	(void)ctx;
	__atomic_add_fetch(&race_records, 1, __ATOMIC_RELAXED);
}

static const struct lttng_ust_recorder_ops race_ops = {
	race_reserve, race_commit, ust_record_through_reserve};
static int race_stop;

static unsigned long race_fired;

static void *race_fire(void *arg)
{
	int k = 0;

	(void)arg;
	while (!__atomic_load_n(&race_stop, __ATOMIC_RELAXED)) {
		fire(k++ % NR_EVENTS);
		__atomic_add_fetch(&race_fired, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

/*
 * Waits until *counter went `n` past its current value. The other threads
 * only need to be scheduled, so the deadline (120 s) is far beyond any
 * load; reaching it means they are stuck, and the test fails saying so.
 */
static void wait_for(unsigned long *counter, unsigned long n,
		     const char *what)
{
	unsigned long start = __atomic_load_n(counter, __ATOMIC_RELAXED);
	int i;

	for (i = 0; i < 120000; i++) {
		if (__atomic_load_n(counter, __ATOMIC_RELAXED) - start >= n)
			return;
		usleep(1000);
	}
	fail_msg("waited 120 s for %lu %s, saw %lu", n, what,
		 __atomic_load_n(counter, __ATOMIC_RELAXED) - start);
}

/*
 * Filters are replaced (published, waited for, freed) while probes run
 * on other threads: under AddressSanitizer a probe reading a freed
 * program fails the test.
 */
static void test_filters_change_while_probes_run(void **state)
{
	static const char *const filters[] = {"i > 0", "s == \"ab*\"",
					      "u & 1 == 1", NULL};
	struct ust_event_rule_attr attr = {"ust_tests_filter:values", NULL, 0,
					   UST_LOGLEVEL_ALL, 0};
	struct ust_event_rule *rules[3];
	struct ust_channel *chan;
	pthread_t threads[2];
	int round, i;

	(void)state;
	assert_int_equal(ust_channel_create(&race_ops, NULL, &chan), 0);
	for (i = 0; i < 2; i++)
		assert_int_equal(
			pthread_create(&threads[i], NULL, race_fire, NULL), 0);
	for (round = 0; round < 30; round++) {
		for (i = 0; i < 3; i++) {
			struct filter_bytecode *bc = NULL;
			struct filter_error err;

			if (filters[(round + i) % 4]) {
				assert_int_equal(
					filter_compile(filters[(round + i) % 4],
						       &bc, &err),
					0);
				attr.filter = bc->data;
				attr.filter_len = bc->len;
			} else {
				attr.filter = NULL;
			}
			assert_int_equal(
				ust_event_rule_create(chan, &attr, &rules[i]),
				0);
			free(bc);
		}
		wait_for(&race_fired, 50, "probe calls"); /* on these filters */
		if (round % 2)
			ust_event_rule_disable(rules[1]);
		for (i = 0; i < 3; i++)
			ust_event_rule_destroy(rules[i]);
	}
	/* Recording still works after all this. */
	attr.filter = NULL;
	assert_int_equal(ust_event_rule_create(chan, &attr, &rules[0]), 0);
	wait_for(&race_records, 50, "records");
	__atomic_store_n(&race_stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < 2; i++)
		pthread_join(threads[i], NULL);
	ust_channel_destroy(chan);
	assert_true(__atomic_load_n(&race_records, __ATOMIC_RELAXED) >= 50);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_each_filter_selects_what_its_predicate_selects,
			setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_any_enabled_rule_accepting_records, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_event_without_fields_filters_on_contexts, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_invalid_bytecode_is_refused, setup, teardown),
		cmocka_unit_test(test_filters_change_while_probes_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
