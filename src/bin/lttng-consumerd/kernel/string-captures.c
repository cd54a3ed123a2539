/*
 * Implementation of string-captures.h: a fixed hash of per-thread rings.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "string-captures.h"

#define BUCKETS 1024 /* threads followed at once */
#define DEPTH 8	     /* captures kept per thread */
/* Largest distance between a capture and its tracefs record. */
#define MATCH_WINDOW_NS 2000000ULL

struct capture {
	uint64_t ts; /* 0: free */
	bool used;
	bool pending;
	char str[KERNEL_CAPTURE_STRING_MAX];
};

struct thread_captures {
	int32_t tid;
	unsigned int next;
	struct capture captures[DEPTH];
};

struct kernel_string_captures {
	struct thread_captures threads[BUCKETS];
};

struct kernel_string_captures *kernel_string_captures_create(void)
{
	return calloc(1, sizeof(struct kernel_string_captures));
}

void kernel_string_captures_destroy(struct kernel_string_captures *sc)
{
	free(sc);
}

static struct thread_captures *bucket_of(struct kernel_string_captures *sc,
					 int32_t tid)
{
	return &sc->threads[((uint32_t)tid * 2654435761U) % BUCKETS];
}

/* Thread tid's capture at exactly ts, or NULL. */
static struct capture *at_time(struct thread_captures *t, uint64_t ts)
{
	unsigned int i;

	for (i = 0; i < DEPTH; i++) {
		if (t->captures[i].ts == ts)
			return &t->captures[i];
	}
	return NULL;
}

void kernel_string_captures_keep(struct kernel_string_captures *sc, int32_t tid,
				 uint64_t ts, const char *str, int32_t len,
				 bool pending)
{
	struct thread_captures *t = bucket_of(sc, tid);
	struct capture *c;
	size_t n = len > 0 ? (size_t)len : 0;

	if (!ts)
		return;
	if (t->tid != tid) { /* the bucket changes thread */
		memset(t, 0, sizeof(*t));
		t->tid = tid;
	}
	c = at_time(t, ts);
	if (!c) {
		c = &t->captures[t->next++ % DEPTH];
		c->used = false;
	}
	c->ts = ts;
	c->pending = pending;
	if (n > KERNEL_CAPTURE_STRING_MAX)
		n = KERNEL_CAPTURE_STRING_MAX;
	if (n) /* str may be NULL when there is no string */
		memcpy(c->str, str, n);
	c->str[n ? n - 1 : 0] = '\0';
}

/* Thread tid's unused capture closest to ts (within the window). */
static struct capture *closest(struct kernel_string_captures *sc, int32_t tid,
			       uint64_t ts)
{
	struct thread_captures *t = bucket_of(sc, tid);
	struct capture *best = NULL;
	uint64_t best_gap = MATCH_WINDOW_NS + 1, gap;
	unsigned int i;

	if (t->tid != tid)
		return NULL;
	for (i = 0; i < DEPTH; i++) {
		struct capture *c = &t->captures[i];

		if (c->used || !c->ts)
			continue;
		gap = c->ts > ts ? c->ts - ts : ts - c->ts;
		if (gap < best_gap) {
			best_gap = gap;
			best = c;
		}
	}
	return best;
}

int kernel_string_captures_take(struct kernel_string_captures *sc, int32_t tid,
				uint64_t ts, char *out, uint64_t *pending_ts)
{
	struct capture *c = closest(sc, tid, ts);

	if (!c)
		return 0;
	if (c->pending) {
		*pending_ts = c->ts;
		return -EAGAIN;
	}
	c->used = true;
	memcpy(out, c->str, KERNEL_CAPTURE_STRING_MAX);
	return 1;
}

void kernel_string_captures_give_up(struct kernel_string_captures *sc,
				    int32_t tid, uint64_t ts)
{
	struct thread_captures *t = bucket_of(sc, tid);
	struct capture *c = t->tid == tid ? at_time(t, ts) : NULL;

	if (c)
		c->used = true;
}
