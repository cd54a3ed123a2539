/*
 * Fuzzing harness of the kernel domain's payloads of the consumer
 * protocol as lttng-consumerd --kernel reads them
 * (consumer-comm/kernel-codec.c): the input is what arrives on the
 * consumer's socket, a stream of requests, each received with
 * consumer_recv_request() and, for a CONSUMER_CMD_KERNEL_* command,
 * decoded as kconsumer-commands.c does; the reply to
 * CONSUMER_CMD_KERNEL_CHANNEL_STATS, which the session daemon decodes,
 * is tried on that command's payload too. Properties: what decodes
 * re-encodes to the payload it came from and holds what the decoder
 * promises (absolute paths, names not empty, a snapshot's chunk named,
 * counts within the protocol's limits); what does not decode leaves nothing
 * allocated (LeakSanitizer) and fails with one of the codec's errors.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "consumer-comm/codec.h"
#include "consumer-comm/kernel-codec.h"
#include "fuzz.h"

/* The payload re-encoded must be the bytes it was decoded from. */
static void check_reencoded(const struct consumer_message *msg,
			    struct wire_buf *buf)
{
	FUZZ_CHECK(!buf->error && buf->len == msg->payload_len);
	FUZZ_CHECK(!buf->len || !memcmp(buf->data, msg->payload, buf->len));
}

static void check_filter(const struct consumer_kernel_filter *f)
{
	FUZZ_CHECK(f->system[0] && f->event[0] && f->expressions);
	FUZZ_CHECK(strlen(f->expressions) < CONSUMER_KERNEL_MAX_EXPRESSIONS);
}

static void check_channel(const struct consumer_kernel_channel_desc *d)
{
	FUZZ_CHECK(consumer_is_file_name(d->name));
	FUZZ_CHECK(d->instance_path[0] == '/' && d->subbuf_size);
	FUZZ_CHECK(d->nr_contexts <= CONSUMER_KERNEL_MAX_CONTEXTS);
	for (uint32_t i = 0; i < d->nr_contexts; i++)
		FUZZ_CHECK(d->contexts[i][0]);
	FUZZ_CHECK(d->nr_filters <= CONSUMER_KERNEL_MAX_FILTERS);
	for (uint32_t i = 0; i < d->nr_filters; i++)
		check_filter(&d->filters[i]);
}

static void check_statedump(const struct consumer_kernel_statedump_desc *d)
{
	FUZZ_CHECK(d->tid > 0);
	FUZZ_CHECK(d->nr_events <= CONSUMER_KERNEL_MAX_STATEDUMP_EVENTS);
	for (uint32_t i = 0; i < d->nr_events; i++) {
		const struct consumer_kernel_statedump_event *e =
			&d->events[i];

		FUZZ_CHECK(e->channel[0] && e->event[0] && e->expressions);
	}
}

