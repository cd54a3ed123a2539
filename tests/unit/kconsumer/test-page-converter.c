/*
 * Unit tests of the kernel consumer's page -> CTF conversion: synthetic
 * kernel pages (kpage-synth) go through the page converter into a CTF
 * stream file whose bytes are checked at the offsets packet-layout.h and
 * the generated metadata define: LTTng's field names and order, the
 * scheduler renames and priority bias, syscall argument narrowing,
 * __data_loc strings, lost events -> events_discarded, and records the
 * converter must refuse (unknown ids, lying __data_loc).
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

#include "context-fields.h"
#include "ctf/packet-layout.h"
#include "kernel-metadata.h"
#include "kpage-synth.h"
#include "page-converter.h"
#include "trace-chunk/file-sink.h"

#define PACKET_SIZE 8192

struct fixture {
	char dir[64];
	struct kernel_metadata *md;
	struct kernel_context_set contexts;
	struct kernel_process_table *threads;
	struct kernel_page_converter conv;
	uint8_t file[PACKET_SIZE * 4];
	size_t file_len;
};

static const struct trace_clock_desc test_clock = {
	.source = TRACE_CLOCK_MONOTONIC,
	.name = "monotonic",
	.description = "Monotonic Clock",
	.freq = 1000000000,
	.offset = 1000};

static struct kernel_metadata *new_metadata(void)
{
	struct kernel_trace_info info = {.hostname = "host",
					 .trace_name = "t",
					 .creation_datetime =
						 "20260101T000000+0000",
					 .clock = &test_clock};
	struct ctf_error err;
	struct kernel_metadata *md =
		kernel_metadata_create("/nonexistent", &info, &err);

	assert_non_null(md);
	return md;
}

static void open_filtered_stream(struct fixture *f, const char *contexts,
				 const struct kernel_filter_spec *filters,
				 size_t nr_filters);

static void open_stream(struct fixture *f, const char *contexts)
{
	open_filtered_stream(f, contexts, NULL, 0);
}

static void open_filtered_stream(struct fixture *f, const char *contexts,
				 const struct kernel_filter_spec *filters,
				 size_t nr_filters)
{
	struct ctf_stream_writer_config wc = {0};
	struct ctf_error err;

	assert_int_equal(kernel_context_set_parse(contexts, &f->contexts), 0);
	assert_int_equal(kernel_metadata_add_channel(f->md, 0, &f->contexts,
						     filters, nr_filters, &err),
			 0);
	assert_non_null(kernel_metadata_add_format(
		f->md, 0, "sched", kpage_sched_switch_format, &err));
	assert_non_null(kernel_metadata_add_format(
		f->md, 0, "sched", kpage_sched_exec_format, &err));
	assert_non_null(kernel_metadata_add_format(
		f->md, 0, "syscalls", kpage_sys_enter_openat_format, &err));
	wc.metadata = kernel_metadata_ctf(f->md);
	wc.stream_id = 0;
	wc.stream_instance_id = 1;
	wc.cpu_id = 1;
	wc.packet_size = PACKET_SIZE;
	assert_int_equal(file_sink_open_in_dir(f->dir, NULL,
					       &(struct sink_stream_desc){
						       .name = "channel0_1"},
					       &wc.stream, &err),
			 0);
	f->conv.writer = ctf_stream_writer_create(&wc, &err);
	assert_non_null(f->conv.writer);
	f->conv.metadata = f->md;
	f->conv.stream_id = 0;
	f->conv.cpu = 1;
	f->conv.layout = &kpage_layout;
	f->conv.contexts = &f->contexts;
	f->conv.threads = f->threads;
}

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	strcpy(f->dir, "/tmp/kconsumer-test-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	f->md = new_metadata();
	f->threads = kernel_process_table_create(NULL);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	struct ctf_error err;
	char cmd[128];

	if (f->conv.writer) /* a test that did not read its stream back */
		ctf_stream_writer_close(f->conv.writer, 0, &err);
	kernel_page_converter_fini(&f->conv);
	kernel_metadata_destroy(f->md);
	kernel_process_table_destroy(f->threads);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", f->dir);
	assert_int_equal(system(cmd), 0);
	free(f);
	return 0;
}

