/*
 * liblttng-ust: the context fields of one channel (UST_CMD_CONTEXT_ADD),
 * in the order the records hold them after the event header, as the
 * metadata's event.context declares them (ust-context/context-desc.h).
 * The set is built before the channel's first event rule and never
 * changes afterwards, so the fast path reads it without synchronization.
 *
 * The recording backend's reserve() sizes and writes the fields:
 *
 *     struct ust_ctx_values v;
 *     size_t len = ust_ctx_set_prepare(set, ctx, &v);
 *     ... reserve header + len + ctx->payload_len ...
 *     ust_ctx_set_write(set, ctx, &v, after_header);
 *
 * prepare() reads the values whose size varies (application contexts)
 * once, into v (context-record.h), so that write() stores exactly what
 * was sized: v belongs to that one record, on the reserving frame.
 * Filters read the same values through ust_ctx_filter_resolve() /
 * ust_ctx_filter_fetch().
 */
#ifndef UST_CONTEXT_SET_H
#define UST_CONTEXT_SET_H

#include <stddef.h>
#include <stdint.h>

#include <lttng/ust-context-provider.h>
#include <lttng/ust-events.h>

#include "common/ust-log.h"
#include "context-record.h"
#include "filter/interpreter.h"
#include "filter/linker.h"
#include "ust-comm/ust-protocol.h"

/* Most context fields in one channel. */
#define UST_CTX_MAX_FIELDS 64

struct ust_ctx_set;

struct ust_ctx_set *ust_ctx_set_create(void);
void ust_ctx_set_destroy(struct ust_ctx_set *set);

/*
 * Appends a field. Returns 0, -EEXIST (already there), -EINVAL (bad
 * type or names), -E2BIG (too many) or -ENOMEM.
 */
int ust_ctx_set_add(struct ust_ctx_set *set,
		    const struct ust_context_desc *desc);

struct ust_context_writer;

/*
 * The set as the ring buffer backend's context writer (rb-backend.h),
 * or NULL when the set is empty: size() is ust_ctx_set_prepare() and
 * write() ust_ctx_set_write(), with the record's values in between on
 * the backend's stack frame.
 */
UST_API const struct ust_context_writer *
ust_ctx_set_writer(struct ust_ctx_set *set);

/* Number of fields (0 for a NULL set). */
unsigned int ust_ctx_set_count(const struct ust_ctx_set *set);

/* Bytes of the context fields of this record (0 for a NULL set). */
UST_API size_t ust_ctx_set_prepare(const struct ust_ctx_set *set,
				   const struct lttng_ust_record_ctx *ctx,
				   struct ust_ctx_values *values);

/*
 * Writes the fields at dst: exactly the bytes prepare() counted into
 * `values`, whatever a provider did to a string since (a string kept
 * by pointer that changed length is cut or padded with '?').
 */
UST_API void ust_ctx_set_write(const struct ust_ctx_set *set,
			       const struct lttng_ust_record_ctx *ctx,
			       const struct ust_ctx_values *values, char *dst);

/*
 * Filter side: the `priv` of both functions is a struct
 * ust_ctx_filter_env. $ctx.NAME resolves to every fixed context (in the
 * channel or not, as LTTng's static context), "perf:thread:X" to the
 * channel's counter of that name, and $app.P:N to application context
 * values (whether the channel records them or not).
 */
struct ust_ctx_filter_env {
	const struct ust_ctx_set *set;
	const struct lttng_ust_record_ctx *ctx;
};

int ust_ctx_filter_resolve(void *priv, enum filter_scope scope,
			   const char *name, uint32_t *index,
			   enum filter_field_kind *kind);

bool ust_ctx_filter_fetch(void *priv, uint32_t index,
			  struct filter_value *value);

#endif /* UST_CONTEXT_SET_H */
