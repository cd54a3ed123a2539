/*
 * Implementation of domain.h.
 */
#include <assert.h>
#include <string.h>

#include "domain.h"

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
