/*
 * Implementation of kernel-channel.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel-channel.h"
#include "../daemon-clock.h"
#include "util/log.h"

#define DEFAULT_KERNEL_SUBBUF_SIZE (1024 * 1024)
#define DEFAULT_KERNEL_NUM_SUBBUF 4
#define DEFAULT_KERNEL_READ_TIMER_US 200000
#define DEFAULT_MONITOR_TIMER_US 1000000

static bool is_power_of_two(uint64_t v)
{
	return v && !(v & (v - 1));
}

void kernel_channel_defaults(struct lsc_channel *out)
{
	memset(out, 0, sizeof(*out));
	strcpy(out->chan.name, DEFAULT_CHANNEL_NAME);
	out->chan.enabled = 1;
	out->chan.attr.overwrite = -1;
	out->chan.attr.subbuf_size = DEFAULT_KERNEL_SUBBUF_SIZE;
	out->chan.attr.num_subbuf = DEFAULT_KERNEL_NUM_SUBBUF;
	out->chan.attr.read_timer_interval = DEFAULT_KERNEL_READ_TIMER_US;
	out->chan.attr.output = LTTNG_EVENT_SPLICE;
	out->ext.monitor_timer_interval = DEFAULT_MONITOR_TIMER_US;
}

/* tracefs's name of the trace clock `source` (trace_clock file). */
static const char *tracefs_clock_name(enum trace_clock_source source)
{
	return source == TRACE_CLOCK_TSC ? "x86-tsc" : "mono";
}

static int check_attributes(const struct lttng_channel_attr *attr,
			    bool overwrite)
{
	long page = sysconf(_SC_PAGESIZE);

	if (!is_power_of_two(attr->subbuf_size) ||
	    attr->subbuf_size < (uint64_t)(page > 0 ? page : 4096))
		return LTTNG_ERR_INVALID;
	if (!is_power_of_two(attr->num_subbuf) ||
	    (overwrite && attr->num_subbuf < 2))
		return LTTNG_ERR_INVALID;
	if (attr->tracefile_size && attr->tracefile_size < attr->subbuf_size)
		return LTTNG_ERR_INVALID;
	return LTTNG_OK;
}

/* Writes the instance's buffer size, loss mode and clock. */
static int configure_instance(const struct kernel_session *ks,
			      const struct kernel_instance *ki,
			      const struct lttng_channel_attr *attr,
			      bool overwrite)
{
	char value[32], err[512];
	uint64_t kb = attr->subbuf_size * attr->num_subbuf / 1024;

	snprintf(value, sizeof(value), "%llu", (unsigned long long)kb);
	if (tracefs_instance_write(&ki->tracefs, "buffer_size_kb", value, err,
				   sizeof(err)) ||
	    tracefs_instance_write(&ki->tracefs, "options/overwrite",
				   overwrite ? "1" : "0", err, sizeof(err)) ||
	    tracefs_instance_write(&ki->tracefs, "trace_clock",
				   tracefs_clock_name(ks->clock.source), err,
				   sizeof(err))) {
		ERR("Kernel channel %s: %s", ki->channel, err);
		return LTTNG_ERR_KERN_CHAN_FAIL;
	}
	/* Lets the consumer name threads that exited (saved_tgids). */
	if (tracefs_instance_write(&ki->tracefs, "options/record-tgid", "1",
				   err, sizeof(err)))
		DBG("Kernel channel %s: %s", ki->channel, err);
	return LTTNG_OK;
}

int kernel_channel_create(struct kernel_session *ks,
			  const struct lsc_channel *req, bool snapshot)
{
	bool overwrite = req->chan.attr.overwrite == -1
				 ? snapshot
				 : req->chan.attr.overwrite == 1;
	struct kernel_instance *ki;
	struct channel *chan;
	int ret = channel_check_name(req->chan.name);

	if (ret == LTTNG_OK)
		ret = check_attributes(&req->chan.attr, overwrite);
	if (ret != LTTNG_OK)
		return ret;
	chan = calloc(1, sizeof(*chan));
	if (!chan)
		return LTTNG_ERR_NOMEM;
	ret = kernel_session_add_instance(ks, req->chan.name, &ki);
	if (ret == LTTNG_OK)
		ret = configure_instance(ks, ki, &req->chan.attr, overwrite);
	if (ret != LTTNG_OK) {
		free(chan);
		return ret;
	}
	strcpy(chan->name, req->chan.name);
	chan->enabled = true;
	chan->attr = req->chan.attr;
	chan->attr.overwrite = overwrite;
	if (snapshot) /* lttng-create(1): snapshot sessions use mmap */
		chan->attr.output = LTTNG_EVENT_MMAP;
	chan->attr.extended.ptr = NULL;
	chan->ext = req->ext;
	chan->ext.discarded_events = 0;
	chan->ext.lost_packets = 0;
	domain_add_channel(&ks->domain, chan, LTTNG_BUFFER_GLOBAL);
	DBG("Kernel channel %s on tracefs instance %s", chan->name,
	    ki->tracefs.name);
	return LTTNG_OK;
}
