/*
 * A preloadable test harness: LD_PRELOAD it into any instrumented
 * program to record the events matching UST_CAPTURE_PATTERN (default
 * "*") through the capture backend. At exit it writes one line per
 * record, "<provider:event> <payload in hex>", to the file named by
 * UST_CAPTURE_OUT. With UST_CAPTURE_DISCARD set it keeps no payload
 * and writes only "count <N>" (a null backend, to time the probes).
 * Used by run-programs.py.
 */
#include <stdio.h>
#include <stdlib.h>

#include "capture.h"
#include "channel.h"
#include "event-rule.h"
#include "recorder.h"

static struct capture cap;
static struct ust_channel *discard_chan;
static unsigned long discarded;

static void *discard_reserve(struct lttng_ust_event_recorder *event,
			     size_t payload_len,
			     struct lttng_ust_record_ctx *ctx)
{
	static __thread unsigned char buf[4096];

	(void)event;
	(void)ctx;
	return payload_len <= sizeof(buf) ? buf : NULL;
}

static void discard_commit(struct lttng_ust_record_ctx *ctx)
{
	(void)ctx;
	discarded++;
}

static const struct lttng_ust_recorder_ops discard_ops = {
	discard_reserve,
	discard_commit,
	ust_record_through_reserve,
};

static const char *pattern(void)
{
	const char *p = getenv("UST_CAPTURE_PATTERN");

	return p ? p : "*";
}

static void harness_init(void) __attribute__((constructor));
static void harness_init(void)
{
	struct ust_event_rule_attr attr = {pattern(), NULL, 0, UST_LOGLEVEL_ALL,
					   0};
	struct ust_event_rule *rule;

	if (getenv("UST_CAPTURE_DISCARD")) {
		if (!ust_channel_create(&discard_ops, NULL, &discard_chan))
			ust_event_rule_create(discard_chan, &attr, &rule);
		return;
	}
	capture_open(&cap);
	ust_event_rule_create(cap.chan, &attr, &rule);
}

static void write_records(FILE *out)
{
	size_t i, j;

	for (i = 0; i < cap.nr; i++) {
		fprintf(out, "%s ", cap.records[i].name);
		for (j = 0; j < cap.records[i].len; j++)
			fprintf(out, "%02x", cap.records[i].payload[j]);
		fputc('\n', out);
	}
}

static void harness_fini(void) __attribute__((destructor));
static void harness_fini(void)
{
	const char *path = getenv("UST_CAPTURE_OUT");
	FILE *out = path ? fopen(path, "w") : NULL;

	if (discard_chan) {
		ust_channel_destroy(discard_chan);
		if (out)
			fprintf(out, "count %lu\n", discarded);
	} else {
		if (out)
			write_records(out);
		capture_close(&cap);
	}
	if (out)
		fclose(out);
}
