/*
 * Translation of filter expressions into the filter language of the
 * kernel's tracefs (events/SUBSYSTEM/EVENT/filter), so that the kernel
 * domain filters in the kernel when it can. Used by the session daemon's
 * kernel domain; what tracefs cannot express is evaluated by the consumer.
 */
#ifndef FILTER_TRACEFS_FILTER_H
#define FILTER_TRACEFS_FILTER_H

#include <stddef.h>

#include "filter/ast.h"
#include "filter/filter.h"

/* Longest string literal tracefs accepts (MAX_FILTER_STR_VAL). */
#define FILTER_TRACEFS_STR_MAX 256

/*
 * Renders a checked and folded tree as a tracefs filter into a malloc'ed
 * *out and returns 0. Returns -ENOTSUP, with the reason in `why`, when
 * tracefs cannot express it (arithmetic, $ctx./$app., nested fields, two
 * fields compared, floats, ...), or -ENOMEM.
 */
int filter_tracefs_render(const struct filter_node *root, char **out, char *why,
			  size_t why_len);

/*
 * The same from the expression text: parses, checks and folds first.
 * Returns -EINVAL with *err for an invalid expression.
 */
int filter_tracefs_translate(const char *expr, char **out, char *why,
			     size_t why_len, struct filter_error *err);

#endif /* FILTER_TRACEFS_FILTER_H */
