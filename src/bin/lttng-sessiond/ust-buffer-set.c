/*
 * Implementation of ust-buffer-set.h. Channel and metadata keys are
 * unique in the daemon (the consumer's names for them); each set's
 * trace has a random UUID.
 */
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "consumer.h"
#include "rotation.h"
#include "session.h"
#include "ust-app.h"
#include "ust-buffer-set.h"
#include "ust-context/context-desc.h"
#include "ust-registry.h"
#include "util/cpus.h"
#include "util/log.h"
#include "util/time-format.h"
#include "util/uuid.h"

static uint64_t next_key; /* channel and metadata keys */

static bool session_is_per_pid(const struct session *s)
{
	return s->ust.buffer_type == LTTNG_BUFFER_PER_PID;
}

struct ust_buffer_set *ust_buffer_set_find(const struct session *s,
					   const struct ust_app *app)
{
	for (struct ust_buffer_set *set = s->ust_buffers; set; set = set->next)
		if (set->per_pid ? set->app == app : set->uid == app->uid)
			return set;
	return NULL;
}

static int set_dir(struct ust_buffer_set *set, const struct session *s,
		   const struct ust_app *app)
{
	char date[TIME_FORMAT_DATETIME_LEN], chunk[PATH_MAX];
	int n;

	if (rotation_chunk_path(s, chunk, sizeof(chunk)))
		return -ENAMETOOLONG;
	if (set->per_pid) {
		if (time_format_datetime(app->registration_time, date,
					 sizeof(date)))
			return -EINVAL;
		n = snprintf(set->rel_dir, sizeof(set->rel_dir),
			     "ust/pid/%s-%d-%s", app->procname, (int)app->pid,
			     date);
	} else {
		n = snprintf(set->rel_dir, sizeof(set->rel_dir),
			     "ust/uid/%u/%u-bit", (unsigned int)app->uid,
			     app->bitness);
	}
	if (n < 0 || (size_t)n >= sizeof(set->rel_dir))
		return -ENAMETOOLONG;
	if (s->shm_path[0]) {
		/* a relative path is taken from "/", as a daemon's LTTng */
		n = snprintf(set->shm_dir, sizeof(set->shm_dir), "%s%s/%s",
			     s->shm_path[0] == '/' ? "" : "/", s->shm_path,
			     set->rel_dir);
		if (n < 0 || (size_t)n >= sizeof(set->shm_dir))
			return -ENAMETOOLONG;
	}
	if (session_keeps_buffers(s))
		return 0; /* set->dir stays "": no files until a snapshot */
	n = snprintf(set->dir, sizeof(set->dir), "%s/%s", chunk, set->rel_dir);
	return n < 0 || (size_t)n >= sizeof(set->dir) ? -ENAMETOOLONG : 0;
}

static int create_registry(struct ust_buffer_set *set, const struct session *s,
			   const struct ust_app *app)
{
	char created[TIME_FORMAT_ISO8601_LEN];
	char vpid_date[TIME_FORMAT_ISO8601_LEN];
	struct ust_registry_desc d = {
		.metadata_key = ++next_key,
		.chunk_id = rotation_chunk_id(s),
		.chunk_dir = set->rel_dir,
		.shm_dir = set->shm_dir,
		.uid = s->uid,
		.gid = s->gid,
		.trace_name = s->name,
		.creation_datetime = created,
		.per_pid = set->per_pid,
		.buffering_id = set->per_pid ? app->pid : (int64_t)app->uid,
		.bitness = app->bitness,
		.vpid = app->pid,
		.procname = app->procname,
		.vpid_datetime = vpid_date,
		.app_uid = app->uid,
		.session_id = s->id,
	};
	int ret;

	set->metadata_key = d.metadata_key;
	ret = time_format_iso8601(s->creation_time, created, sizeof(created));
	if (!ret)
		ret = time_format_iso8601(app->registration_time, vpid_date,
					  sizeof(vpid_date));
	if (ret)
		return ret;
	memcpy(d.uuid, set->uuid, CTF_UUID_LEN);
	return ust_registry_create(&d, &set->registry);
}

struct ust_buffer_set *ust_buffer_set_create(struct session *s,
					     const struct ust_app *app)
{
	struct ust_buffer_set *set;
	int ret = consumer_ensure_started();

	if (ret)
		return NULL;
	set = calloc(1, sizeof(*set));
	if (!set)
		return NULL;
	set->consumer_pid = consumer_current_pid();
	set->session = s;
	set->per_pid = session_is_per_pid(s);
	set->uid = app->uid;
	set->owner_uid = s->uid;
	set->owner_gid = s->gid;
	set->app = set->per_pid ? app : NULL;
	ret = uuid_generate_v4(set->uuid);
	if (!ret)
		ret = set_dir(set, s, app);
	if (!ret && !session_keeps_buffers(s)) {
		struct consumer_chunk_desc chunk;

		rotation_chunk_desc(s, &chunk);
		ret = consumer_chunk_create(&chunk, true);
	}
	if (!ret)
		ret = create_registry(set, s, app);
	if (ret) {
		ERR("Cannot create the trace of session %s in %s: %s", s->name,
		    set->dir, strerror(-ret));
		free(set);
		return NULL;
	}
	set->next = s->ust_buffers;
	s->ust_buffers = set;
	DBG("Session %s: buffers in %s", s->name, set->dir);
	return set;
}

