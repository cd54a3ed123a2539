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
 * (nothing is added then). Called by LTTng's entry points
 * (tracepoint-lttng-abi.c), which every module uses.
 */
int ust_tp_sites_add(struct lttng_ust_tracepoint *const *tps, int count);
void ust_tp_sites_remove(struct lttng_ust_tracepoint *const *tps, int count);

/*
 * Attaches probe (func, data) to every site named provider:event, now
 * and when modules register such sites later. All probes of a name must
 * share `signature` (the TP_ARGS text); sites of another signature are
 * left disabled and reported. Returns 0, -EEXIST for a pair already
 * attached, -EINVAL for a signature different from the attached probes',
 * -ENOMEM.
 */
int ust_tp_probe_attach(const char *provider, const char *event,
			const char *signature, void (*func)(void), void *data);

/*
 * Detaches probe (func, data); once this returns, no thread is running
 * it for this name. Returns 0 or -ENOENT.
 */
int ust_tp_probe_detach(const char *provider, const char *event,
			void (*func)(void), void *data);

#endif /* UST_TRACEPOINT_REGISTRY_H */
