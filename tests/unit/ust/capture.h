/*
 * A recording backend for tests: each committed record is copied into
 * memory (event name, recorder id, payload bytes), so tests can check
 * every byte the generated probes wrote. Thread-safe; one struct capture
 * per channel.
 */
#ifndef UST_TEST_CAPTURE_H
#define UST_TEST_CAPTURE_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include <lttng/ust-events.h>

struct ust_channel;

struct capture_record {
	char name[256]; /* "provider:event" */
	uint32_t id;
	int loglevel;
	size_t len;
	unsigned char *payload;
};

struct capture {
	pthread_mutex_t lock;
	struct capture_record *records;
	size_t nr;
	size_t cap;
	unsigned long reserved; /* reserve() calls */
	int refuse;		/* when set, reserve() drops the record */
	struct ust_channel *chan;
};

extern const struct lttng_ust_recorder_ops capture_ops;

/* Initializes `cap` and creates its tracer channel (asserts success). */
void capture_open(struct capture *cap);

/* Destroys the channel and frees every record. */
void capture_close(struct capture *cap);

/* Forgets the records captured so far. */
void capture_clear(struct capture *cap);

/*
 * Adds an enabled event rule for `pattern` (all log levels, no
 * exclusion) to the capture's channel; returns the rule.
 */
struct ust_event_rule *capture_enable(struct capture *cap, const char *pattern);

#endif /* UST_TEST_CAPTURE_H */
