/*
 * Implementation of ust-tracepoint-list.h: both listings ask every
 * registered app the same way and differ only in the request, the
 * decoder of the app's reply and how one entry goes to the client.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng.h>

#include "sessiond-comm/codec.h"
#include "ust-app.h"
#include "ust-comm/codec.h"
#include "ust-tracepoint-list.h"

/* What one app answered: count entries of the listing's entry type. */
struct app_listing {
	pid_t pid;
	void *entries;
	uint32_t count;
};

/* One kind of listing (tracepoints or fields). */
struct listing_kind {
	uint32_t command; /* enum ust_command */
	size_t entry_size;
	int (*decode)(const void *payload, size_t len, void **entries,
		      uint32_t *count);
	void (*put)(struct wire_buf *reply, pid_t pid, const void *entry);
};

/* What one app answered (an app that failed to answer lists nothing). */
static void decode_app(const struct listing_kind *kind, struct ust_app *app,
		       struct ust_message *reply, int code,
		       struct app_listing *out)
{
	out->pid = app->pid;
	out->entries = NULL;
	out->count = 0;
	if (code || kind->decode(reply->payload, reply->payload_len,
				 &out->entries, &out->count)) {
		out->entries = NULL;
		out->count = 0;
	}
	ust_message_fini(reply);
}

/*
 * Appends u32 total then every app's entries, app by app. The apps are
 * asked all at once (ust_app_call_all), so silent ones delay the
 * listing by one app socket timeout at most, not one each.
 */
static int list_all_apps(const struct listing_kind *kind, struct wire_buf *reply)
{
	struct app_listing *listings;
	struct ust_message *replies;
	struct ust_app **apps;
	size_t nr_apps = 0, i = 0;
	uint32_t total = 0;
	int *codes;

	for (struct ust_app *a = ust_app_first(); a; a = a->next)
		nr_apps += ust_app_is_alive(a);
	listings = calloc(nr_apps ? nr_apps : 1, sizeof(*listings));
	replies = calloc(nr_apps ? nr_apps : 1, sizeof(*replies));
	apps = calloc(nr_apps ? nr_apps : 1, sizeof(*apps));
	codes = calloc(nr_apps ? nr_apps : 1, sizeof(*codes));
	if (!listings || !replies || !apps || !codes) {
		free(listings);
		free(replies);
		free(apps);
		free(codes);
		return LTTNG_ERR_NOMEM;
	}
	for (struct ust_app *a = ust_app_first(); a; a = a->next)
		if (ust_app_is_alive(a))
			apps[i++] = a;
	ust_app_call_all(apps, (unsigned int)nr_apps, kind->command, replies,
			 codes);
	for (i = 0; i < nr_apps; i++) {
		decode_app(kind, apps[i], &replies[i], codes[i], &listings[i]);
		total += listings[i].count;
	}
	wire_put_u32(reply, total);
	for (i = 0; i < nr_apps; i++) {
		const char *entry = listings[i].entries;

		for (uint32_t j = 0; j < listings[i].count; j++)
			kind->put(reply, listings[i].pid,
				  entry + (size_t)j * kind->entry_size);
		free(listings[i].entries);
	}
	free(listings);
	free(replies);
	free(apps);
	free(codes);
	return LTTNG_OK;
}

static void put_tracepoint(struct wire_buf *reply, pid_t pid, const char *name,
			   int loglevel)
{
	struct lsc_event ev;

	memset(&ev, 0, sizeof(ev));
	snprintf(ev.name, sizeof(ev.name), "%s", name);
	ev.type = LTTNG_EVENT_TRACEPOINT;
	ev.loglevel_type = LTTNG_EVENT_LOGLEVEL_ALL;
	ev.loglevel = loglevel;
	ev.enabled = -1;
	ev.pid = pid;
	lsc_put_event(reply, &ev);
}

static int decode_tracepoints(const void *payload, size_t len, void **entries,
			      uint32_t *count)
{
	struct ust_tracepoint_entry *decoded;
	int ret = ust_get_tracepoint_list(payload, len, &decoded, count);

	*entries = ret ? NULL : decoded;
	return ret;
}

static void put_tracepoint_entry(struct wire_buf *reply, pid_t pid,
				 const void *entry)
{
	const struct ust_tracepoint_entry *e = entry;

	put_tracepoint(reply, pid, e->name, e->loglevel);
}

static int decode_fields(const void *payload, size_t len, void **entries,
			 uint32_t *count)
{
	struct ust_field_entry *decoded;
	int ret = ust_get_field_list(payload, len, &decoded, count);

	*entries = ret ? NULL : decoded;
	return ret;
}

static void put_field_entry(struct wire_buf *reply, pid_t pid, const void *entry)
{
	const struct ust_field_entry *f = entry;

	put_tracepoint(reply, pid, f->event_name, f->loglevel);
	wire_put_str(reply, f->field_name);
	wire_put_i32(reply, (int32_t)f->type);
	wire_put_i32(reply, (int32_t)f->nowrite);
}

int ust_list_tracepoints(struct wire_buf *reply)
{
	static const struct listing_kind tracepoints = {
		.command = UST_CMD_TRACEPOINT_LIST,
		.entry_size = sizeof(struct ust_tracepoint_entry),
		.decode = decode_tracepoints,
		.put = put_tracepoint_entry,
	};

	return list_all_apps(&tracepoints, reply);
}

int ust_list_tracepoint_fields(struct wire_buf *reply)
{
	static const struct listing_kind fields = {
		.command = UST_CMD_FIELD_LIST,
		.entry_size = sizeof(struct ust_field_entry),
		.decode = decode_fields,
		.put = put_field_entry,
	};

	return list_all_apps(&fields, reply);
}
