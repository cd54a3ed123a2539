/*
 * Implementation of ust-channel.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "trace-clock/tsc-page.h"
#include "ust-channel.h"
#include "util/log.h"
#include "util/output-dir.h"
#include "util/user-path.h"

pthread_mutex_t ust_channels_lock = PTHREAD_MUTEX_INITIALIZER;
uint64_t ust_channels_generation;

static struct ust_channel *channels;

struct ust_channel *ust_channel_find(uint64_t key)
{
	for (struct ust_channel *c = channels; c; c = c->next)
		if (c->key == key)
			return c;
	return NULL;
}

struct ust_channel *ust_channel_first(void)
{
	return channels;
}

static void fill_rb_config(const struct consumer_channel_desc *d,
			   struct rb_config *conf)
{
	memset(conf, 0, sizeof(*conf));
	conf->subbuf_size = d->subbuf_size;
	conf->subbuf_count = d->subbuf_count;
	conf->mode = d->mode == CONSUMER_MODE_OVERWRITE ? RB_MODE_OVERWRITE
							: RB_MODE_DISCARD;
	conf->blocking_timeout_us = d->blocking_timeout_us;
	/* nothing consumes a snapshot session's buffers between snapshots */
	conf->wakeup = d->read_timer_us || d->chunk_id == CONSUMER_CHUNK_NONE
			       ? RB_WAKEUP_NONE
			       : RB_WAKEUP_WRITER;
	conf->nr_streams = d->nr_streams;
	conf->header_kind = (enum ctf_event_header_kind)d->header_kind;
	conf->clock_source = d->clock_source;
	memcpy(conf->uuid, d->uuid, sizeof(conf->uuid));
	conf->stream_id = d->stream_id;
	/*
	 * This daemon switches and flushes the streams, from their CPUs:
	 * CPU-local reservations need it to get there, and local updates
	 * (rseq and the membarrier registration, without which no process
	 * has them, and producers would make every stream atomic on its
	 * first record). Where it cannot get there later, it turns the
	 * stream atomic (ringbuffer/producer.c, RESERVE).
	 */
	conf->local_reserve = rb_local_commit_enable() &&
			      rb_cpu_can_run_on_all(d->nr_streams);
	if (d->shm_dir[0]) {
		conf->shm_dir = d->shm_dir;
		conf->shm_name = d->name;
	}
}

/* --shm-path: mkdir -p the directory of the buffer files. */
static int make_shm_dir(const struct consumer_channel_desc *d)
{
	int ret;

	if (!d->shm_dir[0])
		return 0;
	ret = output_dir_create(d->shm_dir, d->output_uid, d->output_gid);
	if (ret)
		ERR("Cannot create the shared memory directory %s: %s",
		    d->shm_dir, strerror(-ret));
	return ret;
}

/*
 * The buffers; --shm-path buffer files are created by the session's
 * owner (util/user-path.h), so they are the owner's, as its trace, and
 * only where the owner may create files.
 */
static int create_buffers(const struct rb_config *conf,
			  const struct consumer_channel_desc *d,
			  struct rb_channel **rb)
{
	const struct user_creds owner = {.uid = d->output_uid,
					 .gid = d->output_gid};
	struct user_path_saved saved;
	int ret = user_path_enter(d->shm_dir[0] ? &owner : NULL, &saved);

	if (ret)
		return ret;
	ret = rb_channel_create(conf, rb);
	user_path_leave(&saved);
	return ret;
}

int ust_channel_open_files(struct ust_channel *chan,
			   const struct registered_chunk *chunk)
{
	const struct stream_output_desc desc = {
		.chunk = chunk,
		.dir = chan->chunk_dir,
		.channel = chan->name,
		.nr_streams = chan->nr_streams,
		.tracefile_size = chan->tracefile_size,
		.tracefile_count = chan->tracefile_count,
	};
	int ret = stream_output_open(&desc, chan->streams);

	chan->output_failed = ret != 0;
	return ret;
}

bool ust_channel_has_files(const struct ust_channel *chan)
{
	return chan->nr_streams && chan->streams[0];
}

/*
 * The converted TSC clock: this daemon publishes the parameters of every
 * stream's clock page (trace-clock/tsc-page.h), from before the streams
 * are handed to any application until they are unmapped.
 */
