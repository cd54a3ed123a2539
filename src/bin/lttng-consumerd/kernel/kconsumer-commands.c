/*
 * Implementation of kconsumer-commands.h: a handler per kernel command,
 * each decoding its payload and calling the operation on the trace;
 * serve() answers with the handler's code (and reply payload), logging
 * the reason of a failure. The other domain's commands are answered
 * -ENOSYS; a frame that cannot be followed ends the service.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "consumer-comm/chunk-codec.h"
#include "consumer-comm/codec.h"
#include "consumer-comm/kernel-codec.h"
#include "kconsumer-commands.h"
#include "kconsumer-trace.h"
#include "util/log.h"

/* What a handler gets: the request, a reply payload, the error. */
struct kcommand_call {
	struct kconsumer *kc;
	const struct consumer_message *msg;
	struct wire_buf *reply;
	struct ctf_error *err;
};

struct kcommand {
	const char *name; /* in the log */
	int (*run)(struct kcommand_call *call);
};

static int trace_create(struct kcommand_call *c)
{
	struct consumer_kernel_trace_desc desc;
	int ret = consumer_get_kernel_trace_desc(c->msg->payload,
						 c->msg->payload_len, &desc);

	return ret ? ret : kconsumer_trace_create(c->kc, &desc, c->err);
}

static int channel_add(struct kcommand_call *c)
{
	struct consumer_kernel_channel_desc desc;
	int ret = consumer_get_kernel_channel_desc(c->msg->payload,
						   c->msg->payload_len, &desc);

	if (ret)
		return ret;
	ret = kconsumer_channel_add(c->kc, &desc, c->err);
	consumer_kernel_channel_desc_fini(&desc);
	return ret;
}

static int trace_start(struct kcommand_call *c)
{
	int ret =
		consumer_get_kernel_empty(c->msg->payload, c->msg->payload_len);

	return ret ? ret : kconsumer_trace_start(c->kc, c->err);
}

static int filter_set(struct kcommand_call *c)
{
	struct consumer_kernel_filter_desc desc;
	int ret = consumer_get_kernel_filter_desc(c->msg->payload,
						  c->msg->payload_len, &desc);

	if (ret)
		return ret;
	ret = kconsumer_filter_set(c->kc, desc.channel, &desc.filter, c->err);
	consumer_kernel_filter_desc_fini(&desc);
	return ret;
}

static int tracker_set(struct kcommand_call *c)
{
	struct consumer_kernel_tracker_desc desc;
	int ret = consumer_get_kernel_tracker_desc(c->msg->payload,
						   c->msg->payload_len, &desc);

	if (ret)
		return ret;
	ret = kconsumer_tracker_set(c->kc, &desc, c->err);
	consumer_kernel_tracker_desc_fini(&desc);
	return ret;
}

static int statedump(struct kcommand_call *c)
{
	struct consumer_kernel_statedump_desc desc;
	int ret = consumer_get_kernel_statedump_desc(
		c->msg->payload, c->msg->payload_len, &desc);

	if (ret)
		return ret;
	ret = kconsumer_statedump(c->kc, &desc, c->err);
	consumer_kernel_statedump_desc_fini(&desc);
	return ret;
}

static int flush(struct kcommand_call *c)
{
	int ret =
		consumer_get_kernel_empty(c->msg->payload, c->msg->payload_len);

	return ret ? ret : kconsumer_flush_all(c->kc, c->err);
}

static int channel_stats(struct kcommand_call *c)
{
	char name[CONSUMER_NAME_MAX];
	uint64_t discarded, lost_packets;
	int ret = consumer_get_kernel_channel_name(c->msg->payload,
						   c->msg->payload_len, name);

	if (!ret)
		ret = kconsumer_channel_stats(c->kc, name, &discarded,
					      &lost_packets, c->err);
	if (!ret)
		consumer_put_kernel_channel_stats(c->reply, discarded,
						  lost_packets);
	return ret;
}

static int chunk_create(struct kcommand_call *c)
{
	struct consumer_chunk_desc desc;
	int ret = consumer_get_chunk_desc(c->msg->payload, c->msg->payload_len,
					  &desc);

	return ret ? ret : kconsumer_chunk_create(c->kc, &desc, c->err);
}

static int chunk_close(struct kcommand_call *c)
{
	struct consumer_chunk_close desc;
	int ret = consumer_get_chunk_close(c->msg->payload, c->msg->payload_len,
					   &desc);

	return ret ? ret : kconsumer_chunk_close(c->kc, &desc, c->err);
}

static int chunk_exists(struct kcommand_call *c)
{
	struct consumer_chunk_ref ref;
	int ret = consumer_get_chunk_ref(c->msg->payload, c->msg->payload_len,
					 &ref);

	if (!ret)
		consumer_put_chunk_exists_reply(
			c->reply, kconsumer_chunk_exists(c->kc, &ref));
	return ret;
}

static int snapshot(struct kcommand_call *c)
{
	uint64_t chunk_id, max_packets;
	int ret = consumer_get_kernel_snapshot(
		c->msg->payload, c->msg->payload_len, &chunk_id, &max_packets);

	return ret ? ret
		   : kconsumer_snapshot(c->kc, chunk_id, max_packets, c->err);
}

static int rotate(struct kcommand_call *c)
{
	uint64_t chunk_id;
	int ret = consumer_get_kernel_rotate(c->msg->payload,
					     c->msg->payload_len, &chunk_id);

	return ret ? ret : kconsumer_rotate(c->kc, chunk_id, c->err);
}

