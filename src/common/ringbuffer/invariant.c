/*
 * Implementation of invariant.h: counting, logging and the abort policy
 * of the ring buffer's runtime checks.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "ringbuffer/channel.h"
#include "ringbuffer/invariant.h"
#include "util/log.h"

#ifdef NDEBUG
bool rb_invariant_abort = false;
#else
bool rb_invariant_abort = true;
#endif

static uint64_t failures[RB_INVARIANT_NR];

static void report_to_log(const char *message)
{
	ERR("%s", message);
}

void (*rb_invariant_report)(const char *message) = report_to_log;

static const char *const what[RB_INVARIANT_NR] = {
	[RB_INVARIANT_PADDING] =
		"packet content outside [header, sub-buffer size)",
	[RB_INVARIANT_HELD_WRITTEN] =
		"a producer wrote the sub-buffer the consumer holds",
	[RB_INVARIANT_COMMIT_COUNT] =
		"commit count past the end of the pass being read",
	[RB_INVARIANT_PACKET_SEQ] =
		"sub-buffer holds another packet than the read position's",
	[RB_INVARIANT_PHYS_INDEX] =
		"slot names a sub-buffer the stream does not have",
};

uint64_t rb_invariant_failures(enum rb_invariant which)
{
	return __atomic_load_n(&failures[which], __ATOMIC_RELAXED);
}

void rb_invariant_failed(enum rb_invariant which, const struct rb_stream *s,
			 uint64_t gidx, uint64_t found, uint64_t expected)
{
	uint64_t n = __atomic_add_fetch(&failures[which], 1, __ATOMIC_RELAXED);
	char message[256];

	if (n <= RB_INVARIANT_LOG_MAX || rb_invariant_abort) {
		snprintf(message, sizeof(message),
			 "ring buffer invariant broken: %s (stream of cpu %u, "
			 "packet %" PRIu64 ": found %" PRIu64
			 ", expected %" PRIu64 ")%s",
			 what[which], s->cpu, gidx, found, expected,
			 rb_invariant_abort ? "" : "; going on");
		rb_invariant_report(message);
	}
	if (rb_invariant_abort)
		abort();
}
