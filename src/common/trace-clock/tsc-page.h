/*
 * The converted TSC clock (TRACE_CLOCK_TSC_NS): nanoseconds on
 * CLOCK_MONOTONIC's scale computed from the time-stamp counter with
 * parameters from a clock page that one process publishes and every
 * writer of a stream reads (doc/trace-clock.md, "The converted TSC"):
 *
 *   ns = line.ns + ((tsc - line.tsc) * line.mult >> 32)
 *
 * The publisher (trace_clock_publisher_*, in the consumer daemon that
 * creates the stream) re-derives the line every second against
 * CLOCK_MONOTONIC. Each new line starts at a TSC value chosen half a
 * period in the future, at the value the old line has there, so the
 * function stays continuous and increasing across updates, and a page
 * holds both the line in force and the one before it: a reader picks the
 * line covering its own TSC value, whichever side of the switch it read
 * it. Every process computes the same integer function of the page and
 * of the TSC, so the records of processes sharing a stream never go
 * backwards.
 *
 * The page is a latch (two parameter copies, `seq` says which is
 * current): the publisher writes the copy readers are not told to use,
 * then moves `seq`, so a reader never waits for a publisher that was
 * preempted; it retries only if `seq` moved while it read.
 */
#ifndef TRACE_CLOCK_TSC_PAGE_H
#define TRACE_CLOCK_TSC_PAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "trace-clock/trace-clock.h"

#define TRACE_CLOCK_PAGE_SHIFT 32

/* One linear piece of the function. */
struct trace_clock_line {
	uint64_t tsc;  /* in force from this TSC value on */
	uint64_t ns;   /* the clock's value at tsc */
	uint64_t mult; /* ns per cycle << TRACE_CLOCK_PAGE_SHIFT; 0: unset */
};

struct trace_clock_params {
	struct trace_clock_line prev; /* for TSC values before cur.tsc */
	struct trace_clock_line cur;
};

/*
 * The shared page (in each stream's shared memory, shm-layout.h).
 * Ordering: the publisher stores the fields of params[(seq + 1) & 1]
 * after a release fence that orders them after its previous store of
 * seq, then stores seq + 1 with release. A reader loads seq (acquire),
 * then params[seq & 1], then after an acquire fence loads seq again: if
 * it did not move, no store of the publisher's next update (which
 * writes the other copy) nor of the one after (this copy, after the
 * next seq store) reached the fields it read.
 */
struct trace_clock_page {
	uint64_t seq; /* generations published; params[seq & 1] current */
	uint64_t reserved;
	struct trace_clock_params params[2];
};

/* line's value at tsc (tsc before line.tsc counts as line.tsc). */
static inline uint64_t trace_clock_line_eval(const struct trace_clock_line *l,
					     uint64_t tsc)
{
	uint64_t d = tsc > l->tsc ? tsc - l->tsc : 0;

	return l->ns + (uint64_t)(((unsigned __int128)d * l->mult) >>
				  TRACE_CLOCK_PAGE_SHIFT);
}

/* The clock's value at tsc with the parameters p. */
static inline uint64_t
trace_clock_params_eval(const struct trace_clock_params *p, uint64_t tsc)
{
	return tsc < p->cur.tsc ? trace_clock_line_eval(&p->prev, tsc)
				: trace_clock_line_eval(&p->cur, tsc);
}

/* A consistent copy of the page's current parameters. */
static inline void trace_clock_page_load(const struct trace_clock_page *page,
					 struct trace_clock_params *out,
					 uint64_t *seq)
{
	const uint64_t *src;
	uint64_t *dst = (uint64_t *)out;
	unsigned int i;

	src = (const uint64_t *)&page->params[*seq & 1];
	for (i = 0; i < sizeof(*out) / sizeof(uint64_t); i++)
		dst[i] = __atomic_load_n(&src[i], __ATOMIC_RELAXED);
}

