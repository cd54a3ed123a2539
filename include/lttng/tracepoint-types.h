/*
 * <lttng/tracepoint-types.h>: the tracepoint site an application defines
 * (one per provider:event per module, with LTTNG_UST_TRACEPOINT_DEFINE)
 * and the probe array liblttng-ust-tracepoint publishes on it. The
 * instrumented code reads these with the ordering rules stated below;
 * only liblttng-ust-tracepoint writes them.
 */
#ifndef LTTNG_UST_TRACEPOINT_TYPES_H
#define LTTNG_UST_TRACEPOINT_TYPES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * One probe attached to a tracepoint: `func` is called with `data` first,
 * then the tracepoint's arguments. An array of them ends with func NULL.
 */
struct lttng_ust_tracepoint_probe {
	void (*func)(void);
	void *data;
};

/*
 * A tracepoint site, laid out as LTTng-UST 2.13 lays it out (a module
 * built with either header registers the same structure): its size
 * first, so later versions may append fields; `tracepoint_provider_ref`
 * is unused by the tracer (LTTng's sites point it at the provider's
 * marker; ours keep that reference beside the site).
 *
 * Ordering rules (writer: liblttng-ust-tracepoint under its mutex;
 * readers: lttng_ust_tracepoint() in any thread, lock-free):
 *  - `probes` points to an immutable, NULL-terminated array. The writer
 *    builds a new array, stores it with release semantics, then stores
 *    `state` (1 when the array is non-empty). A reader loads `state`
 *    (relaxed: one plain load), and only if non-zero enters an RCU
 *    read-side section and loads `probes` with acquire semantics; it
 *    may see NULL (a concurrent unregistration) and must then do nothing.
 *  - A replaced array is freed only after an RCU grace period, so a
 *    reader holding the read lock may keep iterating an old array.
 */
struct lttng_ust_tracepoint {
	uint32_t struct_size;
	const char *provider_name;
	const char *event_name;
	int state;
	struct lttng_ust_tracepoint_probe *probes;
	int *tracepoint_provider_ref;
	const char *signature; /* the TP_ARGS text: checked against probes */
};

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_TRACEPOINT_TYPES_H */