static int clear(struct kcommand_call *c)
{
	int ret =
		consumer_get_kernel_empty(c->msg->payload, c->msg->payload_len);

	return ret ? ret : kconsumer_clear(c->kc, c->err);
}

static int regenerate_metadata(struct kcommand_call *c)
{
	int64_t offset_s, offset;
	int ret = consumer_get_kernel_clock_offset(
		c->msg->payload, c->msg->payload_len, &offset_s, &offset);

	return ret ? ret
		   : kconsumer_regenerate_metadata(c->kc, offset_s, offset,
						   c->err);
}

static int stop_trace(struct kcommand_call *c)
{
	int ret =
		consumer_get_kernel_empty(c->msg->payload, c->msg->payload_len);

	return ret ? ret : kconsumer_trace_close(c->kc, c->err);
}

/* The kernel consumer serves the chunk commands and the kernel's. */
#define KCOMMAND(cmd) [(cmd)-CONSUMER_CMD_CHUNK_FIRST]

static const struct kcommand kcommands[] = {
	KCOMMAND(CONSUMER_CMD_CHUNK_CREATE) = {"create trace chunk",
					       chunk_create},
	KCOMMAND(CONSUMER_CMD_CHUNK_CLOSE) = {"close trace chunk", chunk_close},
	KCOMMAND(CONSUMER_CMD_CHUNK_EXISTS) = {"trace chunk exists",
					       chunk_exists},
	KCOMMAND(CONSUMER_CMD_KERNEL_TRACE_CREATE) = {"create", trace_create},
	KCOMMAND(CONSUMER_CMD_KERNEL_CHANNEL_ADD) = {"add channel",
						     channel_add},
	KCOMMAND(CONSUMER_CMD_KERNEL_TRACE_START) = {"start", trace_start},
	KCOMMAND(CONSUMER_CMD_KERNEL_FILTER_SET) = {"set filter", filter_set},
	KCOMMAND(CONSUMER_CMD_KERNEL_TRACKER_SET) = {"set tracker",
						     tracker_set},
	KCOMMAND(CONSUMER_CMD_KERNEL_STATEDUMP) = {"state dump", statedump},
	KCOMMAND(CONSUMER_CMD_KERNEL_FLUSH) = {"flush", flush},
	KCOMMAND(CONSUMER_CMD_KERNEL_CHANNEL_STATS) = {"statistics",
						       channel_stats},
	KCOMMAND(CONSUMER_CMD_KERNEL_SNAPSHOT) = {"snapshot", snapshot},
	KCOMMAND(CONSUMER_CMD_KERNEL_ROTATE) = {"rotate", rotate},
	KCOMMAND(CONSUMER_CMD_KERNEL_CLEAR) = {"clear", clear},
	KCOMMAND(CONSUMER_CMD_KERNEL_METADATA_REGENERATE) =
		{"regenerate metadata", regenerate_metadata},
	KCOMMAND(CONSUMER_CMD_KERNEL_STOP) = {"stop", stop_trace},
};

_Static_assert(sizeof(kcommands) / sizeof(*kcommands) ==
		       CONSUMER_CMD_NR - CONSUMER_CMD_CHUNK_FIRST,
	       "a handler for every chunk and kernel command");
_Static_assert(CONSUMER_CMD_CHUNK_EXISTS + 1 == CONSUMER_CMD_KERNEL_FIRST,
	       "the chunk commands just before the kernel's");

/* The handler of command, or NULL (the other domain's). */
static const struct kcommand *find_kcommand(uint32_t command)
{
	if (command < CONSUMER_CMD_CHUNK_FIRST || command >= CONSUMER_CMD_NR)
		return NULL;
	return &kcommands[command - CONSUMER_CMD_CHUNK_FIRST];
}

int kconsumer_serve_request(struct kconsumer *kc, int fd, bool *stop,
			    int *status)
{
	struct consumer_message msg;
	struct ctf_error err = {{0}};
	const struct kcommand *cmd;
	struct wire_buf reply;
	int ret = consumer_recv_request(fd, &msg);

	/*
	 * An unknown command or an oversized payload: the stream cannot be
	 * followed any more. Answered, then served no further.
	 */
	if (ret == -EBADMSG || ret == -EMSGSIZE) {
		ERR("kernel consumer: malformed request: %s", strerror(-ret));
		consumer_send_reply(fd, ret, NULL);
		return ret;
	}
	if (ret)
		return ret;
	wire_buf_init(&reply);
	cmd = find_kcommand(msg.command);
	if (!cmd) {
		ret = -ENOSYS;
		ERR("kernel consumer: request %u is not the kernel domain's",
		    msg.command);
	} else {
		struct kcommand_call call = {kc, &msg, &reply, &err};

		ret = cmd->run(&call);
		if (ret)
			ERR("kernel consumer: %s: %s", cmd->name,
			    err.message[0] ? err.message : "malformed request");
		*stop = cmd->run == stop_trace;
		*status = ret ? EXIT_FAILURE : EXIT_SUCCESS;
	}
	consumer_message_fini(&msg);
	ret = consumer_send_reply(fd, ret < -4095 ? -EIO : ret,
				  ret ? NULL : &reply);
	wire_buf_fini(&reply);
	return ret;
}
