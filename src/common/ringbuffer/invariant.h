/*
 * Runtime checks of the invariants that producer.c's design comment
 * states, at the points it names them, on in every build:
 *
 *   PADDING      every closed packet holds its header and leaves at
 *                least one byte of padding (producer: the end hook;
 *                consumer: what it is lent)
 *   HELD_WRITTEN a sub-buffer the consumer holds between get and put is
 *                never written (checked at put: the packet it holds is
 *                still the one it got)
 *   COMMIT_COUNT a slot's commit count never runs past the end of the
 *                pass the consumer reads (discard mode: the next pass
 *                cannot open before the put)
 *   PACKET_SEQ   the packet at the read position is the one its
 *                sub-buffer holds
 *   PHYS_INDEX   a slot names one of the stream's physical sub-buffers
 *                (overwrite mode: the consumer's swap, and every write
 *                base, the one check of the record fast path)
 *
 * Each check costs a compare on values already loaded, once per packet;
 * the record fast path (reserve, commit) has only PHYS_INDEX, in
 * overwrite mode (producer.h), as the states it sees are all legal for
 * a committer that stalled.
 *
 * A failed check is reported, never silently ignored: it is counted
 * (rb_invariant_failures) and logged through rb_invariant_report (the
 * first RB_INVARIANT_LOG_MAX of each kind per process). Then, where
 * rb_invariant_abort is set, the process aborts: the default of builds
 * with assertions (NDEBUG unset: development and `make check`), so a
 * bug cannot hide in a test run. Release builds count and log and go
 * on, because the ring buffer also runs inside traced applications,
 * which tracing must never kill, and a consumer daemon serves many
 * streams that one damaged stream must not take down. Processes that
 * read memory they cannot trust (lttng-crash, and the consumer daemon:
 * traced processes write its streams) clear rb_invariant_abort. The
 * consumer's checks also mark the stream broken: it is read no more.
 */
#ifndef RINGBUFFER_INVARIANT_H
#define RINGBUFFER_INVARIANT_H

#include <stdbool.h>
#include <stdint.h>

struct rb_stream;

enum rb_invariant {
	RB_INVARIANT_PADDING,
	RB_INVARIANT_HELD_WRITTEN,
	RB_INVARIANT_COMMIT_COUNT,
	RB_INVARIANT_PACKET_SEQ,
	RB_INVARIANT_PHYS_INDEX,
	RB_INVARIANT_NR,
};

#define RB_INVARIANT_LOG_MAX 8

/* Abort on a failed check (default: true unless NDEBUG). */
extern bool rb_invariant_abort;

/*
 * Where the message of a failed check goes (one line, no newline). The
 * default prints it as an error on stderr (util/log.h); liblttng-ust
 * sends it to its LTTNG_UST_DEBUG log.
 */
extern void (*rb_invariant_report)(const char *message);

/* How many checks of that kind failed in this process. */
uint64_t rb_invariant_failures(enum rb_invariant which);

/*
 * Reports that invariant `which` does not hold on stream s at packet
 * gidx; `found` and `expected` are the values compared.
 */
void rb_invariant_failed(enum rb_invariant which, const struct rb_stream *s,
			 uint64_t gidx, uint64_t found, uint64_t expected)
	__attribute__((cold, noinline));

/* Checks cond; reports when it does not hold. */
#define RB_CHECK(cond, which, s, gidx, found, expected)                        \
	do {                                                                   \
		if (__builtin_expect(!(cond), 0))                              \
			rb_invariant_failed(which, s, gidx, found, expected);  \
	} while (0)

#endif /* RINGBUFFER_INVARIANT_H */
