/*
 * Evaluation of a linked filter program (linker.h) over one event: the
 * fast path of liblttng-ust's probes and of the kernel consumer. No
 * allocation, no system call, no lookup; time bounded by the program size.
 */
#ifndef FILTER_INTERPRETER_H
#define FILTER_INTERPRETER_H

#include <stdbool.h>
#include <stdint.h>

#include "filter/linker.h"

/*
 * Fetches context `index` (as resolved at link time) of the current event
 * into *value; returns false when it has none (the filter is then false).
 * Called only for the contexts an evaluation actually reaches.
 */
typedef bool (*filter_ctx_fetch_fn)(void *priv, uint32_t index,
				    struct filter_value *value);

/*
 * Whether the event passes `prog`: true to record it, false to drop it.
 * `fields` has one value per descriptor of the layout the program was
 * linked with (entries of STRUCT descriptors are not read). `fetch` may be
 * NULL when the program uses no context.
 */
bool filter_eval(const struct filter_program *prog,
		 const struct filter_value *fields, filter_ctx_fetch_fn fetch,
		 void *priv);

#endif /* FILTER_INTERPRETER_H */
