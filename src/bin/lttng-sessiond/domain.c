/*
 * Implementation of domain.h.
 */
#include <assert.h>
#include <string.h>

#include "domain.h"
#include "kernel/kernel-cmd.h"
#include "ust-cmd.h"

void domain_init(struct domain *domain, enum lttng_domain_type type)
{
	memset(domain, 0, sizeof(*domain));
	domain->type = type;
}

void domain_fini(struct domain *domain)
{
	struct channel *chan = domain->channels;

	while (chan) {
		struct channel *next = chan->next;

		channel_destroy(chan);
		chan = next;
	}
	domain_init(domain, domain->type);
}

struct channel *domain_find_channel(const struct domain *domain,
				    const char *name)
{
	struct channel *chan;

	if (!name[0])
		name = DEFAULT_CHANNEL_NAME;
	for (chan = domain->channels; chan; chan = chan->next) {
		if (!strcmp(chan->name, name))
			return chan;
	}
	return NULL;
}

int domain_check_buffer_type(const struct domain *domain,
			     enum lttng_buffer_type buffer_type)
{
	if (domain->type == LTTNG_DOMAIN_UST &&
	    buffer_type == LTTNG_BUFFER_GLOBAL)
		return LTTNG_ERR_BUFFER_NOT_SUPPORTED;
	if (domain->channel_count && domain->buffer_type != buffer_type)
		return LTTNG_ERR_BUFFER_TYPE_MISMATCH;
	return LTTNG_OK;
}

void domain_add_channel(struct domain *domain, struct channel *chan,
			enum lttng_buffer_type buffer_type)
{
	struct channel **tail = &domain->channels;

	assert(domain_check_buffer_type(domain, buffer_type) == LTTNG_OK);
	assert(!domain_find_channel(domain, chan->name));
	while (*tail)
		tail = &(*tail)->next;
	*tail = chan;
	chan->next = NULL;
	domain->buffer_type = buffer_type;
	domain->channel_count++;
	if (strcmp(chan->name, DEFAULT_CHANNEL_NAME))
		domain->has_non_default_channel = true;
}

int domain_ops_find(int32_t type, const struct domain_ops **ops)
{
	switch (type) {
	case LTTNG_DOMAIN_UST:
		*ops = &ust_domain_ops;
		return LTTNG_OK;
	case LTTNG_DOMAIN_KERNEL:
		*ops = &kernel_domain_ops;
		return LTTNG_OK;
	case LTTNG_DOMAIN_JUL:
	case LTTNG_DOMAIN_LOG4J:
	case LTTNG_DOMAIN_PYTHON:
		return LTTNG_ERR_AGENT_TRACING_DISABLED;
	default:
		return LTTNG_ERR_UNKNOWN_DOMAIN;
	}
}

int domain_target_channel(const struct domain_ops *ops, struct session *session,
			  struct domain *domain,
			  const struct lsc_target *target, bool create,
			  struct channel **out)
{
	const char *name =
		target->channel[0] ? target->channel : DEFAULT_CHANNEL_NAME;
	int ret;

	if (!target->channel[0] && domain->has_non_default_channel)
		return LTTNG_ERR_NEED_CHANNEL_NAME;
	*out = domain_find_channel(domain, name);
	if (*out)
		return LTTNG_OK;
	if (!create)
		return ops->channel_not_found;
	ret = ops->add_default_channel(session, name, target->buffer_type);
	if (ret == LTTNG_OK)
		*out = domain_find_channel(domain, name);
	return ret;
}
