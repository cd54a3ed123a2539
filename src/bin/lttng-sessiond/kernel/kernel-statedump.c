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
#include "../../lttng-consumerd/kernel/statedump-events.h"
#include "kernel-consumer.h"
#include "kernel-domain.h"
#include "kernel-statedump.h"
#include "sessiond-comm/codec.h"

uint32_t kernel_statedump_event_count(void)
{
	return STATEDUMP_NR_EVENTS;
}

void kernel_statedump_list(struct lsc_buf *reply)
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

/* Appends "CHANNEL\tname,name\n" to *text when the channel wants any. */
static int add_channel_line(const struct channel *chan, char **text,
			    size_t *len)
{
	char line[4096];
	const struct event_rule *rule;
	size_t used;
	bool any = false;
	char *grown;
	int e;

	used = (size_t)snprintf(line, sizeof(line), "%s\t", chan->name);
	for (e = 0; e < STATEDUMP_NR_EVENTS; e++) {
		const char *name = statedump_event_desc(e)->name;

		for (rule = chan->rules; rule; rule = rule->next) {
			if (rule_designates(&rule->spec, name))
				break;
		}
		if (!rule || used + strlen(name) + 3 > sizeof(line))
			continue;
		used += (size_t)snprintf(line + used, sizeof(line) - used,
					 "%s%s", any ? "," : "", name);
		any = true;
	}
	if (!any)
		return 0;
	line[used++] = '\n';
	grown = realloc(*text, *len + used + 1);
	if (!grown)
		return -1;
	memcpy(grown + *len, line, used);
	*len += used;
	grown[*len] = '\0';
	*text = grown;
	return 0;
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
		if (chan->enabled && add_channel_line(chan, &text, &len)) {
			free(text);
			return LTTNG_ERR_NOMEM;
		}
	}
	if (len > header)
		ret = kernel_consumer_statedump(ks, text);
	free(text);
	return ret;
}
