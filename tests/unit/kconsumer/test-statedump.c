/*
 * Unit tests of the kernel state dump (statedump.h): the walk of this
 * machine's /proc and /sys through a capturing sink (start first, end
 * last, this process's thread and an open file in LTTng-modules'
 * payload layout, only the wanted events), the event table, and the
 * metadata classes the consumer declares for these events.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel-metadata.h"
#include "statedump-filter.h"
#include "statedump.h"

#define MAX_CAPTURED 200000

struct captured {
	enum statedump_event event;
	size_t len;
	uint8_t *bytes;
};

struct capture {
	struct captured *events;
	size_t count;
};

static int capture_event(void *arg, enum statedump_event event,
			 const struct statedump_payload *payload)
{
	struct capture *c = arg;
	struct captured *e;

	assert_true(c->count < MAX_CAPTURED);
	e = &c->events[c->count++];
	e->event = event;
	e->len = payload->len;
	e->bytes = malloc(payload->len ? payload->len : 1);
	assert_non_null(e->bytes);
	memcpy(e->bytes, payload->bytes, payload->len);
	return 0;
}

static void capture_fini(struct capture *c)
{
	size_t i;

	for (i = 0; i < c->count; i++)
		free(c->events[i].bytes);
	free(c->events);
}

static void run_capture(struct capture *c, statedump_event_set wanted)
{
	struct statedump_sink sink = {
		.events = wanted, .emit = capture_event, .arg = c};

	c->events = calloc(MAX_CAPTURED, sizeof(*c->events));
	c->count = 0;
	assert_non_null(c->events);
	assert_int_equal(statedump_run(&sink), 0);
}

static int32_t read_i32(const uint8_t *p)
{
	int32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static uint64_t read_u64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static void test_event_table(void **state)
{
	int e;

	(void)state;
	for (e = 0; e < STATEDUMP_NR_EVENTS; e++) {
		const struct statedump_event_desc *d = statedump_event_desc(e);

		assert_non_null(d->name);
		assert_int_equal(statedump_event_find(d->name), e);
	}
	assert_int_equal(statedump_event_find("lttng_statedump_nothing"), -1);
	assert_null(statedump_event_desc(STATEDUMP_NR_EVENTS));
	assert_int_equal(
		statedump_event_desc(STATEDUMP_PROCESS_STATE)->nr_fields, 10);
	assert_string_equal(
		statedump_event_desc(STATEDUMP_FILE_DESCRIPTOR)->fields[4].name,
		"filename");
}

/* process_state: tid, pid, ppid, name[16], type, mode, submode, status,
 * cpu, file_table_address. */
static void test_this_process_and_its_file(void **state)
{
	statedump_event_set all = (1u << STATEDUMP_NR_EVENTS) - 1;
	char path[] = "/tmp/statedump-unit-XXXXXX", comm[32] = "";
	struct capture c;
	bool state_seen = false, fd_seen = false;
	int fd = mkstemp(path), comm_fd;
	size_t i;

	(void)state;
	assert_true(fd >= 0);
	comm_fd = open("/proc/self/comm", O_RDONLY);
	assert_true(read(comm_fd, comm, sizeof(comm) - 1) > 0);
	close(comm_fd);
	comm[strcspn(comm, "\n")] = '\0';
	run_capture(&c, all);
	assert_true(c.count > 2);
	assert_int_equal(c.events[0].event, STATEDUMP_START);
	assert_int_equal(c.events[0].len, 0);
	assert_int_equal(c.events[c.count - 1].event, STATEDUMP_END);
	for (i = 0; i < c.count; i++) {
		const struct captured *e = &c.events[i];

		assert_int_not_equal(e->event, STATEDUMP_VM_MAP);
		if (e->event == STATEDUMP_PROCESS_STATE &&
		    read_i32(e->bytes) == getpid()) {
			assert_int_equal(e->len, 4 * 3 + 16 + 4 * 5 + 8);
			assert_int_equal(read_i32(e->bytes + 4), getpid());
			assert_int_equal(read_i32(e->bytes + 8), getppid());
			assert_string_equal((const char *)e->bytes + 12, comm);
			assert_int_equal(read_i32(e->bytes + 28), 0); /* user */
			assert_int_equal(read_i32(e->bytes + 32), 5); /* mode */
			assert_int_equal(read_u64(e->bytes + 48),
					 (uint64_t)getpid());
			state_seen = true;
		}
		if (e->event == STATEDUMP_FILE_DESCRIPTOR &&
		    read_u64(e->bytes) == (uint64_t)getpid() &&
		    read_i32(e->bytes + 8) == fd) {
			/* mkstemp: O_RDWR; fmode read + write + seekable */
			assert_int_equal(read_i32(e->bytes + 12) & O_ACCMODE,
					 O_RDWR);
			assert_int_equal(read_i32(e->bytes + 16), 0x1f);
			assert_string_equal((const char *)e->bytes + 20, path);
			fd_seen = true;
		}
	}
	assert_true(state_seen);
	assert_true(fd_seen);
	capture_fini(&c);
	close(fd);
	unlink(path);
}

