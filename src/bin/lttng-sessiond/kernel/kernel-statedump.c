/*
 * Implementation of kernel-statedump.h: the event names come from the
 * consumer's table (statedump-events.c, compiled into both daemons); a
 * channel wants the enabled state dump events that one of its enabled
 * tracepoint rules (or `--all`) designates.
 */
#include <fnmatch.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../channel.h"
#include "consumer-comm/consumer-protocol.h"
#include "statedump-events/statedump-events.h"
#include "kernel-consumer.h"
#include "kernel-domain.h"
#include "kernel-statedump.h"
#include "consumer-comm/kernel-codec.h"
#include "sessiond-comm/codec.h"

uint32_t kernel_statedump_event_count(void)
{
	return STATEDUMP_NR_EVENTS;
}

void kernel_statedump_list(struct wire_buf *reply)
{
	int e;

	for (e = 0; e < STATEDUMP_NR_EVENTS; e++) {
		struct lsc_event ev = {0};

		snprintf(ev.name, sizeof(ev.name), "%s",
			 statedump_event_desc(e)->name);
		ev.type = LTTNG_EVENT_TRACEPOINT;
		ev.loglevel = 0;
		ev.enabled = -1;
		ev.pid = -1;
		lsc_put_event(reply, &ev);
	}
}

/* Whether an enabled rule designates the tracepoint called name. */
static bool rule_designates(const struct lsc_event *spec, const char *name)
{
	if (!spec->enabled)
		return false;
	if (spec->type != LTTNG_EVENT_TRACEPOINT &&
	    spec->type != LTTNG_EVENT_ALL)
		return false;
	return !fnmatch(spec->name, name, 0);
}

/*
 * The filter of the state dump event called name in chan, when some
 * enabled rule of the channel designates it: "" when one of them has no
 * filter (every record is kept), else their filters separated by
 * CONSUMER_KERNEL_FILTER_RULE_SEPARATOR (a record is kept when one
 * holds). Returns whether the event is designated; *expressions is
 * malloc'd (NULL on ENOMEM, or when not designated).
 */
static bool designated_filter(const struct channel *chan, const char *name,
			      char **expressions)
{
	bool designated = false, unfiltered = false, nomem = false;
	const struct event_rule *rule;
	char *text = NULL, *grown;
	size_t len = 0, n;

	for (rule = chan->rules; rule; rule = rule->next) {
		const char *filter = rule->spec.filter;

		if (!rule_designates(&rule->spec, name))
			continue;
		designated = true;
		if (!filter || !filter[0]) {
			unfiltered = true;
			continue;
		}
		n = strlen(filter);
		grown = nomem ? NULL : realloc(text, len + n + 2);
		if (!grown) {
			nomem = true;
			continue;
		}
		text = grown;
		if (len)
			text[len++] = CONSUMER_KERNEL_FILTER_RULE_SEPARATOR;
		memcpy(text + len, filter, n + 1);
		len += n;
	}
	if (unfiltered || nomem || !designated) {
		free(text);
		text = unfiltered && designated ? strdup("") : NULL;
	}
	*expressions = text;
	return designated;
}

/* Appends an event of chan to the request. LTTNG_OK or LTTNG_ERR_NOMEM. */
static int add_event(struct consumer_kernel_statedump_desc *d,
		     const struct channel *chan, const char *name,
		     char *expressions)
{
	struct consumer_kernel_statedump_event *events, *e;

	events = realloc(d->events, (d->nr_events + 1) * sizeof(*events));
	if (!events) {
		free(expressions);
		return LTTNG_ERR_NOMEM;
	}
	d->events = events;
	e = &events[d->nr_events++];
	memset(e, 0, sizeof(*e));
	snprintf(e->channel, sizeof(e->channel), "%s", chan->name);
	snprintf(e->event, sizeof(e->event), "%s", name);
	e->expressions = expressions;
	return LTTNG_OK;
}

int kernel_statedump_record(struct kernel_session *ks)
{
	/* The events describe this thread, which asks for the dump. */
	struct consumer_kernel_statedump_desc d = {.tid = (int32_t)gettid()};
	const struct channel *chan;
	int ret = LTTNG_OK;

	if (!ks || ks->consumer_fd < 0)
		return LTTNG_OK;
	for (chan = ks->domain.channels; chan && ret == LTTNG_OK;
	     chan = chan->next) {
		int e;

		for (e = 0; chan->enabled && e < STATEDUMP_NR_EVENTS &&
			    ret == LTTNG_OK;
		     e++) {
			const char *name = statedump_event_desc(e)->name;
			char *expressions;

			if (!designated_filter(chan, name, &expressions))
				continue;
			ret = expressions
				      ? add_event(&d, chan, name, expressions)
				      : LTTNG_ERR_NOMEM;
		}
	}
	if (ret == LTTNG_OK && d.nr_events)
		ret = kernel_consumer_statedump(ks, &d);
	consumer_kernel_statedump_desc_fini(&d);
	return ret;
}