/*
 * The clock now, from page. `ordered`: the TSC is read after every
 * earlier load completed (lfence), as a stream written from several
 * CPUs needs (trace-clock.h); a stream whose writers all run on one CPU
 * takes the bare read (producer.h, rb_stream_clock). A page nobody
 * published yet reads CLOCK_MONOTONIC.
 */
static inline uint64_t
trace_clock_page_read(const struct trace_clock_page *page, bool ordered)
{
	const struct trace_clock_line *l;
	uint64_t seq, tsc, base, ns, mult;

	do {
		seq = __atomic_load_n(&page->seq, __ATOMIC_ACQUIRE);
		l = &page->params[seq & 1].cur;
#if TRACE_CLOCK_HAVE_TSC
		if (ordered)
			_mm_lfence();
		tsc = __rdtsc();
#else
		tsc = 0;
#endif
		/*
		 * Only the line covering tsc is loaded. Acquire loads keep
		 * the second load of seq after them (plain loads on x86).
		 */
		base = __atomic_load_n(&l->tsc, __ATOMIC_ACQUIRE);
		if (tsc < base) {
			l = &page->params[seq & 1].prev;
			base = __atomic_load_n(&l->tsc, __ATOMIC_ACQUIRE);
			if (tsc < base)
				tsc = base;
		}
		ns = __atomic_load_n(&l->ns, __ATOMIC_ACQUIRE);
		mult = __atomic_load_n(&l->mult, __ATOMIC_ACQUIRE);
	} while (__atomic_load_n(&page->seq, __ATOMIC_RELAXED) != seq);
	if (__builtin_expect(!mult, 0))
		return trace_clock_monotonic();
	return ns + (uint64_t)(((unsigned __int128)(tsc - base) * mult) >>
			       TRACE_CLOCK_PAGE_SHIFT);
}

/* Publishes p as page's current parameters (one publisher per page). */
void trace_clock_page_publish(struct trace_clock_page *page,
			      const struct trace_clock_params *p);

/*
 * Steering: how the publisher derives each line. Every update takes a
 * sample (tsc, CLOCK_MONOTONIC ns), measures CLOCK_MONOTONIC's rate
 * against the TSC since the previous sample (so NTP's frequency
 * correction is followed), and starts a new line `lead` cycles ahead,
 * at the current line's value there, whose slope brings the clock onto
 * CLOCK_MONOTONIC `horizon` cycles later. The slope stays within
 * TRACE_CLOCK_STEER_MAX_PPM of the measured rate.
 */
#define TRACE_CLOCK_STEER_MAX_PPM 500

struct trace_clock_steer {
	struct trace_clock_params params; /* the latest published */
	uint64_t sample_tsc, sample_ns;	  /* the latest sample */
	uint64_t rate_mult;		  /* the measured rate, as mult */
};

/* Starts at sample (tsc, ns) with the rate `mult`. */
void trace_clock_steer_start(struct trace_clock_steer *st, uint64_t tsc,
			     uint64_t ns, uint64_t mult);

/* The next parameters from the sample (tsc, ns), taken after the last. */
void trace_clock_steer_update(struct trace_clock_steer *st, uint64_t tsc,
			      uint64_t ns, uint64_t lead, uint64_t horizon);

/* A (TSC, CLOCK_MONOTONIC ns) pair read as close together as possible. */
void trace_clock_tsc_mono_sample(uint64_t *tsc, uint64_t *ns);

/*
 * The publisher of this process: registered pages get the current
 * parameters at once and every update after (every
 * TRACE_CLOCK_PUBLISH_PERIOD_NS, by a thread started with the first
 * page). 0, or a negative errno.
 */
#define TRACE_CLOCK_PUBLISH_PERIOD_NS 1000000000ULL
int trace_clock_publisher_add(struct trace_clock_page *page);
void trace_clock_publisher_remove(struct trace_clock_page *page);

#endif /* TRACE_CLOCK_TSC_PAGE_H */
