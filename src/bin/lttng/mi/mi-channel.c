/*
 * MI elements of channels: the channel and its attributes, statistics
 * included, in LTTng's element order. The values are printed as the
 * channel structure holds them: a CLI channel whose event-loss mode or
 * live timer was left to the daemon shows LTTng's "unset" values
 * (OVERWRITE, 4294967295), as LTTng's enable-channel does.
 */
#include <limits.h>

#include "mi-channel.h"
#include "mi-command.h"

static void write_attributes(struct mi_writer *mi,
			     struct lttng_channel *channel)
{
	const struct lttng_channel_attr *attr = &channel->attr;
	uint64_t monitor = 0, discarded = 0, lost = 0;
	int64_t blocking = 0;

	lttng_channel_get_monitor_timer_interval(channel, &monitor);
	lttng_channel_get_blocking_timeout(channel, &blocking);
	lttng_channel_get_discarded_event_count(channel, &discarded);
	lttng_channel_get_lost_packet_count(channel, &lost);
	mi_writer_open(mi, "attributes");
	mi_writer_string(mi, "overwrite_mode",
			 attr->overwrite ? "OVERWRITE" : "DISCARD");
	mi_writer_uint(mi, "subbuffer_size", attr->subbuf_size);
	mi_writer_uint(mi, "subbuffer_count", attr->num_subbuf);
	mi_writer_uint(mi, "switch_timer_interval",
		       attr->switch_timer_interval);
	mi_writer_uint(mi, "read_timer_interval", attr->read_timer_interval);
	mi_writer_uint(mi, "monitor_timer_interval", monitor);
	mi_writer_int(mi, "blocking_timeout", blocking);
	mi_writer_string(mi, "output_type",
			 attr->output == LTTNG_EVENT_SPLICE ? "SPLICE"
							    : "MMAP");
	mi_writer_uint(mi, "tracefile_size", attr->tracefile_size);
	mi_writer_uint(mi, "tracefile_count", attr->tracefile_count);
	mi_writer_uint(mi, "live_timer_interval", attr->live_timer_interval);
	mi_writer_uint(mi, "discarded_events", discarded);
	mi_writer_uint(mi, "lost_packets", lost);
	mi_writer_close(mi);
}

void mi_channel_open(struct mi_writer *mi, struct lttng_channel *channel)
{
	mi_writer_open(mi, "channel");
	mi_writer_string(mi, "name", channel->name);
	mi_writer_bool(mi, "enabled", channel->enabled);
	write_attributes(mi, channel);
}

void mi_channel_list_begin(const char *command)
{
	mi_writer_open(mi_command_begin(command), "channels");
}

void mi_channel_add_enabled(const struct lttng_channel *channel, bool success)
{
	struct mi_writer *mi = mi_command_writer();
	struct lttng_channel shown = *channel;

	shown.enabled = 1;
	shown.attr.live_timer_interval = UINT_MAX;
	mi_channel_open(mi, &shown);
	mi_writer_bool(mi, "success", success);
	mi_writer_close(mi);
}

void mi_channel_add_disabled(const char *name, bool success)
{
	struct mi_writer *mi = mi_command_writer();

	mi_writer_open(mi, "channel");
	mi_writer_string(mi, "name", name);
	mi_writer_bool(mi, "enabled", !success);
	mi_writer_bool(mi, "success", success);
	mi_writer_close(mi);
}