static void fill_consumer_desc(const struct ust_buffer_set *set,
			       const struct channel *chan, uint64_t key,
			       uint32_t stream_id,
			       struct consumer_channel_desc *d)
{
	memset(d, 0, sizeof(*d));
	d->channel_key = key;
	snprintf(d->name, sizeof(d->name), "%s", chan->name);
	d->session_id = set->session->id;
	/* where the session writes now: a set's first chunk, or the next */
	d->chunk_id = rotation_chunk_id(set->session);
	snprintf(d->chunk_dir, sizeof(d->chunk_dir), "%s", set->rel_dir);
	snprintf(d->shm_dir, sizeof(d->shm_dir), "%s", set->shm_dir);
	d->subbuf_size = chan->attr.subbuf_size;
	d->subbuf_count = chan->attr.num_subbuf;
	d->mode = chan->attr.overwrite ? CONSUMER_MODE_OVERWRITE
				       : CONSUMER_MODE_DISCARD;
	/* An overwrite channel never waits for room: no timeout to apply. */
	d->blocking_timeout_us =
		chan->attr.overwrite ? 0 : chan->ext.blocking_timeout;
	d->nr_streams = possible_cpus();
	d->header_kind = CTF_EVENT_HEADER_LARGE; /* as ust-registry.c */
	d->clock_source = ust_registry_clock_source(set->registry);
	memcpy(d->uuid, set->uuid, CTF_UUID_LEN);
	d->stream_id = stream_id;
	d->tracefile_size = chan->attr.tracefile_size;
	d->tracefile_count = chan->attr.tracefile_count;
	d->switch_timer_us = chan->attr.switch_timer_interval;
	d->read_timer_us = chan->attr.read_timer_interval;
	d->output_uid = set->owner_uid;
	d->output_gid = set->owner_gid;
}

/*
 * The stream event context of a channel: its context fields in the
 * order they were added; NULL when it has none (or on error, in *ret).
 */
static struct ctf_type *channel_event_context(const struct channel *chan,
					      int *ret)
{
	struct ctf_type *fields;

	*ret = 0;
	if (!chan->contexts)
		return NULL;
	fields = ctf_type_struct_create();
	if (!fields) {
		*ret = -ENOMEM;
		return NULL;
	}
	for (const struct context *c = chan->contexts; c; c = c->next) {
		struct ust_context_desc desc;

		*ret = context_ust_desc(c, &desc);
		if (!*ret)
			*ret = ust_ctx_add_ctf_fields(fields, &desc);
		if (*ret) {
			ctf_type_destroy(fields);
			return NULL;
		}
	}
	return fields;
}

struct ust_buffer_channel *
ust_buffer_set_get_channel(struct ust_buffer_set *set,
			   const struct channel *chan, int *err)
{
	struct consumer_channel_desc desc;
	struct ust_buffer_channel *bc;
	struct ctf_type *context;
	uint32_t stream_id;
	int ret;

	for (bc = set->channels; bc; bc = bc->next)
		if (bc->chan == chan)
			return bc;
	bc = calloc(1, sizeof(*bc));
	if (!bc)
		return NULL;
	bc->chan = chan;
	bc->key = ++next_key;
	context = channel_event_context(chan, &ret);
	if (!ret)
		ret = ust_registry_add_channel(set->registry, bc->key, context,
					       &stream_id);
	if (!ret) {
		fill_consumer_desc(set, chan, bc->key, stream_id, &desc);
		bc->nr_streams = desc.nr_streams;
		bc->fds = calloc(2 * (size_t)desc.nr_streams, sizeof(int));
		ret = bc->fds ? consumer_channel_create(&desc, bc->fds)
			      : -ENOMEM;
	}
	if (ret) {
		ERR("Cannot create the buffers of channel %s: %s", chan->name,
		    strerror(-ret));
		free(bc->fds);
		free(bc);
		*err = ret;
		return NULL;
	}
	bc->next = set->channels;
	set->channels = bc;
	return bc;
}

/* Whether no process still writes into the buffers of the set. */
static bool set_producers_gone(const struct ust_buffer_set *set)
{
	if (set->per_pid)
		return !set->app || !ust_app_is_alive(set->app);
	return !ust_app_uid_has_live_app(set->uid);
}

int ust_buffer_set_flush(const struct ust_buffer_set *set)
{
	bool gone = set_producers_gone(set);
	int err = 0;

	for (struct ust_buffer_channel *bc = set->channels; bc; bc = bc->next) {
		int ret = gone ? consumer_channel_recover(bc->key)
			       : consumer_channel_flush(bc->key);

		if (ret) {
			ERR("Cannot flush the buffers of channel %s to %s: %s",
			    bc->chan->name, set->dir, strerror(-ret));
			err = ret;
		}
	}
	return err;
}

