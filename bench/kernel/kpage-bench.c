/*
 * Throughput of the kernel consumer's page -> CTF conversion on one core:
 * synthetic kernel pages (a mix of sched_switch, syscall_entry_openat and
 * sched_process_exec records, as kpage-synth lays them out) converted by
 * the real page converter into a real CTF stream file (1 MiB packets,
 * with its index), as the consumer does for each CPU buffer.
 *
 *   kpage-bench [MIB] [DIR]   convert MIB MiB of pages (default 256)
 *                             into DIR (default /tmp)
 *
 * Prints input MB/s (pages read from trace_pipe_raw) and events/s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ctf/stream-writer.h"
#include "kernel-metadata.h"
#include "kpage-synth.h"
#include "page-converter.h"
#include "trace-chunk/file-sink.h"

#define DISTINCT_PAGES 64

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Fills a page with a realistic mix; returns the records it holds. */
static unsigned int fill_page(struct kpage *page, uint64_t ts)
{
	uint8_t rec[256];
	unsigned int n = 0;
	size_t len;

	kpage_init(page);
	for (;;) {
		switch (n % 4) {
		case 0:
			len = kpage_sched_switch(rec, 1000 + n, "worker", 120,
						 1, 0, "swapper/0", 120);
			break;
		case 1:
			len = kpage_sys_enter_openat(rec, 1000 + n, -100,
						     0x7fff0000 + n, 0);
			break;
		case 2:
			len = kpage_sched_switch(rec, 0, "swapper/0", 120, 0,
						 1000 + n, "worker", 120);
			break;
		default:
			len = kpage_sched_exec(rec, 1000 + n,
					       "/usr/bin/some-program");
			break;
		}
		if (kpage_add(page, 250, rec, len))
			break;
		n++;
	}
	kpage_finish(page, ts, 0);
	return n;
}

int main(int argc, char **argv)
{
	unsigned long mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 256;
	const char *base = argc > 2 ? argv[2] : "/tmp";
	static const struct trace_clock_desc clock = {
		.source = TRACE_CLOCK_MONOTONIC,
		.name = "monotonic",
		.description = "Monotonic Clock",
		.freq = 1000000000};
	struct kernel_trace_info info = {.hostname = "bench",
					 .trace_name = "bench",
					 .creation_datetime = "20260101T000000",
					 .clock = &clock};
	struct kernel_page_converter conv = {0};
	struct ctf_stream_writer_config wc = {0};
	struct kernel_context_set contexts;
	static struct kpage pages[DISTINCT_PAGES];
	unsigned int per_page[DISTINCT_PAGES];
	unsigned long i, total_pages = mib * 1024 * 1024 / KPAGE_SIZE;
	struct kernel_metadata *md;
	struct ctf_error err;
	char dir[256], cmd[300];
	uint64_t ts = 1000000;
	double begin, secs;

	snprintf(dir, sizeof(dir), "%s/kpage-bench-XXXXXX", base);
	if (!mkdtemp(dir))
		return perror("mkdtemp"), 1;
	md = kernel_metadata_create("/nonexistent", &info, &err);
	kernel_context_set_parse("", &contexts);
	if (!md ||
	    kernel_metadata_add_channel(md, 0, &contexts, NULL, 0, &err) ||
	    !kernel_metadata_add_format(md, 0, "sched",
					kpage_sched_switch_format, &err) ||
	    !kernel_metadata_add_format(md, 0, "sched", kpage_sched_exec_format,
					&err) ||
	    !kernel_metadata_add_format(md, 0, "syscalls",
					kpage_sys_enter_openat_format, &err)) {
		fprintf(stderr, "metadata: %s\n", err.message);
		return 1;
	}
	wc.metadata = kernel_metadata_ctf(md);
	wc.packet_size = 1024 * 1024;
	if (file_sink_open_in_dir(
		    dir, NULL,
		    &(struct sink_stream_desc){.name = "channel0_0",
					       .with_index = true},
		    &wc.stream, &err)) {
		fprintf(stderr, "stream: %s\n", err.message);
		return 1;
	}
	conv.writer = ctf_stream_writer_create(&wc, &err);
	if (!conv.writer) {
		fprintf(stderr, "stream: %s\n", err.message);
		return 1;
	}
	conv.metadata = md;
	conv.layout = &kpage_layout;
	conv.contexts = &contexts;
	for (i = 0; i < DISTINCT_PAGES; i++)
		per_page[i] = fill_page(&pages[i], 0);
	begin = now_s();
	for (i = 0; i < total_pages; i++) {
		struct kpage *page = &pages[i % DISTINCT_PAGES];

		/* Each page starts after the previous one. */
		memcpy(page->bytes, &ts, 8);
		ts += (uint64_t)per_page[i % DISTINCT_PAGES] * 250 + 1000;
		if (kernel_page_convert(&conv, page->bytes, KPAGE_SIZE, &err)) {
			fprintf(stderr, "convert: %s\n", err.message);
			return 1;
		}
	}
	ctf_stream_writer_close(conv.writer, ts, &err);
	secs = now_s() - begin;
	printf("pages=%lu events=%llu seconds=%.3f input_MBps=%.1f "
	       "events_per_s=%.0f\n",
	       total_pages, (unsigned long long)conv.events, secs,
	       (double)total_pages * KPAGE_SIZE / 1e6 / secs,
	       (double)conv.events / secs);
	kernel_page_converter_fini(&conv);
	kernel_metadata_destroy(md);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd) ? 1 : 0;
}
