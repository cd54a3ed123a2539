/*
 * liblttng-ust-tracepoint: the registration entry points of LTTng-UST
 * 2.13 (tracepoint-lttng-abi.c; the library exports LTTng's names only,
 * liblttng-ust-tracepoint.sym), as modules built with either
 * implementation's headers and liblttng-ust call them: liblttng-ust
 * reaches the registry only through them, as LTTng's own does.
 */
#ifndef UST_TRACEPOINT_LTTNG_ABI_H
#define UST_TRACEPOINT_LTTNG_ABI_H

#include <lttng/tracepoint-types.h>

#include "../common/ust-log.h"

/*
 * Adds a module's sites (its __tracepoints_ptrs section); the sites
 * whose name has probes get them at once. 0 or a negative errno.
 */
UST_API int
lttng_ust_tracepoint_module_register(struct lttng_ust_tracepoint *const *tps,
				     int count);

/* Removes the module whose first site is tps; -ENOENT if unknown. */
UST_API int
lttng_ust_tracepoint_module_unregister(struct lttng_ust_tracepoint *const *tps);

/*
 * Attaches probe (func, data) to every site named provider:event, now
 * and when modules register such sites later. All probes of a name
 * share `signature` (the TP_ARGS text). 0, -EEXIST for a pair already
 * attached, -EINVAL for another signature than the attached probes',
 * -ENOMEM.
 */
UST_API int lttng_ust_tracepoint_provider_register(const char *provider,
						   const char *event,
						   void (*func)(void),
						   void *data,
						   const char *signature);

/*
 * Detaches probe (func, data); once this returns, no thread runs it for
 * this name. 0 or -ENOENT.
 */
UST_API int lttng_ust_tracepoint_provider_unregister(const char *provider,
						     const char *event,
						     void (*func)(void),
						     void *data);

/*
 * LTTng's reclamation of the probe arrays queued by its "queue release"
 * registrations: a grace period of the tracepoint RCU (and of
 * liblttng-ust-common's flavor, under which LTTng-built sites run
 * probes). Nothing is ever queued here, so it is exactly that grace
 * period: liblttng-ust waits with it before freeing what probes may
 * still read (filters, context providers).
 */
UST_API void lttng_ust_tp_probe_prune_release_queue(void);

/* Waits until no probe still reads what was unpublished before. */
static inline void ust_tp_grace_period(void)
{
	lttng_ust_tp_probe_prune_release_queue();
}

#endif /* UST_TRACEPOINT_LTTNG_ABI_H */
