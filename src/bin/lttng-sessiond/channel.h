/*
 * A channel of a session's domain: its ring buffer attributes (checked
 * here when the channel is created), its state, its recording event
 * rules and its context fields. domain.c keeps the channels of a domain.
 */
#ifndef SESSIOND_CHANNEL_H
#define SESSIOND_CHANNEL_H

#include <stdbool.h>

#include <lttng/lttng.h>

#include "context.h"
#include "event-rule.h"
#include "sessiond-comm/codec.h"

#define DEFAULT_CHANNEL_NAME "channel0"

struct channel {
	char name[LTTNG_SYMBOL_NAME_LEN];
	bool enabled;
	struct lttng_channel_attr attr; /* overwrite resolved to 0 or 1 */
	struct lsc_channel_extended ext;
	struct event_rule *rules;
	struct context *contexts;
	struct channel *next;
};

/*
 * LTTNG_OK when name may name a channel (not empty, no '/', not
 * starting with '.'), else LTTNG_ERR_INVALID_CHANNEL_NAME.
 */
int channel_check_name(const char *name);

/* The default attributes of a user space channel of that buffer type. */
void channel_default_ust(enum lttng_buffer_type buffer_type,
			 struct lsc_channel *out);

/*
 * Create a user space channel from the requested attributes, resolving
 * overwrite -1 to the session's mode (snapshot sessions overwrite).
 * Returns LTTNG_OK, LTTNG_ERR_INVALID for impossible sizes, timeouts or
 * counts, LTTNG_ERR_NOT_SUPPORTED for splice output, LTTNG_ERR_NOMEM.
 */
int channel_create_ust(const struct lsc_channel *req, bool snapshot,
		       struct channel **out);

void channel_destroy(struct channel *chan);

/* The protocol form of chan, as listed to clients. */
void channel_describe(const struct channel *chan, struct lsc_channel *out);

#endif /* SESSIOND_CHANNEL_H */
