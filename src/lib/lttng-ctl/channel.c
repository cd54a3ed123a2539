/*
 * Channels through liblttng-ctl: default attributes per domain, enable,
 * disable, list, and the accessors of the attributes LTTng keeps behind
 * attr.extended.ptr (statistics, monitor timer, blocking timeout).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ctl-internal.h"

#define DEFAULT_NUM_SUBBUF 4
#define DEFAULT_MONITOR_TIMER_US 1000000
#define DEFAULT_KERNEL_READ_TIMER_US 200000
#define DEFAULT_KERNEL_SUBBUF_SIZE (1024 * 1024)

/* A channel created by lttng_channel_create(): attributes and extension. */
struct channel_alloc {
	struct lttng_channel chan;
	struct lsc_channel_extended ext;
};

static struct lsc_channel_extended *extended_of(struct lttng_channel *chan)
{
	return chan ? chan->attr.extended.ptr : NULL;
}

static uint64_t page_size(void)
{
	long size = sysconf(_SC_PAGESIZE);

	return size > 0 ? (uint64_t)size : 4096;
}

LTTNG_API void lttng_channel_set_default_attr(struct lttng_domain *domain,
					      struct lttng_channel_attr *attr)
{
	void *extended;

	if (!domain || !attr)
		return;
	extended = attr->extended.ptr;
	memset(attr, 0, sizeof(*attr));
	attr->extended.ptr = extended;
	attr->overwrite = -1;
	/* The agent domains have no channels of their own: all zero. */
	switch (domain->type) {
	case LTTNG_DOMAIN_KERNEL:
		attr->num_subbuf = DEFAULT_NUM_SUBBUF;
		attr->subbuf_size = DEFAULT_KERNEL_SUBBUF_SIZE;
		attr->read_timer_interval = DEFAULT_KERNEL_READ_TIMER_US;
		attr->output = LTTNG_EVENT_SPLICE;
		break;
	case LTTNG_DOMAIN_UST:
		/* 128 pages per-user, else 4 (LTTng's sizes). */
		attr->num_subbuf = DEFAULT_NUM_SUBBUF;
		attr->subbuf_size =
			page_size() *
			(domain->buf_type == LTTNG_BUFFER_PER_UID ? 128 : 4);
		attr->output = LTTNG_EVENT_MMAP;
		break;
	default:
		break;
	}
}

/*
 * The domains and buffer types a channel can have, as LTTng checks them
 * in lttng_channel_create(): kernel channels are global, user space
 * channels per user or per process.
 */
static bool channel_domain_valid(const struct lttng_domain *domain)
{
	switch (domain->type) {
	case LTTNG_DOMAIN_KERNEL:
		return domain->buf_type == LTTNG_BUFFER_GLOBAL;
	case LTTNG_DOMAIN_UST:
		return domain->buf_type == LTTNG_BUFFER_PER_UID ||
		       domain->buf_type == LTTNG_BUFFER_PER_PID;
	default:
		return false;
	}
}

static void default_extended(struct lsc_channel_extended *ext)
{
	memset(ext, 0, sizeof(*ext));
	ext->monitor_timer_interval = DEFAULT_MONITOR_TIMER_US;
}

LTTNG_API struct lttng_channel *
lttng_channel_create(struct lttng_domain *domain)
{
	struct channel_alloc *alloc;

	if (!domain || !channel_domain_valid(domain))
		return NULL;
	alloc = calloc(1, sizeof(*alloc));
	if (!alloc)
		return NULL;
	default_extended(&alloc->ext);
	alloc->chan.attr.extended.ptr = &alloc->ext;
	lttng_channel_set_default_attr(domain, &alloc->chan.attr);
	return &alloc->chan;
}

LTTNG_API void lttng_channel_destroy(struct lttng_channel *channel)
{
	/* chan is the first member: the allocation starts at channel. */
	free(channel);
}

LTTNG_API int lttng_enable_channel(struct lttng_handle *handle,
				   struct lttng_channel *channel)
{
	struct lsc_target target;
	struct lsc_channel msg;
	struct wire_buf buf;
	int ret;

	if (!channel)
		return -LTTNG_ERR_INVALID;
	ret = ctl_target_from_handle(handle, NULL, &target);
	if (ret)
		return ret;
	if (strnlen(channel->name, sizeof(channel->name)) ==
	    sizeof(channel->name))
		return -LTTNG_ERR_INVALID;
	memset(&msg, 0, sizeof(msg));
	msg.chan = *channel;
	msg.chan.attr.extended.ptr = NULL;
	if (extended_of(channel))
		msg.ext = *extended_of(channel);
	else
		default_extended(&msg.ext);
	wire_buf_init(&buf);
	lsc_put_target(&buf, &target);
	lsc_put_channel(&buf, &msg);
	ret = ctl_call(LSC_CMD_ENABLE_CHANNEL, &buf, NULL);
	wire_buf_fini(&buf);
	return ret;
}