/* Decodes one kernel request; 0 when it decoded (and re-encoded). */
static int decode(const struct consumer_message *msg, struct wire_buf *buf)
{
	const void *p = msg->payload;
	size_t len = msg->payload_len;
	union {
		struct consumer_kernel_trace_desc trace;
		struct consumer_kernel_channel_desc channel;
		struct consumer_kernel_filter_desc filter;
		struct consumer_kernel_tracker_desc tracker;
		struct consumer_kernel_statedump_desc statedump;
		char name[CONSUMER_NAME_MAX];
	} v;
	uint64_t u[2];
	int64_t i[2];
	int ret;

	switch ((enum consumer_command)msg->command) {
	case CONSUMER_CMD_KERNEL_TRACE_CREATE:
		ret = consumer_get_kernel_trace_desc(p, len, &v.trace);
		if (ret)
			return ret;
		FUZZ_CHECK(v.trace.tracefs_root[0] == '/' &&
			   v.trace.trace_name[0] && v.trace.clock_freq);
		consumer_put_kernel_trace_desc(buf, &v.trace);
		return 0;
	case CONSUMER_CMD_KERNEL_CHANNEL_ADD:
		ret = consumer_get_kernel_channel_desc(p, len, &v.channel);
		if (ret) {
			FUZZ_CHECK(!v.channel.filters && !v.channel.nr_filters);
			return ret;
		}
		check_channel(&v.channel);
		consumer_put_kernel_channel_desc(buf, &v.channel);
		consumer_kernel_channel_desc_fini(&v.channel);
		return 0;
	case CONSUMER_CMD_KERNEL_FILTER_SET:
		ret = consumer_get_kernel_filter_desc(p, len, &v.filter);
		if (ret) {
			FUZZ_CHECK(!v.filter.filter.expressions);
			return ret;
		}
		FUZZ_CHECK(v.filter.channel[0]);
		check_filter(&v.filter.filter);
		consumer_put_kernel_filter_desc(buf, &v.filter);
		consumer_kernel_filter_desc_fini(&v.filter);
		return 0;
	case CONSUMER_CMD_KERNEL_TRACKER_SET:
		ret = consumer_get_kernel_tracker_desc(p, len, &v.tracker);
		if (ret) {
			FUZZ_CHECK(!v.tracker.ids && !v.tracker.nr_ids);
			return ret;
		}
		FUZZ_CHECK(v.tracker.restricted <= 1);
		FUZZ_CHECK(v.tracker.nr_ids <= CONSUMER_KERNEL_MAX_TRACKED_IDS);
		FUZZ_CHECK(!v.tracker.nr_ids == !v.tracker.ids);
		consumer_put_kernel_tracker_desc(buf, &v.tracker);
		consumer_kernel_tracker_desc_fini(&v.tracker);
		return 0;
	case CONSUMER_CMD_KERNEL_STATEDUMP:
		ret = consumer_get_kernel_statedump_desc(p, len, &v.statedump);
		if (ret) {
			FUZZ_CHECK(!v.statedump.events &&
				   !v.statedump.nr_events);
			return ret;
		}
		check_statedump(&v.statedump);
		consumer_put_kernel_statedump_desc(buf, &v.statedump);
		consumer_kernel_statedump_desc_fini(&v.statedump);
		return 0;
	case CONSUMER_CMD_KERNEL_CHANNEL_STATS:
		if (!consumer_get_kernel_channel_stats(p, len, &u[0], &u[1])) {
			struct wire_buf reply;

			wire_buf_init(&reply);
			consumer_put_kernel_channel_stats(&reply, u[0], u[1]);
			check_reencoded(msg, &reply);
			wire_buf_fini(&reply);
		}
		ret = consumer_get_kernel_channel_name(p, len, v.name);
		if (ret)
			return ret;
		FUZZ_CHECK(v.name[0]);
		consumer_put_kernel_channel_name(buf, v.name);
		return 0;
	case CONSUMER_CMD_KERNEL_SNAPSHOT:
		ret = consumer_get_kernel_snapshot(p, len, &u[0], &u[1]);
		if (ret)
			return ret;
		FUZZ_CHECK(u[0] != CONSUMER_CHUNK_NONE);
		consumer_put_kernel_snapshot(buf, u[0], u[1]);
		return 0;
	case CONSUMER_CMD_KERNEL_ROTATE:
		ret = consumer_get_kernel_rotate(p, len, &u[0]);
		if (ret)
			return ret;
		consumer_put_kernel_rotate(buf, u[0]);
		return 0;
	case CONSUMER_CMD_KERNEL_METADATA_REGENERATE:
		ret = consumer_get_kernel_clock_offset(p, len, &i[0], &i[1]);
		if (ret)
			return ret;
		consumer_put_kernel_clock_offset(buf, i[0], i[1]);
		return 0;
	case CONSUMER_CMD_KERNEL_TRACE_START:
	case CONSUMER_CMD_KERNEL_FLUSH:
	case CONSUMER_CMD_KERNEL_CLEAR:
	case CONSUMER_CMD_KERNEL_STOP:
		return consumer_get_kernel_empty(p, len);
	default: /* the others: fuzz-consumer-request */
		return -ENOSYS;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = fuzz_socket_with(data, size);
	struct consumer_message msg;

	if (fd < 0)
		return 0;
	while (!consumer_recv_request(fd, &msg)) {
		struct wire_buf buf;
		int ret;

		FUZZ_CHECK(msg.payload_len <= CONSUMER_MAX_PAYLOAD);
		wire_buf_init(&buf);
		ret = decode(&msg, &buf);
		if (!ret)
			check_reencoded(&msg, &buf);
		else
			FUZZ_CHECK(ret == -EBADMSG || ret == -EMSGSIZE ||
				   ret == -ENOMEM || ret == -ENOSYS);
		wire_buf_fini(&buf);
		consumer_message_fini(&msg);
	}
	close(fd);
	return 0;
}