/* Closes the stream and reads its file back. */
static void close_and_read(struct fixture *f, uint64_t end)
{
	struct ctf_error err;
	char path[128];
	ssize_t n;
	int fd;

	assert_int_equal(ctf_stream_writer_close(f->conv.writer, end, &err), 0);
	f->conv.writer = NULL;
	snprintf(path, sizeof(path), "%s/channel0_1", f->dir);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	n = read(fd, f->file, sizeof(f->file));
	close(fd);
	assert_true(n > 0);
	f->file_len = (size_t)n;
}

static uint64_t u64_at(const struct fixture *f, size_t off)
{
	uint64_t v;

	memcpy(&v, f->file + off, 8);
	return v;
}

static int64_t s32_at(const struct fixture *f, size_t off)
{
	int32_t v;

	memcpy(&v, f->file + off, 4);
	return v;
}

static void convert(struct fixture *f, struct kpage *page)
{
	struct ctf_error err;

	assert_int_equal(
		kernel_page_convert(&f->conv, page->bytes, KPAGE_SIZE, &err),
		0);
}

/* One page holding one sched_switch record at time ts. */
static void convert_switch_at(struct fixture *f, uint64_t ts)
{
	uint8_t rec[128];
	struct kpage page;

	kpage_init(&page);
	assert_int_equal(kpage_add(&page, 0, rec,
				   kpage_sched_switch(rec, 42, "bash", 120, 1,
						      0, "swapper/1", 120)),
			 0);
	kpage_finish(&page, ts, 0);
	convert(f, &page);
}

/*
 * Queued events (the state dump's) are written just before the first
 * record that is not older, or when written out explicitly; one older
 * than the stream's last time is raised to it.
 */
static void test_queued_events_join_in_time_order(void **state)
{
	struct fixture *f = *state;
	const struct ctf_event_class *start, *end;
	struct ctf_error err;
	size_t p = CTF_PACKET_HEADER_LEN;

	open_stream(f, "tid");
	start = kernel_metadata_statedump_class(f->md, 0, STATEDUMP_START,
						&err);
	end = kernel_metadata_statedump_class(f->md, 0, STATEDUMP_END, &err);
	assert_non_null(start);
	assert_non_null(end);
	assert_int_equal(kernel_page_converter_queue_event(
				 &f->conv, start, 1500000, 77, NULL, 0, &err),
			 0);
	assert_int_equal(kernel_page_converter_queue_event(
				 &f->conv, end, 2500000, 77, NULL, 0, &err),
			 0);
	convert_switch_at(f, 1000000);
	assert_int_equal(f->conv.events, 1); /* both still queued */
	convert_switch_at(f, 2000000);
	assert_int_equal(f->conv.events, 3); /* start, then the record */
	assert_int_equal(
		kernel_page_converter_write_queued(&f->conv, 2400000, &err), 0);
	assert_int_equal(f->conv.events, 3);
	assert_int_equal(
		kernel_page_converter_write_queued(&f->conv, UINT64_MAX, &err),
		0);
	assert_int_equal(f->conv.events, 4);
	assert_int_equal(f->conv.last_timestamp, 2500000);
	/* older than the stream's last event: written at that time */
	assert_int_equal(kernel_page_converter_queue_event(&f->conv, start, 100,
							   77, NULL, 0, &err),
			 0);
	assert_int_equal(
		kernel_page_converter_write_queued(&f->conv, UINT64_MAX, &err),
		0);
	assert_int_equal(f->conv.events, 5);
	assert_int_equal(f->conv.last_timestamp, 2500000);
	close_and_read(f, 3000000);
	/* the switch (id 0, its tid context, payload), then start (id 3:
	 * after the three formats) 0.5 ms later with tid 77 */
	assert_int_equal(f->file[p] & 0x1f, 0);
	p += CTF_COMPACT_HEADER_LEN + 4 + 16 + 4 + 4 + 8 + 16 + 4 + 4;
	assert_int_equal(f->file[p] & 0x1f, 3);
	assert_int_equal(s32_at(f, p + CTF_COMPACT_HEADER_LEN), 77);
	p += CTF_COMPACT_HEADER_LEN + 4;
	assert_int_equal(f->file[p] & 0x1f, 0); /* the switch at 2 ms */
	/* its own context and payload, not the queued event's (written
	 * while the record waited, laid out) */
	assert_int_equal(
		s32_at(f, CTF_PACKET_HEADER_LEN + CTF_COMPACT_HEADER_LEN), 42);
	assert_int_equal(s32_at(f, p + CTF_COMPACT_HEADER_LEN), 42);
	assert_memory_equal(f->file + p + CTF_COMPACT_HEADER_LEN + 4, "bash",
			    5);
}

