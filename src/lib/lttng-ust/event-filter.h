/*
 * liblttng-ust: the filters of an event recorder. A recorder records an
 * event when one of the enabled rules matching it accepts it; a rule
 * without filter accepts everything, so the recorder only filters when
 * every such rule has one. Its filter set holds one program per rule,
 * each linked against the event's fields and the channel's contexts,
 * published to the probe through lttng_ust_event_recorder.filter and
 * replaced (RCU: publish, wait for running probes, free) when the rules
 * change. Called by channel.c under the tracer lock.
 */
#ifndef UST_EVENT_FILTER_H
#define UST_EVENT_FILTER_H

#include <stddef.h>

struct ust_event_rule;
struct ust_recorder;

/*
 * Makes rec filter with the bytecode of `rules` (nr of them, each with
 * a filter), or not filter at all when nr is 0. Keeps the current set
 * when it was built from the same rules. Returns 0 or -ENOMEM (the
 * recorder then keeps its previous filters).
 */
int ust_event_filter_update(struct ust_recorder *rec,
			    struct ust_event_rule *const *rules, size_t nr);

/* Unpublishes and frees the recorder's filters (it is detached). */
void ust_event_filter_clear(struct ust_recorder *rec);

#endif /* UST_EVENT_FILTER_H */
