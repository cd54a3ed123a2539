/*
 * Implementation of context-provider.h. Providers form an RCU list
 * (insertions and removals under a mutex, lookups lock-free inside the
 * tracepoint read side, frees after a grace period). Interned names
 * are an append-only array: an entry is written before the count that
 * publishes it, and never changes after.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <urcu/rculist.h>

#include "common/ust-log.h"
#include "context-provider.h"
#include "tracepoint/tracepoint-lttng-abi.h"

struct lttng_ust_registered_context_provider {
	struct lttng_ust_context_provider *provider;
	size_t name_len; /* strlen("$app.P") */
	struct cds_list_head node;
};

struct app_ctx_name {
	char *provider; /* "$app.P" */
	char *name;	/* "N" */
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static CDS_LIST_HEAD(providers);
static struct app_ctx_name names[UST_APP_CTX_MAX];
static uint32_t nr_names;

static struct lttng_ust_registered_context_provider *
find_locked(const char *name, size_t len)
{
	struct lttng_ust_registered_context_provider *reg;

	cds_list_for_each_entry (reg, &providers, node)
		if (reg->name_len == len &&
		    !memcmp(reg->provider->name, name, len))
			return reg;
	return NULL;
}

UST_API struct lttng_ust_registered_context_provider *
lttng_ust_context_provider_register(struct lttng_ust_context_provider *provider)
{
	struct lttng_ust_registered_context_provider *reg;
	size_t len;

	if (!provider || !provider->name || !provider->get_value ||
	    strncmp(provider->name, "$app.", 5) || !provider->name[5] ||
	    strchr(provider->name, ':'))
		return NULL;
	len = strlen(provider->name);
	reg = calloc(1, sizeof(*reg));
	if (!reg)
		return NULL;
	reg->provider = provider;
	reg->name_len = len;
	pthread_mutex_lock(&registry_lock);
	if (find_locked(provider->name, len)) {
		pthread_mutex_unlock(&registry_lock);
		ust_log("context provider %s: already registered",
			provider->name);
		free(reg);
		return NULL;
	}
	cds_list_add_tail_rcu(&reg->node, &providers);
	pthread_mutex_unlock(&registry_lock);
	return reg;
}

UST_API void lttng_ust_context_provider_unregister(
	struct lttng_ust_registered_context_provider *reg)
{
	if (!reg)
		return;
	pthread_mutex_lock(&registry_lock);
	cds_list_del_rcu(&reg->node);
	pthread_mutex_unlock(&registry_lock);
	ust_tp_grace_period();
	free(reg);
}

int ust_app_ctx_intern(const char *provider, const char *name, uint32_t *id)
{
	uint32_t i;
	int ret = 0;

	if (!provider || !*provider || !name || !*name)
		return -EINVAL;
	pthread_mutex_lock(&registry_lock);
	for (i = 0; i < nr_names; i++)
		if (!strcmp(names[i].provider + 5, provider) &&
		    !strcmp(names[i].name, name))
			goto found;
	if (nr_names == UST_APP_CTX_MAX) {
		ret = -ENOSPC;
		goto out;
	}
	names[i].provider = malloc(strlen(provider) + 6);
	names[i].name = strdup(name);
	if (!names[i].provider || !names[i].name) {
		free(names[i].provider);
		free(names[i].name);
		ret = -ENOMEM;
		goto out;
	}
	strcpy(names[i].provider, "$app.");
	strcat(names[i].provider, provider);
	__atomic_store_n(&nr_names, i + 1, __ATOMIC_RELEASE);
found:
	*id = i;
out:
	pthread_mutex_unlock(&registry_lock);
	return ret;
}

void ust_app_ctx_get(uint32_t id, void *ip, struct lttng_ust_ctx_value *value)
{
	struct lttng_ust_registered_context_provider *reg;
	const struct app_ctx_name *n;

	memset(value, 0, sizeof(*value));
	value->struct_size = sizeof(*value);
	value->sel = LTTNG_UST_DYNAMIC_TYPE_NONE;
	if (id >= __atomic_load_n(&nr_names, __ATOMIC_ACQUIRE))
		return;
	n = &names[id];
	cds_list_for_each_entry_rcu(reg, &providers, node)
	{
		struct lttng_ust_probe_ctx probe_ctx = {sizeof(probe_ctx), ip,
							n->name};

		if (strcmp(reg->provider->name, n->provider))
			continue;
		reg->provider->get_value(reg->provider->priv, &probe_ctx,
					 value);
		if ((unsigned int)value->sel >= NR_LTTNG_UST_DYNAMIC_TYPES ||
		    (value->sel == LTTNG_UST_DYNAMIC_TYPE_STRING &&
		     !value->u.str))
			value->sel = LTTNG_UST_DYNAMIC_TYPE_NONE;
		return;
	}
}
