/*
 * appctx-app N PATTERN: registers the application context provider
 * "$app.alt" and records N events appctx:rec from one call site, each
 * with its sequence number; $app.alt:v gives each event its own value
 * (test_ust_context.py computes the same):
 *   alternate: a string of 20 characters for even events, 1 for odd;
 *   mixed:     the type changes every event: string (1-23 characters),
 *              signed 64-bit, none, double, unsigned 8-bit.
 * Strings come from a rotating set of buffers, as constants would.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/ust-context-provider.h>

#include "appctx-tp.h"

static int mixed;
static uint32_t current;
static char texts[4][32];
static unsigned int turn;

static char *text_of(uint32_t seq, size_t len)
{
	char *text = texts[turn++ % 4];
	size_t i;

	for (i = 0; i < len; i++)
		text[i] = (char)('a' + (seq + i) % 26);
	text[len] = '\0';
	return text;
}

static void get_value(void *priv, struct lttng_ust_probe_ctx *probe_ctx,
		      struct lttng_ust_ctx_value *value)
{
	uint32_t seq = current;

	(void)priv;
	(void)probe_ctx;
	if (!mixed) {
		value->sel = LTTNG_UST_DYNAMIC_TYPE_STRING;
		value->u.str = text_of(seq, seq % 2 ? 1 : 20);
		return;
	}
	switch (seq % 5) {
	case 0:
		value->sel = LTTNG_UST_DYNAMIC_TYPE_STRING;
		value->u.str = text_of(seq, seq % 23 + 1);
		break;
	case 1:
		value->sel = LTTNG_UST_DYNAMIC_TYPE_S64;
		value->u.s64 = (int64_t)seq * 7919 - 500000;
		break;
	case 2:
		value->sel = LTTNG_UST_DYNAMIC_TYPE_NONE;
		break;
	case 3:
		value->sel = LTTNG_UST_DYNAMIC_TYPE_DOUBLE;
		value->u.d = seq / 4.0;
		break;
	default:
		value->sel = LTTNG_UST_DYNAMIC_TYPE_U8;
		value->u.u64 = seq % 256;
		break;
	}
}

static struct lttng_ust_context_provider provider = {
	sizeof(provider), "$app.alt", NULL, NULL, get_value, NULL};

static __attribute__((noinline)) void fire(uint32_t seq)
{
	current = seq;
	lttng_ust_tracepoint(appctx, rec, seq);
}

int main(int argc, char **argv)
{
	struct lttng_ust_registered_context_provider *reg;
	uint32_t n, seq;

	if (argc != 3 ||
	    (strcmp(argv[2], "alternate") && strcmp(argv[2], "mixed"))) {
		fprintf(stderr, "usage: %s N alternate|mixed\n", argv[0]);
		return 2;
	}
	n = (uint32_t)strtoul(argv[1], NULL, 10);
	mixed = !strcmp(argv[2], "mixed");
	reg = lttng_ust_context_provider_register(&provider);
	if (!reg) {
		fprintf(stderr, "cannot register $app.alt\n");
		return 1;
	}
	for (seq = 0; seq < n; seq++)
		fire(seq);
	lttng_ust_context_provider_unregister(reg);
	return 0;
}
