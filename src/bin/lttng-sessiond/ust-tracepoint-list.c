/*
 * Implementation of ust-tracepoint-list.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng.h>

#include "sessiond-comm/codec.h"
#include "ust-app.h"
#include "ust-comm/codec.h"
#include "ust-tracepoint-list.h"

struct app_listing {
	pid_t pid;
	struct ust_tracepoint_entry *entries;
	uint32_t count;
};

/* Asks one app; an app that fails to answer lists nothing. */
static void list_app(struct ust_app *app, struct app_listing *out)
{
	struct ust_message reply;

	out->pid = app->pid;
	out->entries = NULL;
	out->count = 0;
	if (!ust_app_is_alive(app) ||
	    ust_app_call(app, UST_CMD_TRACEPOINT_LIST, NULL, NULL, 0, &reply))
		return;
	if (ust_get_tracepoint_list(reply.payload, reply.payload_len,
				    &out->entries, &out->count)) {
		out->entries = NULL;
		out->count = 0;
	}
	ust_message_fini(&reply);
}

static void put_entry(struct lsc_buf *reply, pid_t pid,
		      const struct ust_tracepoint_entry *e)
{
	struct lsc_event ev;

	memset(&ev, 0, sizeof(ev));
	snprintf(ev.name, sizeof(ev.name), "%s", e->name);
	ev.type = LTTNG_EVENT_TRACEPOINT;
	ev.loglevel_type = LTTNG_EVENT_LOGLEVEL_ALL;
	ev.loglevel = e->loglevel;
	ev.enabled = -1;
	ev.pid = pid;
	lsc_put_event(reply, &ev);
}

int ust_list_tracepoints(struct lsc_buf *reply)
{
	struct app_listing *listings;
	size_t nr_apps = 0, i = 0;
	uint32_t total = 0;

	for (struct ust_app *a = ust_app_first(); a; a = a->next)
		nr_apps++;
	listings = calloc(nr_apps ? nr_apps : 1, sizeof(*listings));
	if (!listings)
		return LTTNG_ERR_NOMEM;
	for (struct ust_app *a = ust_app_first(); a; a = a->next, i++) {
		list_app(a, &listings[i]);
		total += listings[i].count;
	}
	lsc_put_u32(reply, total);
	for (i = 0; i < nr_apps; i++) {
		for (uint32_t j = 0; j < listings[i].count; j++)
			put_entry(reply, listings[i].pid,
				  &listings[i].entries[j]);
		free(listings[i].entries);
	}
	free(listings);
	return LTTNG_OK;
}

struct app_fields {
	pid_t pid;
	struct ust_field_entry *entries;
	uint32_t count;
};

static void list_app_fields(struct ust_app *app, struct app_fields *out)
{
	struct ust_message reply;

	out->pid = app->pid;
	out->entries = NULL;
	out->count = 0;
	if (!ust_app_is_alive(app) ||
	    ust_app_call(app, UST_CMD_FIELD_LIST, NULL, NULL, 0, &reply))
		return;
	if (ust_get_field_list(reply.payload, reply.payload_len, &out->entries,
			       &out->count)) {
		out->entries = NULL;
		out->count = 0;
	}
	ust_message_fini(&reply);
}

static void put_field(struct lsc_buf *reply, pid_t pid,
		      const struct ust_field_entry *f)
{
	struct ust_tracepoint_entry tp = {.loglevel = f->loglevel};

	snprintf(tp.name, sizeof(tp.name), "%s", f->event_name);
	put_entry(reply, pid, &tp);
	lsc_put_str(reply, f->field_name);
	lsc_put_i32(reply, (int32_t)f->type);
	lsc_put_i32(reply, (int32_t)f->nowrite);
}

int ust_list_tracepoint_fields(struct lsc_buf *reply)
{
	struct app_fields *listings;
	size_t nr_apps = 0, i = 0;
	uint32_t total = 0;

	for (struct ust_app *a = ust_app_first(); a; a = a->next)
		nr_apps++;
	listings = calloc(nr_apps ? nr_apps : 1, sizeof(*listings));
	if (!listings)
		return LTTNG_ERR_NOMEM;
	for (struct ust_app *a = ust_app_first(); a; a = a->next, i++) {
		list_app_fields(a, &listings[i]);
		total += listings[i].count;
	}
	lsc_put_u32(reply, total);
	for (i = 0; i < nr_apps; i++) {
		for (uint32_t j = 0; j < listings[i].count; j++)
			put_field(reply, listings[i].pid,
				  &listings[i].entries[j]);
		free(listings[i].entries);
	}
	free(listings);
	return LTTNG_OK;
}
