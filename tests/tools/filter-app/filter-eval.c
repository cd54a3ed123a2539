/*
 * filter-eval EXPR [N]: filters the N (default 48) generated filt:ev
 * events in process with liblttng-ust's own filter path (the expression
 * compiled as the CLI compiles it, the rule's recorder linking it, the
 * generated probe evaluating it) and prints the index k of each event
 * recorded, one per line. Exit status 2 when the expression does not
 * compile (the compiler's LTTng lines on stderr).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/ust-events.h>

#include "channel.h"
#include "event-rule.h"
#include "filter-app.h"
#include "filter/filter.h"
#include "recorder.h"

static char slot[4096];

static void *reserve(struct lttng_ust_event_recorder *event, size_t payload_len,
		     struct lttng_ust_record_ctx *ctx)
{
	(void)event;
	(void)ctx;
	return payload_len <= sizeof(slot) ? slot : NULL;
}

static void commit(struct lttng_ust_record_ctx *ctx)
{
	int k;

	(void)ctx;
	memcpy(&k, slot, sizeof(k)); /* the first field */
	printf("%d\n", k);
}

static const struct lttng_ust_recorder_ops ops = {reserve, commit,
						   ust_record_through_reserve};

int main(int argc, char **argv)
{
	struct ust_event_rule_attr attr = {"filt:ev", NULL, 0, UST_LOGLEVEL_ALL,
					   0};
	struct filter_bytecode *bc;
	struct filter_error err;
	struct ust_event_rule *rule;
	struct ust_channel *chan;

	if (argc < 2) {
		fprintf(stderr, "usage: filter-eval EXPR [N]\n");
		return 1;
	}
	if (filter_compile_flags(argv[1], FILTER_COMPILE_LTTNG_CLI, &bc, &err)) {
		fputs(err.lttng_message, stderr);
		return 2;
	}
	attr.filter = bc->data;
	attr.filter_len = bc->len;
	if (ust_channel_create(&ops, NULL, &chan) ||
	    ust_event_rule_create(chan, &attr, &rule)) {
		fprintf(stderr, "filter-eval: cannot set up the rule\n");
		return 1;
	}
	filter_app_emit(argc > 2 ? atoi(argv[2]) : 48);
	fflush(stdout);
	ust_channel_destroy(chan);
	free(bc);
	return 0;
}
