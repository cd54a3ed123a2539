/*
 * Implementation of ust-registry.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "consumer.h"
#include "ctf/clock-block.h"
#include "ctf/metadata.h"
#include "ctf/metadata-stream.h"
#include "ust-metadata-type.h"
#include "daemon-clock.h"
#include "ust-registry.h"
#include "util/log.h"
#include "util/user-path.h"

/* LTTng-UST channels use the large event header. */
#define UST_EVENT_HEADER CTF_EVENT_HEADER_LARGE
/* The app tracer's patch level, in per-process traces (LTTng-UST 2.13.5). */
#define UST_TRACER_PATCHLEVEL 5

struct registry_event {
	struct ust_event_class *cls;
	uint32_t id;
	struct registry_event *next;
};

struct registry_channel {
	uint64_t key;
	uint32_t stream_id;
	uint32_t next_event_id;
	struct registry_event *events;
	struct registry_channel *next;
};

struct ust_registry {
	uint64_t metadata_key;
	/* Whose buffers (ust_registry_desc): who may register events. */
	int per_pid;
	pid_t vpid;
	uid_t app_uid;
	uint64_t session_id;
	struct ctf_metadata *md;
	struct trace_clock_desc clock; /* the clock md declares */
	size_t pushed; /* metadata bytes the consumer has */
	uint32_t next_stream_id;
	struct registry_channel *channels;
	struct ust_registry *next;
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ust_registry *registries;

static struct ctf_metadata *make_metadata(const struct ust_registry_desc *d,
					  const struct trace_clock_desc *clock,
					  struct ctf_error *err)
{
	char hostname[256] = "";
	struct ctf_env_entry env[16];
	size_t n = 0;
	struct ctf_trace_desc desc = {0};

	/* The order of LTTng 2.13's user space traces. */
	gethostname(hostname, sizeof(hostname) - 1);
	env[n++] = (struct ctf_env_entry){"domain", "ust", 0};
	env[n++] = (struct ctf_env_entry){"tracer_name", "lttng-ust", 0};
	env[n++] = (struct ctf_env_entry){"tracer_major", NULL, 2};
	env[n++] = (struct ctf_env_entry){"tracer_minor", NULL, 13};
	env[n++] = (struct ctf_env_entry){"tracer_buffering_scheme",
					  d->per_pid ? "pid" : "uid", 0};
	env[n++] = (struct ctf_env_entry){"tracer_buffering_id", NULL,
					  d->buffering_id};
	env[n++] = (struct ctf_env_entry){"architecture_bit_width", NULL,
					  d->bitness};
	env[n++] = (struct ctf_env_entry){"trace_name", d->trace_name, 0};
	env[n++] = (struct ctf_env_entry){"trace_creation_datetime",
					  d->creation_datetime, 0};
	env[n++] = (struct ctf_env_entry){"hostname", hostname, 0};
	if (d->per_pid) {
		env[n++] = (struct ctf_env_entry){"tracer_patchlevel", NULL,
						  UST_TRACER_PATCHLEVEL};
		env[n++] = (struct ctf_env_entry){"vpid", NULL, d->vpid};
		env[n++] = (struct ctf_env_entry){"procname", d->procname, 0};
		env[n++] = (struct ctf_env_entry){"vpid_datetime",
						  d->vpid_datetime, 0};
	}
	memcpy(desc.uuid, d->uuid, CTF_UUID_LEN);
	desc.byte_order = CTF_BYTE_ORDER_NATIVE;
	desc.env = env;
	desc.nr_env = n;
	ctf_clock_block_from_trace_clock(clock, &desc.clock);
	return ctf_metadata_create(&desc, err);
}

/* Sends what the consumer does not have yet. Registry lock held. */
static int push_metadata(struct ust_registry *reg)
{
	size_t len;
	const char *text = ctf_metadata_text_since(reg->md, reg->pushed, &len);
	int ret;

	if (!len)
		return 0;
	ret = consumer_metadata_push(reg->metadata_key, text, len);
	if (ret) {
		ERR("Cannot write the metadata of a trace: %s", strerror(-ret));
		return ret;
	}
	reg->pushed += len;
	return 0;
}

int ust_registry_create(const struct ust_registry_desc *d,
			struct ust_registry **out)
{
	struct consumer_metadata_desc md_desc = {
		.metadata_key = d->metadata_key,
		.session_id = d->session_id,
		.chunk_id = d->chunk_id,
		.output_uid = d->uid,
		.output_gid = d->gid,
	};
	struct ust_registry *reg = calloc(1, sizeof(*reg));
	struct ctf_error err;
	int ret;