LTTNG_API int lttng_disable_channel(struct lttng_handle *handle,
				    const char *name)
{
	struct lsc_target target;
	int ret;

	if (!name)
		return -LTTNG_ERR_INVALID;
	ret = ctl_target_from_handle(handle, name, &target);
	return ret ? ret
		   : ctl_call_target(LSC_CMD_DISABLE_CHANNEL, &target, NULL);
}

/*
 * Decode count channels into one allocation: the channel array followed
 * by the extension of each, so that a single free() releases both.
 */
static int decode_channels(struct wire_cursor *cur,
			   struct lttng_channel **channels)
{
	struct lttng_channel *array = NULL;
	struct lsc_channel_extended *exts;
	struct lsc_channel msg;
	uint32_t count, i;
	int ret = lsc_get_count(cur, LSC_MAX_PAYLOAD / 64, &count);

	if (!ret && count) {
		array = calloc(count, sizeof(*array) + sizeof(*exts));
		if (!array)
			return -LTTNG_ERR_NOMEM;
	}
	exts = (struct lsc_channel_extended *)(array + count);
	for (i = 0; !ret && i < count; i++) {
		ret = lsc_get_channel(cur, &msg);
		array[i] = msg.chan;
		exts[i] = msg.ext;
		array[i].attr.extended.ptr = &exts[i];
	}
	if (!ret)
		ret = wire_cursor_finish(cur);
	if (ret) {
		free(array);
		return -LTTNG_ERR_INVALID_PROTOCOL;
	}
	*channels = array;
	return (int)count;
}

LTTNG_API int lttng_list_channels(struct lttng_handle *handle,
				  struct lttng_channel **channels)
{
	struct lsc_message reply;
	struct lsc_target target;
	struct wire_cursor cur;
	int ret;

	if (!channels)
		return -LTTNG_ERR_INVALID;
	ret = ctl_target_from_handle(handle, NULL, &target);
	if (!ret)
		ret = ctl_call_target(LSC_CMD_LIST_CHANNELS, &target, &reply);
	if (ret)
		return ret;
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = decode_channels(&cur, channels);
	lsc_message_fini(&reply);
	return ret;
}

LTTNG_API int
lttng_channel_get_discarded_event_count(struct lttng_channel *channel,
					uint64_t *discarded_events)
{
	struct lsc_channel_extended *ext = extended_of(channel);

	if (!ext || !discarded_events)
		return -LTTNG_ERR_INVALID;
	*discarded_events = ext->discarded_events;
	return 0;
}

LTTNG_API int lttng_channel_get_lost_packet_count(struct lttng_channel *channel,
						  uint64_t *lost_packets)
{
	struct lsc_channel_extended *ext = extended_of(channel);

	if (!ext || !lost_packets)
		return -LTTNG_ERR_INVALID;
	*lost_packets = ext->lost_packets;
	return 0;
}

LTTNG_API int
lttng_channel_get_monitor_timer_interval(struct lttng_channel *channel,
					 uint64_t *monitor_timer_interval)
{
	struct lsc_channel_extended *ext = extended_of(channel);

	if (!ext || !monitor_timer_interval)
		return -LTTNG_ERR_INVALID;
	*monitor_timer_interval = ext->monitor_timer_interval;
	return 0;
}

LTTNG_API int
lttng_channel_set_monitor_timer_interval(struct lttng_channel *channel,
					 uint64_t monitor_timer_interval)
{
	struct lsc_channel_extended *ext = extended_of(channel);

	if (!ext)
		return -LTTNG_ERR_INVALID;
	ext->monitor_timer_interval = monitor_timer_interval;
	return 0;
}

LTTNG_API int lttng_channel_get_blocking_timeout(struct lttng_channel *channel,
						 int64_t *blocking_timeout)
{
	struct lsc_channel_extended *ext = extended_of(channel);

	if (!ext || !blocking_timeout)
		return -LTTNG_ERR_INVALID;
	*blocking_timeout = ext->blocking_timeout;
	return 0;
}

LTTNG_API int lttng_channel_set_blocking_timeout(struct lttng_channel *channel,
						 int64_t blocking_timeout)
{
	struct lsc_channel_extended *ext = extended_of(channel);

	/* LTTng keeps the timeout in milliseconds in an int32_t. */
	if (!ext || blocking_timeout < -1 ||
	    blocking_timeout / 1000 > INT32_MAX)
		return -LTTNG_ERR_INVALID;
	ext->blocking_timeout = blocking_timeout;
	return 0;
}
