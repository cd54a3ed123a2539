/*
 * `lttng --mi xml add-context`: the <contexts> the command added (or
 * failed to add), each with its type, perf counter or application
 * context, the symbol given with -t, and <success>.
 */
#ifndef LTTNG_CLI_MI_CONTEXT_H
#define LTTNG_CLI_MI_CONTEXT_H

#include <stdbool.h>

#include <lttng/lttng.h>

/* Begin the document and its <contexts>; end with mi_command_end. */
void mi_context_list_begin(void);

void mi_context_add(const struct lttng_event_context *context,
		    const char *symbol, bool success);

/* One context type of `add-context --list`: as above, no <success>. */
void mi_context_listed(const struct lttng_event_context *context,
		       const char *symbol);

#endif /* LTTNG_CLI_MI_CONTEXT_H */
