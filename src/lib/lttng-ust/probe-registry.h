/*
 * liblttng-ust: the registered tracepoint providers and their events,
 * what `lttng list -u` shows and what event rules match. Providers
 * register from their constructors (lttng_ust_probe_register_abi1() in
 * <lttng/ust-events.h>); channel.c attaches event rules to their events.
 */
#ifndef UST_PROBE_REGISTRY_H
#define UST_PROBE_REGISTRY_H

#include <lttng/ust-events.h>

#include "common/ust-log.h"

/* Longest "provider:event" name, terminator included (LTTng's limit). */
#define UST_EVENT_NAME_MAX 256

typedef void (*ust_event_visitor)(const struct lttng_ust_event_desc *desc,
				  void *priv);

/*
 * Calls visit(desc, priv) for every event of every registered provider,
 * in registration order, under the tracer lock: `visit` must not call
 * back into the tracer. Used to list events.
 */
UST_API void ust_registry_list_events(ust_event_visitor visit, void *priv);

/* The same walk for callers already holding the tracer lock. */
void ust_registry_for_each_event_locked(ust_event_visitor visit, void *priv);

/* Writes "provider:event" into buf (UST_EVENT_NAME_MAX bytes). */
UST_API void ust_event_full_name(const struct lttng_ust_event_desc *desc,
				 char *buf);

#endif /* UST_PROBE_REGISTRY_H */