static void test_sched_switch_bytes(void **state)
{
	struct fixture *f = *state;
	uint8_t rec[128];
	struct kpage page;
	size_t p = CTF_PACKET_HEADER_LEN;

	open_stream(f, "");
	kpage_init(&page);
	assert_int_equal(kpage_add(&page, 0, rec,
				   kpage_sched_switch(rec, 42, "bash", 120, 1,
						      0, "swapper/1", 120)),
			 0);
	assert_int_equal(kpage_add(&page, 500, rec,
				   kpage_sched_switch(rec, 0, "swapper/1", 120,
						      0, 7, "rt-thread", 49)),
			 0);
	kpage_finish(&page, 1000000, 0);
	convert(f, &page);
	assert_int_equal(f->conv.events, 2);
	assert_int_equal(f->conv.unknown, 0);
	close_and_read(f, 2000000);

	assert_int_equal(u64_at(f, CTF_PACKET_OFF_TIMESTAMP_BEGIN), 1000000);
	assert_int_equal(u64_at(f, CTF_PACKET_OFF_EVENTS_DISCARDED), 0);
	/* First event: compact header, id 0, then the payload in order. */
	assert_int_equal(f->file[p] & 0x1f, 0);
	p += CTF_COMPACT_HEADER_LEN;
	assert_string_equal((const char *)f->file + p, "bash");
	p += 16;
	assert_int_equal(s32_at(f, p), 42);	/* prev_tid */
	assert_int_equal(s32_at(f, p + 4), 20); /* prev_prio: 120 - 100 */
	assert_int_equal(u64_at(f, p + 8), 1);	/* prev_state */
	p += 16;
	assert_string_equal((const char *)f->file + p, "swapper/1");
	p += 16;
	assert_int_equal(s32_at(f, p), 0);	/* next_tid */
	assert_int_equal(s32_at(f, p + 4), 20); /* next_prio */
	p += 8;
	/* Second event: 500 ns later, an RT priority below zero. */
	assert_int_equal(f->file[p] & 0x1f, 0);
	p += CTF_COMPACT_HEADER_LEN + 16 + 4 + 4 + 8 + 16;
	assert_int_equal(s32_at(f, p), 7);
	assert_int_equal(s32_at(f, p + 4), -51);
	assert_int_equal(u64_at(f, CTF_PACKET_OFF_CONTENT_SIZE),
			 (uint64_t)(p + 8) * 8);
}

static void test_metadata_names(void **state)
{
	struct fixture *f = *state;
	size_t len;
	const char *text;

	open_stream(f, "pid+procname");
	text = ctf_metadata_text(kernel_metadata_ctf(f->md), &len);
	assert_non_null(strstr(text, "name = \"sched_switch\";"));
	assert_non_null(strstr(text, "name = \"sched_process_exec\";"));
	assert_non_null(strstr(text, "name = \"syscall_entry_openat\";"));
	assert_non_null(strstr(text, "domain = \"kernel\";"));
	assert_non_null(strstr(text, "tracer_name = \"lttng-modules\";"));
	assert_non_null(strstr(text, " _prev_tid;"));
	assert_non_null(strstr(text, " _next_prio;"));
	assert_non_null(strstr(text, " _old_tid;"));
	assert_non_null(strstr(text, " _pid;")); /* context */
	assert_non_null(strstr(text, " _procname[16];"));
	assert_null(strstr(text, "common_"));
	assert_null(strstr(text, "prev_pid"));
	assert_null(strstr(text, "__syscall_nr"));
	assert_null(strstr(text, "_old_pid"));
}