static void test_only_wanted_events(void **state)
{
	statedump_event_set wanted =
		(1u << STATEDUMP_START) | (1u << STATEDUMP_PROCESS_STATE);
	struct capture c;
	size_t i, states = 0;

	(void)state;
	run_capture(&c, wanted);
	assert_int_equal(c.events[0].event, STATEDUMP_START);
	for (i = 1; i < c.count; i++) {
		assert_int_equal(c.events[i].event, STATEDUMP_PROCESS_STATE);
		states++;
	}
	assert_true(states > 0);
	capture_fini(&c);
}

static const struct trace_clock_desc test_clock = {
	.source = TRACE_CLOCK_MONOTONIC,
	.name = "monotonic",
	.description = "Monotonic Clock",
	.freq = 1000000000,
	.offset = 0};

static void test_metadata_classes(void **state)
{
	struct kernel_trace_info info = {.hostname = "host",
					 .trace_name = "t",
					 .creation_datetime =
						 "20260101T000000+0000",
					 .clock = &test_clock};
	struct kernel_context_set contexts = {0};
	const struct ctf_event_class *start, *fd, *again;
	struct ctf_error err;
	struct kernel_metadata *md =
		kernel_metadata_create("/nonexistent", &info, &err);
	const char *text, *block, *pos;
	const char *order[] = {"_file_table_address", "_fd", "_flags", "_fmode",
			       "_filename"};
	size_t len, i;

	(void)state;
	assert_non_null(md);
	assert_int_equal(
		kernel_metadata_add_channel(md, 0, &contexts, NULL, 0, &err),
		0);
	start = kernel_metadata_statedump_class(md, 0, STATEDUMP_START, &err);
	fd = kernel_metadata_statedump_class(md, 0, STATEDUMP_FILE_DESCRIPTOR,
					     &err);
	again = kernel_metadata_statedump_class(md, 0, STATEDUMP_START, &err);
	assert_non_null(start);
	assert_non_null(fd);
	assert_ptr_equal(start, again);
	assert_int_equal(start->id, 0);
	assert_int_equal(fd->id, 1);
	assert_null(
		kernel_metadata_statedump_class(md, 7, STATEDUMP_START, &err));
	text = ctf_metadata_text(kernel_metadata_ctf(md), &len);
	block = strstr(text, "name = \"lttng_statedump_file_descriptor\";");
	assert_non_null(block);
	pos = block;
	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		char needle[64];

		snprintf(needle, sizeof(needle), "%s;", order[i]);
		pos = strstr(pos, needle);
		assert_non_null(pos);
	}
	assert_non_null(strstr(block, "base = 8;"));
	assert_non_null(strstr(text, "name = \"lttng_statedump_start\";"));
	kernel_metadata_destroy(md);
}

/* A process_state payload: tid, pid, ppid, name, 5 ints, address. */
static void process_state_payload(struct statedump_payload *p, int32_t pid,
				  const char *name)
{
	statedump_payload_reset(p);
	statedump_payload_int(p, (uint64_t)pid, 4);
	statedump_payload_int(p, (uint64_t)pid, 4);
	statedump_payload_int(p, 1, 4);
	statedump_payload_text_array(p, name, 16);
	statedump_payload_int(p, 0, 4);
	statedump_payload_int(p, 5, 4);
	statedump_payload_int(p, 0, 4);
	statedump_payload_int(p, 5, 4);
	statedump_payload_int(p, 1, 4);
	statedump_payload_int(p, (uint64_t)pid, 8);
}

static void test_filters_read_payload_fields(void **state)
{
	struct statedump_filter f;
	struct statedump_payload p;
	const uint8_t loopback[4] = {127, 0, 0, 1};
	char err[256];

	(void)state;
	assert_int_equal(statedump_filter_init(&f, STATEDUMP_PROCESS_STATE,
					       "pid == 42 && name == \"ba*\"",
					       err, sizeof(err)),
			 0);
	process_state_payload(&p, 42, "bash");
	assert_true(statedump_filter_keep(&f, &p, 7, NULL, 0));
	process_state_payload(&p, 43, "bash");
	assert_false(statedump_filter_keep(&f, &p, 7, NULL, 0));
	process_state_payload(&p, 42, "sh");
	assert_false(statedump_filter_keep(&f, &p, 7, NULL, 0));
	statedump_filter_fini(&f);

	/* strings, the big-endian address, $ctx.tid of the recorder */
	assert_int_equal(statedump_filter_init(
				 &f, STATEDUMP_NETWORK_INTERFACE,
				 "name == \"lo\" && address_ipv4 == 0x7f000001 "
				 "&& $ctx.tid == 7",
				 err, sizeof(err)),
			 0);
	statedump_payload_reset(&p);
	statedump_payload_string(&p, "lo");
	statedump_payload_bytes(&p, loopback, 4);
	assert_true(statedump_filter_keep(&f, &p, 7, NULL, 0));
	assert_false(statedump_filter_keep(&f, &p, 8, NULL, 0));
	statedump_filter_fini(&f);

	/* a field the event lacks: the rule matches nothing */
	statedump_filter_init(&f, STATEDUMP_START, "fd == 1", err, sizeof(err));
	statedump_payload_reset(&p);
	assert_false(statedump_filter_keep(&f, &p, 7, NULL, 0));
	statedump_filter_fini(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_event_table),
		cmocka_unit_test(test_this_process_and_its_file),
		cmocka_unit_test(test_only_wanted_events),
		cmocka_unit_test(test_metadata_classes),
		cmocka_unit_test(test_filters_read_payload_fields),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
