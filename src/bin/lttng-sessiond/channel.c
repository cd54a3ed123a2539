/*
 * Implementation of channel.h. The checks are those of LTTng's session
 * daemon for user space channels: power-of-two sub-buffer sizes and
 * counts, sub-buffers at least a page, mmap output only, trace files no
 * smaller than a sub-buffer; and the ring buffer's own limits (at most
 * RB_SUBBUF_SIZE_MAX bytes and RB_SUBBUF_COUNT_MAX sub-buffers), which
 * LTTng lacks: it accepts a 4 GiB sub-buffer that fits in memory, then
 * records nothing into it. A blocking timeout is accepted in overwrite
 * mode too (LTTng's CLI alone refuses it with an explicit --overwrite):
 * it is kept for listings and saving, and unused since such a channel
 * never waits for room.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "channel.h"
#include "ringbuffer/channel.h"

#define DEFAULT_MONITOR_TIMER_US 1000000
#define DEFAULT_NUM_SUBBUF 4

static uint64_t page_size(void)
{
	long size = sysconf(_SC_PAGESIZE);

	return size > 0 ? (uint64_t)size : 4096;
}

static bool is_power_of_two(uint64_t v)
{
	return v && !(v & (v - 1));
}

int channel_check_name(const char *name)
{
	if (!name[0] || name[0] == '.' || strchr(name, '/'))
		return LTTNG_ERR_INVALID_CHANNEL_NAME;
	return LTTNG_OK;
}

void channel_default_ust(enum lttng_buffer_type buffer_type,
			 struct lsc_channel *out)
{
	memset(out, 0, sizeof(*out));
	strcpy(out->chan.name, DEFAULT_CHANNEL_NAME);
	out->chan.enabled = 1;
	out->chan.attr.overwrite = -1;
	out->chan.attr.subbuf_size =
		page_size() * (buffer_type == LTTNG_BUFFER_PER_PID ? 4 : 128);
	out->chan.attr.num_subbuf = DEFAULT_NUM_SUBBUF;
	out->chan.attr.output = LTTNG_EVENT_MMAP;
	out->ext.monitor_timer_interval = DEFAULT_MONITOR_TIMER_US;
}

static int check_attributes(const struct lttng_channel_attr *attr,
			    bool overwrite)
{
	if (attr->output != LTTNG_EVENT_MMAP)
		return LTTNG_ERR_NOT_SUPPORTED;
	if (!is_power_of_two(attr->subbuf_size) ||
	    attr->subbuf_size < page_size() ||
	    attr->subbuf_size > RB_SUBBUF_SIZE_MAX)
		return LTTNG_ERR_INVALID;
	if (!is_power_of_two(attr->num_subbuf) ||
	    (overwrite && attr->num_subbuf < 2) ||
	    attr->num_subbuf > RB_SUBBUF_COUNT_MAX)
		return LTTNG_ERR_INVALID;
	if (attr->tracefile_size && attr->tracefile_size < attr->subbuf_size)
		return LTTNG_ERR_INVALID;
	return LTTNG_OK;
}

int channel_create_ust(const struct lsc_channel *req, bool snapshot,
		       struct channel **out)
{
	bool overwrite = req->chan.attr.overwrite == -1
				 ? snapshot
				 : req->chan.attr.overwrite == 1;
	struct channel *chan;
	int ret = channel_check_name(req->chan.name);

	if (ret == LTTNG_OK)
		ret = check_attributes(&req->chan.attr, overwrite);
	if (ret != LTTNG_OK)
		return ret;
	chan = calloc(1, sizeof(*chan));
	if (!chan)
		return LTTNG_ERR_NOMEM;
	strcpy(chan->name, req->chan.name);
	chan->enabled = true;
	chan->attr = req->chan.attr;
	chan->attr.overwrite = overwrite;
	chan->attr.extended.ptr = NULL;
	chan->ext = req->ext;
	chan->ext.discarded_events = 0;
	chan->ext.lost_packets = 0;
	*out = chan;
	return LTTNG_OK;
}

void channel_destroy(struct channel *chan)
{
	if (!chan)
		return;
	event_rule_destroy_all(chan->rules);
	context_destroy_all(chan->contexts);
	free(chan);
}

void channel_describe(const struct channel *chan, struct lsc_channel *out)
{
	memset(out, 0, sizeof(*out));
	strcpy(out->chan.name, chan->name);
	out->chan.enabled = chan->enabled;
	out->chan.attr = chan->attr;
	out->ext = chan->ext;
}