static int publish_clock(struct ust_channel *chan)
{
	int ret = 0;

	if (chan->trace_clock != trace_clock_tsc_ns_fn)
		return 0;
	for (unsigned int i = 0; !ret && i < chan->rb->nr_streams; i++)
		ret = trace_clock_publisher_add(
			&chan->rb->streams[i].shm->clock_page);
	return ret;
}

static void unpublish_clock(struct ust_channel *chan)
{
	if (chan->trace_clock != trace_clock_tsc_ns_fn)
		return;
	for (unsigned int i = 0; i < chan->rb->nr_streams; i++)
		trace_clock_publisher_remove(
			&chan->rb->streams[i].shm->clock_page);
}

/* The buffers; --shm-path files are removed by their owner. */
static void destroy_buffers(struct ust_channel *chan)
{
	struct user_path_saved saved;

	if (user_path_enter(chan->shm_files ? &chan->shm_owner : NULL,
			    &saved)) {
		ERR("Cannot remove the buffer files of channel %s as their "
		    "owner: they stay",
		    chan->name);
		return;
	}
	rb_channel_destroy(chan->rb);
	user_path_leave(&saved);
}

static void free_channel(struct ust_channel *chan)
{
	if (chan->streams)
		stream_output_close(chan->streams, chan->nr_streams);
	free(chan->streams);
	unpublish_clock(chan);
	destroy_buffers(chan);
	free(chan);
}

int ust_channel_create(const struct consumer_channel_desc *d,
		       const struct registered_chunk *chunk,
		       struct ust_channel **out)
{
	struct ust_channel *chan;
	struct rb_config conf;
	int ret;

	if (ust_channel_find(d->channel_key))
		return -EEXIST;
	chan = calloc(1, sizeof(*chan));
	if (!chan)
		return -ENOMEM;
	chan->key = d->channel_key;
	chan->session_id = d->session_id;
	snprintf(chan->chunk_dir, sizeof(chan->chunk_dir), "%s", d->chunk_dir);
	chan->shm_files = d->shm_dir[0] != '\0';
	chan->shm_owner =
		(struct user_creds){.uid = d->output_uid, .gid = d->output_gid};
	chan->tracefile_size = d->tracefile_size;
	chan->tracefile_count = d->tracefile_count;
	snprintf(chan->name, sizeof(chan->name), "%s", d->name);
	chan->switch_timer_ns = (uint64_t)d->switch_timer_us * 1000u;
	chan->trace_clock =
		trace_clock_reader((enum trace_clock_source)d->clock_source);
	chan->last_switch_ns = trace_clock_monotonic();
	fill_rb_config(d, &conf);
	ret = make_shm_dir(d);
	if (ret) {
		free(chan);
		return ret;
	}
	ret = create_buffers(&conf, d, &chan->rb);
	if (ret) {
		ERR("Cannot create the buffers of channel %s: %s", d->name,
		    rb_last_error());
		free(chan);
		return ret;
	}
	chan->snapshot_only = !chunk;
	chan->streams = calloc(d->nr_streams, sizeof(*chan->streams));
	if (chan->streams)
		chan->nr_streams = d->nr_streams;
	ret = publish_clock(chan);
	if (ret)
		ERR("Cannot publish the trace clock of channel %s: %s", d->name,
		    strerror(-ret));
	else if (!chan->streams)
		ret = -ENOMEM;
	else if (chunk)
		ret = ust_channel_open_files(chan, chunk);
	if (ret) {
		free_channel(chan);
		return ret;
	}
	chan->next = channels;
	channels = chan;
	ust_channels_generation++;
	DBG("Channel %s (key %llu) created with %u streams in %s of chunk "
	    "%lld",
	    d->name, (unsigned long long)d->channel_key, d->nr_streams,
	    d->chunk_dir, chunk ? (long long)chunk->chunk->id : -1LL);
	*out = chan;
	return 0;
}

static void drain_stream(struct ust_channel *chan, unsigned int i)
{
	struct rb_stream *s = &chan->rb->streams[i];
	struct rb_packet pkt;

	/* between trace chunks (rotated while stopped) it has no file */
	if (!chan->streams[i])
		return;
	while (rb_stream_get(s, &pkt) == 0) {
		if (!chan->output_failed &&
		    stream_output_write(chan->streams[i], &pkt))
			chan->output_failed = true;
		rb_stream_put(s);
	}
}

