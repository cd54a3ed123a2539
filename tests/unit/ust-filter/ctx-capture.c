/*
 * The context-writing capture backend (ctx-capture.h). Single-threaded
 * tests only: records go to a fixed array without locking.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "channel.h"
#include "context/context-set.h"
#include "ctx-capture.h"
#include "event-rule.h"
#include "filter/filter.h"
#include "recorder.h"

static void *reserve(struct lttng_ust_event_recorder *event, size_t payload_len,
		     struct lttng_ust_record_ctx *ctx)
{
	struct ctx_capture *cap = event->channel;
	struct ust_ctx_values values;
	size_t ctx_len;
	char *buf;

	cap->reserved++;
	ctx_len = ust_ctx_set_prepare(event->contexts, ctx, &values);
	buf = malloc(ctx_len + payload_len + 1);
	assert(buf);
	ust_ctx_set_write(event->contexts, ctx, &values, buf);
	ctx->backend[0] = buf;
	ctx->backend[1] = (void *)ctx_len;
	return buf + ctx_len;
}

static void commit(struct lttng_ust_record_ctx *ctx)
{
	struct ctx_capture *cap = ctx->event->channel;
	struct ctx_record *rec;

	assert(cap->nr < sizeof(cap->records) / sizeof(cap->records[0]));
	rec = &cap->records[cap->nr++];
	snprintf(rec->name, sizeof(rec->name), "%s:%s",
		 ctx->event->desc->provider_name, ctx->event->desc->event_name);
	rec->bytes = ctx->backend[0];
	rec->ctx_len = (size_t)ctx->backend[1];
	rec->payload_len = ctx->payload_len;
}

static const struct lttng_ust_recorder_ops ops = {reserve, commit,
						   ust_record_through_reserve};

void ctx_capture_open(struct ctx_capture *cap)
{
	memset(cap, 0, sizeof(*cap));
	assert(ust_channel_create(&ops, cap, &cap->chan) == 0);
}

void ctx_capture_clear(struct ctx_capture *cap)
{
	size_t i;

	for (i = 0; i < cap->nr; i++)
		free(cap->records[i].bytes);
	cap->nr = 0;
	cap->reserved = 0;
}

void ctx_capture_close(struct ctx_capture *cap)
{
	ust_channel_destroy(cap->chan);
	ctx_capture_clear(cap);
}

struct ust_event_rule *ctx_capture_rule(struct ctx_capture *cap,
					const char *pattern, const char *filter)
{
	struct ust_event_rule_attr attr = {pattern, NULL, 0, UST_LOGLEVEL_ALL,
					   0};
	struct filter_bytecode *bc = NULL;
	struct filter_error err;
	struct ust_event_rule *rule;
	int ret;

	if (filter) {
		ret = filter_compile(filter, &bc, &err);
		if (ret)
			fprintf(stderr, "'%s': %s\n", filter, err.message);
		assert(ret == 0);
		attr.filter = bc->data;
		attr.filter_len = bc->len;
	}
	ret = ust_event_rule_create(cap->chan, &attr, &rule);
	free(bc);
	assert(ret == 0);
	return rule;
}
