/*
 * The channels of one tracing domain of a session, with the domain's
 * buffering scheme (set by its first channel) and whether a channel
 * other than channel0 exists (then commands must name their channel).
 */
#ifndef SESSIOND_DOMAIN_H
#define SESSIOND_DOMAIN_H

#include <stdbool.h>

#include "channel.h"

struct domain {
	enum lttng_domain_type type;
	enum lttng_buffer_type buffer_type; /* valid once channel_count > 0 */
	bool has_non_default_channel;
	unsigned int channel_count;
	struct channel *channels; /* creation order */
};

void domain_init(struct domain *domain, enum lttng_domain_type type);
void domain_fini(struct domain *domain);

/* The channel named name ("" means channel0), or NULL. */
struct channel *domain_find_channel(const struct domain *domain,
				    const char *name);

/*
 * Check that a new channel of that buffering scheme may join the domain:
 * LTTNG_OK, LTTNG_ERR_BUFFER_NOT_SUPPORTED for global buffers in user
 * space, LTTNG_ERR_BUFFER_TYPE_MISMATCH when other channels use another.
 */
int domain_check_buffer_type(const struct domain *domain,
			     enum lttng_buffer_type buffer_type);

/* Append chan (the domain takes ownership). */
void domain_add_channel(struct domain *domain, struct channel *chan,
			enum lttng_buffer_type buffer_type);

#endif /* SESSIOND_DOMAIN_H */
