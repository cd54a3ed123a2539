/*
 * Implementation of ust-session.h.
 */
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "consumer.h"
#include "daemon-clock.h"
#include "rotation.h"
#include "session.h"
#include "ust-app.h"
#include "ust-comm/codec.h"
#include "ust-context/context-desc.h"
#include "ust-registry.h"
#include "ust-session.h"
#include "trace-salvage.h"
#include "util/log.h"
#include "util/output-dir.h"
#include "util/time-format.h"

/* A channel of a session as one buffer set holds it. */
struct ust_buffer_channel {
	const struct channel *chan; /* the session's channel */
	uint64_t key;
	uint32_t nr_streams;
	int *fds; /* 2 per stream (shm, wakeup), sent to each app */
	struct ust_buffer_channel *next;
};

/* The buffers of one uid (per-user) or one app (per-process). */
struct ust_buffer_set {
	bool per_pid;
	uid_t uid;	 /* the apps' */
	uid_t owner_uid; /* the session creator's: owns the files */
	gid_t owner_gid;
	const struct ust_app *app; /* per-pid: NULL once the app is freed */
	char dir[PATH_MAX];	   /* "": buffers kept for snapshots only */
	char rel_dir[PATH_MAX];	   /* ust/uid/<uid>/64-bit or ust/pid/<app>,
				      within the trace chunk */
	char shm_dir[PATH_MAX];	   /* --shm-path: <shm path>/<rel_dir>, or "" */
	uint64_t metadata_key;
	uint8_t uuid[CTF_UUID_LEN];
	struct ust_registry *registry;
	struct ust_buffer_channel *channels;
	pid_t consumer_pid; /* the consumer daemon that holds the buffers */
	struct ust_buffer_set *next;
};

static uint64_t next_key; /* channel and metadata keys */

static unsigned int possible_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	return n > 0 ? (unsigned int)n : 1;
}

static void random_uuid(uint8_t uuid[CTF_UUID_LEN])
{
	if (getrandom(uuid, CTF_UUID_LEN, 0) != CTF_UUID_LEN) {
		uint64_t t = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);

		memcpy(uuid, &t, sizeof(t));
		memcpy(uuid + 8, &next_key, sizeof(next_key));
	}
	uuid[6] = (uint8_t)((uuid[6] & 0x0f) | 0x40); /* version 4 */
	uuid[8] = (uint8_t)((uuid[8] & 0x3f) | 0x80); /* RFC 4122 variant */
}

/* "20231114T221320+0000" in local time, as LTTng's metadata shows. */
static void iso_datetime(time_t t, char *buf, size_t len)
{
	struct tm tm;

	localtime_r(&t, &tm);
	if (!strftime(buf, len, "%Y%m%dT%H%M%S%z", &tm))
		buf[0] = '\0';
}

static bool session_is_per_pid(const struct session *s)
{
	return s->ust.buffer_type == LTTNG_BUFFER_PER_PID;
}

