/*
 * liblttng-ust-tracepoint: the entry points LTTng-UST 2.13 exports
 * (tracepoint-lttng-abi.h), which modules built with either
 * implementation's <lttng/tracepoint.h> find with dlsym() and
 * liblttng-ust calls, so that a binary compiled against LTTng's headers
 * runs unchanged on this library. Sites of both headers have one layout
 * (<lttng/tracepoint-types.h>) and join the same registry
 * (tracepoint-registry.c), so a probe reaches both. A module unregisters
 * with its first site only: the registry of modules below remembers the
 * count.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "tracepoint-lttng-abi.h"
#include "tracepoint-rcu.h"
#include "tracepoint-registry.h"

/* LTTng unregisters a module by its first site: remember its count. */
struct lttng_module {
	struct lttng_ust_tracepoint *const *start;
	int count;
	struct lttng_module *next;
};

static pthread_mutex_t modules_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct lttng_module *modules;
static int destructors_disabled;

UST_API int
lttng_ust_tracepoint_module_register(struct lttng_ust_tracepoint *const *tps,
				     int count)
{
	struct lttng_module *m = calloc(1, sizeof(*m));
	int ret;

	if (!m) {
		ust_log("out of memory for a module's tracepoint sites");
		return -ENOMEM;
	}
	ret = ust_tp_sites_add(tps, count);
	if (ret) {
		free(m);
		return ret;
	}
	m->start = tps;
	m->count = count;
	pthread_mutex_lock(&modules_mutex);
	m->next = modules;
	modules = m;
	pthread_mutex_unlock(&modules_mutex);
	return 0;
}

/* LTTng-UST 2.13 keeps its older name for the same entry point. */
UST_API int tracepoint_register_lib(struct lttng_ust_tracepoint *const *tps,
				    int count)
	__attribute__((alias("lttng_ust_tracepoint_module_register")));

UST_API int
lttng_ust_tracepoint_module_unregister(struct lttng_ust_tracepoint *const *tps)
{
	struct lttng_module **link, *m;

	pthread_mutex_lock(&modules_mutex);
	for (link = &modules; *link && (*link)->start != tps;
	     link = &(*link)->next)
		;
	m = *link;
	if (m)
		*link = m->next;
	pthread_mutex_unlock(&modules_mutex);
	if (!m)
		return -ENOENT;
	ust_tp_sites_remove(m->start, m->count);
	free(m);
	return 0;
}

/* The probe side of the same ABI, with LTTng's argument order. */
UST_API int lttng_ust_tracepoint_provider_register(const char *provider,
						   const char *event,
						   void (*func)(void),
						   void *data,
						   const char *signature)
{
	return ust_tp_probe_attach(provider, event, signature, func, data);
}

UST_API int lttng_ust_tracepoint_provider_unregister(const char *provider,
						     const char *event,
						     void (*func)(void),
						     void *data)
{
	return ust_tp_probe_detach(provider, event, func, data);
}

/*
 * The "queue release" variants let LTTng batch the reclamation of the
 * replaced probe arrays until the prune call. This registry reclaims
 * each replaced array after its own grace period, so every array is
 * already released when prune waits for readers.
 */
UST_API int lttng_ust_tp_probe_register_queue_release(const char *provider,
						      const char *event,
						      void (*func)(void),
						      void *data,
						      const char *signature)
	__attribute__((alias("lttng_ust_tracepoint_provider_register")));

UST_API int lttng_ust_tp_probe_unregister_queue_release(const char *provider,
							const char *event,
							void (*func)(void),
							void *data)
	__attribute__((alias("lttng_ust_tracepoint_provider_unregister")));

UST_API void lttng_ust_tp_probe_prune_release_queue(void)
{
	lttng_ust_tp_rcu_synchronize();
}

/*
 * The read side's pointer load (rcu_dereference) for sites compiled
 * without _LGPL_SOURCE: the site passes the pointer it loaded; a
 * dependent load needs no fence on the architectures we build for.
 */
UST_API void *lttng_ust_tp_rcu_dereference_sym(void *p)
{
	__asm__ __volatile__("" ::: "memory");
	return p;
}

/*
 * Whether modules may dlclose() this library from their destructors:
 * yes, until an application asks otherwise (it calls
 * tracepoint_disable_destructors() from <lttng/tracepoint.h> when its
 * threads may still hit tracepoints while the process exits).
 */
UST_API void lttng_ust_tp_disable_destructors(void)
{
	__atomic_store_n(&destructors_disabled, 1, __ATOMIC_RELAXED);
}

UST_API int lttng_ust_tp_get_destructors_state(void)
{
	return !__atomic_load_n(&destructors_disabled, __ATOMIC_RELAXED);
}

/*
 * LTTng's library constructor and destructor, exported: initialisation
 * (here, the read-copy-update's registration with membarrier) may be
 * asked before a constructor ran; at exit, wait until no probe runs.
 */
UST_API void lttng_ust_tp_init(void)
{
	lttng_ust_tp_rcu_init();
}

UST_API void lttng_ust_tp_exit(void)
{
	lttng_ust_tp_rcu_synchronize();
}
