/*
 * Implementation of commands.h: one small handler per command, each
 * decoding its payload with ust-comm/codec.h before touching anything.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "probe-registry.h"
#include "ust-comm/codec.h"

typedef int (*command_handler)(struct ust_app_objects *objects,
			       struct ust_message *msg, struct wire_buf *reply);

static int id_of(const struct ust_message *msg, uint64_t *id)
{
	return ust_get_id(msg->payload, msg->payload_len, id);
}

static int on_session_create(struct ust_app_objects *objects,
			     struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t id;
	int ret = id_of(msg, &id);

	(void)reply;
	return ret ? ret : ust_app_session_create(objects, id);
}

static int on_session_destroy(struct ust_app_objects *objects,
			      struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t id;
	int ret = id_of(msg, &id);

	(void)reply;
	return ret ? ret : ust_app_session_destroy(objects, id);
}

static int on_session_start(struct ust_app_objects *objects,
			    struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t id;
	int ret = id_of(msg, &id);

	(void)reply;
	return ret ? ret : ust_app_session_set_active(objects, id, 1);
}

static int on_session_stop(struct ust_app_objects *objects,
			   struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t id;
	int ret = id_of(msg, &id);

	(void)reply;
	return ret ? ret : ust_app_session_set_active(objects, id, 0);
}

/* The state dump itself runs after the reply (listener.c). */
static int on_session_statedump(struct ust_app_objects *objects,
				struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t id;
	int ret = id_of(msg, &id);

	(void)reply;
	if (ret)
		return ret;
	return ust_app_session_exists(objects, id) ? 0 : -ENOENT;
}

static int on_channel_create(struct ust_app_objects *objects,
			     struct ust_message *msg, struct wire_buf *reply)
{
	struct ust_channel_desc desc;
	int ret = ust_get_channel_desc(msg->payload, msg->payload_len, &desc);

	(void)reply;
	return ret ? ret : ust_app_channel_create(objects, &desc);
}

static int on_stream_add(struct ust_app_objects *objects,
			 struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t key;
	uint32_t index;
	int shm_fd, wakeup_fd;
	int ret = ust_get_stream_add(msg->payload, msg->payload_len, &key,
				     &index);

	(void)reply;
	if (ret)
		return ret; /* the message's fds are closed with it */
	shm_fd = ust_message_take_fd(msg, 0);
	wakeup_fd = ust_message_take_fd(msg, 1);
	return ust_app_stream_add(objects, key, index, shm_fd, wakeup_fd);
}

static int on_channel_enable(struct ust_app_objects *objects,
			     struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t key;
	int ret = id_of(msg, &key);

	(void)reply;
	return ret ? ret : ust_app_channel_set_enabled(objects, key, 1);
}

static int on_channel_disable(struct ust_app_objects *objects,
			      struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t key;
	int ret = id_of(msg, &key);

	(void)reply;
	return ret ? ret : ust_app_channel_set_enabled(objects, key, 0);
}

static int on_channel_destroy(struct ust_app_objects *objects,
			      struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t key;
	int ret = id_of(msg, &key);

	(void)reply;
	return ret ? ret : ust_app_channel_destroy(objects, key);
}

static int on_context_add(struct ust_app_objects *objects,
			  struct ust_message *msg, struct wire_buf *reply)
{
	struct ust_context_desc desc;
	uint64_t key;
	int ret = ust_get_context_add(msg->payload, msg->payload_len, &key,
				      &desc);

	(void)reply;
	return ret ? ret : ust_app_context_add(objects, key, &desc);
}

static int on_rule_create(struct ust_app_objects *objects,
			  struct ust_message *msg, struct wire_buf *reply)
{
	struct ust_rule_desc desc;
	int ret = ust_get_rule_desc(msg->payload, msg->payload_len, &desc);

	(void)reply;
	if (ret)
		return ret;
	ret = ust_app_rule_create(objects, &desc);
	ust_rule_desc_fini(&desc);
	return ret;
}

static int on_rule_enable(struct ust_app_objects *objects,
			  struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t id;
	int ret = id_of(msg, &id);

	(void)reply;
	return ret ? ret : ust_app_rule_set_enabled(objects, id, 1);
}

static int on_rule_disable(struct ust_app_objects *objects,
			   struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t id;
	int ret = id_of(msg, &id);

	(void)reply;
	return ret ? ret : ust_app_rule_set_enabled(objects, id, 0);
}

static int on_rule_destroy(struct ust_app_objects *objects,
			   struct ust_message *msg, struct wire_buf *reply)
{
	uint64_t id;
	int ret = id_of(msg, &id);

	(void)reply;
	return ret ? ret : ust_app_rule_destroy(objects, id);
}

/* ---- listings ---- */

/* A growable array of list entries, built under the tracer lock. */
struct list_builder {
	void *entries;
	size_t entry_size;
	uint32_t count;
	uint32_t cap;
	int error;
};

static void *builder_next(struct list_builder *b)
{
	void *grown;

	if (b->error)
		return NULL;
	if (b->count == b->cap) {
		uint32_t cap = b->cap ? b->cap * 2 : 32;

		grown = realloc(b->entries, (size_t)cap * b->entry_size);
		if (!grown) {
			b->error = -ENOMEM;
			return NULL;
		}
		b->entries = grown;
		b->cap = cap;
	}
	return memset((char *)b->entries + (size_t)b->count++ * b->entry_size,
		      0, b->entry_size);
}

/*
 * LTTng-UST lists the newest registration first: events of the provider
 * registered last, its last event first, and each event's fields from
 * the last one. The registry visits in registration order; reverse.
 */
