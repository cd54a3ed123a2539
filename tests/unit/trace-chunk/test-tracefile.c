/*
 * Model test of trace file rotation (trace-chunk/tracefile.h): random streams
 * of packets (with events or empty, of random sizes, some larger than a file)
 * go through tracefile_place/next/wrote into a simulated directory, for many
 * sizes and counts, with cyclic and sequence names. After every packet: the
 * names are LTTng's (or the ring's), at most count files exist, a file exceeds
 * the size only with a single packet, the retained packets are the newest ones
 * written, in order, the newest packet with events is always among them, a new
 * file's name is free (the file falling out of the ring was named and removed),
 * and only empty packets are ever dropped (and only where writing them would
 * have removed it). The seed is printed; TRACEFILE_SEED replays one.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "trace-chunk/tracefile.h"

#define MAX_PACKETS 400
#define MAX_FILES (MAX_PACKETS + 1)

struct sim_file {
	char name[64];
	uint64_t seq; /* the tracefile's file number, for ordering */
	uint64_t bytes;
	unsigned int packets[MAX_PACKETS]; /* ids, in file order */
	unsigned int nr;
};

struct sim {
	struct tracefile tf;
	struct sim_file files[MAX_FILES];
	unsigned int nr_files;
	struct sim_file *current;
	bool has_events[MAX_PACKETS];
	uint64_t bytes_of[MAX_PACKETS];
	bool written[MAX_PACKETS];
	int newest_event; /* id of the newest packet with events, or -1 */
};

static struct sim_file *find(struct sim *s, const char *name)
{
	for (unsigned int i = 0; i < s->nr_files; i++)
		if (!strcmp(s->files[i].name, name))
			return &s->files[i];
	return NULL;
}

static void remove_file(struct sim *s, const char *name)
{
	struct sim_file *f = find(s, name);

	assert_non_null(f);
	*f = s->files[--s->nr_files];
}

/* Creates the current file, whose name no file may hold any more. */
static void open_current(struct sim *s)
{
	char name[64];
	struct sim_file *f;

	assert_int_equal(tracefile_name(&s->tf, "ch_0", name, sizeof(name)), 0);
	assert_null(find(s, name));
	assert_true(s->nr_files < MAX_FILES);
	f = &s->files[s->nr_files++];
	memset(f, 0, sizeof(*f));
	snprintf(f->name, sizeof(f->name), "%s", name);
	f->seq = s->tf.seq;
	s->current = f;
}

static void check_names(const struct sim *s, bool sequence_names)
{
	for (unsigned int i = 0; i < s->nr_files; i++) {
		const struct sim_file *f = &s->files[i];
		char expected[64];

		if (!s->tf.size)
			snprintf(expected, sizeof(expected), "ch_0");
		else if (s->tf.count && !sequence_names)
			snprintf(expected, sizeof(expected), "ch_0_%llu",
				 (unsigned long long)(f->seq % s->tf.count));
		else
			snprintf(expected, sizeof(expected), "ch_0_%llu",
				 (unsigned long long)f->seq);
		assert_string_equal(f->name, expected);
	}
	if (s->tf.count)
		assert_true(s->nr_files <= s->tf.count);
}