static struct ust_buffer_set *find_set(const struct session *s,
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
	char created[32], vpid_date[32];
	struct ust_registry_desc d = {
		.metadata_key = ++next_key,
		.output_dir = set->dir,
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

	set->metadata_key = d.metadata_key;
	iso_datetime(s->creation_time, created, sizeof(created));
	iso_datetime(app->registration_time, vpid_date, sizeof(vpid_date));
	memcpy(d.uuid, set->uuid, CTF_UUID_LEN);
	return ust_registry_create(&d, &set->registry);
}

static struct ust_buffer_set *create_set(struct session *s,
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
	set->per_pid = session_is_per_pid(s);
	set->uid = app->uid;
	set->owner_uid = s->uid;
	set->owner_gid = s->gid;
	set->app = set->per_pid ? app : NULL;
	random_uuid(set->uuid);
	ret = set_dir(set, s, app);
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
	snprintf(d->output_dir, sizeof(d->output_dir), "%s", set->dir);
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

/* The app protocol form of a channel's context (lttng add-context). */
static int context_desc(const struct context *c, struct ust_context_desc *out)
{
	return ust_ctx_desc_from_lttng(
		c->spec.type, c->spec.perf_type, c->spec.perf_config,
		c->spec.perf_name, c->spec.app_provider, c->spec.app_name, out);
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

		*ret = context_desc(c, &desc);
		if (!*ret)
			*ret = ust_ctx_add_ctf_fields(fields, &desc);
		if (*ret) {
			ctf_type_destroy(fields);
			return NULL;
		}
	}
	return fields;
}

/* The set's buffers of chan, created on first use; NULL and *err. */
static struct ust_buffer_channel *get_buffer_channel(struct ust_buffer_set *set,
						     const struct channel *chan,
						     int *err)
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

static int send_id(struct ust_app *app, uint32_t command, uint64_t id)
{
	struct lsc_buf buf;
	int ret;

	lsc_buf_init(&buf);
	ust_put_id(&buf, id);
	ret = ust_app_call(app, command, &buf, NULL, 0, NULL);
	lsc_buf_fini(&buf);
	return ret;
}

static int send_channel(struct ust_app *app, uint64_t session_id,
			const struct ust_buffer_channel *bc)
{
	struct ust_channel_desc desc = {
		.session_id = session_id,
		.channel_key = bc->key,
		.nr_streams = bc->nr_streams,
	};
	struct lsc_buf buf;
	int ret;

	snprintf(desc.name, sizeof(desc.name), "%s", bc->chan->name);
	lsc_buf_init(&buf);
	ust_put_channel_desc(&buf, &desc);
	ret = ust_app_call(app, UST_CMD_CHANNEL_CREATE, &buf, NULL, 0, NULL);
	lsc_buf_fini(&buf);
	for (uint32_t i = 0; !ret && i < bc->nr_streams; i++) {
		lsc_buf_init(&buf);
		ust_put_stream_add(&buf, bc->key, i);
		ret = ust_app_call(app, UST_CMD_STREAM_ADD, &buf,
				   &bc->fds[2 * i], 2, NULL);
		lsc_buf_fini(&buf);
	}
	for (const struct context *c = bc->chan->contexts; !ret && c;
	     c = c->next) {
		struct ust_context_desc desc;

		if (context_desc(c, &desc))
			continue;
		lsc_buf_init(&buf);
		ust_put_context_add(&buf, bc->key, &desc);
		ret = ust_app_call(app, UST_CMD_CONTEXT_ADD, &buf, NULL, 0,
				   NULL);
		lsc_buf_fini(&buf);
	}
	return ret;
}

static int send_rule(struct ust_app *app, uint64_t channel_key,
		     const struct event_rule *rule)
{
	struct ust_rule_desc desc = {
		.channel_key = channel_key,
		.rule_id = rule->id,
		.loglevel_type = (uint32_t)rule->spec.loglevel_type,
		.loglevel = rule->spec.loglevel,
	};
	char(*exclusions)[UST_NAME_MAX] = NULL;
	struct lsc_buf buf;
	int ret;

	snprintf(desc.pattern, sizeof(desc.pattern), "%s", rule->spec.name);
	desc.bytecode_len = rule->spec.bytecode_len;
	desc.bytecode = rule->spec.bytecode;
	if (rule->spec.exclusion_count) {
		exclusions =
			calloc(rule->spec.exclusion_count, sizeof(*exclusions));
		if (!exclusions)
			return -ENOMEM;
		for (uint32_t i = 0; i < rule->spec.exclusion_count; i++)
			snprintf(exclusions[i], UST_NAME_MAX, "%s",
				 rule->spec.exclusions[i]);
		desc.nr_exclusions = rule->spec.exclusion_count;
		desc.exclusions = exclusions;
	}
	lsc_buf_init(&buf);
	ust_put_rule_desc(&buf, &desc);
	ret = ust_app_call(app, UST_CMD_RULE_CREATE, &buf, NULL, 0, NULL);
	lsc_buf_fini(&buf);
	free(exclusions);
	return ret;
}

static struct ust_app_rule *find_app_rule(struct ust_app_session *uas,
					  uint64_t id)
{
	for (struct ust_app_rule *r = uas->rules; r; r = r->next)
		if (r->rule_id == id)
			return r;
	return NULL;
}

static int sync_rule(struct ust_app *app, struct ust_app_session *uas,
		     uint64_t channel_key, const struct event_rule *rule)
{
	struct ust_app_rule *ar = find_app_rule(uas, rule->id);
	int ret;

	if (!ar) {
		ar = calloc(1, sizeof(*ar));
		if (!ar)
			return -ENOMEM;
		ret = send_rule(app, channel_key, rule);
		if (ret) {
			free(ar);
			return ret == -ECONNRESET ? ret : 0;
		}
		ar->rule_id = rule->id;
		ar->enabled = true;
		ar->next = uas->rules;
		uas->rules = ar;
	}
	if (ar->enabled != (rule->spec.enabled != 0)) {
		ret = send_id(app,
			      rule->spec.enabled ? UST_CMD_RULE_ENABLE
						 : UST_CMD_RULE_DISABLE,
			      rule->id);
		if (ret == -ECONNRESET)
			return ret;
		ar->enabled = rule->spec.enabled != 0;
	}
	return 0;
}

static struct ust_app_channel *find_app_channel(struct ust_app_session *uas,
						uint64_t key)
{
	for (struct ust_app_channel *c = uas->channels; c; c = c->next)
		if (c->key == key)
			return c;
	return NULL;
}

static int sync_channel(struct ust_app *app, struct ust_app_session *uas,
			struct ust_buffer_set *set, const struct channel *chan)
{
	int ret = -ENOMEM;
	struct ust_buffer_channel *bc = get_buffer_channel(set, chan, &ret);
	struct ust_app_channel *ac;

	if (!bc)
		return ret;
	ac = find_app_channel(uas, bc->key);
	if (!ac) {
		ac = calloc(1, sizeof(*ac));
		if (!ac)
			return -ENOMEM;
		ret = send_channel(app, uas->session_id, bc);
		if (ret) {
			free(ac);
			return ret;
		}
		ac->key = bc->key;
		ac->enabled = true;
		ac->next = uas->channels;
		uas->channels = ac;
	}
	for (const struct event_rule *r = chan->rules; r; r = r->next) {
		ret = sync_rule(app, uas, bc->key, r);
		if (ret)
			return ret;
	}
	if (ac->enabled != chan->enabled) {
		ret = send_id(app,
			      chan->enabled ? UST_CMD_CHANNEL_ENABLE
					    : UST_CMD_CHANNEL_DISABLE,
			      bc->key);
		if (ret)
			return ret;
		ac->enabled = chan->enabled;
	}
	return 0;
}

/* Whether the daemon traces this app for session s at all. */
static bool app_traced(const struct ust_app *app, const struct session *s)
{
	return s->has_been_started && !s->consumer_lost && app->bitness == 64 &&
	       ust_app_is_alive(app);
}

/*
 * An app the session's trackers exclude records nothing: it is not given
 * the session, or the session is stopped in it (until it is tracked
 * again).
 */
static int stop_untracked_app(struct ust_app *app, struct ust_app_session *uas,
			      const struct session *s)
{
	int ret;

	if (!uas || !uas->started)
		return 0;
	ret = send_id(app, UST_CMD_SESSION_STOP, s->id);
	if (ret)
		return ret;
	uas->started = false;
	return 0;
}

static int sync_app_session(struct ust_app *app, struct session *s)
{
	struct ust_app_session *uas;
	struct ust_buffer_set *set;
	int ret;

	if (!app_traced(app, s))
		return 0;
	uas = ust_app_session_get(app, s->id, false);
	if (!ust_trackers_allow(&s->ust_trackers, app->pid, app->uid, app->gid))
		return stop_untracked_app(app, uas, s);
	if (!uas) {
		uas = ust_app_session_get(app, s->id, true);
		if (!uas)
			return -ENOMEM;
		ret = send_id(app, UST_CMD_SESSION_CREATE, s->id);
		if (ret) {
			ust_app_session_forget(app, s->id);
			return ret;
		}
	}
	set = find_set(s, app);
	if (!set)
		set = create_set(s, app);
	if (!set)
		return -ENOMEM;
	for (const struct channel *c = s->ust.channels; c; c = c->next) {
		ret = sync_channel(app, uas, set, c);
		if (ret)
			return ret;
	}
	if (uas->started != s->active) {
		ret = send_id(app,
			      s->active ? UST_CMD_SESSION_START
					: UST_CMD_SESSION_STOP,
			      s->id);
		if (ret)
			return ret;
		uas->started = s->active;
	}
	return 0;
}

void ust_session_sync_app(struct ust_app *app)
{
	for (struct session *s = session_first(); s; s = s->next)
		if (sync_app_session(app, s) == -ECONNRESET)
			return;
}

int ust_session_sync_all(struct session *session)
{
	int ret = 0;

	for (struct ust_app *a = ust_app_first(); a; a = a->next) {
		int r = sync_app_session(a, session);

		if (r && r != -ECONNRESET)
			ret = r;
	}
	return ret;
}

/*
 * Like LTTng, a session with user space channels and an output directory
 * has its "ust" directory from its first start, even before any app
 * registers.
 */
static void create_domain_dir(const struct session *session)
{
	char dir[PATH_MAX], chunk[PATH_MAX];
	int ret;

	if (!session->output_path[0] || session->snapshot ||
	    !session->ust.channel_count ||
	    rotation_chunk_path(session, chunk, sizeof(chunk)) ||
	    snprintf(dir, sizeof(dir), "%s/ust", chunk) >= (int)sizeof(dir))
		return;
	ret = output_dir_create(dir, session->uid, session->gid);
	if (ret)
		WARN("Cannot create the trace directory %s: %s", dir,
		     strerror(-ret));
}

int ust_session_start(struct session *session)
{
	int ret;

	create_domain_dir(session);
	ret = ust_session_sync_all(session);
	/* The consumer could not make the buffers (logged): no start. */
	if (ret == -ENOMEM)
		return LTTNG_ERR_NOMEM;
	if (ret == -EMFILE || ret == -ENFILE || ret == -ENOSPC || ret == -EIO ||
	    ret == -ENOTCONN)
		return LTTNG_ERR_UST_START_FAIL;
	return LTTNG_OK;
}

/* Whether no process still writes into the buffers of the set. */
static bool set_producers_gone(const struct ust_buffer_set *set)
{
	if (set->per_pid)
		return !set->app || !ust_app_is_alive(set->app);
	return !ust_app_uid_has_live_app(set->uid);
}

/* 0, or the last error of the consumer (-EIO: the disk refused data). */
static int flush_set(const struct ust_buffer_set *set)
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

static void stop_apps(struct session *session)
{
	for (struct ust_app *a = ust_app_first(); a; a = a->next) {
		struct ust_app_session *uas =
			ust_app_session_get(a, session->id, false);

		if (uas && uas->started) {
			send_id(a, UST_CMD_SESSION_STOP, session->id);
			uas->started = false;
		}
	}
}

int ust_session_stop(struct session *session)
{
	int ret = LTTNG_OK;

	stop_apps(session);
	for (struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next)
		if (flush_set(set))
			ret = LTTNG_ERR_BUFFER_FLUSH_FAILED;
	return ret;
}

int ust_session_regenerate_metadata(struct session *session)
{
	int ret = 0;

	for (struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next) {
		int r = set->registry ? ust_registry_regenerate_metadata(
						set->registry)
				      : 0;

		if (r && !ret)
			ret = r;
	}
	return ret;
}

void ust_session_regenerate_statedump(struct session *session)
{
	for (struct ust_app *a = ust_app_first(); a; a = a->next) {
		struct ust_app_session *uas =
			ust_app_session_get(a, session->id, false);

		if (!uas || !uas->started)
			continue;
		if (send_id(a, UST_CMD_SESSION_STATEDUMP, session->id))
			DBG("App %d did not take the state dump request of "
			    "session %s",
			    (int)a->pid, session->name);
	}
}

bool ust_session_data_pending(struct session *session)
{
	for (struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next)
		for (struct ust_buffer_channel *bc = set->channels; bc;
		     bc = bc->next) {
			bool pending = false;

			if (!consumer_data_pending(bc->key, &pending) &&
			    pending)
				return true;
		}
	return false;
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

/* 0, or -EIO when the consumer could not write all of the set's data. */
static int destroy_set(struct ust_buffer_set *set)
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

int ust_session_destroy(struct session *session)
{
	int err = 0;

	stop_apps(session);
	for (struct ust_app *a = ust_app_first(); a; a = a->next) {
		if (!ust_app_session_get(a, session->id, false))
			continue;
		send_id(a, UST_CMD_SESSION_DESTROY, session->id);
		ust_app_session_forget(a, session->id);
	}
	while (session->ust_buffers) {
		struct ust_buffer_set *set = session->ust_buffers;

		session->ust_buffers = set->next;
		if (destroy_set(set))
			err = -EIO;
	}
	return err;
}

/*
 * A process with per-process buffers is gone: its trace is complete, so
 * (as LTTng does) its buffers are written out and released now rather
 * than when the session is destroyed.
 */
void ust_session_forget_app(const struct ust_app *app)
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
			destroy_set(set);
		}
	}
}

