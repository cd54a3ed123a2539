/*
 * Binding filter bytecode to one event: its payload field layout and the
 * context names the tracer knows. The result (struct filter_program) has
 * every reference resolved to an index and every operation typed, so that
 * the interpreter (interpreter.h) does no lookup. Used by liblttng-ust for
 * each (filter, event) pair and by the kernel consumer.
 */
#ifndef FILTER_LINKER_H
#define FILTER_LINKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "filter/ast.h"

enum filter_field_kind {
	FILTER_FIELD_INTEGER, /* integers and enumerations: value.u.s64 */
	FILTER_FIELD_FLOAT,   /* float and double: value.u.dbl */
	FILTER_FIELD_STRING,  /* value.u.str */
	FILTER_FIELD_TEXT,    /* char array or sequence: value.u.str */
	FILTER_FIELD_ARRAY,   /* integer array or sequence: value.u.array */
	FILTER_FIELD_STRUCT,  /* its members follow it in the table */
	FILTER_FIELD_DYNAMIC, /* contexts only: each value says its type */
};

/*
 * One payload field. The table lists the event's fields in description
 * order; a STRUCT is followed by its `nr_nested` descendants (members,
 * their members, ...), in the same pre-order.
 */
struct filter_field {
	const char *name;
	enum filter_field_kind kind;
	uint8_t elem_size; /* ARRAY and TEXT: 1, 2, 4 or 8 bytes */
	bool elem_signed;  /* ARRAY and TEXT: sign-extend elements */
	uint32_t nr_nested;
};

enum filter_value_type {
	FILTER_VALUE_NONE, /* a dynamic context without a value */
	FILTER_VALUE_S64,
	FILTER_VALUE_DOUBLE,
	FILTER_VALUE_STRING,
};

/*
 * One field or context value of the event being filtered. Integers are
 * stored as 64 bits: signed ones sign-extended (s64), unsigned ones and
 * enumerations zero- or sign-extended per their own signedness (u64/s64).
 * Strings end at `len` or at their first NUL. `type` is read only for
 * FILTER_FIELD_DYNAMIC contexts.
 */
struct filter_value {
	union {
		int64_t s64;
		uint64_t u64;
		double dbl;
		struct {
			const char *ptr;
			size_t len;
		} str;
		struct {
			const void *ptr; /* native-endian elements */
			size_t count;
		} array;
	} u;
	enum filter_value_type type;
};

/*
 * Resolves the context `name` ($ctx.NAME when `scope` is
 * FILTER_SCOPE_CONTEXT, $app.NAME for FILTER_SCOPE_APP) to the index the
 * fetch callback takes and the kind of its values (INTEGER, FLOAT, STRING,
 * TEXT or DYNAMIC). Returns 0, or -ENOENT for an unknown context.
 */
typedef int (*filter_ctx_resolve_fn)(void *priv, enum filter_scope scope,
				     const char *name, uint32_t *index,
				     enum filter_field_kind *kind);

/* The layout a filter is linked against. `resolve` may be NULL. */
struct filter_event_layout {
	const struct filter_field *fields;
	uint32_t nr_fields;
	filter_ctx_resolve_fn resolve;
	void *resolve_priv;
};

struct filter_program;

/*
 * Validates `bc` (`len` bytes, from any source) and links it to `layout`
 * (not NULL; the program keeps no pointer to it, and the value array given
 * to filter_eval() must follow the same field table).
 * Stores the program in *out and returns 0; a reference the event does not
 * have, or operand types that cannot work (a string field compared with a
 * number), gives a program that is always false, with the reason in `msg`.
 * Returns -EINVAL (invalid bytecode, reason in `msg`) or -ENOMEM.
 */
int filter_link(const uint8_t *bc, size_t len,
		const struct filter_event_layout *layout,
		struct filter_program **out, char *msg, size_t msg_len);

void filter_program_free(struct filter_program *prog);

/* Whether linking found that no event can pass (FILTER-REF-04). */
bool filter_program_always_false(const struct filter_program *prog);

#endif /* FILTER_LINKER_H */
