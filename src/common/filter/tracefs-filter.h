/*
 * Translation of filter expressions into the filter language of the
 * kernel's tracefs (events/SUBSYSTEM/EVENT/filter), so that the kernel
 * domain filters in the kernel when it can. Used by the session daemon's
 * kernel domain; what tracefs cannot express is evaluated by the consumer.
 */
#ifndef FILTER_TRACEFS_FILTER_H
#define FILTER_TRACEFS_FILTER_H

#include <stdbool.h>
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

/*
 * What tracefs holds of one event's payload fields. same(priv, name) is
 * false for a field that tracefs holds otherwise than the recorded event
 * (a system call's user string, which tracefs has as an address; an
 * argument whose C type is narrower than tracefs's 8-byte slot): an
 * expression naming it is not tracefs's.
 */
struct filter_tracefs_fields {
	bool (*same)(void *priv, const char *name);
	void *priv;
};

/*
 * filter_tracefs_translate() for an event (fields NULL: every field is
 * as tracefs holds it). When tracefs cannot express the expression
 * (-ENOTSUP) and implied is not NULL, *implied gets the tracefs filter
 * of the operands of its top-level && chain that tracefs can express,
 * ANDed ("(a) && (c)" for "a && b && c"): every record the expression
 * accepts passes it, so tracefs may apply it first and leave the whole
 * expression to the consumer. NULL when no operand is tracefs's.
 */
int filter_tracefs_translate_event(const char *expr,
				   const struct filter_tracefs_fields *fields,
				   char **out, char **implied, char *why,
				   size_t why_len, struct filter_error *err);

#endif /* FILTER_TRACEFS_FILTER_H */
