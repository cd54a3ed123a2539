/*
 * liblttng-ust: channels as the tracer sees them: a recording backend
 * (its ops table and its own channel object), the recording event rules
 * of the channel, and the event recorders those rules produced. This is
 * the enablement API that the session daemon listener (not written yet)
 * and the tests drive; every UST_API function takes the tracer lock.
 */
#ifndef UST_CHANNEL_H
#define UST_CHANNEL_H

#include <stdint.h>

#include <lttng/ust-events.h>
#include <urcu/list.h>

#include "common/ust-log.h"
#include "recorder.h"

struct ust_ctx_set;
struct ust_context_desc;

struct ust_channel {
	const struct lttng_ust_recorder_ops *ops;
	void *backend;		/* the backend's channel object */
	struct ust_ctx_set *contexts; /* context fields of its records */
	uint32_t next_event_id; /* ids given to recorders, in order */
	struct cds_list_head rules;
	struct cds_list_head recorders;
	struct cds_list_head node; /* in the channel list */
	/* Where event ids come from (NULL: next_event_id counts them). */
	int (*event_id)(void *backend, const struct lttng_ust_event_desc *desc,
			uint32_t *id);
};

/*
 * Creates a channel recording through `ops` (reserve, commit and record
 * are required) into the backend's `backend` object. Returns 0 and sets
 * *chan, or -EINVAL / -ENOMEM.
 */
UST_API int ust_channel_create(const struct lttng_ust_recorder_ops *ops,
			       void *backend, struct ust_channel **chan);

/*
 * Adds a context field to every record of the channel (after the event
 * header, in the order added). Only before the channel's first event
 * rule: returns -EBUSY after, else what ust_ctx_set_add() returns.
 */
UST_API int ust_channel_add_context(struct ust_channel *chan,
				    const struct ust_context_desc *desc);

/*
 * Destroys the channel with its event rules and recorders; none of its
 * probes runs once this returns.
 */
UST_API void ust_channel_destroy(struct ust_channel *chan);

/*
 * The recorder of event "provider:event" in `chan`, or NULL. For tests
 * and diagnostics (the pointer is valid until the next control call).
 */
UST_API struct ust_recorder *ust_channel_find_recorder(struct ust_channel *chan,
						       const char *full_name);

/*
 * Makes the channel's recorders agree with its rules and the registered
 * events: a recorder exists for each event some rule matches, and is
 * enabled when some enabled rule matches it.
 */
void ust_channel_sync_locked(struct ust_channel *chan);

/* ust_channel_sync_locked() on every channel (a provider came). */
void ust_channels_sync_all_locked(void);

/* Destroys every recorder of the provider's events (it is leaving). */
void ust_channels_drop_provider_locked(const struct lttng_ust_probe_desc *desc);

/*
 * Where a channel's event ids come from: asked when a recorder is
 * created (under the tracer lock). Returns 0 and *id, or a negative
 * errno: the recorder then exists but never records.
 */
typedef int (*ust_event_id_fn)(void *backend,
			       const struct lttng_ust_event_desc *desc,
			       uint32_t *id);

/*
 * Takes the event ids of recorders created from now on from `fn` (the
 * session daemon's registry) instead of counting them. Call before the
 * first rule of the channel.
 */
UST_API void ust_channel_set_event_id_source(struct ust_channel *chan,
					     ust_event_id_fn fn);

#endif /* UST_CHANNEL_H */