static int by_seq(const void *a, const void *b)
{
	const struct sim_file *x = a, *y = b;

	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Retained packets = the newest written ones, in order, files whole. */
static void check_contents(struct sim *s, unsigned int nr_packets)
{
	static struct sim_file sorted[MAX_FILES];
	unsigned int retained[MAX_PACKETS], n = 0, expected;
	bool newest_event_kept = s->newest_event < 0;

	memcpy(sorted, s->files, s->nr_files * sizeof(sorted[0]));
	qsort(sorted, s->nr_files, sizeof(sorted[0]), by_seq);
	for (unsigned int i = 0; i < s->nr_files; i++) {
		uint64_t bytes = 0;

		for (unsigned int j = 0; j < sorted[i].nr; j++) {
			retained[n++] = sorted[i].packets[j];
			bytes += s->bytes_of[sorted[i].packets[j]];
			if ((int)sorted[i].packets[j] == s->newest_event)
				newest_event_kept = true;
		}
		assert_int_equal(bytes, sorted[i].bytes);
		if (s->tf.size && sorted[i].nr > 1)
			assert_true(sorted[i].bytes <= s->tf.size);
	}
	assert_true(newest_event_kept);
	/* walking back from the newest written packet, none is missing */
	expected = nr_packets;
	for (unsigned int i = n; i-- > 0;) {
		do
			assert_true(expected-- > 0);
		while (!s->written[expected]);
		assert_int_equal(retained[i], expected);
	}
}

static void run_one(unsigned int *seed, uint64_t size, uint64_t count,
		    bool sequence_names)
{
	struct sim *s = calloc(1, sizeof(*s));
	unsigned int nr = 20 + rand_r(seed) % (MAX_PACKETS - 20);
	uint64_t unit = 1 + rand_r(seed) % 64;

	assert_non_null(s);
	tracefile_init(&s->tf, size ? size * unit : 0, count, sequence_names);
	s->newest_event = -1;
	open_current(s);
	for (unsigned int id = 0; id < nr; id++) {
		/* mostly whole units, sometimes a partial or oversized one */
		uint64_t bytes = unit * (1 + (rand_r(seed) % 8 == 0 ? 3 : 0));
		bool events = rand_r(seed) % 3 != 0;
		char obsolete[64];
		int ret;

		if (rand_r(seed) % 5 == 0)
			bytes = 1 + rand_r(seed) % unit;
		s->has_events[id] = events;
		s->bytes_of[id] = bytes;
		switch (tracefile_place(&s->tf, bytes, events)) {
		case TRACEFILE_DROP:
			/* only empty packets, only to keep the newest events */
			assert_false(events);
			assert_true(s->newest_event >= 0);
			continue;
		case TRACEFILE_NEXT:
			assert_true(s->tf.size != 0);
			ret = tracefile_next(&s->tf, "ch_0", obsolete,
					     sizeof(obsolete));
			assert_true(ret >= 0);
			assert_int_equal(ret == 1, count && s->tf.seq >= count);
			if (ret == 1)
				remove_file(s, obsolete);
			open_current(s);
			break;
		case TRACEFILE_APPEND:
			assert_true(!s->tf.size || !s->current->nr ||
				    s->current->bytes + bytes <= s->tf.size);
			break;
		}
		assert_true(s->current->nr < MAX_PACKETS);
		s->current->packets[s->current->nr++] = id;
		s->current->bytes += bytes;
		s->written[id] = true;
		tracefile_wrote(&s->tf, bytes, events);
		if (events)
			s->newest_event = (int)id;
		check_names(s, sequence_names);
		check_contents(s, id + 1);
	}
	free(s);
}

static void test_random_packet_streams_keep_the_newest_events(void **state)
{
	const char *env = getenv("TRACEFILE_SEED");
	unsigned int seed = env ? (unsigned int)strtoul(env, NULL, 0)
				: (unsigned int)time(NULL);

	(void)state;
	printf("TRACEFILE_SEED=%u\n", seed);
	for (unsigned int round = 0; round < 300; round++) {
		uint64_t size = rand_r(&seed) % 4; /* in units; 0: one file */
		uint64_t count = rand_r(&seed) % 5;

		run_one(&seed, size, count, round % 4 == 3);
	}
}

static void test_empty_packets_after_the_events_are_dropped(void **state)
{
	struct tracefile tf;

	(void)state;
	/* one packet a file, two files: events, then empty, empty */
	tracefile_init(&tf, 100, 2, false);
	assert_int_equal(tracefile_place(&tf, 100, true), TRACEFILE_APPEND);
	tracefile_wrote(&tf, 100, true);
	assert_int_equal(tracefile_place(&tf, 100, false), TRACEFILE_NEXT);
	assert_int_equal(tracefile_next(&tf, "c_0", NULL, 0), 0);
	tracefile_wrote(&tf, 100, false);
	/* a third file falls out of the ring: _0 goes before it returns */
	assert_int_equal(tracefile_place(&tf, 100, true), TRACEFILE_NEXT);
	/* the next file would be _0 again, the one with the events */
	assert_int_equal(tracefile_place(&tf, 100, false), TRACEFILE_DROP);
	assert_int_equal(tracefile_place(&tf, 100, true), TRACEFILE_NEXT);
	/* count 1: an empty packet never replaces the only file */
	tracefile_init(&tf, 100, 1, false);
	tracefile_wrote(&tf, 60, true);
	assert_int_equal(tracefile_place(&tf, 40, false), TRACEFILE_APPEND);
	assert_int_equal(tracefile_place(&tf, 41, false), TRACEFILE_DROP);
}

static void test_lttng_names(void **state)
{
	struct tracefile tf;
	char name[32];

	(void)state;
	tracefile_init(&tf, 0, 3, false);
	assert_int_equal(tracefile_name(&tf, "ch_1", name, sizeof(name)), 0);
	assert_string_equal(name, "ch_1");
	tracefile_init(&tf, 10, 3, false);
	for (unsigned int i = 0; i < 7; i++) {
		assert_int_equal(
			tracefile_name(&tf, "ch_1", name, sizeof(name)), 0);
		assert_int_equal(name[5] - '0', i % 3);
		tracefile_next(&tf, "ch_1", NULL, 0);
	}
	tracefile_init(&tf, 10, 0, false);
	for (unsigned int i = 0; i < 12; i++)
		tracefile_next(&tf, "ch_1", NULL, 0);
	tracefile_name(&tf, "ch_1", name, sizeof(name));
	assert_string_equal(name, "ch_1_12");
	assert_int_equal(tracefile_name(&tf, "ch_1", name, 7), -ENAMETOOLONG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lttng_names),
		cmocka_unit_test(
			test_empty_packets_after_the_events_are_dropped),
		cmocka_unit_test(
			test_random_packet_streams_keep_the_newest_events),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
