/*
 * Channels: ring buffer configurations inside a domain of a session.
 * struct lttng_channel is LTTng's; the attributes LTTng added later
 * (monitor timer, blocking timeout, statistics) live behind accessors.
 */
#ifndef LTTNG_CHANNEL_H
#define LTTNG_CHANNEL_H

#include <stdint.h>

#include <lttng/domain.h>
#include <lttng/event.h>
#include <lttng/handle.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LTTNG_CHANNEL_ATTR_PADDING1 (LTTNG_SYMBOL_NAME_LEN + 12)

struct lttng_channel_attr {
	int overwrite; /* -1: session default, 0: discard, 1: overwrite */
	uint64_t subbuf_size;
	uint64_t num_subbuf;
	unsigned int switch_timer_interval; /* us, 0: inactive */
	unsigned int read_timer_interval;   /* us, 0: inactive */
	enum lttng_event_output output;
	uint64_t tracefile_size;  /* bytes, 0: unlimited */
	uint64_t tracefile_count; /* 0: unlimited */
	unsigned int live_timer_interval;
	uint32_t align_to_64;
	union {
		uint64_t padding;
		void *ptr;
	} extended;
	char padding[LTTNG_CHANNEL_ATTR_PADDING1];
};

#define LTTNG_CHANNEL_PADDING1 16

struct lttng_channel {
	char name[LTTNG_SYMBOL_NAME_LEN];
	uint32_t enabled;
	struct lttng_channel_attr attr;
	char padding[LTTNG_CHANNEL_PADDING1];
};

/*
 * Returns a channel holding the domain's default attributes, or NULL.
 * Free with lttng_channel_destroy() (never for listed channels).
 */
struct lttng_channel *lttng_channel_create(struct lttng_domain *domain);
void lttng_channel_destroy(struct lttng_channel *channel);

/* Fill attr with the default attributes of the domain. */
void lttng_channel_set_default_attr(struct lttng_domain *domain,
				    struct lttng_channel_attr *attr);

/* Create or re-enable a channel. Returns 0 or a negative code. */
int lttng_enable_channel(struct lttng_handle *handle,
			 struct lttng_channel *channel);
int lttng_disable_channel(struct lttng_handle *handle, const char *name);

/*
 * Sets *channels to a malloc'd array; returns the count or a negative
 * code. free() the array once.
 */
int lttng_list_channels(struct lttng_handle *handle,
			struct lttng_channel **channels);

/* Statistics of a listed channel. Return 0 or -LTTNG_ERR_INVALID. */
int lttng_channel_get_discarded_event_count(struct lttng_channel *channel,
					    uint64_t *discarded_events);
int lttng_channel_get_lost_packet_count(struct lttng_channel *channel,
					uint64_t *lost_packets);

/* Monitor timer period in us (0: inactive). Return 0 or a negative code. */
int lttng_channel_get_monitor_timer_interval(struct lttng_channel *channel,
					     uint64_t *monitor_timer_interval);
int lttng_channel_set_monitor_timer_interval(struct lttng_channel *channel,
					     uint64_t monitor_timer_interval);

/* Blocking timeout in us: 0 never blocks, -1 blocks forever. */
int lttng_channel_get_blocking_timeout(struct lttng_channel *channel,
				       int64_t *blocking_timeout);
int lttng_channel_set_blocking_timeout(struct lttng_channel *channel,
				       int64_t blocking_timeout);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_CHANNEL_H */