	if (!reg)
		return -ENOMEM;
	reg->metadata_key = d->metadata_key;
	reg->per_pid = d->per_pid;
	reg->vpid = d->vpid;
	reg->app_uid = d->app_uid;
	reg->session_id = d->session_id;
	reg->clock = *daemon_clock();
	reg->md = make_metadata(d, &reg->clock, &err);
	if (!reg->md) {
		ERR("Cannot create the metadata of %s: %s", d->chunk_dir,
		    err.message);
		free(reg);
		return -EINVAL;
	}
	snprintf(md_desc.chunk_dir, sizeof(md_desc.chunk_dir), "%s",
		 d->chunk_dir);
	snprintf(md_desc.shm_dir, sizeof(md_desc.shm_dir), "%s",
		 d->shm_dir ? d->shm_dir : "");
	memcpy(md_desc.uuid, d->uuid, CTF_UUID_LEN);
	ret = consumer_metadata_create(&md_desc);
	pthread_mutex_lock(&registry_lock);
	if (!ret)
		ret = push_metadata(reg);
	if (ret) {
		pthread_mutex_unlock(&registry_lock);
		ctf_metadata_destroy(reg->md);
		free(reg);
		return ret;
	}
	reg->next = registries;
	registries = reg;
	pthread_mutex_unlock(&registry_lock);
	*out = reg;
	return 0;
}

int ust_registry_add_channel(struct ust_registry *reg, uint64_t channel_key,
			     struct ctf_type *event_context,
			     uint32_t *stream_id)
{
	struct registry_channel *chan = calloc(1, sizeof(*chan));
	struct ctf_error err;
	int ret;

	if (!chan) {
		ctf_type_destroy(event_context);
		return -ENOMEM;
	}
	pthread_mutex_lock(&registry_lock);
	chan->key = channel_key;
	chan->stream_id = reg->next_stream_id;
	ret = ctf_metadata_add_stream_class(reg->md, chan->stream_id,
					    UST_EVENT_HEADER, event_context,
					    &err);
	if (ret) {
		ERR("Cannot add a stream class: %s", err.message);
		free(chan);
	} else {
		reg->next_stream_id++;
		chan->next = reg->channels;
		reg->channels = chan;
		*stream_id = chan->stream_id;
		ret = push_metadata(reg);
	}
	pthread_mutex_unlock(&registry_lock);
	return ret;
}

static struct registry_channel *find_channel(uint64_t key,
					     struct ust_registry **reg)
{
	for (struct ust_registry *r = registries; r; r = r->next)
		for (struct registry_channel *c = r->channels; c; c = c->next)
			if (c->key == key) {
				*reg = r;
				return c;
			}
	return NULL;
}

/*
 * The event class of chan equal to cls (name, signature, fields, log
 * level, EMF URI). Two providers of one event with other fields get two
 * classes of that name, with their own ids, as with LTTng.
 */
static struct registry_event *find_event(struct registry_channel *chan,
					 const struct ust_event_class *cls)
{
	for (struct registry_event *e = chan->events; e; e = e->next)
		if (ust_event_class_equal(e->cls, cls))
			return e;
	return NULL;
}

/* Adds a new event class; registry lock held; takes cls. */
static int add_event(struct ust_registry *reg, struct registry_channel *chan,
		     struct ust_event_class *cls, uint32_t *id)
{
	struct ctf_event_desc desc = {
		.id = chan->next_event_id,
		.stream_id = chan->stream_id,
		.name = cls->name,
		.has_loglevel = true,
		.loglevel = cls->loglevel,
		.model_emf_uri = cls->model_emf_uri,
	};
	struct registry_event *ev = calloc(1, sizeof(*ev));
	struct ctf_type *payload = ust_metadata_payload(cls);
	struct ctf_error err;
	int ret;

	if (!ev || !payload) {
		free(ev);
		ctf_type_destroy(payload);
		ust_event_class_free(cls);
		return -ENOMEM;
	}
	ret = ctf_metadata_add_event_class(reg->md, &desc, payload, &err);
	if (ret) {
		ERR("Cannot describe event %s: %s", cls->name, err.message);
		free(ev);
		ust_event_class_free(cls);
		return -EINVAL;
	}
	ev->cls = cls;
	ev->id = chan->next_event_id++;
	ev->next = chan->events;
	chan->events = ev;
	*id = ev->id;
	return push_metadata(reg);
}

/*
 * Whether the sender may touch reg: a message from an app only names
 * that app's own objects (DESIGN.md, "Acting for a user").
 */
static bool sender_owns(const struct ust_registry *reg,
			const struct ust_registry_sender *sender)
{
	return sender->uid == reg->app_uid &&
	       sender->session_id == reg->session_id &&
	       (!reg->per_pid || sender->pid == reg->vpid);
}

int ust_registry_register_event(uint64_t channel_key,
				const struct ust_registry_sender *sender,
				struct ust_event_class *cls, uint32_t *id)
{
	struct ust_registry *reg;
	struct registry_channel *chan;
	struct registry_event *known;
	int ret;