int ust_buffer_set_snapshot(const struct session *session,
			    const struct ust_buffer_set *set, uint64_t chunk_id,
			    uint64_t max_packets)
{
	struct consumer_snapshot_desc d = {
		.chunk_id = chunk_id,
		.max_packets = max_packets,
		.flush = session->active,
	};
	int ret = 0;

	for (const struct ust_buffer_channel *bc = set->channels; !ret && bc;
	     bc = bc->next) {
		d.key = bc->key;
		ret = consumer_snapshot(CONSUMER_CMD_CHANNEL_SNAPSHOT, &d);
	}
	/* last: it describes every event the packets above may hold */
	if (!ret) {
		d.key = set->metadata_key;
		ret = consumer_snapshot(CONSUMER_CMD_METADATA_SNAPSHOT, &d);
	}
	if (ret)
		ERR("Cannot take the snapshot of %s in %s: %s", session->name,
		    set->rel_dir, strerror(-ret));
	return ret;
}

int ust_buffer_set_rotate(struct ust_buffer_set *set, uint64_t chunk_id,
			  const char *chunk_path, uint32_t flags)
{
	struct consumer_rotate_desc desc = {.flags = flags,
					    .chunk_id = chunk_id};
	int ret = 0;

	if (chunk_path &&
	    snprintf(set->dir, sizeof(set->dir), "%s/%s", chunk_path,
		     set->rel_dir) >= (int)sizeof(set->dir))
		return -ENAMETOOLONG;
	for (struct ust_buffer_channel *bc = set->channels; bc; bc = bc->next) {
		int r;

		desc.key = bc->key;
		r = consumer_rotate(CONSUMER_CMD_CHANNEL_ROTATE, &desc);

		if (r) {
			ERR("Cannot rotate the buffers of channel %s: %s",
			    bc->chan->name, strerror(-r));
			ret = r;
		}
	}
	if (set->registry) {
		int r;

		desc.key = set->metadata_key;
		desc.flags = 0;
		r = consumer_rotate(CONSUMER_CMD_METADATA_ROTATE, &desc);

		if (r) {
			ERR("Cannot rotate the metadata of %s: %s", set->dir,
			    strerror(-r));
			ret = r;
		}
	}
	return ret;
}

/*
 * --shm-path: once the consumer removed a set's buffer and metadata
 * files, its directory and every parent that became empty go too, up to
 * and including the session's own shm directory, as LTTng's consumer
 * does when it releases a channel (tools watch an exited app's
 * directory disappear). rmdir() only takes empty directories, so those
 * of other apps or users that still hold files stay.
 */
static void remove_shm_dirs(const struct ust_buffer_set *set)
{
	char dir[PATH_MAX];
	size_t len = strlen(set->shm_dir), root_len;

	if (!len)
		return;
	assert(len > strlen(set->rel_dir));
	root_len = len - strlen(set->rel_dir) - 1; /* <root>/<rel_dir> */
	memcpy(dir, set->shm_dir, len + 1);
	while (len >= root_len && len > 1) {
		char *slash;

		if (rmdir(dir)) {
			if (errno != ENOTEMPTY && errno != EEXIST &&
			    errno != ENOENT)
				DBG("Cannot remove %s: %s", dir,
				    strerror(errno));
			if (errno != ENOENT)
				return;
		}
		slash = strrchr(dir, '/');
		if (!slash)
			return;
		*slash = '\0';
		len = (size_t)(slash - dir);
	}
}

int ust_buffer_set_destroy(struct ust_buffer_set *set)
{
	bool gone = set_producers_gone(set);
	int err = 0;

	while (set->channels) {
		struct ust_buffer_channel *bc = set->channels;

		set->channels = bc->next;
		if (gone)
			consumer_channel_recover(bc->key);
		if (consumer_channel_destroy(bc->key) == -EIO)
			err = -EIO;
		for (uint32_t i = 0; i < 2 * bc->nr_streams; i++)
			close(bc->fds[i]);
		free(bc->fds);
		free(bc);
	}
	ust_registry_destroy(set->registry);
	remove_shm_dirs(set);
	free(set);
	return err;
}

/*
 * A process with per-process buffers is gone: its trace is complete, so
 * (as LTTng does) its buffers are written out and released now rather
 * than when the session is destroyed.
 */
void ust_buffer_sets_forget_app(const struct ust_app *app)
{
	for (struct session *s = session_first(); s; s = s->next) {
		struct ust_buffer_set **link = &s->ust_buffers;

		while (*link) {
			struct ust_buffer_set *set = *link;

			if (set->app != app) {
				link = &set->next;
				continue;
			}
			*link = set->next;
			DBG("Session %s: trace of pid %d complete in %s",
			    s->name, (int)app->pid, set->dir);
			ust_buffer_set_destroy(set);
		}
	}
}