bool ust_session_drop_consumer_buffers(struct session *session,
				       pid_t consumer_pid)
{
	struct ust_buffer_set **link = &session->ust_buffers;
	bool dropped = false;

	while (*link) {
		struct ust_buffer_set *set = *link;

		if (set->consumer_pid != consumer_pid) {
			link = &set->next;
			continue;
		}
		if (!dropped)
			stop_apps(session);
		dropped = true;
		*link = set->next;
		if (set->dir[0]) {
			trace_salvage_streams(set->dir, set->owner_uid,
					      set->owner_gid);
			ust_registry_write_metadata_file(
				set->registry, set->dir, set->owner_uid,
				set->owner_gid);
		}
		destroy_set(set);
	}
	return dropped;
}

void ust_session_channel_stats(const struct session *session,
			       const struct channel *chan,
			       uint64_t *discarded_events,
			       uint64_t *lost_packets)
{
	*discarded_events = 0;
	*lost_packets = 0;
	for (const struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next)
		for (const struct ust_buffer_channel *bc = set->channels; bc;
		     bc = bc->next) {
			uint64_t discarded, lost;

			if (bc->chan != chan ||
			    consumer_channel_stats(bc->key, &discarded, &lost))
				continue;
			*discarded_events += discarded;
			*lost_packets += lost;
		}
}

