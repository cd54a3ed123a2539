/*
 * Recording event rules of kernel channels applied to their tracefs
 * instance: a rule designates tracefs events (tracepoints by name or '*'
 * pattern, system calls as syscalls/sys_enter_NAME + sys_exit_NAME), and
 * enabling or disabling it writes their `enable` files, after their
 * `filter` files when the rule has a filter expression (translated to
 * tracefs's filter language). Several enabled rules designating one
 * event combine as LTTng's do (recorded when any accepts): a rule
 * without filter leaves the event unfiltered, filters are ORed. An
 * expression tracefs cannot express is left to the kernel consumer
 * (with the event's other rules' expressions ORed to it): it is
 * recorded on the instance (kernel_instance.filters), passed to the
 * consumer when it starts and sent to it (kernel_consumer_set_filter())
 * when a rule changes while it runs.
 */
#ifndef SESSIOND_KERNEL_EVENT_H
#define SESSIOND_KERNEL_EVENT_H

#include <stdbool.h>

#include "sessiond-comm/codec.h"
#include "kernel-domain.h"

struct event_rule;

/*
 * Enables (or disables) in the instance every tracefs event spec
 * designates, recomputing each one's filter from spec (when enabling)
 * and the other enabled rules of the channel (rules) designating it: an
 * event is recorded when any of them accepts it. Returns LTTNG_OK,
 * LTTNG_ERR_KERN_ENABLE_FAIL (kprobes and function events on a kernel without
 * kprobe_events, a refused write), LTTNG_ERR_FILTER_INVAL (an invalid
 * expression, or no designated event has the fields it names),
 * LTTNG_ERR_KERN_CONSUMER_FAIL (the running consumer did not take a
 * filter) or LTTNG_ERR_KERN_DISABLE_FAIL. ks: the session, whose
 * consumer, if running, gets the changed filters.
 */
int kernel_event_apply(struct kernel_instance *instance,
		       const struct event_rule *rules,
		       const struct lsc_event *spec, bool enable,
		       struct kernel_session *ks);

/*
 * The same for one given tracefs event, events/<system>/<spec name>
 * (user space probes: their own group).
 */
int kernel_event_apply_one(struct kernel_instance *instance, const char *system,
			   const struct lsc_event *spec, bool enable,
			   struct kernel_session *ks);

#endif /* SESSIOND_KERNEL_EVENT_H */
