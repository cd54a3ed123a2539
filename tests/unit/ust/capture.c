/*
 * The capture backend (see capture.h): reserve() allocates the payload
 * buffer, commit() appends it with the event's identity to the list.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "channel.h"
#include "event-rule.h"
#include "recorder.h"

static void *capture_reserve(struct lttng_ust_event_recorder *event,
			     size_t payload_len,
			     struct lttng_ust_record_ctx *ctx)
{
	struct capture *cap = event->channel;
	void *buf;

	__atomic_add_fetch(&cap->reserved, 1, __ATOMIC_RELAXED);
	if (__atomic_load_n(&cap->refuse, __ATOMIC_RELAXED))
		return NULL;
	buf = malloc(payload_len ? payload_len : 1);
	assert(buf);
	memset(buf, 0xEE, payload_len); /* unwritten bytes show up */
	ctx->backend[0] = buf;
	return buf;
}

static void capture_commit(struct lttng_ust_record_ctx *ctx)
{
	struct lttng_ust_event_recorder *event = ctx->event;
	struct capture *cap = event->channel;
	struct capture_record *rec;

	pthread_mutex_lock(&cap->lock);
	if (cap->nr == cap->cap) {
		cap->cap = cap->cap ? 2 * cap->cap : 16;
		cap->records =
			realloc(cap->records, cap->cap * sizeof(*cap->records));
		assert(cap->records);
	}
	rec = &cap->records[cap->nr++];
	snprintf(rec->name, sizeof(rec->name), "%s:%s",
		 event->desc->provider_name, event->desc->event_name);
	rec->id = event->id;
	rec->loglevel = event->desc->loglevel;
	rec->len = ctx->payload_len;
	rec->payload = ctx->backend[0];
	pthread_mutex_unlock(&cap->lock);
}

const struct lttng_ust_recorder_ops capture_ops = {
	capture_reserve,
	capture_commit,
	ust_record_through_reserve,
};

void capture_open(struct capture *cap)
{
	int ret;

	memset(cap, 0, sizeof(*cap));
	pthread_mutex_init(&cap->lock, NULL);
	ret = ust_channel_create(&capture_ops, cap, &cap->chan);
	assert(ret == 0);
}

void capture_clear(struct capture *cap)
{
	size_t i;

	pthread_mutex_lock(&cap->lock);
	for (i = 0; i < cap->nr; i++)
		free(cap->records[i].payload);
	cap->nr = 0;
	pthread_mutex_unlock(&cap->lock);
}

void capture_close(struct capture *cap)
{
	ust_channel_destroy(cap->chan);
	capture_clear(cap);
	free(cap->records);
	pthread_mutex_destroy(&cap->lock);
}

struct ust_event_rule *capture_enable(struct capture *cap, const char *pattern)
{
	struct ust_event_rule_attr attr = {pattern, NULL, 0, UST_LOGLEVEL_ALL,
					   0};
	struct ust_event_rule *rule;
	int ret;

	ret = ust_event_rule_create(cap->chan, &attr, &rule);
	assert(ret == 0);
	return rule;
}
