/*
 * liblttng-ust: event recorders, the runtime objects of the recording
 * backend interface (<lttng/ust-events.h>: struct lttng_ust_recorder_ops
 * and struct lttng_ust_event_recorder). One recorder per (channel,
 * event) that an event rule of the channel matches; while enabled, it is
 * one probe registration on the event's tracepoint with itself as data,
 * so a tracepoint matched in two channels calls its probe twice. Owned
 * by channel.c; all functions need the tracer lock.
 */
#ifndef UST_RECORDER_H
#define UST_RECORDER_H

#include <lttng/ust-events.h>
#include <urcu/list.h>

#include "common/ust-log.h"

struct ust_channel;
struct ust_lttng_client;

struct ust_recorder {
	struct lttng_ust_event_recorder pub; /* the probe's data */
	struct ust_channel *chan;
	int attached; /* registered as a probe on the tracepoint */
	struct cds_list_head node; /* in chan->recorders */
	int refused; /* the id source gave no id: never records */
	/* What an LTTng-built probe is called with (lttng-abi-client.c);
	 * NULL for events of providers built with our headers. */
	struct ust_lttng_client *lttng;
};

/*
 * A disabled recorder of `desc` in `chan`, or NULL (out of memory). Its
 * event id comes from the channel's id source when it has one; when
 * that refuses, the recorder is marked refused and never records.
 */
struct ust_recorder *
ust_recorder_create(struct ust_channel *chan,
		    const struct lttng_ust_event_desc *desc);

/*
 * Starts or stops recording: attaches the probe to the tracepoint or
 * detaches it (when this returns, the probe no longer runs for this
 * recorder). Returns 0 or the tracepoint registry's negative errno.
 */
int ust_recorder_set_enabled(struct ust_recorder *rec, int enabled);

/* Detaches, unlinks and frees the recorder. */
void ust_recorder_destroy(struct ust_recorder *rec);

/*
 * The record() operation of a backend that has only reserve() and
 * commit(): reserves payload_len bytes, copies the payload and commits.
 */
UST_API void ust_record_through_reserve(struct lttng_ust_event_recorder *event,
					const void *payload, size_t payload_len,
					void *ip);

#endif /* UST_RECORDER_H */
