/*
 * Filters of recording event rules on state dump events: as LTTng does
 * for any kernel event, a rule's filter expression (`enable-event -k
 * lttng_statedump_process_state --filter 'pid == 42'`) decides which of
 * the event's records the rule keeps. The consumer's filter machinery
 * (record-filter.h) reads fields from a tracefs-like raw record through
 * an event class's plans; this module gives each state dump event such
 * a class (plans over a raw form: integers and char[16] in place, strings
 * as __data_loc) and turns each payload into that raw form to test it.
 */
#ifndef KCONSUMER_STATEDUMP_FILTER_H
#define KCONSUMER_STATEDUMP_FILTER_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel-metadata.h"
#include "process-table.h"
#include "statedump.h"

/* One channel's filter of one state dump event. */
struct statedump_filter {
	struct kernel_event_class class; /* plans and compiled programs */
	const struct statedump_event_desc *desc;
};

/*
 * Compiles expressions (one per rule, separated by
 * CONSUMER_KERNEL_FILTER_RULE_SEPARATOR) for event. A rule that does not
 * compile or names a field the event lacks matches nothing, as LTTng's
 * (kernel_record_filters_set: -EINVAL and the reason in err when it
 * does not compile); the others apply. 0, -EINVAL or -ENOMEM.
 */
int statedump_filter_init(struct statedump_filter *f,
			  enum statedump_event event, const char *expressions,
			  char *err, size_t err_len);

/* Whether the payload, recorded by thread tid on cpu, passes. */
bool statedump_filter_keep(const struct statedump_filter *f,
			   const struct statedump_payload *payload, int32_t tid,
			   struct kernel_process_table *threads, uint32_t cpu);

void statedump_filter_fini(struct statedump_filter *f);

#endif /* KCONSUMER_STATEDUMP_FILTER_H */