/* <dir>/<set's relative dir>; 0 or -ENAMETOOLONG. */
static int set_snapshot_dir(const struct ust_buffer_set *set, const char *dir,
			    struct consumer_snapshot_desc *d)
{
	int n = snprintf(d->output_dir, sizeof(d->output_dir), "%s/%s", dir,
			 set->rel_dir);

	return n < 0 || (size_t)n >= sizeof(d->output_dir) ? -ENAMETOOLONG : 0;
}

int ust_session_snapshot_dirs(const struct session *session, const char *dir)
{
	char index_dir[PATH_MAX * 2 + 16];

	/* LTTng's snapshot has its ust/ even before any app registered */
	if (session->ust.channel_count) {
		snprintf(index_dir, sizeof(index_dir), "%s/ust", dir);
		if (output_dir_create(index_dir, session->uid, session->gid))
			ERR("Cannot create the snapshot directory %s",
			    index_dir);
	}

	for (const struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next) {
		int ret;

		snprintf(index_dir, sizeof(index_dir), "%s/%s/index", dir,
			 set->rel_dir);
		ret = output_dir_create(index_dir, session->uid, session->gid);
		if (ret) {
			ERR("Cannot create the snapshot directory %s: %s",
			    index_dir, strerror(-ret));
			return ret;
		}
	}
	return 0;
}

