/*
 * liblttng-ust: the registry of application context providers
 * (<lttng/ust-context-provider.h>) and the values of "$app.P:N"
 * contexts. Names are interned once ("P:N" -> a small id that never
 * changes) so channels and filters refer to them by id; the value of an
 * id is asked from the provider registered under "$app.P" at the time
 * of the event (none: no value). Readers run inside the tracepoint RCU
 * read-side section; unregistration waits for them.
 */
#ifndef UST_CONTEXT_PROVIDER_H
#define UST_CONTEXT_PROVIDER_H

#include <stdint.h>

#include <lttng/ust-context-provider.h>

/* Most distinct "$app.P:N" names a process may use. */
#define UST_APP_CTX_MAX 128

/*
 * The id of "PROVIDER:NAME" (split by the caller), interned on first
 * use. Returns 0 and sets *id, -EINVAL for empty parts, -ENOSPC.
 */
int ust_app_ctx_intern(const char *provider, const char *name, uint32_t *id);

/*
 * The value of app context `id` for the current event; sel is NONE when
 * no provider gives one. Call within the tracepoint RCU read side.
 */
void ust_app_ctx_get(uint32_t id, void *ip, struct lttng_ust_ctx_value *value);

#endif /* UST_CONTEXT_PROVIDER_H */
