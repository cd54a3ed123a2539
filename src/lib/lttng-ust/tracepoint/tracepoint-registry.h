/*
 * liblttng-ust-tracepoint: the process-wide table connecting tracepoint
 * sites (registered per module by the LTTNG_UST_TRACEPOINT_DEFINE code of
 * <lttng/tracepoint.h>, through dlopen/dlsym) with probes (registered by
 * the tracer, one per enabled event recorder). Sites and probes meet by
 * name, whichever comes first.
 */
#ifndef UST_TRACEPOINT_REGISTRY_H
#define UST_TRACEPOINT_REGISTRY_H

#include <lttng/tracepoint-types.h>

#include "../common/ust-log.h"

/*
 * Adds a module's sites (NULL entries are skipped; a site registered by
 * two modules, as happens with symbol interposition, is counted twice;
 * a site smaller than LTTng-UST 2.13's layout is skipped and logged).
 * Sites whose name has probes get them at once. Returns 0 or -ENOMEM
 * (nothing is added then). The entry point of our <lttng/tracepoint.h>;
 * LTTng's are in tracepoint-lttng-abi.c, both on these two functions.
 */
int ust_tp_sites_add(struct lttng_ust_tracepoint *const *tps, int count);
void ust_tp_sites_remove(struct lttng_ust_tracepoint *const *tps, int count);

/* The same, as our <lttng/tracepoint.h> finds them with dlsym(). */
UST_API int
lttng_ust_tp_module_register(struct lttng_ust_tracepoint *const *tps,
			     int count);

/* Removes a module's sites; they are disabled on return. Returns 0. */
UST_API int
lttng_ust_tp_module_unregister(struct lttng_ust_tracepoint *const *tps,
			       int count);

/*
 * Attaches probe (func, data) to every site named provider:event, now
 * and when modules register such sites later. All probes of a name must
 * share `signature` (the TP_ARGS text); sites of another signature are
 * left disabled and reported. Returns 0, -EEXIST for a pair already
 * attached, -EINVAL for a signature different from the attached probes',
 * -ENOMEM.
 */
UST_API int lttng_ust_tp_probe_register(const char *provider,
					const char *event,
					const char *signature,
					void (*func)(void), void *data);

/*
 * Detaches probe (func, data); once this returns, no thread is running
 * it for this name. Returns 0 or -ENOENT.
 */
UST_API int lttng_ust_tp_probe_unregister(const char *provider,
					  const char *event,
					  void (*func)(void), void *data);

#endif /* UST_TRACEPOINT_REGISTRY_H */