static void test_exec_string_and_openat_arguments(void **state)
{
	struct fixture *f = *state;
	uint8_t rec[256];
	struct kpage page;
	size_t p = CTF_PACKET_HEADER_LEN;

	open_stream(f, "");
	kpage_init(&page);
	assert_int_equal(kpage_add(&page, 0, rec,
				   kpage_sched_exec(rec, 99, "/usr/bin/true")),
			 0);
	assert_int_equal(
		kpage_add(&page, 10, rec,
			  kpage_sys_enter_openat(rec, 99, 0xffffff9c,
						 0x7fff12345678, 0x80000)),
		0);
	kpage_finish(&page, 5000, 0);
	convert(f, &page);
	close_and_read(f, 6000);
	assert_int_equal(f->file[p] & 0x1f, 1); /* sched_process_exec */
	p += CTF_COMPACT_HEADER_LEN;
	assert_string_equal((const char *)f->file + p, "/usr/bin/true");
	p += strlen("/usr/bin/true") + 1;
	assert_int_equal(s32_at(f, p), 99);	/* tid */
	assert_int_equal(s32_at(f, p + 4), 99); /* old_tid */
	p += 8;
	assert_int_equal(f->file[p] & 0x1f, 2); /* syscall_entry_openat */
	p += CTF_COMPACT_HEADER_LEN;
	assert_int_equal(s32_at(f, p), -100); /* dfd: int, 4 bytes */
	assert_int_equal(u64_at(f, p + 4), 0x7fff12345678); /* filename */
	assert_int_equal(s32_at(f, p + 12), 0x80000);	    /* flags */
	assert_int_equal(f->file[p + 16], 0);		    /* mode, u16 */
	assert_int_equal(u64_at(f, CTF_PACKET_OFF_CONTENT_SIZE),
			 (uint64_t)(p + 18) * 8);
}

static void test_lost_events_become_events_discarded(void **state)
{
	struct fixture *f = *state;
	uint8_t rec[128];
	struct kpage page;

	open_stream(f, "");
	kpage_init(&page);
	assert_int_equal(
		kpage_add(&page, 0, rec,
			  kpage_sched_switch(rec, 1, "a", 120, 0, 2, "b", 120)),
		0);
	kpage_finish(&page, 100, 17);
	convert(f, &page);
	assert_int_equal(f->conv.discarded, 17);
	close_and_read(f, 200);
	assert_int_equal(u64_at(f, CTF_PACKET_OFF_EVENTS_DISCARDED), 17);
}

static void test_overwritten_events_become_lost_packets(void **state)
{
	struct fixture *f = *state;
	uint8_t rec[128];
	struct kpage first, second;
	size_t len = kpage_sched_switch(rec, 1, "a", 120, 0, 2, "b", 120);

	open_stream(f, "");
	f->conv.overwrite = true;
	kpage_init(&first);
	assert_int_equal(kpage_add(&first, 0, rec, len), 0);
	kpage_finish(&first, 100, 0);
	convert(f, &first);
	/*
	 * The kernel overwrote pages: as many events as fill three packets
	 * (judged by the mean record size seen) are lost before this page.
	 */
	kpage_init(&second);
	assert_int_equal(kpage_add(&second, 0, rec, len), 0);
	kpage_finish(&second, 300, 3 * PACKET_SIZE / (len + 4)); /* + header */
	convert(f, &second);
	assert_int_equal(f->conv.lost_packets, 3);
	close_and_read(f, 400);
	/* First packet: seq 0; the second: seq 4; no discarded events. */
	assert_int_equal(u64_at(f, CTF_PACKET_OFF_PACKET_SEQ_NUM), 0);
	assert_int_equal(u64_at(f, CTF_PACKET_OFF_EVENTS_DISCARDED), 0);
	assert_true(f->file_len >= 2 * PACKET_SIZE);
	assert_int_equal(u64_at(f, PACKET_SIZE + CTF_PACKET_OFF_PACKET_SEQ_NUM),
			 4);
	assert_int_equal(
		u64_at(f, PACKET_SIZE + CTF_PACKET_OFF_EVENTS_DISCARDED), 0);
}