static int snapshot_set(const struct session *session,
			const struct ust_buffer_set *set, const char *dir,
			uint64_t max_packets)
{
	struct consumer_snapshot_desc d = {
		.max_packets = max_packets,
		.flush = session->active,
		.output_uid = session->uid,
		.output_gid = session->gid,
	};
	int ret = set_snapshot_dir(set, dir, &d);

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
		    d.output_dir, strerror(-ret));
	return ret;
}

int ust_session_snapshot(const struct session *session, const char *dir,
			 uint64_t max_packets)
{
	for (const struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next) {
		int ret = snapshot_set(session, set, dir, max_packets);

		if (ret)
			return ret;
	}
	return 0;
}

uint64_t ust_session_snapshot_round_size(const struct session *session,
					 uint64_t packets)
{
	uint64_t size = 0;

	for (const struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next)
		for (const struct ust_buffer_channel *bc = set->channels; bc;
		     bc = bc->next)
			if (packets < bc->chan->attr.num_subbuf)
				size += bc->chan->attr.subbuf_size *
					bc->nr_streams;
	return size;
}
/* Moves one buffer set to the chunk at chunk_path (NULL: none). */
static int rotate_set(struct ust_buffer_set *set, const char *chunk_path,
		      uint32_t flags)
{
	int ret = 0;

	if (chunk_path &&
	    snprintf(set->dir, sizeof(set->dir), "%s/%s", chunk_path,
		     set->rel_dir) >= (int)sizeof(set->dir))
		return -ENAMETOOLONG;
	for (struct ust_buffer_channel *bc = set->channels; bc; bc = bc->next) {
		int r = consumer_channel_rotate(bc->key, flags,
						chunk_path ? set->dir : "");

		if (r) {
			ERR("Cannot rotate the buffers of channel %s: %s",
			    bc->chan->name, strerror(-r));
			ret = r;
		}
	}
	if (set->registry) {
		int r = consumer_metadata_rotate(set->metadata_key,
						 chunk_path ? set->dir : "");

		if (r) {
			ERR("Cannot rotate the metadata of %s: %s", set->dir,
			    strerror(-r));
			ret = r;
		}
	}
	return ret;
}

int ust_session_rotate(struct session *session, const char *chunk_path,
		       uint32_t flags)
{
	int ret = 0;

	for (struct ust_buffer_set *set = session->ust_buffers; set;
	     set = set->next) {
		int r = rotate_set(set, chunk_path, flags);

		if (r)
			ret = r;
	}
	if (chunk_path)
		create_domain_dir(session);
	return ret;
}