static void builder_reverse(struct list_builder *b)
{
	char *entries = b->entries;
	char tmp[sizeof(struct ust_field_entry) >
				 sizeof(struct ust_tracepoint_entry)
			 ? sizeof(struct ust_field_entry)
			 : sizeof(struct ust_tracepoint_entry)];
	uint32_t i, j;

	if (b->count < 2)
		return;
	for (i = 0, j = b->count - 1; i < j; i++, j--) {
		memcpy(tmp, entries + (size_t)i * b->entry_size, b->entry_size);
		memcpy(entries + (size_t)i * b->entry_size,
		       entries + (size_t)j * b->entry_size, b->entry_size);
		memcpy(entries + (size_t)j * b->entry_size, tmp, b->entry_size);
	}
}

static void visit_tracepoint(const struct lttng_ust_event_desc *desc,
			     void *priv)
{
	struct ust_tracepoint_entry *e = builder_next(priv);

	if (!e)
		return;
	ust_event_full_name(desc, e->name);
	e->loglevel = desc->loglevel;
}

static int on_tracepoint_list(struct ust_app_objects *objects,
			      struct ust_message *msg, struct wire_buf *reply)
{
	struct list_builder b = {.entry_size =
					 sizeof(struct ust_tracepoint_entry)};

	(void)objects;
	if (msg->payload_len)
		return -EBADMSG;
	ust_registry_list_events(visit_tracepoint, &b);
	builder_reverse(&b);
	if (!b.error)
		ust_put_tracepoint_list(reply, b.entries, b.count);
	free(b.entries);
	return b.error;
}

/* How lttng list -u -f names a field's type. */
static uint32_t field_list_type(const struct lttng_ust_event_field *f)
{
	switch (f->kind) {
	case LTTNG_UST_TYPE_INTEGER:
		return UST_FIELD_LIST_INTEGER;
	case LTTNG_UST_TYPE_ENUM:
		return UST_FIELD_LIST_ENUM;
	case LTTNG_UST_TYPE_FLOAT:
		return UST_FIELD_LIST_FLOAT;
	case LTTNG_UST_TYPE_STRING:
		return UST_FIELD_LIST_STRING;
	case LTTNG_UST_TYPE_ARRAY:
	case LTTNG_UST_TYPE_SEQUENCE:
		return f->encoding == LTTNG_UST_STRING_ENCODING_NONE
			       ? UST_FIELD_LIST_OTHER
			       : UST_FIELD_LIST_STRING;
	}
	return UST_FIELD_LIST_OTHER;
}

static void add_field_entry(struct list_builder *b,
			    const struct lttng_ust_event_desc *desc,
			    const struct lttng_ust_event_field *f)
{
	struct ust_field_entry *e = builder_next(b);

	if (!e)
		return;
	ust_event_full_name(desc, e->event_name);
	e->loglevel = desc->loglevel;
	if (!f) { /* an event without fields is listed once, unnamed */
		e->type = UST_FIELD_LIST_OTHER;
		return;
	}
	strncpy(e->field_name, f->name, sizeof(e->field_name) - 1);
	e->type = field_list_type(f);
	e->nowrite = f->nowrite ? 1 : 0;
}

static void visit_fields(const struct lttng_ust_event_desc *desc, void *priv)
{
	unsigned int i;

	if (desc->nr_fields == 0)
		add_field_entry(priv, desc, NULL);
	for (i = 0; i < desc->nr_fields; i++)
		add_field_entry(priv, desc, &desc->fields[i]);
}

static int on_field_list(struct ust_app_objects *objects,
			 struct ust_message *msg, struct wire_buf *reply)
{
	struct list_builder b = {.entry_size = sizeof(struct ust_field_entry)};

	(void)objects;
	if (msg->payload_len)
		return -EBADMSG;
	ust_registry_list_events(visit_fields, &b);
	builder_reverse(&b);
	if (!b.error)
		ust_put_field_list(reply, b.entries, b.count);
	free(b.entries);
	return b.error;
}

static const command_handler handlers[UST_CMD_NR] = {
	[UST_CMD_SESSION_CREATE] = on_session_create,
	[UST_CMD_SESSION_DESTROY] = on_session_destroy,
	[UST_CMD_SESSION_START] = on_session_start,
	[UST_CMD_SESSION_STOP] = on_session_stop,
	[UST_CMD_CHANNEL_CREATE] = on_channel_create,
	[UST_CMD_STREAM_ADD] = on_stream_add,
	[UST_CMD_CHANNEL_ENABLE] = on_channel_enable,
	[UST_CMD_CHANNEL_DISABLE] = on_channel_disable,
	[UST_CMD_CHANNEL_DESTROY] = on_channel_destroy,
	[UST_CMD_CONTEXT_ADD] = on_context_add,
	[UST_CMD_RULE_CREATE] = on_rule_create,
	[UST_CMD_RULE_ENABLE] = on_rule_enable,
	[UST_CMD_RULE_DISABLE] = on_rule_disable,
	[UST_CMD_RULE_DESTROY] = on_rule_destroy,
	[UST_CMD_TRACEPOINT_LIST] = on_tracepoint_list,
	[UST_CMD_FIELD_LIST] = on_field_list,
	[UST_CMD_SESSION_STATEDUMP] = on_session_statedump,
};

int ust_command_apply(struct ust_app_objects *objects, struct ust_message *msg,
		      struct wire_buf *reply)
{
	if (msg->command >= UST_CMD_NR || !handlers[msg->command])
		return -ENOSYS;
	return handlers[msg->command](objects, msg, reply);
}