void ust_channel_drain(struct ust_channel *chan)
{
	if (chan->snapshot_only)
		return; /* its packets stay for the next snapshots */
	for (unsigned int i = 0; i < chan->nr_streams; i++)
		drain_stream(chan, i);
}

void ust_channel_flush(struct ust_channel *chan)
{
	for (unsigned int i = 0; i < chan->nr_streams; i++)
		if (!chan->rb->streams[i].broken)
			rb_stream_flush(&chan->rb->streams[i],
					chan->trace_clock);
	ust_channel_drain(chan);
}

/*
 * The producers died: their shared memory, which they could write, must
 * hold a stream crash recovery can repair; one that does not is logged
 * and read no more.
 */
void ust_channel_recover(struct ust_channel *chan)
{
	for (unsigned int i = 0; i < chan->nr_streams; i++) {
		struct rb_stream *s = &chan->rb->streams[i];

		if (rb_stream_check_recoverable(s)) {
			ERR("Channel %s: %s; the stream is no longer read",
			    chan->name, rb_last_error());
			s->broken = true;
			continue;
		}
		rb_stream_recover(s, chan->trace_clock);
	}
	ust_channel_flush(chan);
}

bool ust_channel_data_pending(const struct ust_channel *chan)
{
	if (chan->snapshot_only)
		return false; /* nothing is ever written out */
	for (unsigned int i = 0; i < chan->nr_streams; i++) {
		struct rb_stream_stats st;

		rb_stream_stats(&chan->rb->streams[i], &st);
		if (st.usage)
			return true;
	}
	return false;
}

void ust_channel_stats(const struct ust_channel *chan,
		       uint64_t *discarded_events, uint64_t *lost_packets)
{
	*discarded_events = 0;
	*lost_packets = 0;
	for (unsigned int i = 0; i < chan->nr_streams; i++) {
		struct rb_stream_stats st;

		rb_stream_stats(&chan->rb->streams[i], &st);
		*discarded_events += st.discarded_events;
		*lost_packets += st.lost_packets;
	}
}

/*
 * A stream that never held a record still gets one empty packet (header
 * and context only, begin = end = now), as LTTng's final flush leaves in
 * the files of idle CPUs, so every stream file of the trace is readable
 * and says when the stream ended.
 */
static void write_empty_packet(struct ust_channel *chan, unsigned int i)
{
	struct rb_stream *s = &chan->rb->streams[i];
	struct rb_packet_info info = {
		.uuid = s->shm->uuid,
		.stream_id = s->shm->stream_id,
		.stream_instance_id = s->shm->stream_instance_id,
		.cpu_id = s->shm->cpu_id,
		.timestamp = rb_stream_clock(s, chan->trace_clock, true),
		.content_size = CTF_PACKET_HEADER_LEN,
		.packet_size = s->page_size,
		.events_discarded = s->shm->discarded,
	};
	struct rb_packet pkt = {
		.content_size = CTF_PACKET_HEADER_LEN,
		.packet_size = s->page_size,
	};
	void *page = calloc(1, s->page_size);

	if (!page)
		return;
	chan->rb->hooks->begin(page, &info);
	chan->rb->hooks->end(page, &info);
	pkt.data = page;
	if (stream_output_write(chan->streams[i], &pkt))
		chan->output_failed = true;
	free(page);
}

static void close_idle_streams(struct ust_channel *chan)
{
	if (chan->snapshot_only)
		return;
	for (unsigned int i = 0; i < chan->nr_streams; i++) {
		struct rb_stream_stats st;

		rb_stream_stats(&chan->rb->streams[i], &st);
		if (!chan->output_failed && chan->streams[i] &&
		    !chan->streams[i]->packets && !st.produced)
			write_empty_packet(chan, i);
	}
}

int ust_channel_destroy(struct ust_channel *chan)
{
	struct ust_channel **link = &channels;
	bool output_failed;

	/* the flush of `lttng stop` already wrote what idle streams get */
	rb_channel_switch(chan->rb, chan->trace_clock);
	ust_channel_drain(chan);
	close_idle_streams(chan);
	while (*link && *link != chan)
		link = &(*link)->next;
	if (*link)
		*link = chan->next;
	ust_channels_generation++;
	DBG("Channel %s (key %llu) destroyed", chan->name,
	    (unsigned long long)chan->key);
	output_failed = chan->output_failed;
	free_channel(chan);
	return output_failed ? -EIO : 0;
}
