/*
 * Filter expressions the kernel consumer evaluates: those tracefs's own
 * filter language cannot express (arithmetic, $ctx.NAME, fields compared
 * with fields, ...). The session daemon passes them per tracefs event
 * (--filter=SYSTEM/EVENT=EXPR); each is compiled and linked to the event
 * class's fields (LTTng's names) when the class is created, then run on
 * every record of that event with the project's filter interpreter. A
 * record passes when the expression is true; an expression naming a
 * field the event lacks never is (as LTTng).
 */
#ifndef KCONSUMER_RECORD_FILTER_H
#define KCONSUMER_RECORD_FILTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "process-table.h"
#include "tracefs/page-reader.h"

struct kernel_event_class;
struct filter_program;

/* One --filter option: the event it applies to and its expression. */
struct kernel_filter_spec {
	char system[64];
	char event[256];
	const char *expression;
	char *owned; /* malloc'd text expression points into, or NULL */
};

/*
 * Parses "SYSTEM/EVENT=EXPR" (EXPR pointing into text). 0 or -EINVAL.
 */
int kernel_filter_spec_parse(const char *text, struct kernel_filter_spec *out);

/*
 * Compiles expression and links it to the class's payload fields and the
 * derivable contexts. 0 with *out set, or -EINVAL (err set) for an
 * expression that does not compile, -ENOMEM.
 */
int kernel_record_filter_create(const char *expression,
				const struct kernel_event_class *ec,
				struct filter_program **out, char *err,
				size_t err_len);

/* Whether record r (of class ec, thread facts from threads) passes. */
bool kernel_record_filter_keep(const struct kernel_event_class *ec,
			       const struct tracefs_record *r,
			       struct kernel_process_table *threads,
			       uint32_t cpu);

#endif /* KCONSUMER_RECORD_FILTER_H */
