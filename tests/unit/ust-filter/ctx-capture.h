/*
 * A recording backend for the filter and context tests: like a real
 * backend's reserve(), it sizes and writes the channel's context fields
 * (context/context-set.h) before the payload, and keeps each record's
 * context bytes, payload bytes and event name. Counts reserve() calls,
 * so tests see that a rejected event reserves nothing.
 */
#ifndef UST_TEST_CTX_CAPTURE_H
#define UST_TEST_CTX_CAPTURE_H

#include <stddef.h>
#include <stdint.h>

#include <lttng/ust-events.h>

struct ust_channel;
struct ust_event_rule;

struct ctx_record {
	char name[256];
	size_t ctx_len;
	unsigned char *bytes; /* ctx_len context bytes, then the payload */
	size_t payload_len;
};

struct ctx_capture {
	struct ctx_record records[256];
	size_t nr;
	unsigned long reserved;
	struct ust_channel *chan;
};

void ctx_capture_open(struct ctx_capture *cap);
void ctx_capture_close(struct ctx_capture *cap);
void ctx_capture_clear(struct ctx_capture *cap);

/* An enabled rule for `pattern`, with `filter` compiled (or NULL). */
struct ust_event_rule *ctx_capture_rule(struct ctx_capture *cap,
					const char *pattern,
					const char *filter);

#endif /* UST_TEST_CTX_CAPTURE_H */
