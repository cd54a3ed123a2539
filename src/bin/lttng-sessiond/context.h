/*
 * Context fields recorded with every event of a channel (vpid, procname,
 * perf counters, application contexts...). A channel owns a list of
 * them; the domains' commands add to it, the user space domain also
 * describes them to the apps (context_ust_desc).
 */
#ifndef SESSIOND_CONTEXT_H
#define SESSIOND_CONTEXT_H

#include <stdbool.h>

#include "sessiond-comm/codec.h"

struct context {
	struct lsc_context spec;
	struct context *next;
};

/* LTTNG_OK when user space tracing can record spec, else an error code. */
int context_check_ust(const struct lsc_context *spec);

/* The context of list equal to spec, or NULL. */
struct context *context_find(struct context *list,
			     const struct lsc_context *spec);

/* Append a copy of spec to *list. LTTNG_OK or LTTNG_ERR_NOMEM. */
int context_add(struct context **list, const struct lsc_context *spec);

void context_destroy_all(struct context *list);

struct ust_context_desc;
/* The app protocol form of a context: 0 or -EINVAL (not user space). */
int context_ust_desc(const struct context *c, struct ust_context_desc *out);

#endif /* SESSIOND_CONTEXT_H */
