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
#include "consumer-comm/kconsumer-protocol.h"
#include "statedump-events/statedump-events.h"
#include "kernel-consumer.h"
#include "kernel-domain.h"
#include "kernel-statedump.h"
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

/* Appends len bytes of more to the malloc'd text. 0 or -1. */
static int append(char **text, size_t *len, const char *more, size_t n)
{
	char *grown = realloc(*text, *len + n + 1);

	if (!grown)
		return -1;
	memcpy(grown + *len, more, n);
	*len += n;
	grown[*len] = '\0';
	*text = grown;
	return 0;
}

/*
 * Appends "CHANNEL\tEVENT\tEXPR\n" when some enabled rule of the
 * channel designates the event: EXPR is empty when one of them has no
 * filter (every record is kept), else their filters separated by
 * KCONSUMER_FILTER_RULE_SEPARATOR (a record is kept when one holds).
 */
static int add_event_line(const struct channel *chan, const char *name,
			  char **text, size_t *len)
{
	const char separator = KCONSUMER_FILTER_RULE_SEPARATOR;
	const struct event_rule *rule;
	size_t start = *len, header_end, filters = 0;
	bool designated = false, unfiltered = false;

	if (append(text, len, chan->name, strlen(chan->name)) ||
	    append(text, len, "\t", 1) ||
	    append(text, len, name, strlen(name)) || append(text, len, "\t", 1))
		return -1;
	header_end = *len;
	for (rule = chan->rules; rule; rule = rule->next) {
		const char *filter = rule->spec.filter;

		if (!rule_designates(&rule->spec, name))
			continue;
		designated = true;
		if (!filter || !filter[0]) {
			unfiltered = true;
			continue;
		}
		if ((filters && append(text, len, &separator, 1)) ||
		    append(text, len, filter, strlen(filter)))
			return -1;
		filters++;
	}
	if (!designated || unfiltered) {
		*len = designated ? header_end : start;
		(*text)[*len] = '\0';
	}
	return designated ? append(text, len, "\n", 1) : 0;
}

int kernel_statedump_record(struct kernel_session *ks)
{
	const struct channel *chan;
	char *text = NULL;
	size_t len = 0, header;
	int ret = LTTNG_OK;

	if (!ks || ks->consumer_fd < 0)
		return LTTNG_OK;
	/* The events describe this thread, which asks for the dump. */
	if (asprintf(&text, "tid=%d\n", (int)gettid()) < 0)
		return LTTNG_ERR_NOMEM;
	len = header = strlen(text);
	for (chan = ks->domain.channels; chan; chan = chan->next) {
		int e;

		for (e = 0; chan->enabled && e < STATEDUMP_NR_EVENTS; e++) {
			if (add_event_line(chan, statedump_event_desc(e)->name,
					   &text, &len)) {
				free(text);
				return LTTNG_ERR_NOMEM;
			}
		}
	}
	if (len > header)
		ret = kernel_consumer_statedump(ks, text);
	free(text);
	return ret;
}
