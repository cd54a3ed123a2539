/*
 * Implementation of string-captures.h: two fixed direct-mapped tables
 * (a slot follows one key at a time; a newcomer evicts it, which can
 * only cost a string, never give a record another one's).
 */
#include <stdlib.h>
#include <string.h>

#include "string-captures.h"

#define MARKER_SLOTS 256 /* threads with a marker awaiting its record */
#define RETRY_SLOTS 512	 /* retries awaiting their record */

struct marker_slot {
	int32_t tid;
	bool used;
	struct kernel_string_marker marker;
};

struct kernel_string_markers {
	struct marker_slot slots[MARKER_SLOTS];
};

struct retry_slot {
	uint64_t ts; /* 0: free */
	int32_t tid;
	bool has_string;
	char str[KERNEL_CAPTURE_STRING_MAX];
};

struct kernel_string_retries {
	struct retry_slot slots[RETRY_SLOTS];
};

static uint32_t mix(uint64_t v)
{
	v *= 0x9e3779b97f4a7c15ULL;
	return (uint32_t)(v >> 32);
}

struct kernel_string_markers *kernel_string_markers_create(void)
{
	return calloc(1, sizeof(struct kernel_string_markers));
}

void kernel_string_markers_destroy(struct kernel_string_markers *m)
{
	free(m);
}

static struct marker_slot *marker_slot(struct kernel_string_markers *m,
				       int32_t tid)
{
	return &m->slots[mix((uint32_t)tid) % MARKER_SLOTS];
}

void kernel_string_markers_put(struct kernel_string_markers *m, int32_t tid,
			       const struct kernel_string_marker *marker)
{
	struct marker_slot *s = marker_slot(m, tid);

	s->tid = tid;
	s->used = true;
	s->marker.args_hash = marker->args_hash;
	s->marker.pending_ts = marker->pending_ts;
	memcpy(s->marker.str, marker->str, sizeof(s->marker.str));
	s->marker.str[sizeof(s->marker.str) - 1] = '\0';
}

bool kernel_string_markers_take(struct kernel_string_markers *m, int32_t tid,
				struct kernel_string_marker *out)
{
	struct marker_slot *s = marker_slot(m, tid);

	if (!s->used || s->tid != tid)
		return false;
	*out = s->marker;
	s->used = false;
	return true;
}

void kernel_string_markers_clear(struct kernel_string_markers *m)
{
	size_t i;

	for (i = 0; i < MARKER_SLOTS; i++)
		m->slots[i].used = false;
}

struct kernel_string_retries *kernel_string_retries_create(void)
{
	return calloc(1, sizeof(struct kernel_string_retries));
}

void kernel_string_retries_destroy(struct kernel_string_retries *r)
{
	free(r);
}

static struct retry_slot *retry_slot(struct kernel_string_retries *r,
				     int32_t tid, uint64_t ts)
{
	return &r->slots[mix(ts ^ ((uint64_t)(uint32_t)tid << 40)) %
			 RETRY_SLOTS];
}

void kernel_string_retries_keep(struct kernel_string_retries *r, int32_t tid,
				uint64_t ts, const char *str, int32_t len)
{
	struct retry_slot *s = retry_slot(r, tid, ts);
	size_t n = len > 0 ? (size_t)len : 0;

	if (!ts)
		return;
	if (n > KERNEL_CAPTURE_STRING_MAX)
		n = KERNEL_CAPTURE_STRING_MAX;
	s->ts = ts;
	s->tid = tid;
	s->has_string = n > 0;
	if (n)
		memcpy(s->str, str, n);
	s->str[n ? n - 1 : 0] = '\0';
}

int kernel_string_retries_take(struct kernel_string_retries *r, int32_t tid,
			       uint64_t ts, char *out)
{
	struct retry_slot *s = retry_slot(r, tid, ts);

	if (!ts || s->ts != ts || s->tid != tid)
		return 0;
	s->ts = 0;
	if (!s->has_string)
		return -1;
	memcpy(out, s->str, KERNEL_CAPTURE_STRING_MAX);
	return 1;
}
