/*
 * Filter expressions the kernel consumer evaluates: those tracefs's own
 * filter language cannot express (arithmetic, $ctx.NAME, fields compared
 * with fields, ...). The session daemon passes them per tracefs event
 * (struct consumer_kernel_filter); each is compiled and linked to the event
 * class's fields (LTTng's names) when the class is created, then run on
 * every record of that event with the project's filter interpreter.
 * Several enabled rules on one event come as one expression per rule,
 * separated by CONSUMER_KERNEL_FILTER_RULE_SEPARATOR; each is evaluated on its
 * own and a record passes when any rule's expression is true. A rule
 * whose expression names a field the event lacks matches nothing there
 * (as LTTng), the other rules still apply. A system call's user string
 * (filename, pathname) is seen as the string recorded for it, which
 * tracefs's own filters cannot see (they only have its address).
 */
#ifndef KCONSUMER_RECORD_FILTER_H
#define KCONSUMER_RECORD_FILTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "consumer-comm/consumer-protocol.h"
#include "process-table.h"
#include "tracefs/page-reader.h"

struct kernel_event_class;
struct filter_program;

/* The consumer's filter of one event class: its rules' programs, ORed. */
struct kernel_record_filters {
	bool active;			  /* some rule filters this event */
	struct filter_program **programs; /* the rules that can apply */
	size_t nr_programs;
};

/* A channel's filter of one event: the event and its expressions. */
struct kernel_filter_spec {
	char system[64];
	char event[256];
	const char *expression;
	char *owned; /* malloc'd text expression points into, or NULL */
};

/*
 * Sets ec->filters from expressions (one per rule, separated by
 * CONSUMER_KERNEL_FILTER_RULE_SEPARATOR): each is compiled and linked to the
 * class's payload fields and the derivable contexts. A rule whose
 * expression does not compile or link (a field the event lacks) is left
 * out, with its reason in err (the last one) and a return of -EINVAL;
 * the others apply. -ENOMEM.
 */
int kernel_record_filters_set(struct kernel_event_class *ec,
			      const char *expressions, char *err,
			      size_t err_len);

/* Removes ec's filters: every record passes. */
void kernel_record_filters_clear(struct kernel_event_class *ec);

/* Fields of an event class the filters can see (more: no rule applies). */
#define KERNEL_RECORD_FILTER_MAX_FIELDS 128

/*
 * Whether record r (of class ec, thread facts from threads) passes.
 * captured[i], when captured is not NULL, is the string BPF captured
 * for the record's field i (KERNEL_FIELD_BPF_STRING: a system call's
 * user string, taken when the record was laid out); such a field is ""
 * otherwise.
 */
bool kernel_record_filter_keep(const struct kernel_event_class *ec,
			       const struct tracefs_record *r,
			       const char *const *captured,
			       struct kernel_process_table *threads,
			       uint32_t cpu);

#endif /* KCONSUMER_RECORD_FILTER_H */