static void test_bad_records_are_counted_not_written(void **state)
{
	struct fixture *f = *state;
	uint8_t rec[128];
	struct kpage page;
	uint16_t unknown_type = 9999;
	uint32_t lying_loc = (200u << 16) | 20;
	size_t len;

	open_stream(f, "tid");
	kpage_init(&page);
	/* An id no format describes (and /nonexistent has no events). */
	len = kpage_sched_switch(rec, 1, "a", 120, 0, 2, "b", 120);
	memcpy(rec, &unknown_type, 2);
	assert_int_equal(kpage_add(&page, 0, rec, len), 0);
	/* A __data_loc pointing past the record. */
	len = kpage_sched_exec(rec, 5, "x");
	memcpy(rec + 8, &lying_loc, 4);
	assert_int_equal(kpage_add(&page, 1, rec, len), 0);
	/* A good one. */
	assert_int_equal(
		kpage_add(&page, 1, rec, kpage_sched_exec(rec, 5, "/bin/sh")),
		0);
	kpage_finish(&page, 100, 0);
	convert(f, &page);
	assert_int_equal(f->conv.unknown, 2);
	assert_int_equal(f->conv.events, 1);
	close_and_read(f, 200);
	/* tid context (5) then the exec payload. */
	assert_int_equal(s32_at(f, CTF_PACKET_HEADER_LEN + 4), 5);
	assert_string_equal((const char *)f->file + CTF_PACKET_HEADER_LEN + 8,
			    "/bin/sh");
}

static void test_malformed_page_is_refused(void **state)
{
	struct fixture *f = *state;
	struct ctf_error err;
	struct kpage page;
	uint64_t commit = KPAGE_SIZE * 2;

	open_stream(f, "");
	kpage_init(&page);
	memcpy(page.bytes + 8, &commit, 8);
	assert_int_equal(
		kernel_page_convert(&f->conv, page.bytes, KPAGE_SIZE, &err),
		-EBADMSG);
	assert_int_equal(f->conv.events, 0);
}

static void test_consumer_filter(void **state)
{
	struct fixture *f = *state;
	struct kernel_filter_spec spec = {
		.system = "sched",
		.event = "sched_switch",
		.expression = "prev_prio * 2 == 40 && $ctx.cpu_id == 1 && "
			      "next_comm == \"swapper*\"",
	};
	uint8_t rec[128];
	struct kpage page;

	open_filtered_stream(f, "", &spec, 1);
	kpage_init(&page);
	/* Kept: prio 120 - 100 = 20, next is swapper/1. */
	assert_int_equal(kpage_add(&page, 0, rec,
				   kpage_sched_switch(rec, 42, "bash", 120, 1,
						      0, "swapper/1", 120)),
			 0);
	/* Dropped: prio -51. */
	assert_int_equal(kpage_add(&page, 5, rec,
				   kpage_sched_switch(rec, 7, "rt", 49, 1, 0,
						      "swapper/1", 120)),
			 0);
	/* Dropped: next is not swapper. */
	assert_int_equal(kpage_add(&page, 5, rec,
				   kpage_sched_switch(rec, 42, "bash", 120, 1,
						      8, "sshd", 120)),
			 0);
	/* Not filtered: another event. */
	assert_int_equal(
		kpage_add(&page, 5, rec, kpage_sched_exec(rec, 9, "/bin/true")),
		0);
	kpage_finish(&page, 100, 0);
	convert(f, &page);
	assert_int_equal(f->conv.events, 2);
	assert_int_equal(f->conv.filtered, 2);
	close_and_read(f, 200);
	assert_int_equal(s32_at(f, CTF_PACKET_HEADER_LEN + 4 + 16), 42);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_queued_events_join_in_time_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sched_switch_bytes, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_metadata_names, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_exec_string_and_openat_arguments, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_overwritten_events_become_lost_packets, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_lost_events_become_events_discarded, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_bad_records_are_counted_not_written, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_malformed_page_is_refused,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_consumer_filter, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
