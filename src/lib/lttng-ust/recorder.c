/*
 * liblttng-ust: event recorder life cycle: create (disabled), enable
 * (probe attached, then recording), disable (recording stops, then the
 * probe is detached, which waits for running probes), destroy. Also the
 * generic record() of backends that have only reserve() and commit().
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "channel.h"
#include "event-filter.h"
#include "lttng-abi.h"
#include "recorder.h"
#include "tracepoint/tracepoint-lttng-abi.h"
#include "tracer.h"

struct ust_recorder *
ust_recorder_create(struct ust_channel *chan,
		    const struct lttng_ust_event_desc *desc)
{
	struct ust_lttng_event *lttng;
	struct ust_recorder *rec;

	rec = calloc(1, sizeof(*rec));
	if (!rec) {
		ust_log_critical("event %s:%s: out of memory for its recorder",
				 desc->provider_name, desc->event_name);
		return NULL;
	}
	rec->pub.ops = chan->ops;
	rec->pub.channel = chan->backend;
	rec->pub.id = chan->next_event_id++;
	rec->pub.desc = desc;
	rec->pub.contexts = chan->contexts;
	rec->chan = chan;
	lttng = ust_lttng_event_find(desc);
	if (lttng && ust_lttng_client_create(rec, lttng)) {
		ust_log("event %s:%s: out of memory for its recorder",
			desc->provider_name, desc->event_name);
		free(rec);
		return NULL;
	}
	cds_list_add_tail(&rec->node, &chan->recorders);
	if (chan->event_id &&
	    chan->event_id(chan->backend, desc, &rec->pub.id)) {
		ust_log("event %s:%s: no event id, it will not be recorded",
			desc->provider_name, desc->event_name);
		rec->refused = 1;
	}
	return rec;
}

/* The data the probe is called with: the recorder, or LTTng's objects. */
static void *probe_data(struct ust_recorder *rec)
{
	return rec->lttng ? ust_lttng_client_probe_data(rec) : &rec->pub;
}

/* Stores the enabled state, mirrored for an LTTng-built probe. */
static void set_recording(struct ust_recorder *rec, int enabled)
{
	__atomic_store_n(&rec->pub.enabled, enabled, __ATOMIC_RELEASE);
	if (rec->lttng)
		ust_lttng_client_sync(rec);
}

static int recorder_attach(struct ust_recorder *rec)
{
	const struct lttng_ust_event_desc *desc = rec->pub.desc;
	int ret;

	set_recording(rec, 1);
	ret = lttng_ust_tracepoint_provider_register(
		desc->provider_name, desc->event_name, desc->probe_callback,
		probe_data(rec), desc->signature);
	if (ret) {
		set_recording(rec, 0);
		ust_log("event %s:%s: cannot attach its probe: %d",
			desc->provider_name, desc->event_name, ret);
		return ret;
	}
	rec->attached = 1;
	return 0;
}

static int recorder_detach(struct ust_recorder *rec)
{
	const struct lttng_ust_event_desc *desc = rec->pub.desc;
	int ret;

	set_recording(rec, 0);
	ret = lttng_ust_tracepoint_provider_unregister(
		desc->provider_name, desc->event_name, desc->probe_callback,
		probe_data(rec));
	if (ret) {
		ust_log("event %s:%s: cannot detach its probe: %d",
			desc->provider_name, desc->event_name, ret);
		return ret;
	}
	rec->attached = 0;
	return 0;
}

int ust_recorder_set_enabled(struct ust_recorder *rec, int enabled)
{
	if (enabled && !rec->attached && !rec->refused)
		return recorder_attach(rec);
	if (!enabled && rec->attached)
		return recorder_detach(rec);
	return 0;
}

void ust_recorder_destroy(struct ust_recorder *rec)
{
	if (rec->attached && recorder_detach(rec)) {
		/* Still reachable by probes: keep it rather than free it. */
		assert(0 && "probe detach failed");
		return;
	}
	ust_event_filter_clear(rec);
	cds_list_del(&rec->node);
	if (rec->lttng)
		ust_lttng_client_destroy(rec);
	free(rec);
}

void ust_record_through_reserve(struct lttng_ust_event_recorder *event,
				const void *payload, size_t payload_len,
				void *ip)
{
	struct lttng_ust_record_ctx ctx = {event, ip, payload_len, {NULL}};
	void *dst = event->ops->reserve(event, payload_len, &ctx);

	if (!dst)
		return;
	memcpy(dst, payload, payload_len);
	event->ops->commit(&ctx);
}