	pthread_mutex_lock(&registry_lock);
	chan = find_channel(channel_key, &reg);
	if (!chan) {
		ret = -ENOENT;
		ust_event_class_free(cls);
	} else if (!sender_owns(reg, sender)) {
		WARN("Application pid %d (uid %u) names channel %llu, which "
		     "is not its own: refused",
		     (int)sender->pid, (unsigned int)sender->uid,
		     (unsigned long long)channel_key);
		ret = -EPERM;
		ust_event_class_free(cls);
	} else if ((known = find_event(chan, cls))) {
		*id = known->id;
		ret = 0;
		ust_event_class_free(cls);
	} else {
		ret = add_event(reg, chan, cls, id);
	}
	pthread_mutex_unlock(&registry_lock);
	return ret;
}

enum trace_clock_source
ust_registry_clock_source(const struct ust_registry *reg)
{
	return reg->clock.source;
}

int ust_registry_regenerate_metadata(struct ust_registry *reg)
{
	struct trace_clock_desc next = reg->clock;
	const struct trace_clock_desc *clock = &next;
	struct ctf_error err;
	const char *text;
	size_t len;
	int ret;

	daemon_clock_resample_trace(&next);
	pthread_mutex_lock(&registry_lock);
	ret = ctf_metadata_set_clock_offset(reg->md, clock->offset_s,
					    clock->offset, &err);
	if (ret) {
		ERR("Cannot regenerate a trace's metadata: %s", err.message);
		goto end;
	}
	text = ctf_metadata_text(reg->md, &len);
	ret = consumer_metadata_regenerate(reg->metadata_key, text, len);
	if (ret) {
		ERR("Cannot write the regenerated metadata of a trace: %s",
		    strerror(-ret));
		/* The consumer keeps the old text: so does the registry. */
		(void)ctf_metadata_set_clock_offset(
			reg->md, reg->clock.offset_s, reg->clock.offset, &err);
		goto end;
	}
	reg->clock = next;
	reg->pushed = len;
end:
	pthread_mutex_unlock(&registry_lock);
	return ret;
}

static void free_channels(struct ust_registry *reg)
{
	while (reg->channels) {
		struct registry_channel *c = reg->channels;

		reg->channels = c->next;
		while (c->events) {
			struct registry_event *e = c->events;

			c->events = e->next;
			ust_event_class_free(e->cls);
			free(e);
		}
		free(c);
	}
}

int ust_registry_write_metadata_file(struct ust_registry *reg, const char *dir,
				     uid_t uid, gid_t gid)
{
	struct user_creds owner = {.uid = uid, .gid = gid};
	struct ctf_error err = {0};
	char path[PATH_MAX];
	const char *text;
	size_t len;
	int fd, ret;

	if (snprintf(path, sizeof(path), "%s/metadata", dir) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	fd = user_path_open(&owner, path,
			    O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0660);
	if (fd < 0) {
		ERR("Cannot write the metadata file %s: %s", path,
		    strerror(-fd));
		return fd;
	}
	pthread_mutex_lock(&registry_lock);
	text = ctf_metadata_text(reg->md, &len);
	ret = ctf_metadata_stream_write(fd, ctf_metadata_uuid(reg->md), text,
					len, &err);
	pthread_mutex_unlock(&registry_lock);
	if (!ret && fsync(fd))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	if (ret)
		ERR("Cannot write the metadata file %s: %s", path,
		    err.message[0] ? err.message : strerror(-ret));
	return ret;
}

void ust_registry_destroy(struct ust_registry *reg)
{
	struct ust_registry **link;

	if (!reg)
		return;
	pthread_mutex_lock(&registry_lock);
	for (link = &registries; *link && *link != reg; link = &(*link)->next)
		;
	if (*link)
		*link = reg->next;
	pthread_mutex_unlock(&registry_lock);
	consumer_metadata_destroy(reg->metadata_key);
	free_channels(reg);
	ctf_metadata_destroy(reg->md);
	free(reg);
}
