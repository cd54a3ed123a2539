/*
 * <lttng/ust-context-provider.h>: application context providers, the
 * values behind `lttng add-context -t '$app.PROVIDER:NAME'` and
 * `$app.PROVIDER:NAME` in filters (LTTng-UST 2.13 names). A provider
 * named "$app.PROVIDER" registers callbacks; for each event of a
 * channel with one of its contexts (or a filter reading one), the
 * tracer calls get_value() and records the value with its type tag.
 * get_size() and record() are accepted for source compatibility; this
 * tracer only calls get_value().
 */
#ifndef LTTNG_UST_CONTEXT_PROVIDER_H
#define LTTNG_UST_CONTEXT_PROVIDER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The type of a context value (the tag recorded before it). */
enum lttng_ust_dynamic_type {
	LTTNG_UST_DYNAMIC_TYPE_NONE,
	LTTNG_UST_DYNAMIC_TYPE_S8,
	LTTNG_UST_DYNAMIC_TYPE_S16,
	LTTNG_UST_DYNAMIC_TYPE_S32,
	LTTNG_UST_DYNAMIC_TYPE_S64,
	LTTNG_UST_DYNAMIC_TYPE_U8,
	LTTNG_UST_DYNAMIC_TYPE_U16,
	LTTNG_UST_DYNAMIC_TYPE_U32,
	LTTNG_UST_DYNAMIC_TYPE_U64,
	LTTNG_UST_DYNAMIC_TYPE_FLOAT,
	LTTNG_UST_DYNAMIC_TYPE_DOUBLE,
	LTTNG_UST_DYNAMIC_TYPE_STRING,
	NR_LTTNG_UST_DYNAMIC_TYPES,
};

/* What get_value() fills: `sel` says which member holds the value. */
struct lttng_ust_ctx_value {
	uint32_t struct_size; /* sizeof(struct lttng_ust_ctx_value) */
	enum lttng_ust_dynamic_type sel;
	union {
		int64_t s64;
		uint64_t u64;
		/*
		 * Read once per record: the tracer copies it before it calls
		 * get_value() again, up to 512 bytes of strings per record;
		 * a longer one must stay unchanged until the record is written.
		 */
		const char *str;
		double d;
	} u;
};

/*
 * The event being recorded, as providers see it. `ctx_name` (this
 * tracer's addition) is the NAME part of "$app.PROVIDER:NAME" whose
 * value is requested.
 */
struct lttng_ust_probe_ctx {
	uint32_t struct_size;
	void *ip;
	const char *ctx_name;
};

struct lttng_ust_ring_buffer_ctx;
struct lttng_ust_channel_buffer;

struct lttng_ust_context_provider {
	uint32_t struct_size; /* sizeof(struct lttng_ust_context_provider) */
	const char *name;     /* "$app.PROVIDER" */
	size_t (*get_size)(void *priv, struct lttng_ust_probe_ctx *probe_ctx,
			   size_t offset);
	void (*record)(void *priv, struct lttng_ust_probe_ctx *probe_ctx,
		       struct lttng_ust_ring_buffer_ctx *ctx,
		       struct lttng_ust_channel_buffer *chan);
	void (*get_value)(void *priv, struct lttng_ust_probe_ctx *probe_ctx,
			  struct lttng_ust_ctx_value *value);
	void *priv;
};

struct lttng_ust_registered_context_provider;

/*
 * Registers `provider` (kept by pointer until unregistered). Returns
 * NULL when the name is not "$app.X", is taken, get_value is NULL, or
 * memory is short.
 */
struct lttng_ust_registered_context_provider *
lttng_ust_context_provider_register(
	struct lttng_ust_context_provider *provider);

/* Removes a provider; its callbacks are not running on return. */
void lttng_ust_context_provider_unregister(
	struct lttng_ust_registered_context_provider *reg_provider);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_CONTEXT_PROVIDER_H */
